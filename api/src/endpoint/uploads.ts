/**
 * Multipart uploads to `POST /api`: streamed to temporary files (never held in memory), with each upload action's
 * limits declared on its contract (`uploads`, core/src/actions/), refused before a byte of a file is stored when the caller may not call the action,
 * and processed a few at a time.
 *
 * The form must name `action` and `token` before its first file (the web client does: core/src/client.ts). When
 * the first file part arrives, the action's limits are looked up and the token and the action's access are
 * checked (`authenticate`, the dispatcher's own check); a stranger's file is never written anywhere. Each file is
 * counted while it streams to disk and cut off at its action's limit with the action's own message. The
 * temporary directory is removed when the request ends, whatever happened.
 */
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Context, Next } from 'koa';
import { actions, isActionName, messages, type UploadPolicy } from '@klinik/core';
import { TeamContext, TherapistContext, type AnyContext, type Services, type UploadedFile } from '../context.js';
import { FairSlots, type SlotGrant } from '../domain/images/fair-slots.js';
import { PayloadTooLargeError, ServiceUnavailableError, ValidationError } from '../errors.js';
import { uploadTexts } from '../domain/images/texts.js';
import { authenticate } from './authenticate.js';

/** The upload policies the contracts declare; every other action refuses a file part with 413. */
const UPLOAD_POLICIES: readonly UploadPolicy[] = Object.values(actions).flatMap((contract) => (contract.uploads ? [contract.uploads] : []));

/**
 * Uploads processed at once (decoding, storing); the others wait, up to `UPLOAD_QUEUE_MAX` of them (then 503), and
 * are let in fairly between clinics (domain/images/fair-slots.ts): a clinic's batch never holds both slots while
 * another clinic's upload waits for one.
 */
export const UPLOAD_CONCURRENCY = 2;
export const UPLOAD_QUEUE_MAX = 100;
/**
 * Uploads being processed now and the most at once since start, uploads waiting, and each slot as it is given (a test
 * reads them to see the bound and the fairness hold).
 */
export const uploadLoad = { processing: 0, peak: 0, waiting: 0, onGrant: null as ((grant: SlotGrant) => void) | null };
/** Form fields: how many and how long (the upload actions' inputs are a few ids). */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 16 * 1024;
const MAX_FILES = Math.max(...UPLOAD_POLICIES.map((limit) => limit.files));
const MAX_FILE_BYTES = Math.max(...UPLOAD_POLICIES.map((limit) => limit.fileBytes));
/** A whole multipart body larger than the largest upload any action takes is refused before it is read. */
export const MAX_MULTIPART_BYTES = Math.max(...UPLOAD_POLICIES.map((limit) => limit.files * limit.fileBytes)) + MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: UploadedFile[];
  /** Whose turn the processing waits for (the fair queue): the caller's clinic, or the support team member. */
  clinic: string;
}

/** The fair queue's key of an authenticated caller: a clinic's users share one, the support team's each their own. */
function queueKeyOf(context: AnyContext): string {
  if (context instanceof TherapistContext) return context.companyId;
  if (context instanceof TeamContext) return `team:${context.teamUserId}`;
  return context.constructor.name;
}

/** The caps a deployment may lower (ApiConfig's `uploadFileLimitBytes` and `uploadMaxFiles`). */
interface Caps {
  fileBytes: number;
  files: number;
}

/**
 * Reads a multipart body into fields and temporary files under `dir`. Rejects as soon as anything is wrong; the
 * rest of the body is then read and dropped (never stored), so the answer still reaches the caller.
 */
function receive(ctx: Context, services: Services, dir: string, caps: Caps, writers: WriteStream[]): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    const files: UploadedFile[] = [];
    let failed = false;
    let limit: UploadPolicy | null = null;
    let clinic = '';
    /** Who calls and what, as the form said before its first file (busboy may parse later fields before we look). */
    let named: { action?: string; token?: string } | null = null;
    let work: Promise<void> = Promise.resolve();

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        defParamCharset: 'utf8',
        limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: MAX_FILES + 1, fileSize: MAX_FILE_BYTES + 1, parts: MAX_FIELDS + MAX_FILES + 1 },
      });
    } catch {
      reject(new ValidationError(uploadTexts.malformed));
      return;
    }

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      // Answer at once (a refused caller learns it before sending the rest), and keep reading and dropping what is
      // still coming (nothing is stored) with the connection open: closing it while the caller still sends resets it,
      // and the caller sees a reset instead of the message (a slow or busy sender did). Node's request timeout ends a
      // body that never ends.
      ctx.req.resume();
      reject(error instanceof Error ? error : new Error(String(error)));
    };

    /** The first file: the action must be known by now, take files, and the caller must be allowed to call it. */
    const admit = async (): Promise<UploadPolicy> => {
      const action = named?.action;
      if (!action || !isActionName(action)) throw new ValidationError(uploadTexts.fieldsFirst);
      const declared = actions[action].uploads;
      if (!declared) throw new PayloadTooLargeError(messages.bodyTooLarge);
      clinic = queueKeyOf(await authenticate(actions[action], named?.token, services, { ip: ctx.ip, files: [], origin: '' }));
      return { ...declared, fileBytes: Math.min(declared.fileBytes, caps.fileBytes), files: Math.min(declared.files, caps.files) };
    };

    const store = async (stream: Readable, fieldName: string, info: busboy.FileInfo) => {
      if (failed) {
        stream.resume();
        return;
      }
      // eslint-disable-next-line require-atomic-updates -- files are stored one after another (`work` below): no other store() runs while this one awaits
      limit ??= await admit();
      // The request may have been refused while the caller was checked: then nothing more is written.
      if (failed) {
        stream.resume();
        return;
      }
      const allowed = limit;
      if (files.length >= allowed.files) throw new ValidationError(allowed.tooMany, { [allowed.field]: allowed.tooMany });
      const file = path.join(dir, String(files.length));
      const writer = createWriteStream(file, { flags: 'wx' });
      writers.push(writer);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > allowed.fileBytes) done(new ValidationError(allowed.tooLarge, { [allowed.field]: allowed.tooLarge }));
          else done(null, chunk);
        },
      });
      await pipeline(stream, counter, writer);
      files.push({ fieldName, originalName: info.filename ?? '', mimeType: info.mimeType, size, path: file });
    };

    parser.on('field', (name: string, value: string, info: busboy.FieldInfo) => {
      if (failed) return;
      if (info.valueTruncated || info.nameTruncated) return fail(new PayloadTooLargeError(messages.bodyTooLarge));
      // Who calls and what is decided before the first file; a second say after it would not be checked.
      if ((name === 'action' || name === 'token') && (named !== null || fields.has(name))) return fail(new ValidationError(uploadTexts.fieldsFirst));
      fields.set(name, value);
    });
    parser.on('file', (name: string, stream: Readable, info: busboy.FileInfo) => {
      named ??= { action: fields.get('action'), token: fields.get('token') };
      // Files are taken one after the other: the next waits (its stream paused) until the one before is stored.
      work = work.then(() => store(stream, name, info)).catch((error: unknown) => {
        stream.resume();
        fail(error);
      });
    });
    parser.on('fieldsLimit', () => fail(new PayloadTooLargeError(messages.bodyTooLarge)));
    parser.on('partsLimit', () => fail(new PayloadTooLargeError(messages.bodyTooLarge)));
    parser.on('filesLimit', () => fail(limit ? new ValidationError(limit.tooMany, { [limit.field]: limit.tooMany }) : new PayloadTooLargeError(messages.bodyTooLarge)));
    parser.on('error', () => fail(new ValidationError(uploadTexts.malformed)));
    parser.on('close', () => {
      void work.then(() => {
        if (!failed) resolve({ fields: Object.fromEntries(fields), files, clinic });
      });
    });
    ctx.req.on('aborted', () => fail(new ValidationError(uploadTexts.malformed)));
    ctx.req.pipe(parser);
  });
}

async function closeAll(writers: WriteStream[]): Promise<void> {
  await Promise.all(
    writers.map(async (writer) => {
      if (writer.closed) return;
      const closed = once(writer, 'close').catch(() => undefined);
      writer.destroy();
      await closed;
    }),
  );
}

/**
 * The multipart half of `POST /api`: receives the body into `ctx.request.body` (the fields) and
 * `ctx.state.files`, runs `next` (the dispatcher) in the upload queue when there are files, and removes the
 * temporary files afterwards.
 */
export function createUploadReceiver(services: Services) {
  const slots = new FairSlots(UPLOAD_CONCURRENCY, uploadLoad);
  const caps: Caps = { fileBytes: services.config.uploadFileLimitBytes, files: services.config.uploadMaxFiles };
  return async function receiveUpload(ctx: Context, next: Next): Promise<void> {
    const declared = Number(ctx.get('Content-Length') || 0);
    if (declared > MAX_MULTIPART_BYTES) {
      ctx.set('Connection', 'close');
      throw new PayloadTooLargeError(messages.bodyTooLarge);
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'klinik-upload-'));
    const writers: WriteStream[] = [];
    try {
      const { fields, files, clinic } = await receive(ctx, services, dir, caps, writers);
      (ctx.request as { body?: unknown }).body = fields;
      ctx.state.files = files;
      if (files.length === 0) {
        await next();
        return;
      }
      if (slots.pendingCount >= UPLOAD_QUEUE_MAX) throw new ServiceUnavailableError(uploadTexts.busy);
      await slots.run(clinic, async () => {
        uploadLoad.processing += 1;
        uploadLoad.peak = Math.max(uploadLoad.peak, uploadLoad.processing);
        try {
          await next();
        } finally {
          uploadLoad.processing -= 1;
        }
      });
    } finally {
      await closeAll(writers);
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/**
 * Starting and following an import (spec 2 §4 'Import', §5 'Import files'): the `importCsv` and
 * `importSupportUpload` actions make an `ImportRun` of the clinic, the import job (jobs/imports.ts, execute.ts) does
 * it in the background, and `getImport` tells the page how far it has come.
 *
 * The form's files are checked before anything is kept: the five are there (or a zip), each is CSV or Excel by its
 * name, each opens and is recognised by its columns (zips unpacked with the bomb limits). A file that fails any of
 * this is refused with its reason (400) and nothing is stored. What passes is stored encrypted with the data key in
 * the blob store (the files are the clinic's client list with CPR numbers) under keys `/blobs/` never serves, and
 * deleted when the run is over. Only the clinic's owner imports, and only with the importdata add-on: the API
 * decides, whatever the page showed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import { IMPORT_FILE_FIELDS, importFileProblems, importMessages as M, type ImportRunView, type ParsedInput } from '@klinik/core';
import { importFileKey } from '../../adapters/blobs/index.js';
import type { OwnerContext, TherapistContext } from '../../context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import type { ImportRunDoc } from '../../models/index.js';
import { encryptBytes } from '../../security/encryption.js';
import { openImportSet, type ImportUpload } from './read.js';

/** Refused rows kept with a run (and so in the page and the mail); `errorCount` counts them all. */
export const REPORT_ROWS = 1_000;
/** What the page shows of them. */
const VIEW_ROWS = 200;
const ACTIVE = ['storing', 'queued', 'running'] as const;

function countsView(counts: NonNullable<ImportRunDoc['counts']>): NonNullable<ImportRunView['counts']> {
  const view = (kind: keyof NonNullable<ImportRunView['counts']>) => ({ added: counts[kind]?.added ?? 0, existing: counts[kind]?.existing ?? 0 });
  return { clients: view('clients'), treatments: view('treatments'), bookings: view('bookings'), invoices: view('invoices') };
}

export function importRunView(run: ImportRunDoc): ImportRunView {
  return {
    id: run._id.toString(),
    status: run.status as ImportRunView['status'],
    phase: run.phase,
    source: run.source,
    domain: run.domain ?? null,
    fileNames: (run.files ?? []).map((file) => file.name),
    read: run.read ?? 0,
    done: run.done ?? 0,
    total: run.total ?? 0,
    counts: run.counts ? countsView(run.counts) : null,
    errors: (run.rowErrors ?? []).slice(0, VIEW_ROWS).map((error) => ({ fileName: error.fileName, row: error.row, message: error.message })),
    errorCount: run.errorCount ?? 0,
    nextInvoiceNumber: run.nextInvoiceNumber ?? null,
    message: run.message ?? null,
    createdAt: run.createdAt ?? 0,
    finishedAt: run.finishedAt ?? null,
    supportUploadId: run.supportUploadId?.toString() ?? null,
  };
}

/** Whether the caller may import, and why not: the owner of a clinic with the importdata add-on. */
export function importAccess(ctx: TherapistContext): { allowed: boolean; reason: 'ok' | 'addOn' | 'notOwner' } {
  if (!ctx.company.importDataActive) return { allowed: false, reason: 'addOn' };
  if (!ctx.isOwner) return { allowed: false, reason: 'notOwner' };
  return { allowed: true, reason: 'ok' };
}

function requireAddOn(ctx: OwnerContext): void {
  if (!ctx.company.importDataActive) throw new ForbiddenError(M.addOnNeeded);
}

/** One import at a time per clinic (the page follows one; two at once would only race each other to the same ids). */
async function requireNoneRunning(ctx: OwnerContext): Promise<void> {
  if (await ctx.db.ImportRun.exists({ status: { $in: ACTIVE } })) throw new ConflictError(M.running);
}

/** The form's files: checked by name, then opened and recognised by their columns, before anything is kept. */
async function checkFormFiles(ctx: OwnerContext): Promise<ImportUpload[]> {
  const files = ctx.files.map((file) => ({ field: file.fieldName, name: file.originalName }));
  const problems = importFileProblems(files);
  const fields = Object.keys(problems);
  if (fields.length > 0) throw new ValidationError(problems[fields[0]!]!, problems);
  const uploads: ImportUpload[] = ctx.files.map((file) => ({
    path: file.path,
    name: file.originalName.slice(0, 255),
    size: file.size,
    kind: (IMPORT_FILE_FIELDS as readonly string[]).includes(file.fieldName) ? (file.fieldName as ImportUpload['kind']) : undefined,
  }));
  const work = await mkdtemp(path.join(tmpdir(), 'klinik-import-check-'));
  try {
    // Throws ImportFileError (400) with the file's name and the reason: unreadable, a zip bomb, wrong columns, …
    await openImportSet(uploads, work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return uploads;
}

export async function startFormImport(ctx: OwnerContext, input: ParsedInput<'importCsv'>): Promise<ImportRunView> {
  requireAddOn(ctx);
  await requireNoneRunning(ctx);
  const uploads = await checkFormFiles(ctx);
  const runId = new Types.ObjectId();
  const files = uploads.map((upload, index) => ({ name: upload.name, size: upload.size, blobKey: importFileKey(ctx.companyId, runId.toString(), index), kind: upload.kind ?? null }));
  // The record first ('storing': not taken by the job, not shown), then the files, then 'queued': a crash between
  // leaves a record the import job finds and cleans up with its files.
  await ctx.db.ImportRun.create({
    _id: runId,
    therapistId: ctx.therapist._id,
    source: 'form',
    domain: input.domain,
    email: input.email,
    files,
    ownFiles: true,
    status: 'storing',
  });
  for (const [index, upload] of uploads.entries()) await ctx.services.blobs.put(files[index]!.blobKey, encryptBytes(await readFile(upload.path)));
  await ctx.db.ImportRun.updateOne({ _id: runId }, { $set: { status: 'queued' } });
  ctx.services.logger.info({ audit: 'import-started', companyId: ctx.companyId, therapistId: ctx.therapistId, files: files.length }, 'import started');
  ctx.services.wakeImports?.();
  return importRunView((await ctx.db.ImportRun.findById(runId).lean())!);
}

/** The support team's upload of the clinic, imported as the form's files are; the report goes to the owner. */
export async function startSupportImport(ctx: OwnerContext, uploadId: string): Promise<ImportRunView> {
  requireAddOn(ctx);
  const upload = await ctx.db.SupportUpload.findOne({ _id: new Types.ObjectId(uploadId) }).lean();
  if (!upload || upload.status !== 'received') throw new NotFoundError(M.supportUploadGone);
  await requireNoneRunning(ctx);
  const runId = new Types.ObjectId();
  await ctx.db.ImportRun.create({
    _id: runId,
    therapistId: upload.therapistId,
    source: 'support',
    domain: null,
    email: ctx.therapist.email,
    supportUploadId: upload._id,
    files: (upload.files ?? []).map((file) => ({ name: file.name, size: file.size, blobKey: file.blobKey, kind: null })),
    ownFiles: false,
    status: 'queued',
  });
  ctx.services.logger.info({ audit: 'import-started', companyId: ctx.companyId, therapistId: ctx.therapistId, supportUploadId: uploadId }, 'support upload import started');
  ctx.services.wakeImports?.();
  return importRunView((await ctx.db.ImportRun.findById(runId).lean())!);
}

export async function findImport(ctx: OwnerContext, id: string | undefined): Promise<ImportRunView | null> {
  const visible = { status: { $ne: 'storing' as const } };
  const run = id
    ? await ctx.db.ImportRun.findOne({ _id: new Types.ObjectId(id), ...visible }).lean()
    : await ctx.db.ImportRun.findOne(visible).sort({ createdAt: -1, _id: -1 }).lean();
  if (id && !run) throw new NotFoundError(M.notFound);
  return run ? importRunView(run) : null;
}

/**
 * Doing one import run, in the import job (jobs/imports.ts): the files are taken out of the blob store
 * and decrypted into a private temporary folder, read (`read.ts`), mapped (`mapping.ts`) and written (`engine.ts`),
 * with the progress kept on the run (rows read, then records written of all) at most once a second; that write is
 * also the run's heartbeat, by which another process sees it is still being worked on.
 *
 * A file that turns out unreadable half-way (the form's check opened every file, but a row far down may still be
 * broken beyond reading) fails the run with its reason before anything is written: writing starts only when every
 * row is read and mapped. A crash while writing leaves a run that another runner takes over once its heartbeat is
 * old; the engine's ids are derived from the old system's ids, so it finishes what the first had begun and adds
 * nothing twice.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BlobStore } from '../../adapters/blobs/index.js';
import type { TenantDb } from '../../data/tenant-db.js';
import type { ImportRunDoc } from '../../models/index.js';
import { decryptBytes } from '../../security/encryption.js';
import { writeImport } from './engine.js';
import { IMPORT_FILE_KINDS, mapImport, type ImportFileKind, type RowError, type SourceRow } from './mapping.js';
import { ImportFileError, openImportSet, type ImportUpload } from './read.js';
import { REPORT_ROWS } from './runs.js';

/** How often progress (and the heartbeat) is written while a run works. */
const PROGRESS_EVERY_MS = 1_000;

export interface ExecuteDeps {
  blobs: BlobStore;
  now: () => number;
}

/** The run's files from the blob store, decrypted into `dir` (the caller's, removed when the run is over). */
async function fetchFiles(blobs: BlobStore, run: ImportRunDoc, dir: string): Promise<ImportUpload[]> {
  const uploads: ImportUpload[] = [];
  for (const [index, file] of (run.files ?? []).entries()) {
    const stored = await blobs.get(file.blobKey);
    if (!stored) throw new ImportFileError(file.name, `${file.name} findes ikke længere. Upload filerne igen.`);
    const target = path.join(dir, `file-${index}`);
    const plain = decryptBytes(stored);
    await writeFile(target, plain, { mode: 0o600 });
    uploads.push({ path: target, name: file.name, size: plain.length, kind: (file.kind as ImportFileKind | null) ?? undefined });
  }
  return uploads;
}

/**
 * Runs `run` to its end: 'done' with the counts and the refused rows, or 'failed' with the reason a file could not
 * be read. Anything else (the database gone) is thrown: the run stays 'running' and is taken over later.
 */
export async function executeImportRun(deps: ExecuteDeps, db: TenantDb, run: ImportRunDoc): Promise<void> {
  const runs = db.ImportRun;
  let lastWrite = 0;
  const progress = async (fields: Record<string, unknown>, force = false) => {
    const at = deps.now();
    if (!force && at - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = at;
    await runs.updateOne({ _id: run._id }, { $set: { ...fields, heartbeatAt: at } });
  };
  // The engine reports synchronously; its writes go one after the other, never two at once.
  let chain: Promise<void> = Promise.resolve();
  const report = (fields: Record<string, unknown>) => {
    chain = chain.then(() => progress(fields));
  };

  // mkdtemp makes it readable by this user only (0700).
  const dir = await mkdtemp(path.join(tmpdir(), 'klinik-import-'));
  try {
    const uploads = await fetchFiles(deps.blobs, run, dir);
    const tables = await openImportSet(uploads, dir);
    const names = Object.fromEntries(IMPORT_FILE_KINDS.map((kind) => [kind, tables[kind].name])) as Record<ImportFileKind, string>;
    const rows = Object.fromEntries(IMPORT_FILE_KINDS.map((kind) => [kind, [] as SourceRow[]])) as Record<ImportFileKind, SourceRow[]>;
    const unreadable: RowError[] = [];
    let read = 0;
    await progress({ phase: 'reading', read: 0 }, true);
    for (const kind of IMPORT_FILE_KINDS) {
      for await (const row of tables[kind].rows()) {
        if ('error' in row) unreadable.push({ file: kind, row: row.row, message: row.error });
        else rows[kind].push(row);
        read += 1;
        if (read % 500 === 0) await progress({ phase: 'reading', read });
      }
    }
    const { set, errors: mapped } = mapImport(rows);
    const total = set.clients.length + set.treatments.length + set.bookings.length + set.invoices.length;
    await progress({ phase: 'writing', read, done: 0, total }, true);
    const result = await writeImport(db, run.therapistId, set, deps.now(), ({ done, total }) => report({ phase: 'writing', done, total }));
    await chain;
    const errors = [...unreadable, ...mapped, ...result.errors].sort((a, b) => IMPORT_FILE_KINDS.indexOf(a.file) - IMPORT_FILE_KINDS.indexOf(b.file) || a.row - b.row);
    await runs.updateOne(
      { _id: run._id },
      {
        $set: {
          status: 'done',
          phase: 'finished',
          read,
          done: total,
          counts: { clients: result.clients, treatments: result.treatments, bookings: result.bookings, invoices: result.invoices },
          rowErrors: errors.slice(0, REPORT_ROWS).map((error) => ({ fileName: names[error.file], row: error.row, message: error.message })),
          errorCount: errors.length,
          nextInvoiceNumber: result.nextInvoiceNumber,
          finishedAt: deps.now(),
          heartbeatAt: deps.now(),
        },
      },
    );
  } catch (error) {
    await chain.catch(() => undefined);
    if (!(error instanceof ImportFileError)) throw error;
    await runs.updateOne({ _id: run._id }, { $set: { status: 'failed', phase: 'finished', message: error.message, finishedAt: deps.now(), heartbeatAt: deps.now() } });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

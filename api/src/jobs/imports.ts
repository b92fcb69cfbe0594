/**
 * The import job (docs/decisions/0019-resumable-import-by-source-ids.md): runs the clinics' queued imports in the
 * background, one at a time per process, on every API process at once:
 *
 * - A run is claimed by inserting its lease `import:<run>#<leaseSeq>` (`_id` uniqueness, atomic on MongoDB and
 *   FerretDB alike, as the message runner's: data/concurrency/message-leases.ts); of two processes, one works on it.
 * - While it works, the run's progress write is its heartbeat. A run whose heartbeat is older than `STALE_MS` lost
 *   its process (killed, restarted): the next runner claims the next lease and runs it again; the engine's ids are
 *   the old system's, so the second pass finishes the first one's work and adds nothing twice. After `MAX_ATTEMPTS`
 *   the run is failed ('Importen kunne ikke gennemføres …') instead of being tried forever.
 * - When a run is over, its own files are deleted from the blob store (a support upload's stay with it and it is
 *   marked imported or failed), and the report is mailed once (`reportSentAt`; its Message-ID is the run's).
 * - A run left 'storing' (a crash while the form's files were being stored; storing takes seconds) is removed with its
 *   files after ten minutes; until then it counts as the clinic's import under way.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { importMessages as M } from '@klinik/core';
import type { Services } from '../context.js';
import { tenantDb, type TenantDb } from '../data/tenant-db.js';
import { sendClinicNotice } from '../domain/contact/outbound.js';
import { executeImportRun } from '../domain/import/execute.js';
import { importReportMail } from '../domain/import/report.js';
import { importRunView } from '../domain/import/runs.js';
import type { ImportRunDoc } from '../models/index.js';
import { startRepeating, type RepeatingJob } from './repeat.js';

const WHY = { crossTenant: 'the import job runs the queued imports of every clinic' };
/** A running import writes its progress at least this often… */
export const STALE_MS = 2 * 60_000;
/** …and is tried this many times before it is given up. */
export const MAX_ATTEMPTS = 3;
const STORING_GIVE_UP_MS = 10 * 60_000;

export type ImportServices = Pick<Services, 'models' | 'blobs' | 'mailer' | 'logger' | 'clock' | 'config' | 'limiter'>;

/**
 * Where the report goes: the address typed on the form when it is one of the clinic's own therapists'
 * (their sign-in addresses), else the owner's; never a stranger's, so an import cannot mail anyone its report.
 */
async function reportRecipient(db: TenantDb, typed: string): Promise<string> {
  const staff = await db.Therapist.find({ deletedAt: null }, { email: 1, isAdmin: 1 }).lean();
  const own = staff.find((therapist) => therapist.email.toLowerCase() === typed.trim().toLowerCase());
  return (own ?? staff.find((therapist) => therapist.isAdmin) ?? { email: typed }).email;
}

async function finish(services: ImportServices, db: TenantDb, run: ImportRunDoc): Promise<void> {
  if (run.ownFiles) for (const file of run.files ?? []) await services.blobs.delete(file.blobKey);
  if (run.supportUploadId) await db.SupportUpload.updateOne({ _id: run.supportUploadId }, { $set: { status: run.status === 'done' ? 'imported' : 'failed' } });
  const company = await db.Company.findOne({}, { companyName: 1, planType: 1, status: 1, trial: 1, cancelDate: 1 }).lean();
  const page = run.source === 'support' ? `/Importerdata/fuldfoert?id=${run._id.toString()}` : '/Importerdata';
  // The mail lists every refused row the run kept (the page shows the first 200 of them).
  const view = { ...importRunView(run), errors: (run.rowErrors ?? []).map((error) => ({ fileName: error.fileName, row: error.row, message: error.message })) };
  const mail = importReportMail(await reportRecipient(db, run.email), view, { clinicName: company?.companyName ?? 'klinikken', pageUrl: `${services.config.appUrl}${page}`, runId: run._id.toString() });
  // The report is also on the page: a mail server that is down, or a mail budget used up, does not keep the run open.
  if (company) await sendClinicNotice(services, db, company, mail, 'import report', services.clock.now()).catch((error: unknown) => services.logger.error({ err: error, importRunId: run._id.toString() }, 'import report mail failed'));
  await db.ImportRun.updateOne({ _id: run._id }, { $set: { reportSentAt: services.clock.now() } });
}

async function work(services: ImportServices, db: TenantDb, run: ImportRunDoc, holder: string): Promise<boolean> {
  const now = services.clock.now();
  const seq = (run.leaseSeq ?? 0) + 1;
  if (!(await db.messageLeases.claim(`import:${run._id.toString()}`, seq, holder, now + STALE_MS))) return false;
  const attempts = (run.attempts ?? 0) + 1;
  if (attempts > MAX_ATTEMPTS) {
    await db.ImportRun.updateOne({ _id: run._id }, { $set: { status: 'failed', phase: 'finished', message: M.failed, finishedAt: now, leaseSeq: seq } });
  } else {
    await db.ImportRun.updateOne({ _id: run._id }, { $set: { status: 'running', leaseSeq: seq, heartbeatAt: now, attempts } });
    services.logger.info({ importRunId: run._id.toString(), companyId: db.companyId.toString(), attempt: attempts }, 'import run started');
    await executeImportRun({ blobs: services.blobs, now: () => services.clock.now() }, db, { ...run, leaseSeq: seq, attempts });
  }
  const ended = await db.ImportRun.findById(run._id).lean();
  if (ended && (ended.status === 'done' || ended.status === 'failed')) await finish(services, db, ended);
  return true;
}

/** One pass: the runs that are due, oldest first. Answers how many this process worked on. */
export async function runImports(services: ImportServices, holder: string): Promise<number> {
  const now = services.clock.now();
  const open = await services.models.ImportRun.find(
    // Every run not yet over is still without a report; a run is over once its report is sent.
    { reportSentAt: null },
    { files: 1, status: 1, leaseSeq: 1, heartbeatAt: 1, attempts: 1, createdAt: 1, companyId: 1, ownFiles: 1 },
  )
    .setOptions(WHY)
    .lean();
  let worked = 0;
  for (const candidate of open.sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0))) {
    const db = tenantDb(services.models, candidate.companyId);
    if (candidate.status === 'storing') {
      if (now - (candidate.createdAt ?? 0) < STORING_GIVE_UP_MS) continue;
      for (const file of candidate.files ?? []) await services.blobs.delete(file.blobKey);
      await db.ImportRun.deleteOne({ _id: candidate._id, status: 'storing' });
      continue;
    }
    const run = await db.ImportRun.findById(candidate._id).lean();
    if (!run) continue;
    if (run.status === 'done' || run.status === 'failed') {
      if (run.reportSentAt === null) await finish(services, db, run);
      continue;
    }
    if (run.status === 'running' && now - (run.heartbeatAt ?? 0) < STALE_MS) continue;
    if (await work(services, db, run, holder)) worked += 1;
  }
  return worked;
}

export function startImportJobs(services: ImportServices & Pick<Services, 'wakeImports'>, logger: Logger): RepeatingJob {
  const holder = `${process.pid}:${randomUUID()}`;
  const job = startRepeating('imports', { everyMs: 5_000, firstAfterMs: 2_000 }, async () => ((await runImports(services, holder)) > 0 ? 'imported' : undefined), logger);
  services.wakeImports = () => job.trigger();
  return job;
}

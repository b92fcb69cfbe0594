/**
 * The transfer to the accounting organisation as a background run
 * (docs/decisions/0018-accounting-transfer-in-the-background.md). A first 'Overfør alt' of a clinic with years of
 * invoices takes longer than a proxy lets a request live, so the return page and the sync icon only start an
 * `AccountingRun`, the transfer job (jobs/accounting-transfers.ts) does it, and the pages ask how far it has come
 * (`getAccountingTransfer`) until its result, which stays with the run.
 *
 * - One run at a time per clinic: a run's `_id` is `<company>:transfer:<n>`, the clinic's n-th; of two starts racing,
 *   one inserts n and the other answers that run (`_id` uniqueness, FerretDB's one atomic guarantee). A start while a
 *   run is queued or running answers that run.
 * - Each record once: the records are claimed by AccountingLink as before (transfer.ts), so an attempt that takes
 *   over after a crash never sends one twice; the run's entries (`AccountingRunEntry`, what it has finished and the
 *   counts each made) are written with its progress, so the attempt neither counts a record twice nor goes to the
 *   accounting system for it again. A record written in the last moments before a crash, not yet in the entries, is
 *   found by its link (claimed by this run: counted as this run's) or by our reference at the accounting system.
 * - Progress (`done` of `total`, the counts so far) is written at most once a second; that write is also the run's
 *   heartbeat, conditional on the run's lease, so an attempt whose run was taken over stops at its next record.
 */
import { accountingMessages, countOutcome, emptyCount, transferScope, type AccountingTransfer, type TransferResult, type TransferScope } from '@klinik/core';
import type { OwnerContext } from '../../context.js';
import { insertNew } from '../../data/insert-new.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ApiError, isDuplicateKeyError, NotFoundError } from '../../errors.js';
import type { AccountingRunDoc } from '../../models/index.js';
import { openRun, transferScoped, type AccountingDeps, type Counts, type RunLedger, type Tally } from './transfer.js';

type Run = AccountingRunDoc & { _id: string };

const ACTIVE: readonly string[] = ['queued', 'running'];
/** How often a running transfer writes its progress (and so its heartbeat). */
export const PROGRESS_EVERY_MS = 1_000;

export const transferRunId = (companyId: string, number: number) => `${companyId}:transfer:${number}`;

export function transferResult(organizationId: string, counts: Counts): TransferResult {
  const failed = counts.invoice.fail + counts.contact.fail + counts.product.fail > 0;
  return {
    status: failed ? 'failed' : 'success',
    message: failed ? accountingMessages.transferPartly : accountingMessages.transferDone,
    data: { dineroOrgId: organizationId, ...counts },
  };
}

function countsOf(stored: AccountingRunDoc['counts'] | null | undefined): Counts {
  const one = (count: { success?: number | null; fail?: number | null; total?: number | null; alreadyAdded?: number | null; error?: string | null } | null | undefined) => ({
    success: count?.success ?? 0,
    fail: count?.fail ?? 0,
    total: count?.total ?? 0,
    alreadyAdded: count?.alreadyAdded ?? 0,
    error: count?.error ?? null,
  });
  return { invoice: one(stored?.invoice), contact: one(stored?.contact), product: one(stored?.product) };
}

export function transferView(run: Run): AccountingTransfer {
  const counts = countsOf(run.counts);
  const organization = run.organizationId ?? '';
  let result: TransferResult | null = null;
  if (run.status === 'done') result = transferResult(organization, counts);
  if (run.status === 'failed') result = { status: 'failed', message: run.message ?? accountingMessages.transferFailed, data: { dineroOrgId: organization, ...counts } };
  return {
    number: run.number,
    status: run.status,
    source: run.source,
    done: run.done ?? 0,
    total: run.total ?? 0,
    counts,
    result,
    message: run.message ?? null,
    createdAt: run.createdAt ?? 0,
    finishedAt: run.finishedAt ?? null,
  };
}

export interface StartInput {
  source: 'connect' | 'sync';
  settings: { allDataFlag: boolean; fromDate: string | null; toDate: string | null };
  organizationId: string;
}

/** Starts a transfer, or answers the one under way (`started` false). */
export async function startTransfer(ctx: OwnerContext, input: StartInput): Promise<{ run: Run; started: boolean }> {
  const runs = ctx.db.AccountingRun;
  for (let tries = 0; tries < 5; tries += 1) {
    const latest = (await runs.findOne({}).sort({ number: -1 }).lean()) as Run | null;
    if (latest && ACTIVE.includes(latest.status)) return { run: latest, started: false };
    const number = (latest?.number ?? 0) + 1;
    const _id = transferRunId(ctx.companyId, number);
    try {
      await runs.create({ _id, number, therapistId: ctx.therapist._id, source: input.source, ...input.settings, organizationId: input.organizationId });
    } catch (error) {
      // Another start took this number a moment ago: the next read finds its run under way.
      if (isDuplicateKeyError(error)) continue;
      throw error;
    }
    ctx.services.logger.info({ audit: 'accounting-transfer-started', companyId: ctx.companyId, therapistId: ctx.therapistId, number, source: input.source }, 'accounting transfer started');
    ctx.services.wakeAccountingTransfers?.();
    return { run: (await runs.findById(_id).lean()) as Run, started: true };
  }
  // Five starts in a row finished under this one's hands: it answers the latest of them.
  return { run: (await runs.findOne({}).sort({ number: -1 }).lean()) as Run, started: false };
}

export async function findRun(db: TenantDb, runId: string): Promise<Run | null> {
  return db.AccountingRun.findById(runId).lean();
}

export async function findTransfer(ctx: OwnerContext, number: number | undefined): Promise<AccountingTransfer | null> {
  const runs = ctx.db.AccountingRun;
  // By the caller's own clinic's id and the number: another clinic's run cannot be named.
  const run = (number === undefined ? await runs.findOne({}).sort({ number: -1 }).lean() : await runs.findById(transferRunId(ctx.companyId, number)).lean()) as Run | null;
  if (number !== undefined && !run) throw new NotFoundError(accountingMessages.transferNotFound);
  return run ? transferView(run) : null;
}

function scopeOf(run: Run): TransferScope {
  const checked = transferScope({ allDataFlag: run.allDataFlag !== false, fromDate: run.fromDate, toDate: run.toDate });
  return checked.scope ?? { kind: 'all' };
}

/** The entries an earlier attempt wrote: what it finished and the counts it made. */
async function readLedger(db: TenantDb, runId: string): Promise<{ finished: Map<string, string | null>; counts: Counts }> {
  const finished = new Map<string, string | null>();
  let counts: Counts = { invoice: emptyCount(), contact: emptyCount(), product: emptyCount() };
  const prefix = `${runId}:`;
  for (const entry of await db.AccountingRunEntry.find({ runId }, { externalId: 1, tally: 1 }).lean()) {
    finished.set(entry._id.slice(prefix.length), entry.externalId ?? null);
    for (const { kind, outcome, error } of entry.tally ?? []) {
      const key = kind as keyof Counts;
      counts = { ...counts, [key]: countOutcome(counts[key], outcome as Tally['outcome'], error ?? undefined) };
    }
  }
  return { finished, counts };
}

/** Why the clinic's connection no longer carries this run, or null while it does. */
async function cancelled(db: TenantDb, organizationId: string | null): Promise<string | null> {
  const company = await db.Company.findById(db.companyId, { accountingAddOnActive: 1, dineroOrgId: 1, dineroRefreshToken: 1 }).lean();
  if (!company?.accountingAddOnActive) return accountingMessages.addOnInactive;
  if (!company.dineroOrgId || !company.dineroRefreshToken || (organizationId && company.dineroOrgId !== organizationId)) return accountingMessages.notConnected;
  return null;
}

/** What became of one attempt: over (done or failed), given back for another process (a stop), or taken over. */
export type AttemptOutcome = 'over' | 'released' | 'lost';

/**
 * One attempt at `run` under lease `seq`, to its end: 'done' with its counts, or 'failed' with why (the grant lost,
 * the accounting system unreachable, the connection gone). A database failure is thrown: the run stays 'running' and
 * is taken over once its heartbeat is old.
 */
export async function executeTransferRun(deps: AccountingDeps, db: TenantDb, run: Run, seq: number, stopping: () => boolean): Promise<AttemptOutcome> {
  const runs = db.AccountingRun;
  const own = { _id: run._id, leaseSeq: seq };
  const company = (await db.Company.findById(db.companyId).lean())!;
  const reason = await cancelled(db, null);
  if (reason) {
    await runs.updateOne(own, { $set: { status: 'failed', phase: 'finished', message: reason, finishedAt: deps.now(), heartbeatAt: deps.now() } });
    return 'over';
  }

  const earlier = await readLedger(db, run._id);
  const pending: Array<{ _id: string; runId: string; externalId: string | null; tally: Tally[] }> = [];
  const ledger: RunLedger = {
    runId: run._id,
    finished: earlier.finished,
    counts: earlier.counts,
    finish: (key, externalId, tally) => {
      pending.push({ _id: `${run._id}:${key}`, runId: run._id, externalId, tally });
    },
  };
  let counts: Counts = earlier.counts;
  let done = 0;
  let total = run.total ?? 0;
  let phase: string = run.phase ?? 'waiting';
  let lost = false;
  let stop: string | null = null;
  let transfer: Awaited<ReturnType<typeof openRun>> | null = null;

  // The progress, after the entries it counts: an attempt that takes over finds every record the counts include.
  const save = async (fields: Record<string, unknown> = {}) => {
    const entries = pending.splice(0);
    if (entries.length) await insertNew((docs) => db.AccountingRunEntry.insertMany(docs, { ordered: false }), entries, 500);
    const written = await runs.updateOne(own, { $set: { counts, done, total, phase, heartbeatAt: deps.now(), ...fields } });
    if (written.matchedCount === 0) lost = true;
  };
  let chain: Promise<void> = Promise.resolve();
  const tick = () => {
    chain = chain
      .then(async () => {
        const reason = stop ?? (await cancelled(db, transfer?.organizationId ?? null));
        // eslint-disable-next-line require-atomic-updates -- only this chain sets it, one step after another
        stop = reason;
        await save();
      })
      .catch((error: unknown) => deps.logger.warn({ err: error, run: run._id }, 'accounting transfer: progress not written'));
  };
  const timer = setInterval(tick, PROGRESS_EVERY_MS);
  timer.unref();

  let finished = false;
  let failure: string | null = null;
  try {
    transfer = await openRun(deps, db, company, ledger);
    // The counts grow on the run's own object: every progress write takes them as they are.
    counts = transfer.counts;
    await runs.updateOne(own, { $set: { organizationId: transfer.organizationId } });
    finished = await transferScoped(transfer, scopeOf(run), {
      planned: (count) => {
        total = count;
      },
      phase: (name) => {
        phase = name;
      },
      step: () => {
        done += 1;
      },
      stopped: () => lost || stop !== null || stopping(),
    });
  } catch (error) {
    // The grant lost (409) or the accounting system unreachable (503): the run ends with why; what it did stays done.
    if (!(error instanceof ApiError)) throw error;
    failure = error.message;
  } finally {
    clearInterval(timer);
    await chain;
  }

  const now = deps.now();
  if (finished) {
    await save({ status: 'done', phase: 'finished', done: total, finishedAt: now });
    if (!lost && transfer && scopeOf(run).kind === 'all') await forgetTransferred(db, transfer.organizationId);
    return lost ? 'lost' : 'over';
  }
  if (failure ?? stop) {
    await save({ status: 'failed', phase: 'finished', message: failure ?? stop, finishedAt: now });
    return lost ? 'lost' : 'over';
  }
  if (lost) return 'lost';
  // The process is stopping: the run goes back to the queue at once, and this attempt does not count against it.
  await save({ status: 'queued', heartbeatAt: 0, attempts: Math.max(0, (run.attempts ?? 1) - 1) });
  return 'released';
}

/** Issued invoices that waited for the accounting system and are in it now (a full transfer took them along). */
async function forgetTransferred(db: TenantDb, organizationId: string): Promise<void> {
  const waiting = await db.AccountingPending.find({}, { invoiceId: 1 }).lean();
  if (waiting.length === 0) return;
  const linked = await db.AccountingLink.find(
    { _id: { $in: waiting.map((pending) => `${db.companyId.toString()}:${organizationId}:invoice:${pending.invoiceId.toString()}`) }, externalId: { $ne: null } },
    { localId: 1 },
  ).lean();
  const transferred = new Set(linked.map((link) => link.localId));
  const done = waiting.filter((pending) => transferred.has(pending.invoiceId.toString())).map((pending) => pending._id);
  if (done.length) await db.AccountingPending.deleteMany({ _id: { $in: done } });
}

/** A run that is over: its entries go (they only serve a takeover), then it is closed. */
export async function closeTransferRun(db: TenantDb, runId: string, now: number): Promise<void> {
  for (;;) {
    const ids = (await db.AccountingRunEntry.find({ runId }, { _id: 1 }).limit(500).lean()).map((entry) => entry._id);
    if (ids.length === 0) break;
    await db.AccountingRunEntry.deleteMany({ _id: { $in: ids } });
  }
  await db.AccountingRun.updateOne({ _id: runId, status: { $in: ['done', 'failed'] } }, { $set: { closedAt: now } });
}

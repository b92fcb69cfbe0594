/**
 * The accounting transfer job (docs/decisions/0018-accounting-transfer-in-the-background.md): runs the clinics'
 * transfers to their accounting organisation in the background (domain/accounting/runs.ts), on every API process at
 * once:
 *
 * - A run is claimed by inserting its lease `accounting:<run>#<leaseSeq>` (`_id` uniqueness, as the import job and
 *   the message runner: data/concurrency/message-leases.ts); of two processes, one works on it.
 * - While it works, the run's progress write (once a second) is its heartbeat. A run whose heartbeat is older than
 *   `STALE_MS` lost its process (killed, restarted): the next pass claims the next lease and goes on where it was
 *   (its entries and the AccountingLink claims: nothing is sent or counted twice). After `MAX_ATTEMPTS` the run is
 *   failed ('Overførslen kunne ikke gennemføres …') instead of being tried forever.
 * - Up to `PARALLEL_RUNS` runs at once per process, each its own chain of requests: a first transfer of years of
 *   invoices takes hours at Dinero's pace, and another clinic's sync must not wait for it.
 * - A graceful stop lets each run finish the record under way, write its progress and go back to the queue, so the
 *   next process takes it at once instead of after `STALE_MS`.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { accountingMessages } from '@klinik/core';
import type { Services } from '../context.js';
import { tenantDb, type TenantDb } from '../data/tenant-db.js';
import { closeTransferRun, executeTransferRun } from '../domain/accounting/runs.js';
import type { AccountingRunDoc } from '../models/index.js';
import { startRepeating, type RepeatingJob } from './repeat.js';

const WHY = { crossTenant: 'the transfer job runs the accounting transfers of every clinic' };
/** A running transfer writes its progress every second; one silent this long lost its process… */
export const STALE_MS = 2 * 60_000;
/** …and a run is tried this many times before it is given up. */
export const MAX_ATTEMPTS = 3;
/** Runs one process works on at once (each waits on the accounting system most of the time). */
export const PARALLEL_RUNS = 4;
/** How often the job looks for runs to start or take over (a start wakes it at once). */
const EVERY_MS = 5_000;

export type TransferServices = Pick<Services, 'models' | 'accounting' | 'clock' | 'logger'>;
type Run = AccountingRunDoc & { _id: string };

export class TransferRunner {
  private readonly active = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly services: TransferServices,
    private readonly holder: string,
    private readonly parallel = PARALLEL_RUNS,
  ) {}

  /** One look at the open runs: closes those that are over, claims those that wait or lost their process. */
  async pass(): Promise<number> {
    if (this.stopping) return 0;
    const { models, clock } = this.services;
    const now = clock.now();
    const open = await models.AccountingRun.find({ closedAt: null }, { status: 1, heartbeatAt: 1, createdAt: 1, companyId: 1 }).setOptions(WHY).lean();
    let started = 0;
    for (const candidate of open.sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0))) {
      if (this.active.has(candidate._id)) continue;
      const db = tenantDb(models, candidate.companyId);
      if (candidate.status === 'done' || candidate.status === 'failed') {
        await closeTransferRun(db, candidate._id, now);
        continue;
      }
      if (this.active.size >= this.parallel) continue;
      const run = (await db.AccountingRun.findById(candidate._id).lean()) as Run | null;
      if (!run || run.status === 'done' || run.status === 'failed') continue;
      if (run.status === 'running' && now - (run.heartbeatAt ?? 0) < STALE_MS) continue;
      const seq = (run.leaseSeq ?? 0) + 1;
      const lease = `accounting:${run._id}`;
      if (!(await db.messageLeases.claim(lease, seq, this.holder, now + STALE_MS))) {
        // Claimed by a process that died before it marked the run running: once that lease has run out, the next is free.
        if (run.status === 'queued' && (await db.messageLeases.expired(lease, seq, now))) await db.AccountingRun.updateOne({ _id: run._id, leaseSeq: run.leaseSeq ?? 0 }, { $set: { leaseSeq: seq } });
        continue;
      }
      started += 1;
      const work = this.work(db, run, seq)
        .catch((error: unknown) => this.services.logger.error({ err: error, run: run._id }, 'accounting transfer failed; taken over when its heartbeat is old'))
        .finally(() => this.active.delete(run._id));
      this.active.set(run._id, work);
    }
    return started;
  }

  /** Resolves when every run this process works on has ended. */
  async idle(): Promise<void> {
    while (this.active.size > 0) await Promise.all([...this.active.values()]);
  }

  /** No new runs; the runs under way go back to the queue after their record under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.idle();
  }

  private async work(db: TenantDb, run: Run, seq: number): Promise<void> {
    const { clock, logger } = this.services;
    const attempts = (run.attempts ?? 0) + 1;
    const runs = db.AccountingRun;
    if (attempts > MAX_ATTEMPTS) {
      await runs.updateOne({ _id: run._id }, { $set: { status: 'failed', phase: 'finished', message: accountingMessages.transferGaveUp, finishedAt: clock.now(), leaseSeq: seq } });
      await closeTransferRun(db, run._id, clock.now());
      return;
    }
    await runs.updateOne({ _id: run._id }, { $set: { status: 'running', leaseSeq: seq, heartbeatAt: clock.now(), attempts } });
    logger.info({ run: run._id, attempt: attempts }, 'accounting transfer started');
    const deps = { accounting: this.services.accounting, now: () => clock.now(), logger };
    const outcome = await executeTransferRun(deps, db, { ...run, leaseSeq: seq, attempts }, seq, () => this.stopping);
    logger.info({ run: run._id, attempt: attempts, outcome }, 'accounting transfer attempt ended');
    if (outcome === 'over') await closeTransferRun(db, run._id, clock.now());
  }
}

/** One pass and the runs it started, to their end (the tests, and a tool that runs the job once). */
export async function runAccountingTransfers(services: TransferServices, holder: string): Promise<number> {
  const runner = new TransferRunner(services, holder);
  const started = await runner.pass();
  await runner.idle();
  return started;
}

export function startAccountingTransfers(services: TransferServices & Pick<Services, 'wakeAccountingTransfers'>, logger: Logger): RepeatingJob {
  const runner = new TransferRunner(services, `${process.pid}:${randomUUID()}`);
  const job = startRepeating('accounting transfers', { everyMs: EVERY_MS, firstAfterMs: 2_000 }, async () => ((await runner.pass()) > 0 ? 'started' : undefined), logger);
  services.wakeAccountingTransfers = () => job.trigger();
  return {
    trigger: () => job.trigger(),
    async stop() {
      await Promise.all([job.stop(), runner.stop()]);
    },
  };
}

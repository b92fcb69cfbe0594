/**
 * The access log is kept for five years, then removed by the sweeper (jobs/sweeper.ts), a batch at a time, the
 * only deletion the model allows (models/access-log.ts).
 */
import type { AccessLogSweepOptions, Models } from '../../models/index.js';

export const ACCESS_LOG_KEPT_MS = 5 * 365 * 24 * 60 * 60 * 1000;

const SWEEP: AccessLogSweepOptions & { crossTenant: string } = {
  crossTenant: "sweeper: access-log rows past five years, in every clinic",
  sweepingExpiredAccessLog: true,
};

export async function sweepAccessLog(models: Models, now: number, batch = 500): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = (await models.AccessLog.find({ at: { $lt: now - ACCESS_LOG_KEPT_MS } }, { _id: 1 }).setOptions(SWEEP).limit(batch).lean()).map((row) => row._id);
    if (ids.length === 0) return removed;
    removed += (await models.AccessLog.deleteMany({ _id: { $in: ids } }).setOptions(SWEEP)).deletedCount;
  }
}

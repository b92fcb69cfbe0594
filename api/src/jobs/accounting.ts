/**
 * The accounting ticker: once a minute, every clinic's issued invoices still waiting for the accounting
 * system are tried again (domain/accounting/issued.ts). Idempotent (each record is claimed by a deterministic `_id`),
 * so any number of API processes may run it.
 */
import type { Logger } from 'pino';
import type { Services } from '../context.js';
import { tenantDb } from '../data/tenant-db.js';
import { transferWaiting } from '../domain/accounting/issued.js';
import { startRepeating, type RepeatingJob } from './repeat.js';

const WHY = "the accounting ticker retries every clinic's invoices waiting for the accounting system";

export async function runAccountingTick(services: Pick<Services, 'models' | 'accounting' | 'clock' | 'logger'>): Promise<void> {
  const now = services.clock.now();
  const companies = await services.models.AccountingPending.distinct('companyId', { nextAttemptAt: { $lte: now } }).setOptions({ crossTenant: WHY });
  for (const companyId of companies) {
    const deps = { accounting: services.accounting, now: () => services.clock.now(), logger: services.logger };
    await transferWaiting(deps, tenantDb(services.models, companyId)).catch((error: unknown) => services.logger.error({ err: error }, 'accounting tick failed for a clinic'));
  }
}

export function startAccountingTicker(services: Pick<Services, 'models' | 'accounting' | 'clock' | 'logger'>, logger: Logger, everyMs = 60_000): RepeatingJob {
  return startRepeating('accounting tick', { everyMs }, () => runAccountingTick(services), logger);
}

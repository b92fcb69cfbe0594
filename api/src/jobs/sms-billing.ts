/**
 * Billing the SMS beyond the free quota (spec 1, SMS constants: 0,60 kr. plus VAT each): once a month is
 * over (Copenhagen time), each clinic's paid SMS of that month are charged in one charge on the clinic's saved card
 * through the payment adapter, and shown among its transactions. Hourly, and on each /dev/clock move. Idempotent: the
 * month's SmsCharge record says it is charged; a try that crashed after the provider took it is answered again by the
 * provider for the same handle. A clinic without a saved card, or a declined charge, is tried again a day later with
 * a new handle (the provider answers a failed handle's charge again).
 */
import type { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { Services } from '../context.js';
import { tenantDb } from '../data/tenant-db.js';
import { customerHandle } from '../domain/commerce/customer.js';
import { smsMonth } from '../domain/contact/sms-ledger.js';
import { startRepeating, type RepeatingJob } from './repeat.js';

const WHY = 'the SMS billing looks for the clinics with paid SMS in a finished month';
const DAY = 24 * 3_600_000;

type BillingServices = Pick<Services, 'models' | 'payments' | 'clock' | 'logger'>;

async function billMonth(services: BillingServices, companyId: Types.ObjectId, month: string, now: number): Promise<'charged' | 'failed' | 'no-card' | 'skipped'> {
  const db = tenantDb(services.models, companyId);
  const id = `sms:${companyId.toHexString()}:${month}`;
  const existing = await db.SmsCharge.findById(id).lean();
  if (existing && (existing.state === 'charged' || existing.nextAttemptAt > now)) return 'skipped';
  const rows = await db.SmsUsage.find({ month, free: false }, { priceOre: 1 }).lean();
  const amountExVatOre = rows.reduce((sum, row) => sum + (row.priceOre ?? 0), 0);
  if (amountExVatOre === 0) return 'skipped';
  // A record written after a try counts it; a try that crashed before its record uses the same handle again.
  const attempts = existing ? existing.attempts + (existing.state === 'charged' ? 0 : 1) : 1;
  const handle = `o-sms-${companyId.toHexString()}-${month.replace('-', '')}-${attempts}`;
  const record = (state: 'charged' | 'failed' | 'no-card', reason: string) =>
    db.SmsCharge.updateOne(
      { _id: id },
      { $set: { month, count: rows.length, amountExVatOre, state, handle, attempts, reason, nextAttemptAt: state === 'charged' ? 0 : now + DAY, updatedAt: now } },
      { upsert: true },
    );
  const customer = customerHandle(companyId);
  const cards = await services.payments.listCards(customer).catch(() => []);
  if (cards.length === 0) {
    await record('no-card', 'Intet gemt betalingskort');
    return 'no-card';
  }
  const charge = await services.payments.charge(customer, cards[0]!.id, { kind: 'charge', handle, ordertext: `SMS ud over de gratis, ${month} (${rows.length} stk.)`, amountOre: amountExVatOre });
  const settled = charge.state === 'settled' || charge.state === 'authorized';
  await record(settled ? 'charged' : 'failed', settled ? '' : `Betalingen blev afvist (${charge.state})`);
  return settled ? 'charged' : 'failed';
}

/** Charges every clinic's paid SMS of the finished months not charged yet. */
export async function billSmsMonths(services: BillingServices): Promise<Record<string, number>> {
  const now = services.clock.now();
  const current = smsMonth(now).month;
  const outcomes: Record<string, number> = {};
  const companies = await services.models.SmsUsage.distinct('companyId', { free: false, month: { $lt: current } }).setOptions({ crossTenant: WHY });
  for (const companyId of companies) {
    const months = await tenantDb(services.models, companyId).SmsUsage.distinct('month', { free: false, month: { $lt: current } });
    for (const month of months.sort()) {
      const outcome = await billMonth(services, companyId, month, now).catch((error: unknown) => {
        services.logger.error({ err: error, companyId, month }, 'SMS billing failed; tried again on the next run');
        return 'failed' as const;
      });
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  }
  return outcomes;
}

export function startSmsBilling(services: BillingServices, logger: Logger, everyMs = 60 * 60_000): RepeatingJob {
  return startRepeating('sms billing', { everyMs, firstAfterMs: 60_000 }, () => billSmsMonths(services), logger);
}

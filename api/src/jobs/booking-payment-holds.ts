/**
 * Releases the holds of booking payments left unpaid past their 15 minutes (domain/booking-payments/expire.ts), and
 * refunds held persons' paid requests nobody answered before their time, in every clinic, once a minute. Idempotent and safe in any number of API processes: each outcome is decided by one
 * `_id` insert, so a hold is released once and never while its payment lands.
 */
import type { Logger } from 'pino';
import type { Services } from '../context.js';
import { tenantDb } from '../data/tenant-db.js';
import { expireHold, refundUnansweredHold } from '../domain/booking-payments/expire.js';
import type { BookingPaymentDoc } from '../models/index.js';
import { startRepeating, type RepeatingJob } from './repeat.js';

/** Holds looked at per run; the next run goes on. */
const PER_RUN = 200;

/** One run at `now` (the repeating job, /dev/clock and the tests). Answers how many holds were released. */
export async function expireBookingPaymentHolds(services: Services, now = services.clock.now()): Promise<number> {
  const lapsed = (await services.models.BookingPayment.find({ state: 'pending', holdUntil: { $lte: now } })
    .sort({ holdUntil: 1 })
    .limit(PER_RUN)
    .setOptions({ crossTenant: "the expiry job releases every clinic's unpaid booking holds" })
    .lean()) as BookingPaymentDoc[];
  let released = 0;
  for (const payment of lapsed) {
    try {
      const db = tenantDb(services.models, payment.companyId);
      if ((await expireHold({ db, services, now: () => now }, payment)) === 'expired') released += 1;
    } catch (error) {
      services.logger.error({ err: error, companyId: payment.companyId }, 'releasing an unpaid booking hold failed');
    }
  }
  // Held persons' paid requests whose time came unanswered: refunded (nobody can accept them any more).
  const unanswered = (await services.models.BookingPayment.find({ state: 'paid', submissionId: { $ne: null }, from: { $lte: now } })
    .limit(PER_RUN)
    .setOptions({ crossTenant: "the expiry job refunds every clinic's paid requests left unanswered past their time" })
    .lean()) as BookingPaymentDoc[];
  for (const payment of unanswered) {
    try {
      await refundUnansweredHold({ db: tenantDb(services.models, payment.companyId), services, now: () => now }, payment);
    } catch (error) {
      services.logger.error({ err: error, companyId: payment.companyId }, 'refunding an unanswered paid request failed');
    }
  }
  return released;
}

export function startBookingPaymentHolds(services: Services, logger: Logger, everyMs = 60_000): RepeatingJob {
  return startRepeating('booking payment holds', { everyMs, firstAfterMs: 5_000 }, async () => ((await expireBookingPaymentHolds(services)) > 0 ? 'released' : undefined), logger);
}

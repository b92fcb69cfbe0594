/**
 * The payments ticker, once a minute: first the product's own step, the clinics' monthly subscriptions following their
 * plans (domain/commerce/plan-end.ts: a plan that has lapsed or is about to end ends the add-ons and colleagues'
 * subscriptions that would renew after it), then the provider's own clock work for the sandbox (renewals, dunning
 * retries, webhook retries). In this order, so a renewal due in the same minute as a plan's end finds its subscription
 * cancelled. Idempotent (every renewal and event has a deterministic id, a cancelled subscription is not cancelled
 * again), so any number of API processes may run it. A remote provider renews on its own clock and its tick is a no-op.
 */
import type { Logger } from 'pino';
import type { Services } from '../context.js';
import { settleSubscriptionsWithPlans } from '../domain/commerce/plan-end.js';
import { startRepeating, type RepeatingJob } from './repeat.js';

type TickServices = Pick<Services, 'payments' | 'clock' | 'models' | 'logger'>;

/** One run of the ticker at `now` (the repeating job, /dev/clock and the tests). */
export async function runPaymentsTick(services: TickServices, now = services.clock.now()): Promise<void> {
  await settleSubscriptionsWithPlans(services.models, services.payments, now, services.logger);
  await services.payments.tick(now);
}

export function startPaymentsTicker(services: TickServices, logger: Logger, everyMs = 60_000): RepeatingJob {
  return startRepeating('payments tick', { everyMs }, () => runPaymentsTick(services), logger);
}

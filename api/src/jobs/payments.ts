/**
 * The payment provider's own clock work, for the sandbox (renewals, dunning retries, webhook retries): once a minute.
 * Idempotent (every renewal and event has a deterministic id), so any number of API processes may run it. A remote
 * provider does this itself and its tick is a no-op.
 */
import type { Logger } from 'pino';
import type { Services } from '../context.js';
import { startRepeating, type RepeatingJob } from './repeat.js';

export function startPaymentsTicker(services: Pick<Services, 'payments' | 'clock'>, logger: Logger, everyMs = 60_000): RepeatingJob {
  return startRepeating('payments tick', { everyMs }, () => services.payments.tick(services.clock.now()), logger);
}

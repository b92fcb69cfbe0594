/**
 * Housekeeping: orphans of registrations and image uploads cut off half-way, used-up link tokens and old rate-limit windows.
 * Every step is idempotent, so any number of API processes may run it.
 */
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { sweepExpiredLinkTokens } from '../domain/accounts/link-tokens.js';
import { sweepOrphanTherapists } from '../domain/accounts/register.js';
import { sweepRateLimits } from '../security/rate-limit.js';
import { sweepOrphanClaims } from '../data/concurrency/slot-claims.js';
import type { Services } from '../context.js';
import { sweepStalledUploads } from '../domain/images/images.js';

export async function sweepOnce(services: Services, conn: Connection): Promise<Record<string, number>> {
  const now = services.clock.now();
  return {
    orphanTherapists: await sweepOrphanTherapists(services.models, now),
    linkTokens: await sweepExpiredLinkTokens(services.models, now),
    rateLimits: await sweepRateLimits(conn, now),
    slotClaims: await sweepOrphanClaims(services.models, now),
    stalledUploads: await sweepStalledUploads(services, now),
  };
}

export function startSweeper(services: Services, conn: Connection, logger: Logger, everyMs = 60 * 60 * 1000): () => void {
  const run = () => {
    sweepOnce(services, conn)
      .then((removed) => logger.debug({ removed }, 'sweep done'))
      .catch((error: unknown) => logger.error({ err: error }, 'sweep failed'));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  const first = setTimeout(run, 10_000);
  first.unref();
  // Stopping also cancels the first sweep: a server stopped within 10 s must not sweep on a closed connection.
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

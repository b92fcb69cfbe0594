/**
 * Housekeeping: orphans of registrations and image uploads cut off half-way, used-up link tokens and OAuth states, old rate-limit windows
 * and public submissions nobody can act on any more; message leases and messages past their time; deleted
 * clinics past their grace period, administrator audit rows and access-log rows past five years.
 * Every step is idempotent, so any number of API processes may run it.
 */
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { sweepSignInAudits } from '../domain/accounts/administrators.js';
import { sweepExpiredLinkTokens } from '../domain/accounts/link-tokens.js';
import { sweepOrphanTherapists } from '../domain/accounts/register.js';
import { sweepOAuthStateUses } from '../security/oauth/state.js';
import { sweepRateLimits } from '../security/rate-limit.js';
import { sweepOldLeases } from '../data/concurrency/message-leases.js';
import { sweepOrphanClaims } from '../data/concurrency/slot-claims.js';
import type { Services } from '../context.js';
import { sweepStalledUploads } from '../domain/images/images.js';
import { sweepStaleSubmissions } from '../domain/online-booking/stale-submissions.js';
import { sweepExpiredInvoices } from '../domain/invoices/retention.js';
import { sweepAdminAudit } from '../domain/platform/audit.js';
import { sweepAccessLog } from '../domain/access-log/sweep.js';
import { sweepPortal } from '../domain/portal/session.js';
import { sweepOldMessages } from './messages.js';
import { purgeDeletedCompanies } from './company-purge.js';
import { startRepeating, type RepeatingJob } from './repeat.js';
import { sweepWaitlist } from './waitlist.js';

export async function sweepOnce(services: Services, conn: Connection): Promise<Record<string, number>> {
  const now = services.clock.now();
  return {
    orphanTherapists: await sweepOrphanTherapists(services.models, now),
    linkTokens: await sweepExpiredLinkTokens(services.models, now),
    oauthStates: await sweepOAuthStateUses(services.models, now),
    portal: await sweepPortal(services.models, now),
    rateLimits: await sweepRateLimits(conn, now),
    slotClaims: await sweepOrphanClaims(services.models, now),
    stalledUploads: await sweepStalledUploads(services, now),
    staleSubmissions: await sweepStaleSubmissions(services.models, now),
    expiredInvoices: await sweepExpiredInvoices(services.models, now),
    signInAudits: await sweepSignInAudits(services.models, now),
    messageLeases: await sweepOldLeases(services.models, now),
    oldMessages: await sweepOldMessages(services.models, now),
    waitlist: await sweepWaitlist(services.models, now),
    adminAudit: await sweepAdminAudit(services.models, now),
    accessLog: await sweepAccessLog(services.models, now),
    purgedCompanies: (await purgeDeletedCompanies(services, now)).purged,
  };
}

/** Hourly, and once 10 s after start (a stop within those 10 s cancels it: nothing runs on a closing connection). */
export function startSweeper(services: Services, conn: Connection, logger: Logger, everyMs = 60 * 60 * 1000): RepeatingJob {
  return startRepeating('sweep', { everyMs, firstAfterMs: 10_000 }, () => sweepOnce(services, conn), logger);
}

/**
 * Deleting a clinic (docs/decisions/0030-deleting-a-clinic-in-two-steps.md). In two steps:
 *
 * 1. At once (`deleteCompany`): the company is marked deleted and disabled, every therapist's sign-in ends (the
 *    token version moves on, the account is inactive) and their usernames are freed (the e-mail may register anew),
 *    and the clinic's subscriptions at the payment provider are cancelled. From this moment nothing of the clinic can
 *    be read or signed into: the endpoint refuses its tokens, sign-in finds no account, its public pages say it takes
 *    no online bookings, the administrator's lists leave it out.
 * 2. After a grace period (COMPANY_PURGE_GRACE_MS), the purge job (jobs/company-purge.ts) removes its data: clients,
 *    journals, bookings, images and their blobs, everything, except what bookkeeping law keeps for 5 years (issued
 *    invoices and credit notes, cut to their bookkeeping content, and our own sales records of the clinic).
 *
 * The grace period lets an operator undo a mistaken deletion from the database (the usernames are kept inside the
 * freed ones, `deleted:<id>:<username>`); nobody can reach the data meanwhile.
 */
import type { Logger } from 'pino';
import type { SuperadminContext } from '../../context.js';
import type { CompanyDoc } from '../../models/index.js';

export const COMPANY_PURGE_GRACE_MS = 30 * 24 * 60 * 60 * 1000;

/** The username a deleted clinic's therapist keeps until the purge: unique, never an e-mail anyone can type. */
export function freedUsername(therapistId: string, username: string): string {
  return username.startsWith('deleted:') ? username : `deleted:${therapistId}:${username}`;
}

export async function startCompanyDeletion(ctx: SuperadminContext, company: CompanyDoc): Promise<void> {
  const db = ctx.tenant(company._id);
  const now = ctx.now();
  // First the mark: from here on the endpoint, sign-in and the public pages refuse the clinic.
  await db.Company.updateOne({}, { $set: { deletedAt: now, isDisabled: true } });
  const therapists = await db.Therapist.find({}, { username: 1, subscription: 1, deletedAt: 1 }).lean();
  for (const therapist of therapists) {
    await db.Therapist.updateOne(
      { _id: therapist._id },
      {
        $set: { username: freedUsername(therapist._id.toString(), therapist.username), isActive: false, isAvailable: false, deletedAt: therapist.deletedAt ?? now },
        $inc: { tokenVersion: 1 },
      },
    );
  }
  await cancelSubscriptions(ctx, company, therapists, ctx.services.logger);
}

/** Best effort: a subscription the provider cannot cancel now is logged for the operator (and its renewal finds no clinic). */
async function cancelSubscriptions(ctx: SuperadminContext, company: CompanyDoc, therapists: { subscription?: { handle?: string | null } | null }[], logger: Logger) {
  const subscriptions = await ctx.tenant(company._id).Subscription.find({ state: { $in: ['pending', 'active', 'dunning'] } }, { handle: 1 }).lean();
  const handles = [...subscriptions.map((subscription) => subscription.handle), ...therapists.flatMap((therapist) => (therapist.subscription?.handle ? [therapist.subscription.handle] : []))];
  for (const handle of new Set(handles)) {
    try {
      await ctx.services.payments.cancelSubscription(handle);
    } catch (error) {
      logger.error({ err: error, companyId: company._id, handle }, 'a deleted clinic\'s subscription could not be cancelled at the provider');
    }
  }
}

/** The clinic's plan as its owner changes it (spec 3, Plan choice): the free trial here; Pro in domain/commerce/plan.ts. */
import { freeTrialEndIfChosenAt, freeTrialRefusal, messages } from '@klinik/core';
import type { OwnerContext } from '../../context.js';
import { ConflictError } from '../../errors.js';

/**
 * Starts the one-month free trial once, its month counted from now (it ran from registration, so the card's
 * '1 måneds gratis prøve' chosen on day 20 gave 10 days); refused with the spec's reasons (Pro already, trial used,
 * trial running). The date stamped at registration (spec 1 §9) decides nothing.
 */
export async function startFreeTrial(ctx: OwnerContext) {
  const now = ctx.now();
  const company = ctx.company;
  const refusal = freeTrialRefusal(company, now);
  if (refusal === 'pro') throw new ConflictError(messages.freeTrialNotWithPro);
  if (refusal === 'expired') throw new ConflictError(messages.freeTrialExpired);
  if (refusal === 'active') throw new ConflictError(messages.freeTrialActive);
  // Compare-and-swap on the plan as read: a concurrent plan change makes this call lose, not overwrite.
  const updated = await ctx.db.Company.findOneAndUpdate(
    { planType: company.planType, status: company.status },
    { $set: { planType: 'freeTrial', status: 'active', trial: freeTrialEndIfChosenAt(now) } },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new ConflictError('Abonnementet blev ændret samtidig. Prøv igen.');
  return { planType: 'freeTrial' as const, status: 'active' as const, trial: updated.trial ?? null };
}

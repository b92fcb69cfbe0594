/** The clinic's plan as its owner changes it (spec 3, Plan choice): today the free trial; Pro comes with commerce. */
import { freeTrialRefusal, messages, REGISTRATION_TRIAL_MS } from '@klinik/core';
import type { OwnerContext } from '../../context.js';
import { ConflictError } from '../../errors.js';

/** Starts the 14-day free trial once; refused with the spec's reasons (Pro already, trial used, trial running). */
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
    { $set: { planType: 'freeTrial', status: 'active', trial: company.trial ?? now + REGISTRATION_TRIAL_MS } },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new ConflictError('Abonnementet blev ændret samtidig. Prøv igen.');
  return { planType: 'freeTrial' as const, status: 'active' as const, trial: updated.trial ?? null };
}

/**
 * The users page's trial (spec 3 §7: 90 days) as a subscription of the colleague's own. It used to be only
 * a `trial` stamp, which nothing checked: the dispatcher refuses a colleague by their own subscription, so one without
 * any worked on the clinic's plan for ever. Now it is the same state an invited colleague has after the owner started
 * their free trial: active until `endsAt`, the trial used, so afterwards the owner's choice is Pro, as for anyone whose
 * trial has ended. Used by the users page (admin.ts), the start-up migration of older colleagues
 * (migrations/colleague-trials.ts) and the demo seed.
 */
import { THERAPIST_TRIAL_MS } from '@klinik/core';

export function usersPageTrial(createdAt: number) {
  const endsAt = createdAt + THERAPIST_TRIAL_MS;
  return { trial: endsAt, subscription: { planType: 'freeTrial' as const, status: 'active' as const, endsAt, handle: null, trialUsed: true } };
}

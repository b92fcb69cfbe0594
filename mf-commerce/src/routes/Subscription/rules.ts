/**
 * The rules of /Abonnement (spec 3, Subscription overview), pure so they are tested: which plan subscription the plan
 * card shows, whether it offers 'buy pro' or 'Deaktiver', whether cancel-all can do anything, and when the settings
 * icon shows.
 */
import type { EndingSubscription, SubscriptionView } from '@klinik/core';
import { effectivePlanStatus, isProScheduled, normalizePlanType, type PlanState } from '@klinik/core/rules';

const LIVE: readonly SubscriptionView['state'][] = ['active', 'dunning', 'cancelled'];

/** The plan subscription the plan card is about: the newest one still running, else the newest one. */
export function currentPlanSubscription(subscriptions: readonly SubscriptionView[]): SubscriptionView | null {
  const plans = subscriptions.filter((subscription) => subscription.kind === 'plan');
  const newestFirst = [...plans].sort((a, b) => (b.period_from ?? 0) - (a.period_from ?? 0));
  return newestFirst.find((subscription) => LIVE.includes(subscription.state)) ?? newestFirst[0] ?? null;
}

export function addOnSubscriptions(subscriptions: readonly SubscriptionView[]): SubscriptionView[] {
  return subscriptions.filter((subscription) => subscription.kind === 'addOn');
}

/**
 * The plan card's button: 'buy pro' when the plan is the free trial, no card is saved or the plan is cancelled (and
 * whenever Pro is not running); 'Deaktiver' with a card saved and Pro active, or Pro bought during the trial to start
 * at its end (it can be ended before anything is charged).
 */
export function planCardAction(plan: PlanState, info: { isPaymentCardAdd: boolean }, now: number): 'buyPro' | 'deactivate' {
  const planType = normalizePlanType(plan.planType);
  const status = effectivePlanStatus(plan, now);
  const running = (planType === 'pro' && status === 'active') || isProScheduled(plan);
  return running && info.isPaymentCardAdd ? 'deactivate' : 'buyPro';
}

/**
 * Cancel-all is offered when it has something to end: what the server lists as ending with the plan (Pro, running
 * add-on subscriptions, colleagues' own Pro). (The spec disables it 'when the plan is not pro and there are no
 * add-ons'; what is already cancelled has nothing left to end either, and the server would refuse.)
 */
export function cancelAllEnabled(info: { endsWithPlan: readonly EndingSubscription[] }): boolean {
  return info.endsWithPlan.length > 0;
}

/** The plan card's settings icon: only for the Pro plan, and only when its subscription (an invoice) was found. */
export function planSettingsTarget(plan: PlanState, info: { isInvoiceFound: boolean }, subscription: SubscriptionView | null): string | null {
  if (normalizePlanType(plan.planType) !== 'pro' || !info.isInvoiceFound || !subscription) return null;
  return subscription.id;
}

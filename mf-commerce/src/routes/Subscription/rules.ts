/**
 * The rules of /Abonnement (spec 3, Subscription overview), pure so they are tested: which plan subscription the plan
 * card shows, whether it offers 'buy pro' or 'Deaktiver', whether cancel-all can do anything, and when the settings
 * icon shows.
 */
import type { SubscriptionView } from '@klinik/core';
import { effectivePlanStatus, normalizePlanType, type PlanState } from '@klinik/core/rules';

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
 * whenever Pro is not running); 'Deaktiver' with a card saved and Pro active.
 */
export function planCardAction(plan: PlanState, info: { isPaymentCardAdd: boolean }, now: number): 'buyPro' | 'deactivate' {
  const planType = normalizePlanType(plan.planType);
  const status = effectivePlanStatus(plan, now);
  return planType === 'pro' && status === 'active' && info.isPaymentCardAdd ? 'deactivate' : 'buyPro';
}

/**
 * Cancel-all is offered when it has something to cancel: Pro running and not yet cancelled, or an add-on
 * subscription running. (The spec disables it 'when the plan is not pro and there are no add-ons'; a plan or add-ons
 * already cancelled have nothing left to cancel either, and the server would refuse.)
 */
export function cancelAllEnabled(plan: PlanState, subscriptions: readonly SubscriptionView[], now: number): boolean {
  const proRunning = normalizePlanType(plan.planType) === 'pro' && effectivePlanStatus(plan, now) === 'active';
  const addOnRunning = addOnSubscriptions(subscriptions).some((subscription) => subscription.state === 'active' || subscription.state === 'dunning');
  return proRunning || addOnRunning;
}

/** The plan card's settings icon: only for the Pro plan, and only when its subscription (an invoice) was found. */
export function planSettingsTarget(plan: PlanState, info: { isInvoiceFound: boolean }, subscription: SubscriptionView | null): string | null {
  if (normalizePlanType(plan.planType) !== 'pro' || !info.isInvoiceFound || !subscription) return null;
  return subscription.id;
}

/**
 * Plan gating: one pure rule used by the shell, the remotes and the API alike (docs/architecture.md).
 *
 * Stored values: planType 'pro' | 'freeTrial' | 'empty'; status 'active' | 'cancelled' | 'expired' |
 * 'pending' | 'empty'. `null`/missing are read as 'empty' so older records behave like new ones.
 */

export const PLAN_TYPES = ['pro', 'freeTrial', 'empty'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const PLAN_STATUSES = ['active', 'cancelled', 'expired', 'pending', 'empty'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export interface PlanState {
  planType?: PlanType | null | undefined;
  status?: PlanStatus | null | undefined;
  /** End of the free trial, epoch ms. */
  trial?: number | null | undefined;
  /** A cancelled plan stays usable until this moment, epoch ms. */
  cancelDate?: number | null | undefined;
}

export function normalizePlanType(value: string | null | undefined): PlanType {
  return value === 'pro' || value === 'freeTrial' ? value : 'empty';
}

export function normalizePlanStatus(value: string | null | undefined): PlanStatus {
  return (PLAN_STATUSES as readonly string[]).includes(value ?? '') ? (value as PlanStatus) : 'empty';
}

/**
 * The status as of `now`: an active free trial whose end has passed is expired, and so is a cancelled plan
 * past its cancel date. The stored status may lag (the expiry job runs periodically); this never does.
 */
export function effectivePlanStatus(plan: PlanState, now: number): PlanStatus {
  const status = normalizePlanStatus(plan.status);
  const planType = normalizePlanType(plan.planType);
  if (status === 'active' && planType === 'freeTrial' && plan.trial != null && plan.trial <= now) return 'expired';
  if (status === 'cancelled' && plan.cancelDate != null && plan.cancelDate <= now) return 'expired';
  return status;
}

const BLOCKING_STATUSES: readonly PlanStatus[] = ['expired', 'pending', 'empty'];

/**
 * Spec 1 §4: status expired, pending or empty (with plan pro, freeTrial or empty, which is every plan type)
 * blocks the side menu: pages are denied and the entries carry a lock.
 */
export function isPlanBlocked(plan: PlanState, now: number): boolean {
  return BLOCKING_STATUSES.includes(effectivePlanStatus(plan, now));
}

/** Spec 1 §2: where login lands. */
export function landingPathAfterLogin(plan: PlanState, now: number): '/planlægge' | '/Kalender' {
  if (normalizePlanType(plan.planType) === 'empty') return '/planlægge';
  return isPlanBlocked(plan, now) ? '/planlægge' : '/Kalender';
}

/**
 * Spec 1 §4: account-menu items (settings, treatments, password, transactions, consent text) show only when
 * the status is active, cancelled or empty.
 */
export function showsAccountMenuItems(plan: PlanState, now: number): boolean {
  const status = effectivePlanStatus(plan, now);
  return status === 'active' || status === 'cancelled' || status === 'empty';
}

/**
 * Whether a 'pro'-gated feature is allowed: an active free trial or an active pro plan allows everything;
 * a cancelled plan until its end date; expired, pending or empty allow nothing.
 */
export function allowsProFeatures(plan: PlanState, now: number): boolean {
  const status = effectivePlanStatus(plan, now);
  const planType = normalizePlanType(plan.planType);
  if (planType === 'empty') return false;
  return status === 'active' || status === 'cancelled';
}

/**
 * Whether the clinic pays for its plan now (Pro, active or cancelled but still in its period): what the platform may
 * spend on its behalf, SMS beyond the free quota and the larger mail budget (issue 42), depends on it. A free trial
 * never makes the platform pay.
 */
export function isPaidPlan(plan: PlanState, now: number): boolean {
  return normalizePlanType(plan.planType) === 'pro' && allowsProFeatures(plan, now);
}

/** Spec 3, plan choice screen: the free-trial card shows only when the plan type is empty or freeTrial. */
export function showsFreeTrialCard(plan: PlanState): boolean {
  return normalizePlanType(plan.planType) !== 'pro';
}

export type PlanCardButton =
  | { label: 'udløbet'; disabled: true }
  | { label: 'udvalgt'; disabled: true }
  | { label: 'Vælg Abonnement'; disabled: false };

/** Spec 3, plan choice screen: the button of each plan card. */
export function planCardButton(card: 'freeTrial' | 'pro', plan: PlanState, now: number): PlanCardButton {
  const planType = normalizePlanType(plan.planType);
  const status = effectivePlanStatus(plan, now);
  if (card === 'freeTrial' && planType === 'freeTrial') {
    return status === 'expired' ? { label: 'udløbet', disabled: true } : { label: 'udvalgt', disabled: true };
  }
  if (card === 'pro' && planType === 'pro' && status === 'active') return { label: 'udvalgt', disabled: true };
  return { label: 'Vælg Abonnement', disabled: false };
}

/**
 * Why the one-month free trial cannot be started now, or null when it can. The server and the plan card agree
 * through this rule: it is for a company without a plan, or one whose trial has not run out.
 */
export function freeTrialRefusal(plan: PlanState, now: number): 'pro' | 'expired' | 'active' | null {
  const planType = normalizePlanType(plan.planType);
  if (planType === 'pro') return 'pro';
  if (plan.trial != null && plan.trial <= now) return 'expired';
  if (planType === 'freeTrial' && effectivePlanStatus(plan, now) === 'active') return 'active';
  return null;
}

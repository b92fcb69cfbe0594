/**
 * Plan gating: one pure rule used by the shell, the remotes and the API alike (docs/architecture.md, 'The frontends').
 *
 * Stored values: planType 'pro' | 'freeTrial' | 'empty'; status 'active' | 'cancelled' | 'expired' |
 * 'pending' | 'empty'. `null`/missing are read as 'empty' so older records behave like new ones.
 */
import { REGISTRATION_TRIAL_MS } from './constants.js';

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
  /**
   * Pro bought during the free trial: its paid period, and its first charge, start at this moment, the
   * trial's end. Until then the plan is the trial, and nothing has been charged.
   */
  proStartsAt?: number | null | undefined;
}

/**
 * The free trial's length, counted from the moment the owner chooses it (it used to run from registration,
 * so an owner who chose '1 måneds gratis prøve' on day 20 got 10 days). Spec 1 §9's 2,592,000,000 ms.
 */
export const FREE_TRIAL_MS = REGISTRATION_TRIAL_MS;

/** When the free trial would end if it were chosen at `now`: what its card promises before it is chosen. */
export function freeTrialEndIfChosenAt(now: number): number {
  return now + FREE_TRIAL_MS;
}

/**
 * Spec 2 §1: where the plan does not allow a feature the product says 'Kan kun bruges med pro abonnement' (or 'Kan kun
 * benyttes med Pro version'); when there is no plan at all, this.
 */
export const NO_PLAN_TEXT = 'Du kan vælge en hvilken som helst plan, og så kan du bruge den';

/** The refusal of a Pro-gated feature: the no-plan text for a clinic without a plan, else `otherwise`. */
export function planRefusalText(plan: Pick<PlanState, 'planType'>, otherwise: string): string {
  return normalizePlanType(plan.planType) === 'empty' ? NO_PLAN_TEXT : otherwise;
}

/**
 * Buying Pro now: during a running free trial the card is saved and the paid period starts the moment the
 * trial ends (the first charge that day, by the provider's renewal); otherwise the first month is charged at once. The
 * Pro card says which, with the date, and the server buys it so.
 */
export function proPurchaseTiming(plan: PlanState, now: number): { kind: 'atTrialEnd'; startsAt: number } | { kind: 'now' } {
  if (normalizePlanType(plan.planType) === 'freeTrial' && effectivePlanStatus(plan, now) === 'active' && plan.trial != null && plan.trial > now) {
    return { kind: 'atTrialEnd', startsAt: plan.trial };
  }
  return { kind: 'now' };
}

/** Pro is bought to follow the trial and has not been charged yet. */
export function isProScheduled(plan: PlanState): boolean {
  return plan.proStartsAt != null && normalizePlanType(plan.planType) === 'freeTrial';
}

export function normalizePlanType(value: string | null | undefined): PlanType {
  return value === 'pro' || value === 'freeTrial' ? value : 'empty';
}

export function normalizePlanStatus(value: string | null | undefined): PlanStatus {
  return (PLAN_STATUSES as readonly string[]).includes(value ?? '') ? (value as PlanStatus) : 'empty';
}

/**
 * The status as of `now`: an active free trial whose end has passed is expired (unless Pro was bought to follow it:
 * its first charge at the trial's end makes the plan Pro, and the clinic is not locked out in the minutes until that
 * charge is reported), and so is a cancelled plan past its cancel date. The stored status may lag (the expiry job runs
 * periodically); this never does.
 */
export function effectivePlanStatus(plan: PlanState, now: number): PlanStatus {
  const status = normalizePlanStatus(plan.status);
  const planType = normalizePlanType(plan.planType);
  if (status === 'active' && planType === 'freeTrial' && plan.trial != null && plan.trial <= now && plan.proStartsAt == null) return 'expired';
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
 * spend on its behalf, SMS beyond the free quota and the larger mail budget, depends on it. A free trial
 * never makes the platform pay.
 */
export function isPaidPlan(plan: PlanState, now: number): boolean {
  return normalizePlanType(plan.planType) === 'pro' && allowsProFeatures(plan, now);
}

/**
 * When the clinic's plan stops being usable, as far as it is known now: `now` or earlier when it is not
 * usable (expired, pending, no plan); the cancel date of a cancelled Pro plan; the end of a free trial with no Pro
 * bought to follow it; null while nothing ends it (Pro that renews, or a trial with Pro starting at its end). Nothing
 * of the clinic's (an add-on's or a colleague's subscription) may be charged from that moment on.
 */
export function planKnownEnd(plan: PlanState, now: number): number | null {
  if (!allowsProFeatures(plan, now)) return now;
  const planType = normalizePlanType(plan.planType);
  const status = effectivePlanStatus(plan, now);
  if (planType === 'pro' && status === 'cancelled') return plan.cancelDate ?? now;
  if (planType === 'freeTrial' && plan.proStartsAt == null) return plan.trial ?? now;
  return null;
}

/**
 * Whether the clinic may start a new monthly subscription (a monthly add-on, a colleague's Pro): its plan is usable and
 * not ended by the owner (what would start now would be ended with it at once).
 */
export function allowsNewSubscriptions(plan: PlanState, now: number): boolean {
  if (!allowsProFeatures(plan, now)) return false;
  return !(normalizePlanType(plan.planType) === 'pro' && effectivePlanStatus(plan, now) === 'cancelled');
}

/**
 * Whether an add-on that is free with Pro may be switched on: Pro usable now, or bought during the trial to follow it
 * (the clinic has chosen Pro; its first charge is at the trial's end).
 */
export function allowsFreeWithPro(plan: PlanState, now: number): boolean {
  return (normalizePlanType(plan.planType) === 'pro' || isProScheduled(plan)) && allowsProFeatures(plan, now);
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
  // Pro bought during the trial, starting when it ends, is chosen too.
  if (card === 'pro' && isProScheduled(plan)) return { label: 'udvalgt', disabled: true };
  return { label: 'Vælg Abonnement', disabled: false };
}

/**
 * Why the one-month free trial cannot be started now, or null when it can. The server and the plan card agree
 * through this rule: it is for a company without a plan (its month then runs from that moment, whenever the clinic
 * registered: the date stamped at registration decides nothing), once.
 */
export function freeTrialRefusal(plan: PlanState, now: number): 'pro' | 'expired' | 'active' | null {
  const planType = normalizePlanType(plan.planType);
  if (planType === 'pro') return 'pro';
  if (planType === 'freeTrial' && plan.trial != null && plan.trial <= now) return 'expired';
  if (planType === 'freeTrial' && effectivePlanStatus(plan, now) === 'active') return 'active';
  return null;
}

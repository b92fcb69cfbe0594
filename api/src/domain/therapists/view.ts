/** A therapist as the administration pages show them: no password hash, token version or provider handle. */
import { effectiveTherapistStatus, OCCUPATIONS, type TherapistRow, type TherapistSubscriptionState } from '@klinik/core';
import type { TherapistDoc } from '../../models/index.js';
import { therapistBasics } from '../accounts/view.js';

const OCCUPATION_NAMES = new Map<string, string>(OCCUPATIONS.map((occupation) => [occupation.id, occupation.danishName]));

export function subscriptionStateOf(therapist: Pick<TherapistDoc, 'subscription'>): TherapistSubscriptionState | null {
  const subscription = therapist.subscription;
  if (!subscription) return null;
  return { planType: subscription.planType === 'pro' ? 'pro' : 'freeTrial', status: subscription.status ?? 'pending', endsAt: subscription.endsAt ?? null };
}

export function toTherapistRow(therapist: TherapistDoc, now: number): TherapistRow {
  const state = subscriptionStateOf(therapist);
  const status = effectiveTherapistStatus(state, now);
  return {
    ...therapistBasics(therapist),
    hasPassword: Boolean(therapist.passwordHash),
    occupation: (therapist.occupation ?? []).filter((id) => OCCUPATION_NAMES.has(id)).map((id) => ({ id, danishName: OCCUPATION_NAMES.get(id)! })),
    therapistSubscription: state && status ? { planType: state.planType, status, endsAt: state.endsAt, isActive: status === 'active' || status === 'cancelled' } : null,
  };
}

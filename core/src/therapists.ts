/**
 * Therapist administration (spec 3: Therapist administration, §3 Therapist / Occupation, §4 Therapist subscription
 * display and Status dialog, §5 Therapist add/edit and Create user, §8): the seeded occupations, the limit, the
 * subscription display and the status dialog's default, and the Danish texts. Pure, shared by the page and the API.
 */

/** At most this many therapists (the owner included) per clinic; enforced by the server under concurrency. */
export const MAX_THERAPISTS = 5;

/** A therapist's own free trial (spec 3 §4, Plan choice for a therapist): one month at 0 kr. (A user made on the
 * users page gets constants.ts' THERAPIST_TRIAL_MS, 90 days, as spec 3 §7 says.) */
export const THERAPIST_FREE_MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/** The occupations a therapist can hold (`getAllOccupation`): stable ids, Danish names. */
export const OCCUPATIONS = [
  { id: 'fysioterapeut', danishName: 'Fysioterapeut' },
  { id: 'kiropraktor', danishName: 'Kiropraktor' },
  { id: 'massoer', danishName: 'Massør' },
  { id: 'psykolog', danishName: 'Psykolog' },
  { id: 'zoneterapeut', danishName: 'Zoneterapeut' },
  { id: 'akupunktoer', danishName: 'Akupunktør' },
  { id: 'ergoterapeut', danishName: 'Ergoterapeut' },
  { id: 'osteopat', danishName: 'Osteopat' },
  { id: 'diaetist', danishName: 'Diætist' },
  { id: 'fodterapeut', danishName: 'Fodterapeut' },
  { id: 'psykoterapeut', danishName: 'Psykoterapeut' },
  { id: 'sygeplejerske', danishName: 'Sygeplejerske' },
  { id: 'personlig-traener', danishName: 'Personlig træner' },
  { id: 'coach', danishName: 'Coach' },
] as const;
export type OccupationId = (typeof OCCUPATIONS)[number]['id'];
export const OCCUPATION_IDS = OCCUPATIONS.map((occupation) => occupation.id) as [OccupationId, ...OccupationId[]];

export const THERAPIST_PLAN_TYPES = ['freeTrial', 'pro'] as const;
export const THERAPIST_SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled', 'expired'] as const;
export type TherapistSubscriptionStatus = (typeof THERAPIST_SUBSCRIPTION_STATUSES)[number];

export interface TherapistSubscriptionState {
  planType: (typeof THERAPIST_PLAN_TYPES)[number];
  status: TherapistSubscriptionStatus;
  /** End of the free trial, or of the paid (or cancelled) period: epoch ms. */
  endsAt: number | null;
}

/**
 * The status the subscription has now: an active trial or a cancelled period whose end has passed is expired.
 * A therapist whose own subscription is not active or cancelled-within-its-period cannot work in the clinic.
 */
export function effectiveTherapistStatus(subscription: TherapistSubscriptionState | null, now: number): TherapistSubscriptionStatus | null {
  if (!subscription) return null;
  if ((subscription.status === 'active' || subscription.status === 'cancelled') && subscription.endsAt !== null && subscription.endsAt <= now) return 'expired';
  return subscription.status;
}

/** Spec 3 §4: pending or none 'IKKE AKTIV'; active 'AKTIV'; cancelled or expired 'AFLYST'. */
export function therapistSubscriptionLabel(status: TherapistSubscriptionStatus | null): 'IKKE AKTIV' | 'AKTIV' | 'AFLYST' {
  if (status === 'active') return 'AKTIV';
  if (status === 'cancelled' || status === 'expired') return 'AFLYST';
  return 'IKKE AKTIV';
}

export type StatusChoice = 'active' | 'deactivate' | 'stopSubscription';

/**
 * The status dialog's choice on opening (spec 3 §4): active when there is no subscription or it is pending or
 * active; stop-subscription when the therapist is active but the subscription is cancelled or expired; deactivate
 * when both the therapist and the subscription are inactive.
 */
export function defaultStatusChoice(isActive: boolean, status: TherapistSubscriptionStatus | null): StatusChoice {
  if (status === null || status === 'pending' || status === 'active') return 'active';
  return isActive ? 'stopSubscription' : 'deactivate';
}

export const therapistMessages = {
  added: 'Terapeut tilføjet med succes!',
  updated: 'Terapeut opdateret med succes!',
  deleted: 'Terapeut slettet med succes!',
  saveFailed: 'An error occurred while saving.',
  activationFailed: 'An error occurred while activating the therapist.',
  subscriptionCancelled: 'Abonnementet er blevet opsagt.',
  alreadyActive: 'Du kan ikke aktivere denne terapeut; han/hun er allerede aktiv.',
  alreadyInactive: 'Denne terapeut er allerede inaktiv.',
  alreadyStopped: 'Denne terapeut har allerede opsagt eller udløbet sit abonnement.',
  phoneDigits: 'Telefonnummer må kun indeholde tal',
  occupationRequired: 'Vælg mindst én stilling',
  chooseAdministrator: 'Vælg venligst en administrator.',
  userCreated: 'Brugeren er oprettet med succes.',
  /** Ours: the spec gives the disabled button and its tooltip, not the text. */
  limitReached: `Klinikken har allerede ${MAX_THERAPISTS} terapeuter, som er det højeste antal.`,
  // ours: an invitation is a mail under the platform's name
  inviteNeedsPlan: 'Klinikken skal have en aktiv prøveperiode eller et abonnement, før den kan invitere kolleger.',
  unknownTherapist: 'Terapeuten findes ikke i klinikken.',
  ownAvailabilityOnly: 'Du kan kun ændre din egen tilgængelighed.',
  availableOn: 'Du kan tage nye klienter.',
  availableOff: 'Du tager ikke nye klienter.',
  ownerHandedOver: 'Ejerskabet er overdraget. Du bliver nu logget ud.',
  notToSelf: 'Vælg en anden terapeut end dig selv.',
  ownerCannotBeChanged: 'Klinikkens ejer kan ikke ændres her.',
  futureBookings: 'Terapeuten har kommende bookinger. Flyt eller aflys dem, før terapeuten slettes.',
  invitationSent: (email: string) => `En invitation er sendt til ${email}.`,
  freeTrialStarted: 'Terapeutens gratis prøveperiode er startet.',
  trialAlreadyUsed: 'Terapeuten har allerede haft en prøveperiode. Vælg Pro.',
  proStarted: 'Terapeutens Pro abonnement er aktivt.',
  subscriptionEnded: 'Dit abonnement er ikke aktivt. Kontakt klinikkens ejer.',
  profileSaved: 'Dine oplysninger er gemt.',
} as const;

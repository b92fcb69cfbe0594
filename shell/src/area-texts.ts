/**
 * Texts of the therapist area that the sign-in pages never show, apart from texts.ts: the login page loads
 * texts.ts whole and stays within its 200 KB budget only if nothing is added there.
 */
export const areaTexts = {
  therapistFailed: 'Dine oplysninger kunne ikke hentes.',
  consentFailed: 'Klinikkens navn kunne ikke hentes.',
  /** The account menu's own profile (name, phone, colour, availability): ours. */
  profile: 'Min profil',
  /** Spec 1, Accounting sync (running, done); the button's name and the failure are ours. */
  sync: { running: 'synkronisering...', done: 'synkroniseringen er afsluttet.', failed: 'Overførelse fejlede', button: 'Synkroniser med Dinero' },
} as const;

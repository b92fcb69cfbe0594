/**
 * Texts of the therapist area that the sign-in pages never show, apart from texts.ts: the login page loads
 * texts.ts whole and stays within its 200 KB budget only if nothing is added there.
 */
export const areaTexts = {
  therapistFailed: 'Dine oplysninger kunne ikke hentes.',
  consentFailed: 'Klinikkens navn kunne ikke hentes.',
} as const;

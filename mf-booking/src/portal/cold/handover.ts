/**
 * What the prerendered first paint (ColdPage) hands to the real page when the app takes it over: the e-mail typed
 * into the prerendered field, and whether that field had the focus. React replaces the prerendered markup when it
 * first commits, so this is read during the real form's first render, while the field is still in the document.
 */
export const COLD_EMAIL_ID = 'portal-cold-email';
export const COLD_FORM_ID = 'portal-cold-form';
export const COLD_STATUS_ID = 'portal-cold-status';

export function prerenderedEmail(): { email: string; focused: boolean } {
  const input = typeof document === 'undefined' ? null : document.getElementById(COLD_EMAIL_ID);
  if (!(input instanceof HTMLInputElement)) return { email: '', focused: false };
  return { email: input.value, focused: document.activeElement === input };
}

/**
 * The sandbox drive's consent page, as Google shows one: plain server-rendered HTML in Danish, usable on a phone and
 * with a keyboard. The user names the test account (the same e-mail is the same drive, so signing in again finds
 * what was copied before), may untick the drive permission (as Google's granular consent allows: the app then says
 * 'Access not granted. Please try again.') and answers 'Tillad' or 'Afvis'.
 */
import { escapeHtml, sandboxConsentPage, sandboxInvalidRequestPage } from '../../sandbox/pages.js';

export const DRIVE_CONSENT_TEXTS = {
  title: 'Log ind på Google Drive',
  sandbox: 'Testmiljø: intet gemmes på et rigtigt Google Drive.',
  asks: 'Klinik beder om adgang til de filer og mapper på dit Google Drive, som Klinik selv opretter.',
  account: 'Google-konto (e-mail)',
  defaultAccount: 'klinik.test@gmail.com',
  permission: 'Se, redigere, oprette og slette de Google Drev-filer, du bruger med denne app',
  allow: 'Tillad',
  deny: 'Afvis',
  invalid: 'Forespørgslen er ugyldig: den kommer ikke fra Klinik, eller returadressen er ikke registreret.',
} as const;

const LOOK = { title: DRIVE_CONSENT_TEXTS.title, accent: '#1a73e8', background: '#f1f3f4' } as const;

export function driveConsentPage(request: { clientId: string; redirectUri: string; state: string }): string {
  const T = DRIVE_CONSENT_TEXTS;
  return sandboxConsentPage({
    look: LOOK,
    asks: T.asks,
    note: T.sandbox,
    action: '/sandbox/drive/authorize',
    request,
    fields: `<label for="account">${escapeHtml(T.account)}</label>
  <input type="email" id="account" name="account" value="${escapeHtml(T.defaultAccount)}" maxlength="200" required>
  <label class="check"><input type="checkbox" name="drive" value="1" checked> <span>${escapeHtml(T.permission)}</span></label>`,
    allow: T.allow,
    deny: T.deny,
  });
}

export function driveInvalidRequestPage(): string {
  return sandboxInvalidRequestPage(LOOK, DRIVE_CONSENT_TEXTS.invalid);
}

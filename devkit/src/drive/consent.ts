/**
 * The drive sandbox on the one consent page (sandbox/consent.ts), as Google shows one: the user names the test account
 * (the same e-mail is the same drive, so signing in again finds what was copied before), may untick the drive
 * permission (as Google's granular consent allows: the app then says 'Access not granted. Please try again.') and
 * answers 'Tillad' or 'Afvis'. As Google does, the return carries the scopes granted.
 */
import { DRIVE_SCOPE } from '@klinik/core';
import type { ConsentProvider } from '../sandbox/consent.js';
import { escapeHtml } from '../sandbox/pages.js';
import type { DriveSandbox } from './provider.js';

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

export function driveConsent(sandbox: DriveSandbox, redirectUri: string): ConsentProvider {
  const T = DRIVE_CONSENT_TEXTS;
  return {
    name: 'drive',
    look: { title: T.title, accent: '#1a73e8', background: '#f1f3f4' },
    texts: T,
    fields: `<label for="account">${escapeHtml(T.account)}</label>
  <input type="email" id="account" name="account" value="${escapeHtml(T.defaultAccount)}" maxlength="200" required>
  <label class="check"><input type="checkbox" name="drive" value="1" checked> <span>${escapeHtml(T.permission)}</span></label>`,
    redirectUri,
    validRequest: (clientId, uri) => sandbox.validRequest(clientId, uri),
    async allow(form) {
      const withDrive = form('drive') === '1';
      return { code: await sandbox.grant(form('account'), withDrive), scope: withDrive ? DRIVE_SCOPE : '' };
    },
  };
}

/**
 * The accounting sandbox on the one consent page (sandbox/consent.ts), as Visma Connect shows one for Dinero: the owner
 * names the test organisation (the same name is the same organisation, so a second connection finds what the first
 * transferred) and answers 'Tillad' or 'Afvis'.
 */
import type { ConsentProvider } from '../sandbox/consent.js';
import { escapeHtml } from '../sandbox/pages.js';
import type { AccountingSandbox } from './provider.js';

export const CONSENT_TEXTS = {
  title: 'Forbind Klinik med Dinero',
  sandbox: 'Testmiljø: intet sendes til et rigtigt regnskab.',
  asks: 'Klinik beder om adgang til at læse og skrive i dit Dinero-regnskab: kontakter, produkter og fakturaer.',
  organization: 'Organisation',
  defaultOrganization: 'Min klinik (testregnskab)',
  allow: 'Tillad',
  deny: 'Afvis',
  invalid: 'Forespørgslen er ugyldig: den kommer ikke fra Klinik, eller returadressen er ikke registreret.',
} as const;

export function accountingConsent(sandbox: AccountingSandbox, redirectUri: string): ConsentProvider {
  const T = CONSENT_TEXTS;
  return {
    name: 'accounting',
    look: { title: T.title, accent: '#00704a', background: '#f3f6f4' },
    texts: T,
    fields: `<label for="organization">${escapeHtml(T.organization)}</label>
  <input type="text" id="organization" name="organization" value="${escapeHtml(T.defaultOrganization)}" maxlength="100" required>`,
    redirectUri,
    validRequest: (clientId, uri) => sandbox.validRequest(clientId, uri),
    allow: async (form) => ({ code: await sandbox.grant(form('organization')) }),
  };
}

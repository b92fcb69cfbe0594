/**
 * The sandbox's consent page, as Visma Connect shows one for Dinero: plain server-rendered HTML in Danish, usable on a
 * phone and with a keyboard. The owner names the test organisation (the same name is the same organisation, so a
 * second connection finds what the first transferred) and answers 'Tillad' or 'Afvis'.
 */
import { escapeHtml, sandboxConsentPage, sandboxInvalidRequestPage } from '../../sandbox/pages.js';

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

const LOOK = { title: CONSENT_TEXTS.title, accent: '#00704a', background: '#f3f6f4' } as const;

export function consentPage(request: { clientId: string; redirectUri: string; state: string }): string {
  const T = CONSENT_TEXTS;
  return sandboxConsentPage({
    look: LOOK,
    asks: T.asks,
    note: T.sandbox,
    action: '/sandbox/accounting/authorize',
    request,
    fields: `<label for="organization">${escapeHtml(T.organization)}</label>
  <input type="text" id="organization" name="organization" value="${escapeHtml(T.defaultOrganization)}" maxlength="100" required>`,
    allow: T.allow,
    deny: T.deny,
  });
}

export function invalidRequestPage(): string {
  return sandboxInvalidRequestPage(LOOK, CONSENT_TEXTS.invalid);
}

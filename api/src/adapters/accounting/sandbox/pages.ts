/**
 * The sandbox's consent page, as Visma Connect shows one for Dinero: plain server-rendered HTML in Danish, usable on a
 * phone and with a keyboard. The owner names the test organisation (the same name is the same organisation, so a
 * second connection finds what the first transferred) and answers 'Tillad' or 'Afvis'.
 */
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

const T = CONSENT_TEXTS;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

const STYLE = `
  :root { font-family: system-ui, sans-serif; color: #1b1b1b; background: #f3f6f4; }
  body { margin: 0; display: grid; min-height: 100vh; place-items: start center; }
  main { box-sizing: border-box; width: min(440px, calc(100vw - 32px)); margin: 32px 0; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 2px 8px #0002; }
  h1 { font-size: 1.3rem; margin: 0 0 12px; }
  .note { background: #fff4ce; border-radius: 4px; padding: 8px 12px; font-size: .9rem; }
  .error { background: #fde7e9; color: #a4262c; border-radius: 4px; padding: 8px 12px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input[type=text] { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 10px; border: 1px solid #8a8886; border-radius: 4px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; flex-wrap: wrap; }
  button { font-size: 1rem; padding: 10px 16px; border-radius: 4px; border: 1px solid #00704a; background: #fff; color: #00704a; cursor: pointer; }
  button.primary { background: #00704a; color: #fff; }
`;

function layout(body: string): string {
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(T.title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function consentPage(request: { clientId: string; redirectUri: string; state: string }): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;
  return layout(`<h1>${T.title}</h1>
<p>${T.asks}</p>
<p class="note">${T.sandbox}</p>
<form method="post" action="/sandbox/accounting/authorize">
  ${hidden('client_id', request.clientId)}${hidden('redirect_uri', request.redirectUri)}${hidden('state', request.state)}
  <label for="organization">${T.organization}</label>
  <input type="text" id="organization" name="organization" value="${escape(T.defaultOrganization)}" maxlength="100" required>
  <div class="actions">
    <button class="primary" type="submit" name="answer" value="allow">${T.allow}</button>
    <button type="submit" name="answer" value="deny">${T.deny}</button>
  </div>
</form>`);
}

export function invalidRequestPage(): string {
  return layout(`<h1>${T.title}</h1><p class="error" role="alert">${T.invalid}</p>`);
}

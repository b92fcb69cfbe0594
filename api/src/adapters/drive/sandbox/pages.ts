/**
 * The sandbox drive's consent page, as Google shows one: plain server-rendered HTML in Danish, usable on a phone and
 * with a keyboard. The user names the test account (the same e-mail is the same drive, so signing in again finds
 * what was copied before), may untick the drive permission (as Google's granular consent allows: the app then says
 * 'Access not granted. Please try again.') and answers 'Tillad' or 'Afvis'.
 */
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

const T = DRIVE_CONSENT_TEXTS;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

const STYLE = `
  :root { font-family: system-ui, sans-serif; color: #1b1b1b; background: #f1f3f4; }
  body { margin: 0; display: grid; min-height: 100vh; place-items: start center; }
  main { box-sizing: border-box; width: min(440px, calc(100vw - 32px)); margin: 32px 0; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 2px 8px #0002; }
  h1 { font-size: 1.3rem; margin: 0 0 12px; }
  .note { background: #fff4ce; border-radius: 4px; padding: 8px 12px; font-size: .9rem; }
  .error { background: #fde7e9; color: #a4262c; border-radius: 4px; padding: 8px 12px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  label.check { display: flex; gap: 8px; align-items: flex-start; font-weight: 400; }
  input[type=email] { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 10px; border: 1px solid #8a8886; border-radius: 4px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; flex-wrap: wrap; }
  button { font-size: 1rem; padding: 10px 16px; border-radius: 4px; border: 1px solid #1a73e8; background: #fff; color: #1a73e8; cursor: pointer; }
  button.primary { background: #1a73e8; color: #fff; }
`;

function layout(body: string): string {
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(T.title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function driveConsentPage(request: { clientId: string; redirectUri: string; state: string }): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escape(value)}">`;
  return layout(`<h1>${T.title}</h1>
<p>${T.asks}</p>
<p class="note">${T.sandbox}</p>
<form method="post" action="/sandbox/drive/authorize">
  ${hidden('client_id', request.clientId)}${hidden('redirect_uri', request.redirectUri)}${hidden('state', request.state)}
  <label for="account">${T.account}</label>
  <input type="email" id="account" name="account" value="${escape(T.defaultAccount)}" maxlength="200" required>
  <label class="check"><input type="checkbox" name="drive" value="1" checked> <span>${T.permission}</span></label>
  <div class="actions">
    <button class="primary" type="submit" name="answer" value="allow">${T.allow}</button>
    <button type="submit" name="answer" value="deny" formnovalidate>${T.deny}</button>
  </div>
</form>`);
}

export function driveInvalidRequestPage(): string {
  return layout(`<h1>${T.title}</h1><p class="error" role="alert">${T.invalid}</p>`);
}

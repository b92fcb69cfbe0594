/**
 * The sandboxes' pages share one plain layout: server-rendered HTML in Danish, usable on a phone and with a keyboard,
 * in the provider's colour (the consent page, consent.ts; the payment checkout has its own, payments/pages.ts).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

function style(accent: string, background: string): string {
  return `
  :root { font-family: system-ui, sans-serif; color: #1b1b1b; background: ${background}; }
  body { margin: 0; display: grid; min-height: 100vh; place-items: start center; }
  main { box-sizing: border-box; width: min(440px, calc(100vw - 32px)); margin: 32px 0; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 2px 8px #0002; }
  h1 { font-size: 1.3rem; margin: 0 0 12px; }
  .note { background: #fff4ce; border-radius: 4px; padding: 8px 12px; font-size: .9rem; }
  .error { background: #fde7e9; color: #a4262c; border-radius: 4px; padding: 8px 12px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  label.check { display: flex; gap: 8px; align-items: flex-start; font-weight: 400; }
  input[type=text], input[type=email] { box-sizing: border-box; width: 100%; font-size: 1rem; padding: 10px; border: 1px solid #8a8886; border-radius: 4px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; flex-wrap: wrap; }
  button { font-size: 1rem; padding: 10px 16px; border-radius: 4px; border: 1px solid ${accent}; background: #fff; color: ${accent}; cursor: pointer; }
  button.primary { background: ${accent}; color: #fff; }
`;
}

export interface ConsentLook {
  title: string;
  /** The provider's colour (buttons) and the page's background. */
  accent: string;
  background: string;
}

export function sandboxLayout(look: ConsentLook, body: string): string {
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(look.title)}</title><style>${style(look.accent, look.background)}</style></head><body><main>${body}</main></body></html>`;
}

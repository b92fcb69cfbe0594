/**
 * The one consent page of the OAuth sandboxes (the accounting system's, as Visma Connect shows one for Dinero; the
 * drive's, as Google shows one), at `/sandbox/<provider>/authorize` on the API's origin: plain server-rendered HTML in
 * Danish, usable on a phone and with a keyboard, in the provider's colour. 'Tillad' sends the browser back to the
 * registered return route with `code` and `state` (and what the provider adds, such as Google's `scope`); 'Afvis'
 * with `error=access_denied`. A request naming another client or return address is refused on the page (no open
 * redirect). The answer is never cached, under a policy that allows nothing but its inline style and a form posting
 * to itself, whose answer redirects to the return route on the shell's origin (CSP's form-action covers that).
 */
import type Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { escapeHtml, sandboxLayout, type ConsentLook } from './pages.js';

export interface ConsentTexts {
  asks: string;
  sandbox: string;
  allow: string;
  deny: string;
  invalid: string;
}

/** An OAuth sandbox as its consent page needs it. */
export interface ConsentProvider {
  /** The path segment: `/sandbox/<name>/authorize`. */
  name: string;
  look: ConsentLook;
  texts: ConsentTexts;
  /** The provider's own fields (already HTML), between the request and the buttons. */
  fields: string;
  /** The only address the page sends a browser back to. */
  redirectUri: string;
  /** Whether a request names this sandbox and the registered return address. */
  validRequest(clientId: string, redirectUri: string): boolean;
  /** 'Tillad' with the form's fields: the parameters the browser returns with (a code, and what the provider adds). */
  allow(form: (name: string) => string): Promise<Record<string, string>>;
}

interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  state: string;
}

export function consentPage(provider: ConsentProvider, request: ConsentRequest): string {
  const T = provider.texts;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return sandboxLayout(
    provider.look,
    `<h1>${escapeHtml(provider.look.title)}</h1>
<p>${escapeHtml(T.asks)}</p>
<p class="note">${escapeHtml(T.sandbox)}</p>
<form method="post" action="/sandbox/${escapeHtml(provider.name)}/authorize">
  ${hidden('client_id', request.clientId)}${hidden('redirect_uri', request.redirectUri)}${hidden('state', request.state)}
  ${provider.fields}
  <div class="actions">
    <button class="primary" type="submit" name="answer" value="allow">${escapeHtml(T.allow)}</button>
    <button type="submit" name="answer" value="deny" formnovalidate>${escapeHtml(T.deny)}</button>
  </div>
</form>`,
  );
}

function invalidRequestPage(provider: ConsentProvider): string {
  return sandboxLayout(provider.look, `<h1>${escapeHtml(provider.look.title)}</h1><p class="error" role="alert">${escapeHtml(provider.texts.invalid)}</p>`);
}

/** A query or form value as text ('' for anything else). */
const text = (value: unknown) => (typeof value === 'string' ? value : '');

interface HtmlContext {
  type: string;
  body: unknown;
  status: number;
  set(name: string, value: string): void;
}

function answerHtml(ctx: HtmlContext, returnOrigin: string, page: string, status = 200): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${returnOrigin}; frame-ancestors 'none'`);
  ctx.body = page;
}

export function consentRoutes(router: Router, providers: ConsentProvider[]): void {
  const form = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });
  for (const provider of providers) {
    const origin = new URL(provider.redirectUri).origin;
    const path = `/sandbox/${provider.name}/authorize`;

    router.get(path, (ctx) => {
      const request = { clientId: text(ctx.query.client_id), redirectUri: text(ctx.query.redirect_uri), state: text(ctx.query.state) };
      if (text(ctx.query.response_type) !== 'code' || !provider.validRequest(request.clientId, request.redirectUri)) return answerHtml(ctx, origin, invalidRequestPage(provider), 400);
      answerHtml(ctx, origin, consentPage(provider, request));
    });

    router.post(path, form, async (ctx) => {
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      const redirectUri = text(body.redirect_uri);
      if (!provider.validRequest(text(body.client_id), redirectUri)) return answerHtml(ctx, origin, invalidRequestPage(provider), 400);
      const back = new URL(redirectUri);
      if (body.answer === 'allow') {
        for (const [name, value] of Object.entries(await provider.allow((field) => text(body[field])))) back.searchParams.set(name, value);
      } else {
        back.searchParams.set('error', 'access_denied');
      }
      back.searchParams.set('state', text(body.state));
      ctx.status = 303;
      ctx.redirect(back.toString());
    });
  }
}

/**
 * The sandbox accounting system's HTTP side, when it is the provider: Visma Connect's consent page at
 * `/sandbox/accounting/authorize` on the API's origin. 'Tillad' sends the browser back to the registered return route
 * with `code` and `state`; 'Afvis' with `error=access_denied`. A request naming another client or return address is
 * refused on the page (no open redirect).
 */
import type Router from '@koa/router';
import { consentPage, invalidRequestPage } from '../adapters/accounting/sandbox/pages.js';
import type { AccountingSandbox } from '../adapters/accounting/sandbox/provider.js';
import { consentForm, formText, sandboxHtml } from './sandbox-html.js';

export function accountingRoutes(router: Router, sandbox: AccountingSandbox | null, redirectUri: string): void {
  if (!sandbox) return;
  const html = sandboxHtml(new URL(redirectUri).origin);
  const form = consentForm();
  const text = formText;

  router.get('/sandbox/accounting/authorize', (ctx) => {
    const request = { clientId: text(ctx.query.client_id), redirectUri: text(ctx.query.redirect_uri), state: text(ctx.query.state) };
    if (text(ctx.query.response_type) !== 'code' || !sandbox.validRequest(request.clientId, request.redirectUri)) return html(ctx, invalidRequestPage(), 400);
    html(ctx, consentPage(request));
  });

  router.post('/sandbox/accounting/authorize', form, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const redirectUri = text(body.redirect_uri);
    if (!sandbox.validRequest(text(body.client_id), redirectUri)) return html(ctx, invalidRequestPage(), 400);
    const back = new URL(redirectUri);
    if (body.answer === 'allow') back.searchParams.set('code', await sandbox.grant(text(body.organization)));
    else back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', text(body.state));
    ctx.status = 303;
    ctx.redirect(back.toString());
  });
}

/**
 * The sandbox drive's HTTP side, when it is the provider: Google's consent page stand-in at `/sandbox/drive/authorize`
 * on the API's origin. 'Tillad' sends the browser back to the registered return route with `code` and `state` (and
 * `scope`, as Google does); 'Afvis' with `error=access_denied`. A request naming another client or return address is
 * refused on the page (no open redirect).
 */
import type Router from '@koa/router';
import { DRIVE_SCOPE } from '@klinik/core';
import { driveConsentPage, driveInvalidRequestPage } from '../adapters/drive/sandbox/pages.js';
import type { DriveSandbox } from '../adapters/drive/sandbox/provider.js';
import { consentForm, formText, sandboxHtml } from './sandbox-html.js';

export function driveRoutes(router: Router, sandbox: DriveSandbox | null, redirectUri: string): void {
  if (!sandbox) return;
  const html = sandboxHtml(new URL(redirectUri).origin);
  const form = consentForm();
  const text = formText;

  router.get('/sandbox/drive/authorize', (ctx) => {
    const request = { clientId: text(ctx.query.client_id), redirectUri: text(ctx.query.redirect_uri), state: text(ctx.query.state) };
    if (text(ctx.query.response_type) !== 'code' || !sandbox.validRequest(request.clientId, request.redirectUri)) return html(ctx, driveInvalidRequestPage(), 400);
    html(ctx, driveConsentPage(request));
  });

  router.post('/sandbox/drive/authorize', form, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const redirectUri = text(body.redirect_uri);
    if (!sandbox.validRequest(text(body.client_id), redirectUri)) return html(ctx, driveInvalidRequestPage(), 400);
    const back = new URL(redirectUri);
    if (body.answer === 'allow') {
      const withDrive = body.drive === '1';
      back.searchParams.set('code', await sandbox.grant(text(body.account), withDrive));
      back.searchParams.set('scope', withDrive ? DRIVE_SCOPE : '');
    } else {
      back.searchParams.set('error', 'access_denied');
    }
    back.searchParams.set('state', text(body.state));
    ctx.status = 303;
    ctx.redirect(back.toString());
  });
}

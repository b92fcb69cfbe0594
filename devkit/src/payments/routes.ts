/**
 * The payment sandbox's HTTP side: its hosted checkout page with the 3-D Secure step, and (with KLINIK_DEV_ROUTES) a
 * development route that makes a subscription's next renewal fail. The webhook endpoint is the API's own
 * (api/src/endpoint/payments.ts): the sandbox delivers its events to it as a real provider would.
 */
import type Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { CHECKOUT_TEXTS, cardProblem, checkoutPage, confirmPage, messagePage } from './pages.js';
import type { SandboxProvider } from './provider.js';

export function checkoutRoutes(router: Router, sandbox: SandboxProvider, now: () => number, devRoutes: boolean): void {
  const form = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });
  const html = (ctx: { type: string; body: unknown; set(name: string, value: string): void }, page: string) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'");
    ctx.body = page;
  };

  router.get('/sandbox/checkout/:id', async (ctx) => {
    const session = await sandbox.session(ctx.params.id!);
    if (!session) return html(ctx, messagePage(CHECKOUT_TEXTS.notFound));
    if (session.state === 'confirming' && session.pendingMasked) return html(ctx, confirmPage(session, session.pendingMasked));
    if (session.state !== 'open') return html(ctx, messagePage(CHECKOUT_TEXTS.closed));
    html(ctx, checkoutPage(session));
  });

  router.post('/sandbox/checkout/:id', form, async (ctx) => {
    const session = await sandbox.session(ctx.params.id!);
    if (!session || session.state !== 'open') return html(ctx, messagePage(session ? CHECKOUT_TEXTS.closed : CHECKOUT_TEXTS.notFound));
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const card = { number: field('number'), expiry: field('expiry'), cvc: field('cvc') };
    const problem = cardProblem(card, now());
    if (problem) {
      ctx.status = 400;
      return html(ctx, checkoutPage(session, problem));
    }
    const result = await sandbox.pay(session.id, card);
    if (result.outcome === 'declined') {
      ctx.status = 402;
      return html(ctx, checkoutPage(session, CHECKOUT_TEXTS.declined));
    }
    ctx.status = 303;
    ctx.redirect(result.outcome === '3ds' ? `/sandbox/checkout/${encodeURIComponent(session.id)}` : result.redirect);
  });

  router.post('/sandbox/checkout/:id/3ds', form, async (ctx) => {
    const session = await sandbox.session(ctx.params.id!);
    if (!session || session.state !== 'confirming') return html(ctx, messagePage(session ? CHECKOUT_TEXTS.closed : CHECKOUT_TEXTS.notFound));
    const approved = (ctx.request.body as Record<string, unknown> | undefined)?.answer === 'approve';
    const result = await sandbox.confirm(session.id, approved);
    if (result.outcome === 'declined') {
      ctx.status = 402;
      return html(ctx, checkoutPage(session, CHECKOUT_TEXTS.declined));
    }
    ctx.status = 303;
    ctx.redirect(result.redirect);
  });

  router.post('/sandbox/checkout/:id/cancel', async (ctx) => {
    const cancelUrl = await sandbox.abandon(ctx.params.id!);
    if (!cancelUrl) return html(ctx, messagePage(CHECKOUT_TEXTS.closed));
    ctx.status = 303;
    ctx.redirect(cancelUrl);
  });

  if (devRoutes) {
    // Development and tests: the next renewal of a subscription fails (dunning, then pending after three tries).
    router.post('/dev/payments/fail-next-renewal', bodyParser({ enableTypes: ['json'] }), async (ctx) => {
      const handle = (ctx.request.body as { subscription?: unknown } | undefined)?.subscription;
      const found = typeof handle === 'string' && (await sandbox.failNextRenewal(handle));
      ctx.status = found ? 200 : 404;
      ctx.body = found ? { ok: true } : { message: 'Abonnementet findes ikke' };
    });
  }
}

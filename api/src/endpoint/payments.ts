/**
 * The payment provider's HTTP side: the webhook endpoint (signed events, verified before anything is read), and, when
 * the sandbox is the provider, its hosted checkout page with the 3-D Secure step, and a development route that makes
 * a subscription's next renewal fail.
 */
import type Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { SIGNATURE_HEADER } from '../adapters/payments/signature.js';
import { CHECKOUT_TEXTS, cardProblem, checkoutPage, confirmPage, messagePage } from '../adapters/payments/sandbox/pages.js';
import type { SandboxProvider } from '../adapters/payments/sandbox/provider.js';
import type { Services } from '../context.js';
import { applyPaymentEvent, type EventOutcome } from '../domain/commerce/events.js';
import { UnauthorizedError } from '../errors.js';

/**
 * A webhook from the provider (over HTTP, or handed over by the sandbox): verified by the adapter (its signature,
 * its age, and for Frisbii the event read back from the provider), recorded, then applied once. Like the dispatcher,
 * this is an entry point that finds its clinic first (the event names it), so it reaches the models itself and hands
 * the domain the clinic's scoped data.
 */
export async function receivePaymentWebhook(services: Pick<Services, 'payments' | 'models' | 'clock'>, rawBody: string, signature: string | undefined): Promise<EventOutcome> {
  const reading = await services.payments.readWebhook(rawBody, signature);
  if (!reading.verified) throw new UnauthorizedError('Ugyldig webhook');
  return applyPaymentEvent(services.models, reading, services.clock.now());
}

export function paymentRoutes(router: Router, services: Services, sandbox: SandboxProvider | null, devRoutes: boolean): void {
  // The signature is over the exact bytes sent, so the body is read as text and parsed only after it verifies.
  const rawJson = bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' });
  router.post('/webhooks/payments', rawJson, async (ctx) => {
    const raw = (ctx.request as unknown as { rawBody?: string }).rawBody ?? '';
    const outcome = await receivePaymentWebhook(services, raw, ctx.get(SIGNATURE_HEADER) || undefined);
    ctx.body = { ok: true, outcome };
  });

  if (!sandbox) return;
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
    const problem = cardProblem(card, services.clock.now());
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

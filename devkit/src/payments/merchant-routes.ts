/**
 * The merchant sandbox's hosted checkout over HTTP (/sandbox/merchant/:id): the page with MobilePay and card, the
 * MobilePay approval page, the 3-D Secure step, and giving up. Each clinic's webhook endpoint is the API's own
 * (api/src/endpoint/merchant-payments.ts): the sandbox hands its events to it as the provider would post them.
 */
import type Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { CHECKOUT_TEXTS, cardProblem, messagePage } from './pages.js';
import { MERCHANT_TEXTS, merchantCheckoutPage, merchantConfirmPage, mobilePayPage } from './merchant-pages.js';
import { mobilePayNumber, type MerchantSessionView, type PageOutcome, type SandboxMerchants } from './merchant.js';

type HtmlContext = { type: string; body: unknown; status: number; set(name: string, value: string): void; redirect(url: string): void };

export function merchantCheckoutRoutes(router: Router, merchants: SandboxMerchants, now: () => number): void {
  const form = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });
  const html = (ctx: HtmlContext, page: string, status = 200) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'");
    ctx.body = page;
  };
  const field = (body: unknown, name: string): string => {
    const value = (body as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : '';
  };
  /** A page that cannot be paid: gone, lapsed (410), or already paid or given up. */
  const unpayable = (ctx: HtmlContext, session: MerchantSessionView | null) => {
    if (!session) return html(ctx, messagePage(CHECKOUT_TEXTS.notFound), 404);
    if (session.state === 'expired') return html(ctx, messagePage(MERCHANT_TEXTS.expired), 410);
    return html(ctx, messagePage(CHECKOUT_TEXTS.closed), 409);
  };
  const after = (ctx: HtmlContext, session: MerchantSessionView, result: PageOutcome, declined: () => string) => {
    if (result.outcome === 'expired') return html(ctx, messagePage(MERCHANT_TEXTS.expired), 410);
    if (result.outcome === 'declined') return html(ctx, declined(), 402);
    ctx.status = 303;
    ctx.redirect(result.outcome === '3ds' ? `/sandbox/merchant/${encodeURIComponent(session.id)}` : result.redirect);
  };

  router.get('/sandbox/merchant/:id', async (ctx) => {
    const session = await merchants.session(ctx.params.id!);
    if (session?.state === 'confirming' && session.pendingMasked) return html(ctx, merchantConfirmPage(session, session.pendingMasked));
    if (session?.state !== 'open') return unpayable(ctx, session);
    html(ctx, merchantCheckoutPage(session));
  });

  router.post('/sandbox/merchant/:id', form, async (ctx) => {
    const session = await merchants.session(ctx.params.id!);
    if (session?.state !== 'open' || !session.methods.includes('card')) return unpayable(ctx, session);
    const card = { number: field(ctx.request.body, 'number'), expiry: field(ctx.request.body, 'expiry'), cvc: field(ctx.request.body, 'cvc') };
    const problem = cardProblem(card, now());
    if (problem) return html(ctx, merchantCheckoutPage(session, problem), 400);
    after(ctx, session, await merchants.payWithCard(session.id, card), () => merchantCheckoutPage(session, CHECKOUT_TEXTS.declined));
  });

  router.post('/sandbox/merchant/:id/3ds', form, async (ctx) => {
    const session = await merchants.session(ctx.params.id!);
    if (session?.state !== 'confirming') return unpayable(ctx, session);
    const result = await merchants.confirm(session.id, field(ctx.request.body, 'answer') === 'approve');
    after(ctx, session, result, () => merchantCheckoutPage({ ...session, state: 'open' }, CHECKOUT_TEXTS.declined));
  });

  router.get('/sandbox/merchant/:id/mobilepay', async (ctx) => {
    const session = await merchants.session(ctx.params.id!);
    if (session?.state !== 'open' || !session.methods.includes('mobilepay')) return unpayable(ctx, session);
    html(ctx, mobilePayPage(session));
  });

  router.post('/sandbox/merchant/:id/mobilepay', form, async (ctx) => {
    const session = await merchants.session(ctx.params.id!);
    if (session?.state !== 'open' || !session.methods.includes('mobilepay')) return unpayable(ctx, session);
    const phone = field(ctx.request.body, 'phone');
    const approved = field(ctx.request.body, 'answer') === 'approve';
    if (approved && !mobilePayNumber(phone)) return html(ctx, mobilePayPage(session, MERCHANT_TEXTS.invalidPhone, phone), 400);
    const result = await merchants.payWithMobilePay(session.id, phone, approved);
    after(ctx, session, result, () => merchantCheckoutPage(session, MERCHANT_TEXTS.mobilePayRejected));
  });

  router.post('/sandbox/merchant/:id/cancel', async (ctx) => {
    const cancelUrl = await merchants.abandon(ctx.params.id!);
    if (!cancelUrl) return html(ctx, messagePage(CHECKOUT_TEXTS.closed), 409);
    ctx.status = 303;
    ctx.redirect(cancelUrl);
  });
}

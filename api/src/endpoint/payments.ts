/**
 * The payment provider's HTTP side: the webhook endpoint (signed events, verified before anything is read). The
 * sandbox's checkout page is the development kit's (@klinik/devkit), mounted only when the sandbox is the provider.
 */
import type Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { SIGNATURE_HEADER } from '../adapters/payments/signature.js';
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

export function paymentRoutes(router: Router, services: Services): void {
  // The signature is over the exact bytes sent, so the body is read as text and parsed only after it verifies.
  const rawJson = bodyParser({ enableTypes: ['json'], jsonLimit: '1mb', encoding: 'utf-8' });
  router.post('/webhooks/payments', rawJson, async (ctx) => {
    const raw = (ctx.request as unknown as { rawBody?: string }).rawBody ?? '';
    const outcome = await receivePaymentWebhook(services, raw, ctx.get(SIGNATURE_HEADER) || undefined);
    ctx.body = { ok: true, outcome };
  });
}

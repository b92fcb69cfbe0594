/**
 * The clinics' own webhook endpoints (booking payments): POST /webhooks/booking-payments/:companyId, one per clinic,
 * the address the owner gives the provider (shown on /Settings). Verified with that clinic's own account (its webhook
 * secret; for Frisbii the event is then read back from the provider) before anything in the body is used: an unknown
 * or disconnected clinic and a bad signature are 401 alike. The charge is then fetched back by handle by the
 * settling itself (domain/booking-payments/settle.ts), never taken from the body, so a replayed event changes nothing.
 */
import type Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { Types } from 'mongoose';
import { SIGNATURE_HEADER } from '../adapters/payments/signature.js';
import type { Services } from '../context.js';
import { tenantDb } from '../data/tenant-db.js';
import { settleBookingPaymentCharge } from '../domain/booking-payments/settle.js';
import { merchantOf } from '../domain/payment-account/gateway.js';
import { UnauthorizedError } from '../errors.js';

const INVALID = 'Ugyldig webhook';

/** A webhook of one clinic's account (over HTTP, or handed over by the payment sandbox): verified, then settled. */
export async function receiveMerchantWebhook(services: Services, companyId: string, rawBody: string, signature: string | undefined): Promise<void> {
  // Like the platform's webhook, an entry point that finds its clinic first (the address names it).
  if (!/^[0-9a-f]{24}$/.test(companyId)) throw new UnauthorizedError(INVALID);
  const gateway = await merchantOf(services, tenantDb(services.models, new Types.ObjectId(companyId)));
  if (!gateway) throw new UnauthorizedError(INVALID);
  const reading = await gateway.readWebhook(rawBody, signature);
  if (!reading.verified) throw new UnauthorizedError(INVALID);
  if (reading.chargeHandle) await settleBookingPaymentCharge(services, companyId, reading.chargeHandle);
}

export function merchantPaymentRoutes(router: Router, services: Services): void {
  // The signature is over the exact bytes sent: the body is read as text and parsed only after it verifies.
  const rawJson = bodyParser({ enableTypes: ['json'], jsonLimit: '64kb', encoding: 'utf-8' });
  router.post('/webhooks/booking-payments/:companyId', rawJson, async (ctx) => {
    const raw = (ctx.request as unknown as { rawBody?: string }).rawBody ?? '';
    await receiveMerchantWebhook(services, ctx.params.companyId ?? '', raw, ctx.get(SIGNATURE_HEADER) || undefined);
    ctx.body = { ok: true };
  });
}

/**
 * A clinic's own Frisbii (formerly Reepay) account as its merchant gateway (booking payments): the clinic's private
 * key and webhook secret, the same wire as the platform's adapter (http.ts). Pinned by api/test/merchant-frisbii.test.ts
 * against a Frisbii-shaped HTTP stand-in:
 * - the test call at connection: GET /v1/account (401/403: the key is refused);
 * - hosted checkout: the customer made when missing (GET /v1/customer/{handle}, POST /v1/customer), then checkout API
 *   POST /v1/session/charge with the order (our handle, the amount in øre including VAT, DKK, the customer's handle),
 *   `payment_methods` card and mobilepay, `recurring` when the card is to be saved, `settle`,
 *   the accept and cancel URLs and a `ttl` up to the time's hold;
 * - a charge: GET /v1/charge/{handle} (state, amount, refunded_amount, source, recurring_payment_method);
 * - a saved card's charge: POST /v1/charge with our handle as both handle and idempotency `key`, settled at once;
 * - refund: POST /v1/refund { invoice: handle, key, amount }, the provider refusing more than is left;
 * - webhooks, as for the platform: `signature` = HMAC-SHA256(secret, timestamp + id), refused when it does not
 *   verify or is older than five minutes, then read back: GET /v1/webhook/{id} → its event, GET /v1/event/{id} →
 *   type and invoice, GET /v1/invoice/{id} → the charge's handle. Nothing unsigned in the body is used.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  MerchantAccountRefusedError,
  MerchantRefundRefusedError,
  type MerchantCharge,
  type MerchantGateway,
  type MerchantMethod,
  type MerchantWebhookReading,
} from '../merchant.js';
import { ChargeHandleTakenError, PaymentDeclinedError } from '../provider.js';
import { createFrisbiiHttp, FrisbiiHttpError, guardedCall, notFoundAsNull, type FrisbiiHttp } from './http.js';
import { WEBHOOK_MAX_AGE_MS } from './provider.js';

export interface FrisbiiMerchantOptions {
  privateKey: string;
  webhookSecret: string;
  apiUrl: string;
  checkoutUrl: string;
  now?: () => number;
  timeoutMs?: number;
}

interface WireCharge {
  handle: string;
  state: string;
  customer: string;
  amount: number;
  refunded_amount?: number;
  settled?: string | null;
  source?: { type?: string; card?: string; masked_card?: string } | null;
  recurring_payment_method?: string | null;
}
interface WireWebhook {
  id: string;
  timestamp: string;
  signature: string;
}

const CURRENCY = 'DKK';
const LOCALE = 'da_DK';

function toMerchantCharge(charge: WireCharge): MerchantCharge {
  const state: MerchantCharge['state'] =
    charge.state === 'settled' ? 'settled' : charge.state === 'failed' ? 'failed' : charge.state === 'cancelled' ? 'cancelled' : 'pending';
  const type = charge.source?.type ?? '';
  const method: MerchantMethod | null = /mobilepay/.test(type) ? 'mobilepay' : type ? 'card' : null;
  const settledAt = charge.settled ? Date.parse(charge.settled) : Number.NaN;
  return {
    handle: charge.handle,
    state,
    amountOre: charge.amount,
    refundedOre: charge.refunded_amount ?? 0,
    method,
    cardId: method === 'card' ? (charge.recurring_payment_method ?? null) : null,
    maskedCard: charge.source?.masked_card ?? '',
    customer: charge.customer,
    settledAt: Number.isFinite(settledAt) ? settledAt : null,
  };
}

/** The session's lifetime as Reepay's `ttl` takes it (ISO-8601 duration), at least a minute. */
export function sessionTtl(expiresAt: number, now: number): string {
  return `PT${Math.max(60, Math.floor((expiresAt - now) / 1000))}S`;
}

export function signMerchantWebhook(secret: string, timestamp: string, id: string): string {
  return createHmac('sha256', secret).update(timestamp + id).digest('hex');
}

export function createFrisbiiMerchant(options: FrisbiiMerchantOptions, http: FrisbiiHttp = createFrisbiiHttp(options)): MerchantGateway {
  const now = options.now ?? Date.now;
  const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

  const guarded = <T>(work: () => Promise<T>): Promise<T> => guardedCall(work, (error) => error instanceof ChargeHandleTakenError || error instanceof MerchantRefundRefusedError || error instanceof MerchantAccountRefusedError);

  async function readSigned(webhook: WireWebhook): Promise<MerchantWebhookReading> {
    const records = await notFoundAsNull(() => http.api<{ id: string; event: string }[]>('GET', `v1/webhook/${path(webhook.id)}`));
    const record = Array.isArray(records) ? records.find((candidate) => candidate?.id === webhook.id) : undefined;
    if (!record || typeof record.event !== 'string') return { verified: false };
    const event = await notFoundAsNull(() => http.api<{ id: string; event_type: string; invoice?: string }>('GET', `v1/event/${path(record.event)}`));
    if (!event || event.id !== record.event || typeof event.event_type !== 'string') return { verified: false };
    const invoice = event.invoice ? await notFoundAsNull(() => http.api<{ handle: string }>('GET', `v1/invoice/${path(event.invoice!)}`)) : null;
    return { verified: true, id: event.id, type: event.event_type, chargeHandle: invoice?.handle ?? null };
  }

  return {
    kind: 'frisbii',

    verifyAccount: () =>
      guarded(async () => {
        try {
          await http.api('GET', 'v1/account');
        } catch (error) {
          if (error instanceof FrisbiiHttpError && (error.status === 401 || error.status === 403)) throw new MerchantAccountRefusedError('refused');
          throw error;
        }
      }),

    createCheckout: (request) =>
      guarded(async () => {
        // The client as the clinic's customer, made once (a returning client keeps their handle and saved card).
        const found = await notFoundAsNull(() => http.api<{ handle: string }>('GET', `v1/customer/${path(request.customer.handle)}`));
        if (!found) await http.api('POST', 'v1/customer', { handle: request.customer.handle, email: request.customer.email, first_name: request.customer.name, country: 'DK' });
        const created = await http.checkout<{ id: string; url: string }>('v1/session/charge', {
          accept_url: request.acceptUrl,
          cancel_url: request.cancelUrl,
          locale: LOCALE,
          settle: true,
          recurring: request.saveCard,
          payment_methods: request.methods,
          ttl: sessionTtl(request.expiresAt, now()),
          order: {
            handle: request.handle,
            amount: request.amountOre,
            currency: CURRENCY,
            ordertext: request.ordertext,
            customer_handle: request.customer.handle,
          },
        });
        return { id: created.id, url: created.url };
      }),

    getCharge: (handle) =>
      guarded(async () => {
        const charge = await notFoundAsNull(() => http.api<WireCharge>('GET', `v1/charge/${path(handle)}`));
        return charge ? toMerchantCharge(charge) : null;
      }),

    chargeSavedCard: (customer, cardId, charge) =>
      guarded(async () => {
        let answer: WireCharge;
        try {
          answer = await http.api<WireCharge>('POST', 'v1/charge', {
            handle: charge.handle,
            key: charge.handle,
            customer_handle: customer,
            source: cardId,
            settle: true,
            amount: charge.amountOre,
            currency: CURRENCY,
            ordertext: charge.ordertext,
          });
        } catch (error) {
          // The same handle again after it went through: answered, if it is this charge.
          if (!(error instanceof FrisbiiHttpError) || error.declined || error.status !== 400) throw error;
          const existing = await notFoundAsNull(() => http.api<WireCharge>('GET', `v1/charge/${path(charge.handle)}`));
          if (!existing || existing.state !== 'settled') throw error;
          if (existing.customer !== customer || existing.amount !== charge.amountOre) throw new ChargeHandleTakenError(charge.handle);
          answer = existing;
        }
        if (answer.state !== 'settled' && answer.state !== 'authorized') throw new PaymentDeclinedError('declined');
        return toMerchantCharge(answer);
      }),

    refund: (chargeHandle, amountOre, key) =>
      guarded(async () => {
        try {
          const refund = await http.api<{ id: string; state: string; amount: number; invoice?: string }>('POST', 'v1/refund', { invoice: chargeHandle, key, amount: amountOre });
          return { id: refund.id, chargeHandle, amountOre: refund.amount, state: refund.state === 'failed' ? 'failed' : 'refunded' };
        } catch (error) {
          // More than is left, or a charge that was never settled: the provider's refusal, not an outage.
          if (error instanceof FrisbiiHttpError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) throw new MerchantRefundRefusedError(error.body?.error ?? 'refused');
          throw error;
        }
      }),

    async readWebhook(rawBody): Promise<MerchantWebhookReading> {
      let webhook: Partial<WireWebhook>;
      try {
        webhook = JSON.parse(rawBody) as Partial<WireWebhook>;
      } catch {
        return { verified: false };
      }
      if (typeof webhook?.id !== 'string' || typeof webhook.timestamp !== 'string' || typeof webhook.signature !== 'string') return { verified: false };
      const expected = Buffer.from(signMerchantWebhook(options.webhookSecret, webhook.timestamp, webhook.id));
      const given = Buffer.from(webhook.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { verified: false };
      const sentAt = Date.parse(webhook.timestamp);
      if (!Number.isFinite(sentAt) || Math.abs(now() - sentAt) > WEBHOOK_MAX_AGE_MS) return { verified: false };
      return guarded(() => readSigned(webhook as WireWebhook));
    },
  };
}

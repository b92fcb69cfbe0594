/**
 * The production payment provider: a client of the Frisbii (formerly Reepay) REST and checkout APIs, behind the same
 * `PaymentProvider` interface as the sandbox, chosen with `PAYMENTS_PROVIDER=frisbii` (README, Configuration).
 *
 * How the product's operations map onto the provider (the wire shapes are pinned in this file and in
 * api/test/payments-frisbii.test.ts, which runs this adapter against a Frisbii-shaped HTTP server):
 * - customer `c<companyId>`: GET /v1/customer/{handle}, created with POST /v1/customer when missing;
 * - saved cards: GET /v1/customer/{handle}/payment_method (active cards only);
 * - a new card: a hosted checkout session (checkout API POST /v1/session/charge | subscription | recurring) with the
 *   product's accept and cancel URLs; the provider appends `id`, `invoice` / `subscription` and `customer`;
 * - one-time charge on a saved card: POST /v1/charge with our handle as both handle and idempotency `key`, settled at
 *   once, the amount as an order line excluding VAT with 25 % VAT (the provider itemises `amount_vat`); a second
 *   attempt for a settled handle answers the settled charge if it is this one (customer, no subscription, amount),
 *   so a retry never charges twice, and a handle held by another charge is refused (`ChargeHandleTakenError`);
 * - subscription: POST /v1/subscription with `signup_method: source`, `conditional_create` (created only if its first
 *   invoice is paid), no trial (the product's own trial is not the provider's), and the catalogue's price as the
 *   per-period `amount` excluding VAT; the plans `pro` and `drive` must exist in the account as monthly plans. Pro bought
 *   during the product's trial is created with `start_date` (the trial's end, as Copenhagen wall time
 *   `yyyy-MM-ddTHH:mm:ss`: the account's time zone must be Europe/Copenhagen): nothing is invoiced then (the first period
 *   is not yet eligible, so `conditional_create` does not apply), the subscription reads `has_started: false`, and the
 *   provider invoices the first period at the start date; the hosted checkout takes the same `start_date` in
 *   `prepare_subscription`;
 * - cancel at period end: POST …/cancel; take back: POST …/uncancel; change card: POST …/payment_method;
 * - transactions: GET /v1/list/invoice?customer=…&size=…&next_page_token=… (the provider's cursor list);
 * - webhooks: the provider signs only `timestamp + id` (the webhook's id) with the webhook secret (HMAC-SHA256, hex,
 *   in the body's `signature`); everything else in the body is unsigned, so none of it is used. A webhook is refused
 *   when its signature does not verify or its timestamp is more than `WEBHOOK_MAX_AGE_MS` from our clock; else the
 *   adapter asks the provider what it sent: GET /v1/webhook/{id} (the webhook's `event`), GET /v1/event/{event}
 *   (`event_type`, `customer`, `subscription` handle, `invoice` id, `created`), then the invoice and subscription the
 *   event names. Type, customer and handles come only from these; a body that names anything else is refused, and so
 *   is an invoice or subscription of another customer than the event's. The domain records the event's id before
 *   anything is ignored, so a verified webhook is spent once used. Events the product does not use are recorded,
 *   acknowledged and ignored.
 *
 * A provider answer that is neither a success nor a declined card (network, 5xx, a refused request) becomes a 503
 * with the Danish 'payments unavailable' text; nothing is written on our side before the provider has answered.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { commerceMessages, copenhagenDateKey, formatCopenhagenTime, TRANSACTION_STATES } from '@klinik/core';
import { ServiceUnavailableError } from '../../../errors.js';
import {
  ChargeHandleTakenError,
  PaymentDeclinedError,
  type Charge,
  type ChargeState,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderEventType,
  type ProviderSubscription,
  type Purchase,
  type SavedCard,
  type WebhookReading,
} from '../provider.js';
import { createFrisbiiHttp, FrisbiiHttpError, guardedCall, notFoundAsNull, type FrisbiiHttp, type FrisbiiHttpOptions } from './http.js';

export interface FrisbiiOptions extends FrisbiiHttpOptions {
  webhookSecret: string;
  /** The API's clock (the development clock in tests), for a webhook's age. */
  now?: () => number;
}

/**
 * How far a webhook's signed timestamp may be from our clock, either way. The signature covers only `timestamp + id`,
 * so a leaked signed pair is usable only this long. Five minutes: the provider sends at once, so a delivery takes
 * seconds, and clocks synchronised by NTP differ by far less; a delivery retried later than this (after an outage of
 * ours) is refused, and the state it carried is read again with the subscription's next event.
 */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

/** The provider's objects, as far as the adapter reads them. */
interface WireCard {
  id: string;
  state: string;
  customer: string;
  masked_card?: string;
  fingerprint?: string;
  exp_date?: string;
}
interface WireInvoice {
  id?: string;
  handle: string;
  customer: string;
  subscription?: string | null;
  plan?: string | null;
  state: string;
  amount: number;
  amount_vat?: number;
  amount_ex_vat?: number;
  created: string;
  order_lines?: { ordertext?: string }[];
  source?: { card?: string; masked_card?: string };
  recurring_payment_method?: string;
  transactions?: { card_transaction?: { card?: string; masked_card?: string } }[];
}
interface WireSubscription {
  handle: string;
  customer: string;
  plan: string;
  state: 'active' | 'expired' | 'on_hold';
  is_cancelled?: boolean;
  dunning_invoices?: number;
  created: string;
  start_date?: string;
  current_period_start?: string;
  next_period_start?: string;
  expires?: string;
  /** False while a subscription created with a later `start_date` waits for it. */
  has_started?: boolean;
  first_period_start?: string;
}
/** A webhook request's body: only `timestamp` and `id` are signed, the rest is the sender's word. */
interface WireWebhook {
  id: string;
  event_id?: unknown;
  event_type?: unknown;
  timestamp: string;
  signature: string;
  customer?: unknown;
  subscription?: unknown;
  invoice?: unknown;
}
/** GET /v1/webhook/{id}: the provider's record of a webhook it sent (a list: the id may also be an event's). */
interface WireWebhookRecord {
  id: string;
  event: string;
}
/** GET /v1/event/{id}: what happened, as the provider records it. `invoice` is the invoice's id, not its handle. */
interface WireEvent {
  id: string;
  created: string;
  event_type: string;
  customer?: string;
  subscription?: string;
  invoice?: string;
}

const CURRENCY = 'DKK';
const LOCALE = 'da_DK';

/** Provider event types → the product's; the rest are acknowledged and ignored. */
const EVENT_TYPES: Record<string, ProviderEventType> = {
  invoice_settled: 'invoice_settled',
  invoice_failed: 'invoice_failed',
  invoice_dunning: 'subscription_dunning',
  subscription_created: 'subscription_created',
  subscription_renewal: 'subscription_renewal',
  subscription_cancelled: 'subscription_cancelled',
  subscription_uncancelled: 'subscription_reactivated',
  subscription_reactivated: 'subscription_reactivated',
  subscription_on_hold: 'subscription_expired',
  subscription_expired: 'subscription_expired',
  customer_payment_method_added: 'customer_payment_method_added',
};

const time = (iso: string | undefined): number => (iso ? Date.parse(iso) : Number.NaN);

function toCard(card: WireCard): SavedCard {
  return { id: card.id, customer: card.customer, masked_card: card.masked_card ?? '', fingerprint: card.fingerprint ?? '', expiry: card.exp_date ?? '' };
}

export function toCharge(invoice: WireInvoice): Charge {
  const transaction = invoice.transactions?.find((candidate) => candidate.card_transaction)?.card_transaction;
  const vat = invoice.amount_vat ?? invoice.amount - Math.round(invoice.amount / 1.25);
  const state = (TRANSACTION_STATES as readonly string[]).includes(invoice.state) ? (invoice.state as ChargeState) : 'pending';
  return {
    handle: invoice.handle,
    customer: invoice.customer,
    subscription: invoice.subscription ?? null,
    plan: invoice.plan ?? null,
    ordertext: invoice.order_lines?.[0]?.ordertext ?? '',
    amount_ex_vat: invoice.amount_ex_vat ?? invoice.amount - vat,
    amount_vat: vat,
    amount: invoice.amount,
    state,
    card_id: invoice.source?.card ?? transaction?.card ?? invoice.recurring_payment_method ?? null,
    masked_card: invoice.source?.masked_card ?? transaction?.masked_card ?? '',
    created: time(invoice.created),
  };
}

/**
 * A moment as Reepay's `start_date` takes it: `yyyy-MM-ddTHH:mm:ss` without an offset, read in the subscription's time
 * zone (the account's: Europe/Copenhagen), rounded up to the second, so the first charge is never before the trial's
 * end.
 */
export function frisbiiStartDate(epochMs: number): string {
  const at = Math.ceil(epochMs / 1000) * 1000;
  const seconds = String(Math.floor((at % 60_000) / 1000)).padStart(2, '0');
  return `${copenhagenDateKey(at)}T${formatCopenhagenTime(at)}:${seconds}`;
}

/** The provider's subscription in the product's states: a cancelled one runs to its period's end, on hold counts as ended. */
export function toSubscription(subscription: WireSubscription, cardId: string): ProviderSubscription {
  const state: ProviderSubscription['state'] =
    subscription.state === 'expired' || subscription.state === 'on_hold' ? 'expired' : subscription.is_cancelled ? 'cancelled' : (subscription.dunning_invoices ?? 0) > 0 ? 'dunning' : 'active';
  if (subscription.has_started === false) {
    // Waiting for its start date: no period yet; the first one begins (and is invoiced) then.
    const start = time(subscription.first_period_start ?? subscription.start_date ?? subscription.next_period_start);
    return { handle: subscription.handle, customer: subscription.customer, plan: subscription.plan, state, period_from: start, period_to: start, card_id: cardId, starts_at: start };
  }
  return {
    handle: subscription.handle,
    customer: subscription.customer,
    plan: subscription.plan,
    state,
    period_from: time(subscription.current_period_start ?? subscription.start_date ?? subscription.created),
    period_to: time(subscription.expires ?? subscription.next_period_start ?? subscription.current_period_start ?? subscription.created),
    card_id: cardId,
    starts_at: null,
  };
}

/** The order line of a purchase: the catalogue's price excluding VAT, with Danish VAT itemised by the provider. */
function orderLines(purchase: { ordertext: string; amountOre: number }) {
  return [{ ordertext: purchase.ordertext, amount: purchase.amountOre, vat: 0.25, quantity: 1, amount_incl_vat: false }];
}

export function signWebhook(secret: string, timestamp: string, id: string): string {
  return createHmac('sha256', secret).update(timestamp + id).digest('hex');
}

export function createFrisbiiProvider(options: FrisbiiOptions, http: FrisbiiHttp = createFrisbiiHttp(options)): PaymentProvider {
  const now = options.now ?? Date.now;
  /** Runs a provider call; a declined card stays a decline, anything else unexpected becomes a 503. */
  const guarded = <T>(work: () => Promise<T>): Promise<T> => guardedCall(work, (error) => error instanceof ChargeHandleTakenError);

  const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

  async function cardOfSubscription(handle: string): Promise<string> {
    const methods = await http.api<{ cards?: WireCard[] }>('GET', `v1/subscription/${path(handle)}/payment_method`);
    return methods.cards?.find((card) => card.state === 'active')?.id ?? methods.cards?.[0]?.id ?? '';
  }

  async function subscriptionOf(handle: string): Promise<ProviderSubscription> {
    const subscription = await http.api<WireSubscription>('GET', `v1/subscription/${path(handle)}`);
    return toSubscription(subscription, await cardOfSubscription(handle));
  }

  const refused: WebhookReading = { verified: false };

  /**
   * A webhook whose signature verified, read back from the provider: the event its id was sent for, and the objects
   * that event names. Refused when the provider did not send it, or the body claims anything the event does not say.
   */
  async function readSignedWebhook(webhook: WireWebhook, sentAt: number): Promise<WebhookReading> {
    const records = await notFoundAsNull(() => http.api<WireWebhookRecord[]>('GET', `v1/webhook/${path(webhook.id)}`));
    const record = Array.isArray(records) ? records.find((candidate) => candidate?.id === webhook.id) : undefined;
    if (!record || typeof record.event !== 'string') return refused;
    const event = await notFoundAsNull(() => http.api<WireEvent>('GET', `v1/event/${path(record.event)}`));
    if (!event || event.id !== record.event || typeof event.event_type !== 'string') return refused;
    const customer = event.customer ?? '';
    const invoice = event.invoice ? await http.api<WireInvoice>('GET', `v1/invoice/${path(event.invoice)}`) : null;
    if (invoice && invoice.customer !== customer) return refused;
    // The body's own fields, where it has them, must be what the provider recorded (the webhook names an invoice by
    // its handle, the event by its id).
    const claims = (claimed: unknown, ...actual: (string | null | undefined)[]) => claimed === undefined || claimed === null || actual.some((value) => value != null && value === claimed);
    const honest =
      claims(webhook.event_id, event.id) &&
      claims(webhook.event_type, event.event_type) &&
      claims(webhook.customer, event.customer) &&
      claims(webhook.subscription, event.subscription, invoice?.subscription) &&
      claims(webhook.invoice, invoice?.handle, invoice?.id);
    if (!honest) return refused;

    const verified = { verified: true as const, id: event.id, type: event.event_type, customer };
    const type = EVENT_TYPES[event.event_type];
    if (!type) return { ...verified, event: null };
    const created = time(event.created);
    const reported: ProviderEvent = { id: event.id, event_type: type, timestamp: Number.isFinite(created) ? created : sentAt, customer };
    if (invoice) reported.invoice = toCharge(invoice);
    const subscriptionHandle = event.subscription ?? invoice?.subscription;
    if (subscriptionHandle) {
      const subscription = await http.api<WireSubscription>('GET', `v1/subscription/${path(subscriptionHandle)}`);
      if (subscription.customer !== customer) return refused;
      reported.subscription = toSubscription(subscription, await cardOfSubscription(subscriptionHandle));
    }
    return { ...verified, event: reported };
  }

  async function ensureCustomer(customer: CheckoutRequest['customer']): Promise<void> {
    const found = await notFoundAsNull(() => http.api<{ handle: string }>('GET', `v1/customer/${path(customer.handle)}`));
    if (!found) await http.api('POST', 'v1/customer', { handle: customer.handle, email: customer.email, company: customer.name, country: 'DK' });
  }

  function session(request: CheckoutRequest): { path: string; body: Record<string, unknown> } {
    const common = { accept_url: request.acceptUrl, cancel_url: request.cancelUrl, locale: LOCALE };
    const purchase: Purchase = request.purchase;
    if (purchase.kind === 'charge') {
      return {
        path: 'v1/session/charge',
        body: { ...common, settle: true, recurring: true, order: { handle: purchase.handle, customer_handle: request.customer.handle, currency: CURRENCY, order_lines: orderLines(purchase) } },
      };
    }
    if (purchase.kind === 'subscription') {
      return {
        path: 'v1/session/subscription',
        body: {
          ...common,
          prepare_subscription: {
            handle: purchase.handle,
            customer: request.customer.handle,
            plan: purchase.plan,
            amount: purchase.amountOre,
            amount_incl_vat: false,
            no_trial: true,
            ...(purchase.startsAt != null ? { start_date: frisbiiStartDate(purchase.startsAt) } : {}),
          },
        },
      };
    }
    return { path: 'v1/session/recurring', body: { ...common, customer: request.customer.handle } };
  }

  return {
    kind: 'frisbii',

    ensureCustomer: (customer) => guarded(() => ensureCustomer(customer)),

    listCards: (customer) =>
      guarded(async () => {
        const methods = await notFoundAsNull(() => http.api<{ cards?: WireCard[] }>('GET', `v1/customer/${path(customer)}/payment_method`));
        return (methods?.cards ?? []).filter((card) => card.state === 'active').map(toCard);
      }),

    createCheckout: (request) =>
      guarded(async () => {
        await ensureCustomer(request.customer);
        const { path: sessionPath, body } = session(request);
        const created = await http.checkout<{ id: string; url: string }>(sessionPath, body);
        return { id: created.id, url: created.url };
      }),

    charge: (customer, cardId, purchase) =>
      guarded(async () => {
        let charge: WireInvoice;
        try {
          charge = await http.api<WireInvoice>('POST', 'v1/charge', {
            handle: purchase.handle,
            key: purchase.handle,
            customer_handle: customer,
            source: cardId,
            settle: true,
            currency: CURRENCY,
            order_lines: orderLines(purchase),
          });
        } catch (error) {
          // A retry of a handle that already went through: the provider refuses a second settle; answer the first.
          if (!(error instanceof FrisbiiHttpError) || error.declined || error.status !== 400) throw error;
          const existing = await notFoundAsNull(() => http.api<WireInvoice>('GET', `v1/charge/${path(purchase.handle)}`));
          if (!existing || existing.state !== 'settled') throw error;
          // Answered only if it is this charge: another customer's, a subscription's or another amount's is not.
          const found = toCharge(existing);
          if (found.customer !== customer || found.subscription !== null || found.amount_ex_vat !== purchase.amountOre) throw new ChargeHandleTakenError(purchase.handle);
          charge = existing;
        }
        if (charge.state !== 'settled' && charge.state !== 'authorized') throw new PaymentDeclinedError('declined');
        return toCharge(charge);
      }),

    subscribe: (customer, cardId, purchase) =>
      guarded(async () => {
        try {
          await http.api<WireSubscription>('POST', 'v1/subscription', {
            handle: purchase.handle,
            customer,
            plan: purchase.plan,
            source: cardId,
            signup_method: 'source',
            conditional_create: true,
            no_trial: true,
            amount: purchase.amountOre,
            amount_incl_vat: false,
            ...(purchase.startsAt != null ? { start_date: frisbiiStartDate(purchase.startsAt) } : {}),
          });
        } catch (error) {
          // The same handle twice: the first subscription stands (and is answered below).
          if (!(error instanceof FrisbiiHttpError) || error.declined || error.status !== 400) throw error;
          if (!(await notFoundAsNull(() => http.api('GET', `v1/subscription/${path(purchase.handle)}`)))) throw error;
        }
        const subscription = await subscriptionOf(purchase.handle);
        // Created to start later: nothing is invoiced before its start date.
        if (subscription.starts_at !== null) return { subscription, invoice: null };
        const invoices = await http.api<{ content: WireInvoice[] }>('GET', 'v1/list/invoice', undefined, { subscription: purchase.handle, size: 1 });
        const first = invoices.content[0];
        if (!first) throw new ServiceUnavailableError(commerceMessages.providerUnavailable);
        return { subscription, invoice: toCharge(first) };
      }),

    cancelSubscription: (handle) =>
      guarded(async () => {
        await http.api('POST', `v1/subscription/${path(handle)}/cancel`, {});
        return subscriptionOf(handle);
      }),

    reactivateSubscription: (handle) =>
      guarded(async () => {
        await http.api('POST', `v1/subscription/${path(handle)}/uncancel`, {});
        return subscriptionOf(handle);
      }),

    setSubscriptionCard: (handle, cardId) =>
      guarded(async () => {
        await http.api('POST', `v1/subscription/${path(handle)}/payment_method`, { source: cardId });
        return subscriptionOf(handle);
      }),

    getCharge: (handle) =>
      guarded(async () => {
        const charge = await notFoundAsNull(() => http.api<WireInvoice>('GET', `v1/charge/${path(handle)}`));
        return charge ? toCharge(charge) : null;
      }),

    listCharges: (customer, pageToken, pageSize = 20) =>
      guarded(async () => {
        const page = await http.api<{ content: WireInvoice[]; next_page_token?: string | null }>('GET', 'v1/list/invoice', undefined, {
          customer,
          size: pageSize,
          next_page_token: pageToken,
        });
        return { content: page.content.map(toCharge), next_page_token: page.next_page_token ?? null };
      }),

    async readWebhook(rawBody): Promise<WebhookReading> {
      let webhook: WireWebhook;
      try {
        webhook = JSON.parse(rawBody) as WireWebhook;
      } catch {
        return refused;
      }
      if (typeof webhook?.id !== 'string' || typeof webhook.timestamp !== 'string' || typeof webhook.signature !== 'string') return refused;
      const expected = Buffer.from(signWebhook(options.webhookSecret, webhook.timestamp, webhook.id));
      const given = Buffer.from(webhook.signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refused;
      const sentAt = Date.parse(webhook.timestamp);
      if (!Number.isFinite(sentAt) || Math.abs(now() - sentAt) > WEBHOOK_MAX_AGE_MS) return refused;
      return guarded(() => readSignedWebhook(webhook, sentAt));
    },

    tick: async () => undefined,
  };
}

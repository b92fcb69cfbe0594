/**
 * The payment provider as the product needs it: a customer per clinic, saved cards, a hosted checkout page
 * for a new card, one-time charges, monthly subscriptions that renew, cancel at period end and change card, the
 * customer's transactions page by page, and signed webhooks that report what happened. Shaped on a Reepay/Frisbii-style
 * REST API: handles chosen by the merchant (customer `c<companyId>`, charge `o…`, subscription `s…`), card ids `ca_…`,
 * charge states settled/failed/created/pending/authorized/cancelled, subscription states active/dunning/cancelled/expired.
 *
 * Implementations: the sandbox (sandbox/, the local default, inside the API) and, for production, an HTTP client of
 * Frisbii's (Reepay's) API (frisbii/, configured by environment: README, Configuration). Amounts are integer øre
 * excluding VAT; the provider adds VAT (25 %).
 */

import { commerceMessages, type TRANSACTION_STATES } from '@klinik/core';
import { ConflictError } from '../../errors.js';

export interface CustomerRef {
  /** `c<companyId>`: the clinic is found again from every event. */
  handle: string;
  email: string;
  name: string;
}

export interface SavedCard {
  id: string;
  customer: string;
  /** First 4 and last 4 digits: '4111XXXXXXXX1111'. */
  masked_card: string;
  fingerprint: string;
  expiry: string;
}

export type ChargeState = (typeof TRANSACTION_STATES)[number];

export interface Charge {
  handle: string;
  customer: string;
  subscription: string | null;
  plan: string | null;
  ordertext: string;
  amount_ex_vat: number;
  amount_vat: number;
  amount: number;
  state: ChargeState;
  card_id: string | null;
  masked_card: string;
  created: number;
}

export type ProviderSubscriptionState = 'active' | 'dunning' | 'cancelled' | 'expired';

export interface ProviderSubscription {
  handle: string;
  customer: string;
  plan: string;
  state: ProviderSubscriptionState;
  period_from: number;
  period_to: number;
  card_id: string;
  /**
   * Set while the subscription has not started (created with a later start, Reepay's `has_started` false): its first
   * period begins, and is first charged, then. Null once it has started.
   */
  starts_at: number | null;
}

/** What a purchase is for: a one-time charge, a monthly subscription, or only a saved card. */
export type Purchase =
  | { kind: 'charge'; handle: string; ordertext: string; amountOre: number }
  /** `startsAt`: the first period starts (and is charged) then, not now (Pro bought during the trial). */
  | { kind: 'subscription'; handle: string; plan: string; ordertext: string; amountOre: number; startsAt?: number | null }
  | { kind: 'card' };

export interface CheckoutRequest {
  customer: CustomerRef;
  purchase: Purchase;
  /** Where the browser goes after paying; the provider adds `invoice`, `customer` and `id`. */
  acceptUrl: string;
  cancelUrl: string;
  /** The API's own address as the browser reached it: where the sandbox serves its page (a real provider ignores it). */
  origin?: string;
}

export type ProviderEventType =
  | 'invoice_settled'
  | 'invoice_failed'
  | 'subscription_created'
  | 'subscription_renewal'
  | 'subscription_dunning'
  | 'subscription_cancelled'
  | 'subscription_reactivated'
  | 'subscription_expired'
  | 'customer_payment_method_added';

export interface ProviderEvent {
  id: string;
  event_type: ProviderEventType;
  /** When it happened at the provider, epoch ms: orders events of one subscription. */
  timestamp: number;
  customer: string;
  invoice?: Charge;
  subscription?: ProviderSubscription;
  card?: SavedCard;
}

/**
 * A webhook request read. Verified means the provider sent it and everything in it is the provider's own record:
 * `id` is the provider's event id (what the product records so a replay is a no-op), `type` and `customer` the
 * event's own, and `event` the event as the product uses it, or null for a type the product does not use (recorded
 * all the same, then acknowledged and ignored).
 */
export type WebhookReading = { verified: false } | { verified: true; id: string; type: string; customer: string; event: ProviderEvent | null };

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'frisbii' | 'none';
  ensureCustomer(customer: CustomerRef): Promise<void>;
  listCards(customer: string): Promise<SavedCard[]>;
  /** A hosted page where the customer enters a new card; completing it makes the purchase. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /**
   * Charges a saved card now. The same handle twice makes one charge (the first one is answered); a handle the
   * provider already holds for another charge (another customer, subscription, plan or amount) is never answered as
   * this one: `ChargeHandleTakenError`.
   */
  charge(customer: string, cardId: string, purchase: Extract<Purchase, { kind: 'charge' }>): Promise<Charge>;
  /**
   * Starts a subscription on a saved card, charging its first period now, or, with a later `startsAt`, nothing now
   * (`invoice` null: the first charge is the renewal at the start); idempotent on the handle like `charge`.
   */
  subscribe(customer: string, cardId: string, purchase: Extract<Purchase, { kind: 'subscription' }>): Promise<{ subscription: ProviderSubscription; invoice: Charge | null }>;
  /** Cancels at the end of the current period (one that has not started never starts). */
  cancelSubscription(handle: string): Promise<ProviderSubscription>;
  /** Takes back a cancellation while the period lasts: renewals go on as before, nothing is charged now. */
  reactivateSubscription(handle: string): Promise<ProviderSubscription>;
  /** The card the next renewals draw on. */
  setSubscriptionCard(handle: string, cardId: string): Promise<ProviderSubscription>;
  getCharge(handle: string): Promise<Charge | null>;
  /** Newest first, `pageSize` at a time; `next_page_token` null on the last page. */
  listCharges(customer: string, pageToken: string | null, pageSize?: number): Promise<{ content: Charge[]; next_page_token: string | null }>;
  /**
   * A webhook request read: not verified (bad or missing signature, too old, or not what the provider itself
   * records: refused, nothing read from it), or verified (see `WebhookReading`). `signature` is the request's
   * `X-Webhook-Signature` header, for providers that sign in a header (the sandbox).
   */
  readWebhook(rawBody: string, signature: string | undefined): Promise<WebhookReading>;
  /** Housekeeping the provider does on its own clock (renewals, dunning, webhook retries); a no-op for a remote one. */
  tick(now: number): Promise<void>;
}

export class PaymentDeclinedError extends Error {
  override name = 'PaymentDeclinedError';
}

/**
 * The provider holds a charge under this handle that is not the one asked for. Answering it would count someone
 * else's payment as this one (a renewal skipped, an add-on given unpaid), so it is a refusal: 409, nothing charged.
 */
export class ChargeHandleTakenError extends ConflictError {
  constructor(readonly handle: string) {
    super(commerceMessages.providerUnavailable);
  }
}

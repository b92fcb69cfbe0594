/**
 * The sandbox payment provider: the local default, inside the API, so that buying Pro, add-ons and cards works
 * offline and in tests. It keeps its own records (models/payments-sandbox.ts), serves a hosted checkout page
 * (pages.ts, routes.ts) that knows three test cards (core SANDBOX_CARDS: one succeeds, one is declined, one asks a
 * 3-D Secure confirmation), renews subscriptions on the API's clock (the development clock moves it), can be told to
 * fail the next renewal, gives up after three failed renewal attempts a day apart, and reports everything through
 * signed webhook events, delivered at once and retried on its next tick. It refuses to start in production.
 *
 * Idempotency is by handle, as at a real provider: a charge or subscription handle is its `_id`, so the same handle
 * twice makes one charge; a handle already held by a different charge is refused (`ChargeHandleTakenError`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { maskCard, SANDBOX_CARDS, withVat } from '@klinik/core';
import { isDuplicateKeyError } from '@klinik/api/errors.js';
import type { Models } from '@klinik/api/models/index.js';
import {
  ChargeHandleTakenError,
  PaymentDeclinedError,
  type Charge,
  type ChargeState,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderEventType,
  type ProviderSubscription,
  type Purchase,
  type SavedCard,
} from '@klinik/api/adapters/payments/provider.js';
import { signBody, verifySignature } from '@klinik/api/adapters/payments/signature.js';

const DAY_MS = 24 * 3600_000;
/** Renewal attempts of a failed period before the subscription expires. */
export const SANDBOX_DUNNING_ATTEMPTS = 3;

export interface SandboxOptions {
  models: Models;
  now: () => number;
  webhookSecret: string;
  /** Hands a signed event to the product's webhook handler; a throw leaves it for the next tick. */
  deliver: (rawBody: string, signature: string) => Promise<void>;
  /** Where the checkout page is served: the API's own address. */
  publicUrl: () => string;
  production: boolean;
}

export type CardBehaviour = 'ok' | 'decline' | '3ds';

/** What a test number does; any other well-formed number succeeds, as test cards at real sandboxes do. */
export function cardBehaviour(number: string): CardBehaviour {
  const digits = number.replace(/\s/g, '');
  if (digits === SANDBOX_CARDS.declined) return 'decline';
  if (digits === SANDBOX_CARDS.threeDSecure) return '3ds';
  return 'ok';
}

export function addMonth(ms: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

type ChargeDoc = { _id: string; customer: string; subscription?: string | null; plan?: string | null; ordertext: string; amountOre: number; vatOre: number; state: string; cardId?: string | null; maskedCard?: string; created: number };
type SubscriptionDoc = { _id: string; customer: string; plan: string; state: string; periodFrom: number; periodTo: number; cardId: string; started?: boolean | null };
type CardDoc = { _id: string; customer: string; masked: string; fingerprint: string; expiry: string; behaviour?: string | null };
type CardInput = { masked: string; fingerprint: string; expiry: string };

function toCharge(doc: ChargeDoc): Charge {
  return {
    handle: doc._id,
    customer: doc.customer,
    subscription: doc.subscription ?? null,
    plan: doc.plan ?? null,
    ordertext: doc.ordertext,
    amount_ex_vat: doc.amountOre,
    amount_vat: doc.vatOre,
    amount: doc.amountOre + doc.vatOre,
    state: doc.state as ChargeState,
    card_id: doc.cardId ?? null,
    masked_card: doc.maskedCard ?? '',
    created: doc.created,
  };
}

function toSubscription(doc: SubscriptionDoc): ProviderSubscription {
  return {
    handle: doc._id,
    customer: doc.customer,
    plan: doc.plan,
    state: doc.state as ProviderSubscription['state'],
    period_from: doc.periodFrom,
    period_to: doc.periodTo,
    card_id: doc.cardId,
    starts_at: doc.started === false ? doc.periodFrom : null,
  };
}

function toCard(doc: CardDoc): SavedCard {
  return { id: doc._id, customer: doc.customer, masked_card: doc.masked, fingerprint: doc.fingerprint, expiry: doc.expiry };
}

export interface SandboxProvider extends PaymentProvider {
  /** The checkout page's data (routes.ts). */
  session(sessionId: string): Promise<{ id: string; purpose: string; ordertext: string; amount: number; startsAt: number | null; state: string; cancelUrl: string; pendingMasked: string | null } | null>;
  /** The customer typed a card on the checkout page: declined, a 3-D Secure step, or done (the address to go to). */
  pay(sessionId: string, card: { number: string; expiry: string }): Promise<{ outcome: 'declined' } | { outcome: '3ds' } | { outcome: 'done'; redirect: string }>;
  /** The 3-D Secure page's answer. */
  confirm(sessionId: string, approved: boolean): Promise<{ outcome: 'declined' } | { outcome: 'done'; redirect: string }>;
  /** The customer left the checkout page: the cancel address. */
  abandon(sessionId: string): Promise<string | null>;
  /** Makes the next renewal of a subscription fail (tests, and the sandbox page in development). */
  failNextRenewal(handle: string): Promise<boolean>;
}

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  if (options.production) throw new Error('The sandbox payment provider refuses to start with NODE_ENV=production: configure a real provider');
  const { models, now } = options;
  const { SandboxCustomer, SandboxCard, SandboxSession, SandboxCharge, SandboxSubscription, SandboxEvent } = models;

  async function emit(type: ProviderEventType, customer: string, payload: Omit<ProviderEvent, 'id' | 'event_type' | 'timestamp' | 'customer'>): Promise<void> {
    const event: ProviderEvent = { id: id('ev'), event_type: type, timestamp: now(), customer, ...payload };
    const body = JSON.stringify(event);
    await SandboxEvent.create({ _id: event.id, body, createdAt: event.timestamp });
    await deliver(event.id, body);
  }

  async function deliver(eventId: string, body: string): Promise<void> {
    try {
      await options.deliver(body, signBody(options.webhookSecret, body));
      await SandboxEvent.updateOne({ _id: eventId }, { $set: { delivered: true }, $inc: { attempts: 1 } });
    } catch {
      await SandboxEvent.updateOne({ _id: eventId }, { $inc: { attempts: 1 } });
    }
  }

  /** Cards are saved once a payment with them went through (a declined card is never saved). */
  async function saveCard(customer: string, card: CardInput): Promise<CardDoc> {
    const existing = await SandboxCard.findOne({ customer, fingerprint: card.fingerprint }).lean();
    if (existing) return existing;
    const doc = await SandboxCard.create({ _id: id('ca'), customer, masked: card.masked, fingerprint: card.fingerprint, expiry: card.expiry, behaviour: 'ok' });
    const saved = doc.toObject() as CardDoc;
    await emit('customer_payment_method_added', customer, { card: toCard(saved) });
    return saved;
  }

  /**
   * Inserts the charge under its handle; the same handle again answers the first charge, if it is this one (same
   * customer, subscription, plan and amount). A handle taken by another charge is refused, never answered: that
   * answer would make a renewal look done, or a purchase paid, by someone else's charge.
   */
  async function createCharge(customer: string, card: CardDoc, purchase: { handle: string; ordertext: string; amountOre: number; plan?: string | null; subscription?: string | null }): Promise<{ charge: ChargeDoc; fresh: boolean }> {
    const vat = withVat(purchase.amountOre).amount_vat;
    const state: ChargeState = card.behaviour === 'decline' ? 'failed' : 'settled';
    try {
      const doc = await SandboxCharge.create({
        _id: purchase.handle,
        customer,
        subscription: purchase.subscription ?? null,
        plan: purchase.plan ?? null,
        ordertext: purchase.ordertext,
        amountOre: purchase.amountOre,
        vatOre: vat,
        state,
        cardId: card._id,
        maskedCard: card.masked,
        created: now(),
      });
      return { charge: doc.toObject(), fresh: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = (await SandboxCharge.findById(purchase.handle).lean()) as ChargeDoc | null;
      const same =
        existing &&
        existing.customer === customer &&
        (existing.subscription ?? null) === (purchase.subscription ?? null) &&
        (existing.plan ?? null) === (purchase.plan ?? null) &&
        existing.amountOre === purchase.amountOre;
      if (!same) throw new ChargeHandleTakenError(purchase.handle);
      return { charge: existing, fresh: false };
    }
  }

  async function cardOf(customer: string, cardId: string): Promise<CardDoc> {
    const card = await SandboxCard.findOne({ _id: cardId, customer }).lean();
    if (!card) throw new PaymentDeclinedError('Kortet findes ikke');
    return card;
  }

  async function chargeCard(customer: string, card: CardDoc, purchase: Extract<Purchase, { kind: 'charge' }>): Promise<Charge> {
    const { charge, fresh } = await createCharge(customer, card, purchase);
    if (fresh) await emit(charge.state === 'settled' ? 'invoice_settled' : 'invoice_failed', customer, { invoice: toCharge(charge) });
    return toCharge(charge);
  }

  /**
   * A subscription whose first period starts later (Pro bought during the trial): nothing is charged now. It waits
   * with periodFrom = periodTo = the start, so the renewal at that moment is its first charge (`started` then true).
   */
  async function scheduleSubscription(customer: string, card: CardDoc, purchase: Extract<Purchase, { kind: 'subscription' }>, startsAt: number) {
    const { subscription, fresh } = await insertSubscription(customer, card, purchase, { periodFrom: startsAt, periodTo: startsAt, started: false, created: now() });
    if (fresh) await emit('subscription_created', customer, { subscription: toSubscription(subscription) });
    return { subscription: toSubscription(subscription), invoice: null };
  }

  /** Inserts the purchase's subscription under its handle; the same handle again answers the one stored (not fresh). */
  async function insertSubscription(
    customer: string,
    card: CardDoc,
    purchase: Extract<Purchase, { kind: 'subscription' }>,
    period: { periodFrom: number; periodTo: number; started?: boolean; created: number },
  ): Promise<{ subscription: SubscriptionDoc; fresh: boolean }> {
    try {
      const created = await SandboxSubscription.create({
        _id: purchase.handle,
        customer,
        plan: purchase.plan,
        ordertext: purchase.ordertext,
        amountOre: purchase.amountOre,
        cardId: card._id,
        state: 'active',
        ...period,
      });
      return { subscription: created.toObject(), fresh: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      return { subscription: (await SandboxSubscription.findById(purchase.handle).lean()) as SubscriptionDoc, fresh: false };
    }
  }

  async function startSubscription(customer: string, card: CardDoc, purchase: Extract<Purchase, { kind: 'subscription' }>) {
    const from = now();
    if (purchase.startsAt != null && purchase.startsAt > from) return scheduleSubscription(customer, card, purchase, purchase.startsAt);
    const invoiceHandle = `${purchase.handle}-1`;
    const { charge, fresh } = await createCharge(customer, card, { handle: invoiceHandle, ordertext: purchase.ordertext, amountOre: purchase.amountOre, plan: purchase.plan, subscription: purchase.handle });
    if (charge.state !== 'settled') {
      if (fresh) await emit('invoice_failed', customer, { invoice: toCharge(charge) });
      throw new PaymentDeclinedError('Betalingen blev afvist');
    }
    const inserted = await insertSubscription(customer, card, purchase, { periodFrom: from, periodTo: addMonth(from), created: from });
    const subscription = inserted.subscription;
    if (!inserted.fresh) return { subscription: toSubscription(subscription), invoice: toCharge(charge) };
    await emit('subscription_created', customer, { subscription: toSubscription(subscription) });
    await emit('invoice_settled', customer, { invoice: toCharge(charge), subscription: toSubscription(subscription) });
    return { subscription: toSubscription(subscription), invoice: toCharge(charge) };
  }

  /** A card the checkout page accepted (not a declining one): saved, then the session's purchase is made with it. */
  async function complete(
    session: { _id: string; customer: string; purpose: string; handle?: string | null; plan?: string | null; ordertext?: string; amountOre?: number; startsAt?: number | null; acceptUrl: string },
    card: CardInput,
  ) {
    const saved = await saveCard(session.customer, card);
    let invoice = '';
    if (session.purpose === 'charge') {
      invoice = (await chargeCard(session.customer, saved, { kind: 'charge', handle: session.handle!, ordertext: session.ordertext ?? '', amountOre: session.amountOre ?? 0 })).handle;
    } else if (session.purpose === 'subscription') {
      const started = await startSubscription(session.customer, saved, {
        kind: 'subscription',
        handle: session.handle!,
        plan: session.plan ?? '',
        ordertext: session.ordertext ?? '',
        amountOre: session.amountOre ?? 0,
        startsAt: session.startsAt ?? null,
      });
      invoice = started.invoice?.handle ?? '';
    }
    await SandboxSession.updateOne({ _id: session._id }, { $set: { state: 'completed', pendingCard: null } });
    const url = new URL(session.acceptUrl);
    url.searchParams.set('id', session.handle ?? saved._id);
    if (invoice) url.searchParams.set('invoice', invoice);
    url.searchParams.set('customer', session.customer);
    return url.toString();
  }

  function cardFromInput(card: { number: string; expiry: string }) {
    const digits = card.number.replace(/\s/g, '');
    return { masked: maskCard(digits), fingerprint: createHash('sha256').update(`sandbox:${digits}`).digest('hex').slice(0, 24), expiry: card.expiry };
  }

  /** One renewal attempt of a subscription whose period ended (or whose dunning retry is due). */
  async function renew(due: SubscriptionDoc & { ordertext: string; amountOre: number; failNextRenewal?: boolean | null; failedAttempts?: number | null }, at: number): Promise<void> {
    // Read again: what was due when the tick began may have been cancelled since (the product ends a lapsed clinic's
    // subscriptions as events of this same tick arrive), and a cancelled subscription is never charged again.
    const subscription = (await SandboxSubscription.findOne({ _id: due._id, periodTo: due.periodTo, state: { $in: ['active', 'dunning'] } }).lean()) as typeof due | null;
    if (!subscription) return;
    const card = (await SandboxCard.findById(subscription.cardId).lean()) as CardDoc | null;
    const attempt = (subscription.failedAttempts ?? 0) + 1;
    const fails = subscription.failNextRenewal === true || !card || card.behaviour === 'decline';
    const charging: CardDoc = { ...(card ?? { _id: subscription.cardId, customer: subscription.customer, masked: '', fingerprint: '', expiry: '' }), behaviour: fails ? 'decline' : 'ok' };
    const { charge, fresh } = await createCharge(subscription.customer, charging, {
      handle: `${subscription._id}-${subscription.periodTo}-${attempt}`,
      ordertext: subscription.ordertext,
      amountOre: subscription.amountOre,
      plan: subscription.plan,
      subscription: subscription._id,
    });
    if (!fresh) return;
    if (charge.state === 'settled') {
      const periodFrom = subscription.periodTo;
      const updated = (await SandboxSubscription.findOneAndUpdate(
        { _id: subscription._id, periodTo: subscription.periodTo },
        { $set: { state: 'active', periodFrom, periodTo: addMonth(periodFrom), started: true, failNextRenewal: false, failedAttempts: 0, nextAttemptAt: null } },
        { returnDocument: 'after' },
      ).lean()) as SubscriptionDoc | null;
      if (!updated) return;
      await emit('invoice_settled', subscription.customer, { invoice: toCharge(charge), subscription: toSubscription(updated) });
      await emit('subscription_renewal', subscription.customer, { subscription: toSubscription(updated) });
      return;
    }
    const givesUp = attempt >= SANDBOX_DUNNING_ATTEMPTS;
    const updated = (await SandboxSubscription.findOneAndUpdate(
      { _id: subscription._id },
      // A first charge that fails has started the subscription all the same: it is in dunning like a renewal.
      { $set: { state: givesUp ? 'expired' : 'dunning', started: true, failNextRenewal: false, failedAttempts: attempt, nextAttemptAt: givesUp ? null : at + DAY_MS } },
      { returnDocument: 'after' },
    ).lean()) as SubscriptionDoc;
    await emit('invoice_failed', subscription.customer, { invoice: toCharge(charge), subscription: toSubscription(updated) });
    await emit(givesUp ? 'subscription_expired' : 'subscription_dunning', subscription.customer, { subscription: toSubscription(updated) });
  }

  return {
    kind: 'sandbox',

    async ensureCustomer(customer) {
      await SandboxCustomer.updateOne({ _id: customer.handle }, { $set: { email: customer.email, name: customer.name } }, { upsert: true });
    },

    async listCards(customer) {
      return (await SandboxCard.find({ customer }).sort({ createdAt: 1 }).lean()).map((card) => toCard(card as CardDoc));
    },

    async createCheckout({ customer, purchase, acceptUrl, cancelUrl, origin }) {
      await SandboxCustomer.updateOne({ _id: customer.handle }, { $set: { email: customer.email, name: customer.name } }, { upsert: true });
      const sessionId = id('cs');
      await SandboxSession.create({
        _id: sessionId,
        customer: customer.handle,
        purpose: purchase.kind,
        handle: purchase.kind === 'card' ? null : purchase.handle,
        plan: purchase.kind === 'subscription' ? purchase.plan : null,
        ordertext: purchase.kind === 'card' ? 'Gem betalingskort' : purchase.ordertext,
        amountOre: purchase.kind === 'card' ? 0 : purchase.amountOre,
        startsAt: purchase.kind === 'subscription' ? (purchase.startsAt ?? null) : null,
        acceptUrl,
        cancelUrl,
      });
      return { id: sessionId, url: `${origin || options.publicUrl()}/sandbox/checkout/${sessionId}` };
    },

    async charge(customer, cardId, purchase) {
      const charge = await chargeCard(customer, await cardOf(customer, cardId), purchase);
      if (charge.state !== 'settled') throw new PaymentDeclinedError('Betalingen blev afvist');
      return charge;
    },

    async subscribe(customer, cardId, purchase) {
      return startSubscription(customer, await cardOf(customer, cardId), purchase);
    },

    async cancelSubscription(handle) {
      const updated = await SandboxSubscription.findOneAndUpdate({ _id: handle, state: { $in: ['active', 'dunning'] } }, { $set: { state: 'cancelled' } }, { returnDocument: 'after' }).lean();
      const current = updated ?? (await SandboxSubscription.findById(handle).lean());
      if (!current) throw new Error(`No sandbox subscription ${handle}`);
      if (updated) await emit('subscription_cancelled', current.customer, { subscription: toSubscription(current) });
      return toSubscription(current);
    },

    async reactivateSubscription(handle) {
      const updated = await SandboxSubscription.findOneAndUpdate({ _id: handle, state: 'cancelled', periodTo: { $gt: now() } }, { $set: { state: 'active' } }, { returnDocument: 'after' }).lean();
      if (!updated) throw new Error(`Sandbox subscription ${handle} cannot be reactivated`);
      await emit('subscription_reactivated', updated.customer, { subscription: toSubscription(updated) });
      return toSubscription(updated);
    },

    async setSubscriptionCard(handle, cardId) {
      const subscription = await SandboxSubscription.findById(handle).lean();
      if (!subscription) throw new Error(`No sandbox subscription ${handle}`);
      await cardOf(subscription.customer, cardId);
      const updated = await SandboxSubscription.findOneAndUpdate({ _id: handle }, { $set: { cardId } }, { returnDocument: 'after' }).lean();
      return toSubscription(updated as SubscriptionDoc);
    },

    async getCharge(handle) {
      const charge = await SandboxCharge.findById(handle).lean();
      return charge ? toCharge(charge) : null;
    },

    async listCharges(customer, pageToken, pageSize = 20) {
      // The token is the `created` and handle of the last charge shown: newest first, stable under inserts.
      const filter: Record<string, unknown> = { customer };
      if (pageToken) {
        const [created, handle] = Buffer.from(pageToken, 'base64url').toString().split('|');
        filter.$or = [{ created: { $lt: Number(created) } }, { created: Number(created), _id: { $lt: handle } }];
      }
      const docs = (await SandboxCharge.find(filter).sort({ created: -1, _id: -1 }).limit(pageSize + 1).lean()) as ChargeDoc[];
      const content = docs.slice(0, pageSize).map(toCharge);
      const last = content.at(-1);
      const next = docs.length > pageSize && last ? Buffer.from(`${last.created}|${last.handle}`).toString('base64url') : null;
      return { content, next_page_token: next };
    },

    async readWebhook(rawBody, signature) {
      // The signature covers the whole body, so every field in it is the sandbox's own.
      if (!verifySignature(options.webhookSecret, rawBody, signature)) return { verified: false };
      let event: ProviderEvent;
      try {
        event = JSON.parse(rawBody) as ProviderEvent;
      } catch {
        return { verified: false };
      }
      if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') return { verified: false };
      return { verified: true, id: event.id, type: event.event_type, customer: event.customer ?? '', event };
    },

    async tick(at) {
      const due = await SandboxSubscription.find({
        $or: [
          { state: 'active', periodTo: { $lte: at } },
          { state: 'dunning', nextAttemptAt: { $lte: at } },
        ],
      }).lean();
      // One subscription's failure (a refused handle) must not hold up the others' renewals: each is tried, and the
      // first failure is thrown at the end, for the job's log.
      const failures: unknown[] = [];
      for (const subscription of due) await renew(subscription, at).catch((error: unknown) => failures.push(error));
      const ended = await SandboxSubscription.find({ state: 'cancelled', periodTo: { $lte: at } }).lean();
      for (const subscription of ended) {
        const updated = await SandboxSubscription.findOneAndUpdate({ _id: subscription._id, state: 'cancelled' }, { $set: { state: 'expired' } }, { returnDocument: 'after' }).lean();
        if (updated) await emit('subscription_expired', updated.customer, { subscription: toSubscription(updated) });
      }
      const undelivered = await SandboxEvent.find({ delivered: false, attempts: { $lt: 20 } }).sort({ createdAt: 1 }).limit(100).lean();
      for (const event of undelivered) await deliver(event._id, event.body);
      if (failures.length > 0) throw failures[0];
    },

    async session(sessionId) {
      const session = await SandboxSession.findById(sessionId).lean();
      if (!session) return null;
      return {
        id: session._id,
        purpose: session.purpose,
        ordertext: session.ordertext ?? '',
        amount: withVat(session.amountOre ?? 0).amount,
        startsAt: session.startsAt ?? null,
        state: session.state ?? 'open',
        cancelUrl: session.cancelUrl,
        pendingMasked: session.pendingCard?.masked ?? null,
      };
    },

    async pay(sessionId, card) {
      const session = await SandboxSession.findOne({ _id: sessionId, state: 'open' }).lean();
      if (!session) throw new Error('The checkout is closed');
      const behaviour = cardBehaviour(card.number);
      // A declined card is refused at authorisation: nothing is charged or saved, and the page stays open.
      if (behaviour === 'decline') return { outcome: 'declined' };
      const details = cardFromInput(card);
      if (behaviour === '3ds') {
        await SandboxSession.updateOne({ _id: sessionId, state: 'open' }, { $set: { state: 'confirming', pendingCard: details } });
        return { outcome: '3ds' };
      }
      return { outcome: 'done', redirect: await complete(session, details) };
    },

    async confirm(sessionId, approved) {
      const session = await SandboxSession.findOne({ _id: sessionId, state: 'confirming' }).lean();
      if (!session?.pendingCard) throw new Error('Nothing to confirm');
      if (!approved) {
        await SandboxSession.updateOne({ _id: sessionId }, { $set: { state: 'open', pendingCard: null } });
        return { outcome: 'declined' };
      }
      const pending = { masked: session.pendingCard.masked ?? '', fingerprint: session.pendingCard.fingerprint ?? '', expiry: session.pendingCard.expiry ?? '' };
      return { outcome: 'done', redirect: await complete(session, pending) };
    },

    async abandon(sessionId) {
      const session = await SandboxSession.findOneAndUpdate({ _id: sessionId, state: { $in: ['open', 'confirming'] } }, { $set: { state: 'cancelled' } }, { returnDocument: 'after' }).lean();
      return session?.cancelUrl ?? null;
    },

    async failNextRenewal(handle) {
      const result = await SandboxSubscription.updateOne({ _id: handle }, { $set: { failNextRenewal: true } });
      return result.matchedCount === 1;
    },
  };
}

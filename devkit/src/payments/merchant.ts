/**
 * The sandbox as every clinic's own merchant account: what a clinic's Frisbii account is in production, so that
 * clients can pay at online booking offline and in tests. One sandbox holds every clinic's account, each record keyed
 * by the clinic (`account`, and the first part of every `_id`): a handle is unique per account, and one clinic's
 * gateway never reads, pays, charges or refunds another's charge.
 *
 * Its hosted checkout (merchant-pages.ts, merchant-routes.ts) offers MobilePay (an approval page standing in for the
 * app) and the test cards (core SANDBOX_CARDS: ok, declined, 3-D Secure); it saves the card on the customer when the
 * client agreed (`saveCard`), refuses payment after `expiresAt`, charges a saved card (a no-show fee), refunds part or
 * all of a settled charge (idempotent by key, never more than is left), and reports each change as a webhook event
 * signed with the clinic's own secret, delivered at once to the clinic's webhook handler and retried on the tick.
 *
 * What happens once (a charge settled, the n-th refund) is decided by inserting a record under a deterministic `_id`:
 * FerretDB keeps only that atomic.
 */
import { createHash, randomBytes } from 'node:crypto';
import { maskCard } from '@klinik/core';
import { isDuplicateKeyError } from '@klinik/api/errors.js';
import type { Models } from '@klinik/api/models/index.js';
import {
  MerchantRefundRefusedError,
  type MerchantCharge,
  type MerchantGateway,
  type MerchantMethod,
  type MerchantRefund,
  type MerchantWebhookReading,
} from '@klinik/api/adapters/payments/merchant.js';
import { ChargeHandleTakenError, PaymentDeclinedError } from '@klinik/api/adapters/payments/provider.js';
import { signBody, verifySignature } from '@klinik/api/adapters/payments/signature.js';
import { cardBehaviour } from './provider.js';

export interface SandboxMerchantOptions {
  models: Models;
  now: () => number;
  /** Hands a signed event to the clinic's webhook handler; a throw leaves it for the next tick. */
  deliver: (companyId: string, rawBody: string, signature: string) => Promise<void>;
  /** Where the checkout page is served: the API's own address. */
  publicUrl: () => string;
  production: boolean;
}

export type MerchantEventType = 'invoice_settled' | 'invoice_cancelled' | 'invoice_refund';

/** A webhook body: every field is covered by the signature (X-Webhook-Signature, HMAC-SHA256 of the body). */
export interface MerchantEventBody {
  id: string;
  event_type: MerchantEventType;
  timestamp: number;
  /** The clinic whose account sent it. */
  account: string;
  /** The charge's handle. */
  invoice: string;
}

/** The checkout page's view of one charge. */
export interface MerchantSessionView {
  id: string;
  ordertext: string;
  amountOre: number;
  methods: MerchantMethod[];
  saveCard: boolean;
  expiresAt: number | null;
  /** open: can be paid; confirming: a 3-D Secure card waits; expired: after `expiresAt`; closed: paid or given up. */
  state: 'open' | 'confirming' | 'expired' | 'closed';
  pendingMasked: string | null;
}

export type PageOutcome = { outcome: 'declined' } | { outcome: '3ds' } | { outcome: 'expired' } | { outcome: 'done'; redirect: string };

/** The merchant sandbox: the gateway of each clinic, and what its hosted pages do. */
export interface SandboxMerchants {
  forClinic(companyId: string, webhookSecret: string): MerchantGateway;
  session(sessionId: string): Promise<MerchantSessionView | null>;
  payWithCard(sessionId: string, card: { number: string; expiry: string }): Promise<PageOutcome>;
  confirm(sessionId: string, approved: boolean): Promise<PageOutcome>;
  payWithMobilePay(sessionId: string, phone: string, approved: boolean): Promise<PageOutcome>;
  abandon(sessionId: string): Promise<string | null>;
  /** Lapses open checkouts past their time, and sends events not yet delivered. */
  tick(at: number): Promise<void>;
}

type ChargeDoc = {
  _id: string;
  account: string;
  handle: string;
  customer: string;
  ordertext: string;
  amountOre: number;
  state: MerchantCharge['state'];
  method?: MerchantMethod | null;
  cardId?: string | null;
  maskedCard?: string;
  settledAt?: number | null;
  session?: string | null;
  methods?: string[];
  saveCard?: boolean;
  acceptUrl?: string;
  cancelUrl?: string;
  expiresAt?: number | null;
  step?: 'open' | 'confirming' | 'abandoned';
  pendingCard?: { masked?: string | null; fingerprint?: string | null; expiry?: string | null } | null;
  created: number;
};
type CardDoc = { _id: string; account: string; customer: string; masked: string; fingerprint: string; expiry: string };
type RefundDoc = { _id: string; id: string; account: string; chargeHandle: string; key: string; amountOre: number; n: number };
type CardInput = { masked: string; fingerprint: string; expiry: string };

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const chargeId = (account: string, handle: string) => `${account}:${handle}`;
/** The event of a charge's one settlement: its `_id` is the charge's, so a charge settles once. */
const settledEventId = (account: string, handle: string) => `ev_${createHash('sha256').update(`${account}:${handle}:settled`).digest('hex').slice(0, 24)}`;

/** A Danish mobile number as MobilePay takes it: eight digits, optionally after +45. */
export function mobilePayNumber(phone: string): string | null {
  const digits = phone.replace(/[\s-]/g, '').replace(/^(\+45|0045)/, '');
  return /^[2-9]\d{7}$/.test(digits) ? digits : null;
}

function cardFromInput(card: { number: string; expiry: string }): CardInput {
  const digits = card.number.replace(/[\s-]/g, '');
  return { masked: maskCard(digits), fingerprint: createHash('sha256').update(`sandbox:${digits}`).digest('hex').slice(0, 24), expiry: card.expiry };
}

export function createSandboxMerchants(options: SandboxMerchantOptions): SandboxMerchants {
  if (options.production) throw new Error('The sandbox payment provider refuses to start with NODE_ENV=production: configure a real provider');
  const { models, now } = options;
  const { SandboxMerchantAccount, SandboxMerchantCharge, SandboxMerchantCard, SandboxMerchantRefund, SandboxMerchantEvent } = models;

  async function refundedOf(account: string, handle: string): Promise<number> {
    const refunds = (await SandboxMerchantRefund.find({ account, chargeHandle: handle }).lean()) as RefundDoc[];
    return refunds.reduce((sum, refund) => sum + refund.amountOre, 0);
  }

  /** The state as the provider reports it: an unpaid checkout past its time has lapsed, whether or not the tick saw it. */
  function stateOf(doc: ChargeDoc, at: number): MerchantCharge['state'] {
    if (doc.state === 'pending' && doc.expiresAt != null && at > doc.expiresAt) return 'cancelled';
    return doc.state;
  }

  async function toCharge(doc: ChargeDoc): Promise<MerchantCharge> {
    return {
      handle: doc.handle,
      state: stateOf(doc, now()),
      amountOre: doc.amountOre,
      refundedOre: await refundedOf(doc.account, doc.handle),
      method: doc.method ?? null,
      cardId: doc.cardId ?? null,
      maskedCard: doc.maskedCard ?? '',
      customer: doc.customer,
      settledAt: doc.settledAt ?? null,
    };
  }

  async function send(eventId: string): Promise<void> {
    const event = await SandboxMerchantEvent.findById(eventId).lean();
    if (!event || event.delivered) return;
    const account = await SandboxMerchantAccount.findById(event.account).lean();
    try {
      if (!account) throw new Error('no merchant account to sign with');
      await options.deliver(event.account, event.body, signBody(account.webhookSecret, event.body));
      await SandboxMerchantEvent.updateOne({ _id: eventId }, { $set: { delivered: true }, $inc: { attempts: 1 } });
    } catch {
      await SandboxMerchantEvent.updateOne({ _id: eventId }, { $inc: { attempts: 1 } });
    }
  }

  /** Records an event (once per `eventId`) and sends it; false when that event was already made. */
  async function emit(account: string, type: MerchantEventType, handle: string, eventId = id('ev')): Promise<boolean> {
    const body: MerchantEventBody = { id: eventId, event_type: type, timestamp: now(), account, invoice: handle };
    try {
      await SandboxMerchantEvent.create({ _id: eventId, account, body: JSON.stringify(body), createdAt: body.timestamp });
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
    return true;
  }

  /**
   * The charge is paid: its settlement event is inserted first, so of two payments racing (a double submit) one
   * settles it, and the other is answered the same charge.
   */
  async function settle(doc: ChargeDoc, payment: { method: MerchantMethod; card: CardDoc | null; masked: string }): Promise<void> {
    const eventId = settledEventId(doc.account, doc.handle);
    if (!(await emit(doc.account, 'invoice_settled', doc.handle, eventId))) return;
    await SandboxMerchantCharge.updateOne(
      { _id: doc._id },
      { $set: { state: 'settled', method: payment.method, cardId: payment.card?._id ?? null, maskedCard: payment.masked, settledAt: now(), step: 'open', pendingCard: null } },
    );
    await send(eventId);
  }

  async function saveCard(account: string, customer: string, card: CardInput): Promise<CardDoc> {
    const existing = (await SandboxMerchantCard.findOne({ account, customer, fingerprint: card.fingerprint }).lean()) as CardDoc | null;
    if (existing) return existing;
    const created = await SandboxMerchantCard.create({ _id: id('ca'), account, customer, ...card });
    return created.toObject();
  }

  function acceptRedirect(doc: ChargeDoc): string {
    const url = new URL(doc.acceptUrl ?? '');
    url.searchParams.set('id', doc.session ?? '');
    url.searchParams.set('invoice', doc.handle);
    return url.toString();
  }

  /** The charge behind a checkout page, if it can still be paid; `expired` once its time is over. */
  async function payable(sessionId: string, step: 'open' | 'confirming'): Promise<ChargeDoc | 'expired' | null> {
    const doc = (await SandboxMerchantCharge.findOne({ session: sessionId }).lean()) as ChargeDoc | null;
    if (!doc || doc.state !== 'pending' || doc.step !== step) return null;
    if (stateOf(doc, now()) === 'cancelled') return 'expired';
    return doc;
  }

  async function completeWithCard(doc: ChargeDoc, card: CardInput): Promise<PageOutcome> {
    // The card is kept on the customer only when the client agreed (a later no-show fee); else it is used once.
    const saved = doc.saveCard ? await saveCard(doc.account, doc.customer, card) : null;
    await settle(doc, { method: 'card', card: saved, masked: card.masked });
    return { outcome: 'done', redirect: acceptRedirect(doc) };
  }

  function gateway(account: string, webhookSecret: string): MerchantGateway {
    let registered: Promise<unknown> | null = null;
    /** The account at the sandbox holds the secret its events are signed with (set again if the clinic reconnected). */
    const register = () =>
      (registered ??= SandboxMerchantAccount.updateOne({ _id: account }, { $set: { webhookSecret }, $setOnInsert: { createdAt: now() } }, { upsert: true })
        .exec()
        .catch((error: unknown) => {
          registered = null;
          // Two first calls racing both insert: the other one did, with the same secret.
          if (!isDuplicateKeyError(error)) throw error;
        }));

    async function insertCharge(handle: string, fields: Omit<ChargeDoc, '_id' | 'account' | 'handle' | 'created'>): Promise<{ doc: ChargeDoc; fresh: boolean }> {
      try {
        const created = await SandboxMerchantCharge.create({ _id: chargeId(account, handle), account, handle, created: now(), ...fields });
        return { doc: created.toObject(), fresh: true };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        const existing = (await SandboxMerchantCharge.findById(chargeId(account, handle)).lean()) as ChargeDoc | null;
        // The same handle again is the same charge only if it is for the same customer and amount.
        if (!existing || existing.customer !== fields.customer || existing.amountOre !== fields.amountOre) throw new ChargeHandleTakenError(handle);
        return { doc: existing, fresh: false };
      }
    }

    return {
      kind: 'sandbox',

      async verifyAccount() {
        await register();
      },

      async createCheckout(request) {
        await register();
        const { doc } = await insertCharge(request.handle, {
          customer: request.customer.handle,
          ordertext: request.ordertext,
          amountOre: request.amountOre,
          state: 'pending',
          session: id('ms'),
          methods: request.methods,
          saveCard: request.saveCard,
          acceptUrl: request.acceptUrl,
          cancelUrl: request.cancelUrl,
          expiresAt: request.expiresAt,
          step: 'open',
        });
        if (!doc.session) throw new ChargeHandleTakenError(request.handle);
        return { id: doc.session, url: `${request.origin || options.publicUrl()}/sandbox/merchant/${doc.session}` };
      },

      async getCharge(handle) {
        const doc = (await SandboxMerchantCharge.findOne({ _id: chargeId(account, handle), account }).lean()) as ChargeDoc | null;
        return doc ? toCharge(doc) : null;
      },

      async chargeSavedCard(customer, cardId, charge) {
        await register();
        const card = (await SandboxMerchantCard.findOne({ _id: cardId, account, customer }).lean()) as CardDoc | null;
        if (!card) throw new PaymentDeclinedError('Kortet findes ikke');
        const { doc, fresh } = await insertCharge(charge.handle, { customer, ordertext: charge.ordertext, amountOre: charge.amountOre, state: 'pending', methods: ['card'] });
        if (fresh || doc.state === 'pending') await settle(doc, { method: 'card', card, masked: card.masked });
        return toCharge((await SandboxMerchantCharge.findById(doc._id).lean()) as ChargeDoc);
      },

      async refund(chargeHandle, amountOre, key): Promise<MerchantRefund> {
        const doc = (await SandboxMerchantCharge.findOne({ _id: chargeId(account, chargeHandle), account }).lean()) as ChargeDoc | null;
        if (!doc || doc.state !== 'settled') throw new MerchantRefundRefusedError('Betalingen er ikke gennemført');
        if (!Number.isInteger(amountOre) || amountOre <= 0) throw new MerchantRefundRefusedError('Beløbet skal være et positivt antal øre');
        // Numbered inserts: of two refunds racing for the n-th place one wins, the other reads again and decides anew.
        for (let attempt = 0; attempt < 50; attempt++) {
          const refunds = (await SandboxMerchantRefund.find({ account, chargeHandle }).sort({ n: 1 }).lean()) as RefundDoc[];
          const same = refunds.find((refund) => refund.key === key);
          if (same) return { id: same.id, chargeHandle, amountOre: same.amountOre, state: 'refunded' };
          const left = doc.amountOre - refunds.reduce((sum, refund) => sum + refund.amountOre, 0);
          if (amountOre > left) throw new MerchantRefundRefusedError('Der kan højst refunderes det, der er tilbage af betalingen');
          const n = (refunds.at(-1)?.n ?? 0) + 1;
          const refundId = id('rf');
          try {
            await SandboxMerchantRefund.create({ _id: `${chargeId(account, chargeHandle)}#${n}`, id: refundId, account, chargeHandle, key, amountOre, n, createdAt: now() });
          } catch (error) {
            if (isDuplicateKeyError(error)) continue;
            throw error;
          }
          const eventId = id('ev');
          await emit(account, 'invoice_refund', chargeHandle, eventId);
          await send(eventId);
          return { id: refundId, chargeHandle, amountOre, state: 'refunded' };
        }
        throw new Error('The refund did not get a place after many attempts');
      },

      async readWebhook(rawBody, signature): Promise<MerchantWebhookReading> {
        // The signature covers the whole body: every field in it is the sandbox's own, the account named included.
        if (!verifySignature(webhookSecret, rawBody, signature)) return { verified: false };
        let event: Partial<MerchantEventBody>;
        try {
          event = JSON.parse(rawBody) as Partial<MerchantEventBody>;
        } catch {
          return { verified: false };
        }
        if (typeof event?.id !== 'string' || typeof event.event_type !== 'string' || event.account !== account) return { verified: false };
        return { verified: true, id: event.id, type: event.event_type, chargeHandle: typeof event.invoice === 'string' ? event.invoice : null };
      },
    };
  }

  return {
    forClinic: gateway,

    async session(sessionId) {
      const doc = (await SandboxMerchantCharge.findOne({ session: sessionId }).lean()) as ChargeDoc | null;
      if (!doc) return null;
      const lapsed = stateOf(doc, now()) === 'cancelled' && doc.state === 'pending';
      const state = doc.state !== 'pending' ? 'closed' : lapsed ? 'expired' : doc.step === 'confirming' ? 'confirming' : doc.step === 'open' ? 'open' : 'closed';
      return {
        id: sessionId,
        ordertext: doc.ordertext,
        amountOre: doc.amountOre,
        methods: (doc.methods ?? []) as MerchantMethod[],
        saveCard: doc.saveCard === true,
        expiresAt: doc.expiresAt ?? null,
        state,
        pendingMasked: doc.pendingCard?.masked ?? null,
      };
    },

    async payWithCard(sessionId, card) {
      const doc = await payable(sessionId, 'open');
      if (doc === 'expired') return { outcome: 'expired' };
      if (!doc || !(doc.methods ?? []).includes('card')) throw new Error('The checkout is closed');
      const behaviour = cardBehaviour(card.number);
      // A declined card is refused at authorisation: nothing is charged or saved, and the page stays open.
      if (behaviour === 'decline') return { outcome: 'declined' };
      const details = cardFromInput(card);
      if (behaviour === '3ds') {
        await SandboxMerchantCharge.updateOne({ _id: doc._id, step: 'open' }, { $set: { step: 'confirming', pendingCard: details } });
        return { outcome: '3ds' };
      }
      return completeWithCard(doc, details);
    },

    async confirm(sessionId, approved) {
      const doc = await payable(sessionId, 'confirming');
      if (doc === 'expired') return { outcome: 'expired' };
      if (!doc?.pendingCard) throw new Error('Nothing to confirm');
      if (!approved) {
        await SandboxMerchantCharge.updateOne({ _id: doc._id }, { $set: { step: 'open', pendingCard: null } });
        return { outcome: 'declined' };
      }
      return completeWithCard(doc, { masked: doc.pendingCard.masked ?? '', fingerprint: doc.pendingCard.fingerprint ?? '', expiry: doc.pendingCard.expiry ?? '' });
    },

    async payWithMobilePay(sessionId, phone, approved) {
      const doc = await payable(sessionId, 'open');
      if (doc === 'expired') return { outcome: 'expired' };
      if (!doc || !(doc.methods ?? []).includes('mobilepay')) throw new Error('The checkout is closed');
      if (!approved) return { outcome: 'declined' };
      // MobilePay pays from the app: no card is saved on the clinic's customer, whatever was agreed.
      const number = mobilePayNumber(phone) ?? '';
      await settle(doc, { method: 'mobilepay', card: null, masked: `MobilePay ${number.slice(0, 2)}XXXX${number.slice(6)}` });
      return { outcome: 'done', redirect: acceptRedirect(doc) };
    },

    async abandon(sessionId) {
      const doc = (await SandboxMerchantCharge.findOne({ session: sessionId }).lean()) as ChargeDoc | null;
      if (!doc || doc.state !== 'pending' || doc.step === 'abandoned') return null;
      await SandboxMerchantCharge.updateOne({ _id: doc._id, state: 'pending' }, { $set: { state: 'cancelled', step: 'abandoned', pendingCard: null } });
      const eventId = id('ev');
      await emit(doc.account, 'invoice_cancelled', doc.handle, eventId);
      await send(eventId);
      return doc.cancelUrl ?? null;
    },

    async tick(at) {
      const lapsed = (await SandboxMerchantCharge.find({ state: 'pending', expiresAt: { $ne: null, $lt: at } }).limit(200).lean()) as ChargeDoc[];
      for (const doc of lapsed) {
        const eventId = `ev_${createHash('sha256').update(`${doc._id}:cancelled`).digest('hex').slice(0, 24)}`;
        // The settlement's marker decides: a charge paid in the same moment is not also cancelled.
        if (await SandboxMerchantEvent.exists({ _id: settledEventId(doc.account, doc.handle) })) continue;
        await SandboxMerchantCharge.updateOne({ _id: doc._id, state: 'pending' }, { $set: { state: 'cancelled' } });
        if (await emit(doc.account, 'invoice_cancelled', doc.handle, eventId)) await send(eventId);
      }
      const undelivered = await SandboxMerchantEvent.find({ delivered: false, attempts: { $lt: 20 } }).sort({ createdAt: 1 }).limit(100).lean();
      for (const event of undelivered) await send(event._id);
    },
  };
}

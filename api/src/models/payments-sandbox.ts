/**
 * The sandbox payment provider's own records (devkit/src/payments/): what a real provider keeps on its side,
 * kept here so that every payment flow runs offline. Shaped on a Reepay/Frisbii-style API: customers with handles,
 * saved cards (`ca_…`), charges/invoices with states, subscriptions with monthly periods. No card number is stored:
 * a card is its masked number, a fingerprint and the behaviour of its test number.
 */
import { Schema } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { now } from './common.js';
import { defineModel } from './scope.js';

const why = "the sandbox payment provider's own records: another system in production, not a clinic's data";

const sandboxCustomerSchema = new Schema(
  {
    _id: { type: String, required: true },
    email: { type: String, default: '' },
    name: { type: String, default: '' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

const sandboxCardSchema = new Schema(
  {
    _id: { type: String, required: true },
    customer: { type: String, required: true, index: true },
    masked: { type: String, required: true },
    fingerprint: { type: String, required: true },
    expiry: { type: String, required: true },
    /** What the test number does on a charge: succeed, decline. */
    behaviour: { type: String, enum: ['ok', 'decline'], default: 'ok' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/** A hosted checkout page: buy a charge or a subscription with a new card, or save a card. */
const sandboxSessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    customer: { type: String, required: true },
    purpose: { type: String, enum: ['charge', 'subscription', 'card'], required: true },
    /** The charge or subscription handle the session makes. */
    handle: { type: String, default: null },
    plan: { type: String, default: null },
    ordertext: { type: String, default: '' },
    amountOre: { type: Number, default: 0 },
    /** A subscription whose first period starts later (Pro bought during the trial): nothing is charged on the page. */
    startsAt: { type: Number, default: null },
    acceptUrl: { type: String, required: true },
    cancelUrl: { type: String, required: true },
    state: { type: String, enum: ['open', 'confirming', 'completed', 'cancelled'], default: 'open' },
    /** The card waiting for its 3-D Secure confirmation (masked, never the number). */
    pendingCard: { type: new Schema({ masked: String, fingerprint: String, expiry: String }, { _id: false }), default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/** A charge (the provider's invoice): a one-time payment or one period of a subscription. */
const sandboxChargeSchema = new Schema(
  {
    _id: { type: String, required: true },
    customer: { type: String, required: true, index: true },
    subscription: { type: String, default: null },
    plan: { type: String, default: null },
    ordertext: { type: String, required: true },
    amountOre: { type: Number, required: true },
    vatOre: { type: Number, required: true },
    state: { type: String, enum: ['created', 'pending', 'authorized', 'settled', 'failed', 'cancelled'], required: true },
    cardId: { type: String, default: null },
    maskedCard: { type: String, default: '' },
    created: { type: Number, required: true },
  },
  { versionKey: false },
);

const sandboxSubscriptionSchema = new Schema(
  {
    _id: { type: String, required: true },
    customer: { type: String, required: true, index: true },
    plan: { type: String, required: true },
    ordertext: { type: String, required: true },
    amountOre: { type: Number, required: true },
    cardId: { type: String, required: true },
    state: { type: String, enum: ['active', 'dunning', 'cancelled', 'expired'], required: true },
    periodFrom: { type: Number, required: true },
    periodTo: { type: Number, required: true },
    /**
     * false until its first period starts (a subscription created with a later start: periodFrom = periodTo = the
     * start, charged first by the renewal at that moment, like Reepay's `has_started`).
     */
    started: { type: Boolean, default: true },
    failNextRenewal: { type: Boolean, default: false },
    /** Failed renewal attempts in a row (dunning gives up after three). */
    failedAttempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Number, default: null },
    created: { type: Number, required: true },
  },
  { versionKey: false },
);

/** Webhook events waiting to be delivered (and delivered ones, kept for the record). */
const sandboxEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    body: { type: String, required: true },
    delivered: { type: Boolean, default: false },
    attempts: { type: Number, default: 0 },
    createdAt: { type: Number, required: true },
  },
  { versionKey: false },
);

/**
 * The sandbox as every clinic's own merchant account (devkit/src/payments/merchant.ts): each record carries the
 * clinic's id as `account`, and every `_id` begins with it, so one clinic's handle never reaches another's charge.
 */
const sandboxMerchantChargeSchema = new Schema(
  {
    /** `<account>:<handle>`: the handle is unique per account, as at a real provider. */
    _id: { type: String, required: true },
    account: { type: String, required: true },
    handle: { type: String, required: true },
    customer: { type: String, required: true },
    customerEmail: { type: String, default: '' },
    customerName: { type: String, default: '' },
    ordertext: { type: String, default: '' },
    amountOre: { type: Number, required: true },
    state: { type: String, enum: ['pending', 'settled', 'failed', 'cancelled'], required: true },
    method: { type: String, enum: ['card', 'mobilepay'], default: null },
    cardId: { type: String, default: null },
    maskedCard: { type: String, default: '' },
    settledAt: { type: Number, default: null },
    /** The hosted checkout of a charge paid on the page (none for a saved card's charge): its page's id. */
    session: { type: String, default: null },
    methods: { type: [String], default: [] },
    saveCard: { type: Boolean, default: false },
    acceptUrl: { type: String, default: '' },
    cancelUrl: { type: String, default: '' },
    expiresAt: { type: Number, default: null },
    /** 'confirming' while a 3-D Secure card waits for its answer (masked, never the number). */
    step: { type: String, enum: ['open', 'confirming', 'abandoned'], default: 'open' },
    pendingCard: { type: new Schema({ masked: String, fingerprint: String, expiry: String }, { _id: false }), default: null },
    created: { type: Number, required: true },
  },
  { versionKey: false },
);
sandboxMerchantChargeSchema.index({ session: 1 });
// The tick's look for unpaid checkouts past their time.
sandboxMerchantChargeSchema.index({ state: 1, expiresAt: 1 });

const sandboxMerchantCardSchema = new Schema(
  {
    _id: { type: String, required: true },
    account: { type: String, required: true },
    customer: { type: String, required: true },
    masked: { type: String, required: true },
    fingerprint: { type: String, required: true },
    expiry: { type: String, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
sandboxMerchantCardSchema.index({ account: 1, customer: 1 });

/** A refund, numbered per charge (`<account>:<handle>#<n>`): of two refunds racing, one inserts the n-th. */
const sandboxMerchantRefundSchema = new Schema(
  {
    _id: { type: String, required: true },
    id: { type: String, required: true },
    account: { type: String, required: true },
    chargeHandle: { type: String, required: true },
    key: { type: String, required: true },
    amountOre: { type: Number, required: true },
    n: { type: Number, required: true },
    createdAt: { type: Number, required: true },
  },
  { versionKey: false },
);
sandboxMerchantRefundSchema.index({ account: 1, chargeHandle: 1 });

/**
 * A clinic's merchant account at the sandbox (`_id` the company's id): the webhook secret the provider signs that
 * clinic's events with, set when the clinic connects (a real provider keeps it on its side too). Encrypted at rest.
 */
const sandboxMerchantAccountSchema = new Schema(
  {
    _id: { type: String, required: true },
    webhookSecret: { type: String, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
encryptedFields(sandboxMerchantAccountSchema, { paths: ['webhookSecret'] });

/** A webhook event to a clinic's endpoint, signed with the account's secret when sent; retried on the sandbox's tick. */
const sandboxMerchantEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    account: { type: String, required: true },
    body: { type: String, required: true },
    delivered: { type: Boolean, default: false },
    attempts: { type: Number, default: 0 },
    createdAt: { type: Number, required: true },
  },
  { versionKey: false },
);
sandboxMerchantEventSchema.index({ delivered: 1, attempts: 1 });

const merchantWhy = "the sandbox merchant accounts' own records (the clinics' payment provider in production), not a clinic's data";

export const paymentsSandboxModels = {
  SandboxCustomer: defineModel(sandboxCustomerSchema, { kind: 'platform', why }),
  SandboxCard: defineModel(sandboxCardSchema, { kind: 'platform', why }),
  SandboxSession: defineModel(sandboxSessionSchema, { kind: 'platform', why }),
  SandboxCharge: defineModel(sandboxChargeSchema, { kind: 'platform', why }),
  SandboxSubscription: defineModel(sandboxSubscriptionSchema, { kind: 'platform', why }),
  SandboxEvent: defineModel(sandboxEventSchema, { kind: 'platform', why }),
  SandboxMerchantAccount: defineModel(sandboxMerchantAccountSchema, { kind: 'platform', why: merchantWhy }),
  SandboxMerchantCharge: defineModel(sandboxMerchantChargeSchema, { kind: 'platform', why: merchantWhy }),
  SandboxMerchantCard: defineModel(sandboxMerchantCardSchema, { kind: 'platform', why: merchantWhy }),
  SandboxMerchantRefund: defineModel(sandboxMerchantRefundSchema, { kind: 'platform', why: merchantWhy }),
  SandboxMerchantEvent: defineModel(sandboxMerchantEventSchema, { kind: 'platform', why: merchantWhy }),
};

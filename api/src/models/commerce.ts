/**
 * The commerce aggregate: the clinic's subscriptions (the Pro plan and add-ons) as the product knows them, its
 * purchases keyed by idempotency key, and the payment provider's webhook events already applied. The provider's own
 * records (cards, charges, its subscriptions) live with the provider: in production at the provider, locally in the
 * sandbox's collections (payments-sandbox.ts).
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

/**
 * A subscription of the clinic at the provider: the Pro plan or a monthly add-on. `handle` is the provider's
 * subscription handle (chosen by us: `s<company>-<purchase key>`); `state` follows the provider's webhooks, and
 * `lastEventAt` keeps an older event arriving late from undoing a newer one.
 */
const subscriptionSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    handle: { type: String, required: true },
    kind: { type: String, enum: ['plan', 'addOn', 'therapist'], required: true },
    /** 'pro' for the plan, 'therapist' for a colleague's own Pro, the add-on key otherwise. */
    product: { type: String, required: true },
    /** The colleague a 'therapist' subscription is for. */
    therapistId: { type: Schema.Types.ObjectId, default: null },
    state: { type: String, enum: ['pending', 'active', 'dunning', 'cancelled', 'expired'], default: 'pending' },
    periodFrom: { type: Number, default: null },
    periodTo: { type: Number, default: null },
    /** Set when it was cancelled: usable until the end of the period. */
    cancelledAt: { type: Number, default: null },
    /**
     * Cancelled because the clinic's plan was ended or ran out, not by itself: taking the plan back within
     * its period takes these back too (domain/commerce/plan-end.ts).
     */
    endedWithPlan: { type: Boolean, default: false },
    cardId: { type: String, default: null },
    lastEventAt: { type: Number, default: 0 },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
subscriptionSchema.index({ companyId: 1, handle: 1 }, { unique: true });

/**
 * One purchase the owner started: `_id` is `<company>:<idempotency key>`, so a double click, a retried request or
 * two tabs with the same key find this record instead of starting a second charge. `result` is what the first
 * request answered (a checkout address, or the charge or subscription it made).
 */
const purchaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    product: { type: String, required: true },
    handle: { type: String, required: true },
    state: { type: String, enum: ['started', 'done', 'failed'], default: 'started' },
    url: { type: String, default: null },
    message: { type: String, default: '' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/**
 * A provider webhook event being or already applied: `_id` is the event's id, so a replayed event changes nothing
 * twice (claim with orphan recovery: an event whose application was cut off by a crash is applied by its retry).
 */
const paymentEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    customer: { type: String, default: '' },
    applied: { type: Boolean, default: false },
    receivedAt: { type: Number, required: true },
    /** The request that made the claim (data/concurrency/claim-with-recovery.ts). */
    holder: { type: String, default: null },
  },
  { versionKey: false },
);

/**
 * A one-time add-on the clinic has paid for (storage, data import): `_id` is the provider's charge handle, inserted
 * when its settled webhook is applied, so a charge counts once however often it is reported. The clinic's extra
 * storage is 5 GB times its storage purchases, summed on read (exact under any concurrency, unlike an $inc).
 */
const addOnPurchaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    addOn: { type: String, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
addOnPurchaseSchema.index({ companyId: 1, addOn: 1 });

export type SubscriptionDoc = InferSchemaType<typeof subscriptionSchema> & { _id: Types.ObjectId };
export type PurchaseDoc = InferSchemaType<typeof purchaseSchema>;

export const commerceModels = {
  Subscription: defineModel(subscriptionSchema, { kind: 'tenant' }),
  Purchase: defineModel(purchaseSchema, { kind: 'tenant' }),
  AddOnPurchase: defineModel(addOnPurchaseSchema, { kind: 'tenant' }),
  PaymentEvent: defineModel(paymentEventSchema, {
    kind: 'platform',
    why: "the provider's event ids, recorded before the event's clinic is known (the event names it)",
  }),
};

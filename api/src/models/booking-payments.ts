/**
 * Payment at online booking: what a client paid (or is paying) for one booking, to the clinic's own merchant account
 * (adapters/payments/merchant.ts). `_id` is the booking's id, which is also the `ref` of its slot claims; for a
 * person the clinic could not verify, the held PublicSubmission's id (the therapist's accept books it with that id).
 *
 * Scope: `tenant`, owned by the booking's therapist.
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { now, timestamps } from './common.js';
import { defineModel } from './scope.js';

const refundSchema = new Schema(
  {
    /** The refund's idempotency key at the provider. */
    key: { type: String, required: true },
    amountOre: { type: Number, required: true },
    at: { type: Number, required: true },
    creditNoteId: { type: Schema.Types.ObjectId, default: null },
    reason: { type: String, enum: ['cancelled', 'therapist', 'late'], required: true },
  },
  { _id: false },
);

const feeSchema = new Schema(
  {
    handle: { type: String, required: true },
    amountOre: { type: Number, required: true },
    state: { type: String, enum: ['charged', 'invoiced'], required: true },
    invoiceId: { type: Schema.Types.ObjectId, default: null },
    at: { type: Number, required: true },
  },
  { _id: false },
);

const acceptanceSchema = new Schema(
  {
    /** The cancellation rule's text exactly as the client accepted it. */
    text: { type: String, required: true },
    at: { type: Number, required: true },
    /** The client agreed that the card is saved for a later fee. */
    saveCard: { type: Boolean, required: true },
  },
  { _id: false },
);

const bookingPaymentSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    /** The booking (= `_id`); for a held person the submission's id, which the accepted booking takes. */
    bookingId: { type: Schema.Types.ObjectId, required: true },
    /** Null while the person is held for review. */
    clientId: { type: Schema.Types.ObjectId, default: null },
    submissionId: { type: Schema.Types.ObjectId, default: null },
    /** The client was created by this payment's booking (the expiry removes it again when it has nothing else). */
    clientCreated: { type: Boolean, default: false },
    treatmentId: { type: Schema.Types.ObjectId, required: true },
    treatmentName: { type: String, default: '' },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    kind: { type: String, enum: ['full', 'deposit'], required: true },
    /** What is paid now, øre including VAT. */
    amountOre: { type: Number, required: true },
    /** The treatment's whole price, øre including VAT. */
    priceOre: { type: Number, required: true },
    /** The invoice line as priced at the start (the treatment may change meanwhile): price excl. VAT, its VAT kind. */
    netPriceOre: { type: Number, required: true },
    vatExempt: { type: Boolean, default: false },
    /** The clinic charged VAT ('Momsregistreret') at the start: the paid invoice's 'Moms'. */
    chargeVat: { type: Boolean, default: false },
    duration: { type: Number, default: 0 },
    state: { type: String, enum: ['pending', 'paid', 'expired', 'refunded'], default: 'pending' },
    holdUntil: { type: Number, required: true },
    chargeHandle: { type: String, required: true },
    customerHandle: { type: String, required: true },
    checkoutId: { type: String, default: '' },
    checkoutUrl: { type: String, default: '' },
    method: { type: String, enum: ['card', 'mobilepay', null], default: null },
    cardId: { type: String, default: null },
    maskedCard: { type: String, default: '' },
    paidAt: { type: Number, default: null },
    refundedOre: { type: Number, default: 0 },
    refunds: { type: [refundSchema], default: () => [] },
    fee: { type: feeSchema, default: null },
    acceptance: { type: acceptanceSchema, required: true },
    /** The paid invoice (full) or the invoice the deposit is paid on account of. */
    invoiceId: { type: Schema.Types.ObjectId, default: null },
    /** SHA-256 of the status link's token (the return page reads the state by it). */
    tokenHash: { type: String, required: true },
    /** Where the client is told about a late refund. */
    email: { type: String, default: '' },
    nameFirst: { type: String, default: '' },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
bookingPaymentSchema.index({ companyId: 1, state: 1, holdUntil: 1 });
bookingPaymentSchema.index({ tokenHash: 1 });
bookingPaymentSchema.index({ companyId: 1, chargeHandle: 1 });

/**
 * A booking payment's outcome, decided once: `_id` `<payment id>:<outcome>` ('decided' for paid-vs-expired, a refund's
 * key for refunds). FerretDB is atomic only on `_id` uniqueness at insert, so every race (the payment landing as the
 * hold expires, two refunds) is decided by which insert wins, never by a filtered update.
 */
const bookingPaymentMarkerSchema = new Schema(
  {
    _id: { type: String, required: true },
    outcome: { type: String, default: '' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export type BookingPaymentDoc = InferSchemaType<typeof bookingPaymentSchema> & { _id: Types.ObjectId };

export const bookingPaymentModels = {
  BookingPayment: defineModel(bookingPaymentSchema, { kind: 'tenant', owner: 'therapistId' }),
  BookingPaymentMarker: defineModel(bookingPaymentMarkerSchema, {
    kind: 'derived',
    via: 'data/concurrency/booking-payment-markers.ts',
    why: '`_id` is made from a booking payment the caller has already found in its clinic',
  }),
};

/** The invoice aggregate: invoices, credit notes and merged statements, and the per-booking invoice claims. */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { dueDateOf, overdueFrom, type DueDateSource } from '@klinik/core';
import { encryptedFields } from '../security/encryption.js';
import { defineModel } from './scope.js';
import { monthOfMoment } from './statistics.js';

/**
 * An invoice, credit note or merged statement (spec 2, Invoice record). A numbered invoice's `_id` is derived from
 * company, year and sequence number (invoices/numbering.ts), so two invoices can never take the same number on any
 * MongoDB-protocol server, and a crash before the insert uses no number. `snapshots` never change once written.
 */
const invoiceSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    bookingId: { type: Schema.Types.ObjectId, default: null },
    /** The booking's start (the treatment's date), for the merged statement's period search. */
    bookingFrom: { type: Number, default: null },
    /**
     * The invoice claim it was issued under (`<booking>:<credits>:inv|cred`): how a crashed issue is recognised, and,
     * unique, what refuses a second invoice of one claim (`CLAIM_INDEX`). Every invoice carries one: a document not
     * issued under a claim (a merged statement, an import, an invoice older than the rule) has `ownClaimId`, its own.
     */
    claimId: { type: String, required: true },
    year: { type: Number, required: true },
    seq: { type: Number, required: true },
    number: { type: String, required: true },
    isMerged: { type: Boolean, default: false },
    isCredit: { type: Boolean, default: false },
    creditForId: { type: Schema.Types.ObjectId, default: null },
    nameFirst: { type: String, default: '' },
    nameLast: { type: String, default: '' },
    CPR: { type: String, default: '' },
    totalOre: { type: Number, default: 0 },
    from: { type: Number, default: null },
    to: { type: Number, default: null },
    invoiceIds: { type: [Schema.Types.ObjectId], default: () => [] },
    snapshots: { type: [Schema.Types.Mixed], default: () => [] },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Number, required: true },
    /**
     * The Copenhagen month of `createdAt` ('YYYY-MM'), set on insert (below): a month's invoices are found by an exact
     * match, which the embedded database serves from the index (db/pushdown-fields.ts), as /Statistik needs.
     */
    issuedMonth: { type: String, default: null },
    updatedAt: { type: Number, default: null },
    /** Set when the client was erased: the invoice then keeps only what bookkeeping needs (domain/invoices/retention.ts). */
    clientErasedAt: { type: Number, default: null },
    /** When an erased client's invoice may go: the end of the bookkeeping retention. */
    keepUntil: { type: Number, default: null },
    /**
     * Brought from the clinic's old system by an import: `number` is the old number, never sent to the
     * accounting system. An old number with a place in the year's sequence holds it (its `_id` and `seq` are that
     * number's); any other has `seq` 0, outside the sequence (import/engine.ts).
     */
    imported: { type: Boolean, default: false },
    /**
     * Payment status (domain/invoices/payments.ts). `overdueFrom`: when it is overdue if still unpaid (the
     * start of the day after its due date), set as it is issued (below); null for what is not paid on its own (credit
     * notes, merged statements, imports, invoices issued before payments were tracked). The rest is what the ledger
     * of its payment events (`InvoiceEvent`) last decided, `paymentSeq` being that event's number.
     */
    overdueFrom: { type: Number, default: null },
    paymentSeq: { type: Number, default: 0 },
    paidOn: { type: String, default: null },
    paymentMethod: { type: String, default: null },
    paidMarkedByName: { type: String, default: null },
    paidMarkedAt: { type: Number, default: null },
  },
  { versionKey: false },
);
/**
 * An invoice gets its overdue moment as it is inserted, from the due date of the snapshot it is issued with
 * (dueDateOf: the snapshot's own, else issue date + DEFAULT_DUE_DAYS), whichever module issues it. Imports are
 * inserted as plain documents and never pass here: their payments were the old system's.
 */
invoiceSchema.pre('validate', function setIssuedMonth() {
  if (this.isNew && !this.issuedMonth && typeof this.createdAt === 'number') this.issuedMonth = monthOfMoment(this.createdAt);
});
// Imports insert plain documents (data/insert-new.ts): they get it here.
invoiceSchema.pre('insertMany', function setIssuedMonths(docs: unknown) {
  for (const doc of (Array.isArray(docs) ? docs : [docs]) as { createdAt?: unknown; issuedMonth?: unknown }[]) {
    if (!doc.issuedMonth && typeof doc.createdAt === 'number') doc.issuedMonth = monthOfMoment(doc.createdAt);
  }
});
invoiceSchema.pre('validate', function setOverdueFrom() {
  if (!this.isNew || this.overdueFrom !== null || this.isMerged || this.isCredit || this.imported) return;
  const due = dueDateOf({ image: (this.snapshots ?? []) as DueDateSource[] });
  if (due) this.overdueFrom = overdueFrom(due);
});
invoiceSchema.index({ companyId: 1, year: 1, seq: -1 });
invoiceSchema.index({ companyId: 1, clientId: 1, bookingFrom: 1 });
invoiceSchema.index({ companyId: 1, createdAt: -1 });
invoiceSchema.index({ companyId: 1, claimId: 1 });
// The list's status filters and outstanding total, and the credit notes that settle invoices.
invoiceSchema.index({ companyId: 1, paidOn: 1, overdueFrom: 1 });
invoiceSchema.index({ companyId: 1, creditForId: 1 });
invoiceSchema.index({ companyId: 1, issuedMonth: 1 });
/**
 * The unique index on `claimId`: a request that stalls for over a minute between its claim check and its
 * insert has had its claim taken over, and the insert of the request that took it over wins; the stalled one is refused
 * here. Made by the start-up migration (migrations/invoice-claims.ts) rather than declared on the schema: the models'
 * indexes are built before the migrations run, and invoices stored before the rule have no claim until it gives them
 * one (on MongoDB the index could not be built over them).
 */
export const CLAIM_INDEX = 'claimId_unique';

/** The claim of an invoice document not issued under an invoice claim: its own id, never a claim's (no ':'). */
export function ownClaimId(id: Types.ObjectId): string {
  return `own-${id.toHexString()}`;
}
// The CPR number an invoice prints is stored encrypted, beside the record and in its snapshots (security/encryption.ts).
encryptedFields(invoiceSchema, { paths: ['CPR'], arrays: { snapshots: ['client.CPR'] } });

/**
 * One invoicing step of a booking: `_id` is `<bookingId>:<credit notes so far>:<inv|cred>`, so a booking is
 * invoiced (or credited) once per cycle even when two requests race; `invoiceId` is set when the invoice exists.
 */
const invoiceClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    invoiceId: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Number, required: true },
    /** The request that made the claim (data/concurrency/claim-with-recovery.ts). */
    holder: { type: String, default: null },
  },
  { versionKey: false },
);

/**
 * The ledger of an invoice's payment status (domain/invoices/payments.ts), insert-only: `_id`
 * `<invoice>:payment:<n>` for the n-th change (marked paid, or the owner's undo) and `<invoice>:reminder:<n>` for the
 * n-th reminder, so of two requests making the same change or sending the same reminder exactly one inserts (on
 * every MongoDB-protocol server). Who and when, never an address: the reminder went to the client's e-mail then.
 */
const invoiceEventSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    invoiceId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['paid', 'unpaid', 'reminder'], required: true },
    seq: { type: Number, required: true },
    at: { type: Number, required: true },
    by: { type: Schema.Types.ObjectId, required: true },
    /** The name of who did it, as it was then. */
    byName: { type: String, default: '' },
    paidOn: { type: String, default: null },
    method: { type: String, default: null },
    /** The request that sent a reminder: only it removes the reminder when its mail could not go. */
    holder: { type: String, default: null },
  },
  { versionKey: false },
);
invoiceEventSchema.index({ companyId: 1, invoiceId: 1 });

export type InvoiceDoc = InferSchemaType<typeof invoiceSchema> & { _id: Types.ObjectId };
export type InvoiceEventDoc = InferSchemaType<typeof invoiceEventSchema>;

export const invoiceModels = {
  Invoice: defineModel(invoiceSchema, { kind: 'tenant', owner: 'therapistId' }),
  InvoiceClaim: defineModel(invoiceClaimSchema, { kind: 'tenant' }),
  InvoiceEvent: defineModel(invoiceEventSchema, { kind: 'tenant' }),
};

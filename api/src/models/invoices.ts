/** The invoice aggregate: invoices, credit notes and merged statements, and the per-booking invoice claims. */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { defineModel } from './scope.js';

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
    updatedAt: { type: Number, default: null },
    /** Set when the client was erased: the invoice then keeps only what bookkeeping needs (domain/invoices/retention.ts). */
    clientErasedAt: { type: Number, default: null },
    /** When an erased client's invoice may go: the end of the bookkeeping retention. */
    keepUntil: { type: Number, default: null },
    /**
     * Brought from the clinic's old system by an import (issue 17): `number` is the old number, `seq` 0, so it is
     * outside the clinic's own gapless sequence, and it is never sent to the accounting system.
     */
    imported: { type: Boolean, default: false },
  },
  { versionKey: false },
);
invoiceSchema.index({ companyId: 1, year: 1, seq: -1 });
invoiceSchema.index({ companyId: 1, clientId: 1, bookingFrom: 1 });
invoiceSchema.index({ companyId: 1, createdAt: -1 });
invoiceSchema.index({ companyId: 1, claimId: 1 });
/**
 * The unique index on `claimId` (issue 42): a request that stalls for over a minute between its claim check and its
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

export type InvoiceDoc = InferSchemaType<typeof invoiceSchema> & { _id: Types.ObjectId };

export const invoiceModels = {
  Invoice: defineModel(invoiceSchema, { kind: 'tenant', owner: 'therapistId' }),
  InvoiceClaim: defineModel(invoiceClaimSchema, { kind: 'tenant' }),
};

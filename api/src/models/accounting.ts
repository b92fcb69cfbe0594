/**
 * The accounting integration's records (issue 13). The clinic's connection itself (organisation id and refresh token)
 * is on the Company; here:
 *
 * - AccountingLink: one record of ours that has been written to the accounting organisation, or is being written.
 *   `_id` is `<company>:<organisation>:<kind>:<our id>`, so of two transfers racing exactly one inserts the claim and
 *   writes the record (`_id` uniqueness is the only guard FerretDB 1.24 keeps atomically); `externalId` is set when
 *   the accounting system has it. A claim left by a crash (no `externalId` after a minute) is taken over by the next
 *   transfer (claim with orphan recovery); the provider's writes are idempotent by our external reference, so the
 *   takeover finds what the crashed run may have written. A failure removes the claim, so the next transfer tries
 *   again. Kind `code` marks an authorisation code exchanged once (`_id` `<company>:code:<sha-256 of the code>`).
 * - AccountingPending: an issued invoice waiting to be transferred (`_id` `<company>:<invoice>`): inserted when the
 *   invoice is issued, removed once it is in the accounting system, retried by the accounting ticker.
 *
 * No client data is stored here: ids and the accounting system's ids only.
 */
import { Schema, type InferSchemaType } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

const accountingLinkSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: String, required: true },
    kind: { type: String, enum: ['contact', 'product', 'invoice', 'code', 'refresh'], required: true },
    localId: { type: String, required: true },
    externalId: { type: String, default: null },
    claimedAt: { type: Number, required: true },
    /** The request that made the claim (data/concurrency/claim-with-recovery.ts). */
    holder: { type: String, default: null },
    doneAt: { type: Number, default: null },
  },
  { versionKey: false },
);
accountingLinkSchema.index({ companyId: 1, organizationId: 1, kind: 1 });

const accountingPendingSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    invoiceId: { type: Schema.Types.ObjectId, required: true },
    attempts: { type: Number, default: 0 },
    /** The last failure, in Danish, without client data. */
    lastError: { type: String, default: null },
    nextAttemptAt: { type: Number, default: 0 },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
accountingPendingSchema.index({ nextAttemptAt: 1 });

/**
 * The sandbox accounting system's own records (adapters/accounting/sandbox/): what Dinero and Visma Connect keep on
 * their side (organisations, codes, grants, access tokens, contacts, products, booked invoices), one collection with
 * deterministic `_id`s (`<kind>:…`), so a code is used once and a record is written once per external reference.
 */
const sandboxAccountingSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    organizationId: { type: String, default: null },
    data: { type: Schema.Types.Mixed, default: () => ({}) },
    expiresAt: { type: Number, default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false, minimize: false },
);

export type AccountingLinkDoc = InferSchemaType<typeof accountingLinkSchema>;
export type AccountingPendingDoc = InferSchemaType<typeof accountingPendingSchema>;

export const accountingModels = {
  AccountingLink: defineModel(accountingLinkSchema, { kind: 'tenant' }),
  AccountingPending: defineModel(accountingPendingSchema, { kind: 'tenant' }),
  SandboxAccounting: defineModel(sandboxAccountingSchema, {
    kind: 'platform',
    why: "the sandbox accounting system's own records: another system in production, not a clinic's data",
  }),
};

/**
 * The accounting integration's records. The clinic's connection itself (organisation id and refresh token)
 * is on the Company; here:
 *
 * - AccountingLink: one record of ours that has been written to the accounting organisation, or is being written.
 *   `_id` is `<company>:<organisation>:<kind>:<our id>`, so of two transfers racing exactly one inserts the claim and
 *   writes the record (`_id` uniqueness is the only guard FerretDB 1.24 keeps atomically); `externalId` is set when
 *   the accounting system has it. A claim left by a crash (no `externalId` after a minute) is taken over by the next
 *   transfer (claim with orphan recovery); the provider's writes are idempotent by our external reference, so the
 *   takeover finds what the crashed run may have written. A failure removes the claim, so the next transfer tries
 *   again. Kind `code` marks an authorisation code exchanged once (`_id` `<company>:code:<sha-256 of the code>`).
 * - AccountingPending: an issued invoice waiting to be transferred (`_id` `<company>:<invoice>`), or its payment
 *   (`<company>:<invoice>:payment`, when it is paid after it was issued): inserted when the invoice is issued or paid, removed once it is in the accounting system, retried by the accounting ticker.
 * - AccountingRun: one transfer the owner started ('Overfør alt' or a period from the return page, or the
 *   shell's sync icon), done in the background by the transfer job (jobs/accounting-transfers.ts). `_id`
 *   `<company>:transfer:<number>`, the clinic's n-th: of two starts racing, one inserts the next number and the other
 *   answers that run, so a clinic has one run at a time. Its progress and counts are kept while it runs (also its
 *   heartbeat) and its result when it is over.
 * - AccountingRunEntry: a record a run has finished (`_id` `<run>:<kind>:<our id>`) with the counts it made, so a run
 *   taken over after a crash neither sends nor counts it again. Removed when the run is over.
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
    kind: { type: String, enum: ['contact', 'product', 'invoice', 'payment', 'code', 'refresh'], required: true },
    localId: { type: String, required: true },
    externalId: { type: String, default: null },
    claimedAt: { type: Number, required: true },
    /** The request that made the claim (data/concurrency/claim-with-recovery.ts). */
    holder: { type: String, default: null },
    /**
     * The transfer run that made the claim (none for an issued invoice's own transfer): its later attempts count it as
     * theirs. On a code's marker: the run the return page got for it, which a reload of the page shows again.
     */
    runId: { type: String, default: null },
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

const transferCountSchema = new Schema(
  {
    success: { type: Number, default: 0 },
    fail: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    alreadyAdded: { type: Number, default: 0 },
    error: { type: String, default: null },
  },
  { _id: false },
);

const accountingRunSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    /** The clinic's n-th transfer (the `_id`'s last part; the pages ask for a run by it). */
    number: { type: Number, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    /** connect: the return page after the consent page; sync: the shell's sync icon. */
    source: { type: String, enum: ['connect', 'sync'], required: true },
    allDataFlag: { type: Boolean, default: true },
    fromDate: { type: String, default: null },
    toDate: { type: String, default: null },
    organizationId: { type: String, default: null },
    status: { type: String, enum: ['queued', 'running', 'done', 'failed'], default: 'queued' },
    phase: { type: String, enum: ['waiting', 'products', 'contacts', 'invoices', 'finished'], default: 'waiting' },
    /** Records gone through, of all the run goes through (treatments, clients and invoices; a period's invoices). */
    done: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    counts: {
      type: new Schema({ invoice: transferCountSchema, contact: transferCountSchema, product: transferCountSchema }, { _id: false }),
      default: () => ({}),
    },
    /** Why a failed run stopped (the connection lost, Dinero unreachable, given up), in Danish. */
    message: { type: String, default: null },
    leaseSeq: { type: Number, default: 0 },
    heartbeatAt: { type: Number, default: 0 },
    attempts: { type: Number, default: 0 },
    createdAt: { type: Number, default: now },
    finishedAt: { type: Number, default: null },
    /** Set when a finished run's entries are removed: the transfer job looks at runs without it. */
    closedAt: { type: Number, default: null },
  },
  { versionKey: false, minimize: false },
);
accountingRunSchema.index({ companyId: 1, number: -1 });
accountingRunSchema.index({ closedAt: 1 });

const accountingRunEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    runId: { type: String, required: true },
    /** The record's id in the accounting system; null when it failed. */
    externalId: { type: String, default: null },
    /** The counts the record made (its own, and a client's failure found through an invoice). */
    tally: {
      type: [new Schema({ kind: { type: String, required: true }, outcome: { type: String, required: true }, error: { type: String, default: null } }, { _id: false })],
      default: () => [],
    },
  },
  { versionKey: false },
);
accountingRunEntrySchema.index({ runId: 1 });

/**
 * The sandbox accounting system's own records (devkit/src/accounting/): what Dinero and Visma Connect keep on
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
export type AccountingRunDoc = InferSchemaType<typeof accountingRunSchema>;

export const accountingModels = {
  AccountingLink: defineModel(accountingLinkSchema, { kind: 'tenant' }),
  AccountingPending: defineModel(accountingPendingSchema, { kind: 'tenant' }),
  AccountingRun: defineModel(accountingRunSchema, { kind: 'tenant' }),
  AccountingRunEntry: defineModel(accountingRunEntrySchema, { kind: 'tenant' }),
  SandboxAccounting: defineModel(sandboxAccountingSchema, {
    kind: 'platform',
    why: "the sandbox accounting system's own records: another system in production, not a clinic's data",
  }),
};

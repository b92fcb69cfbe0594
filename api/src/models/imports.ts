/**
 * The data import's runs (docs/decisions/0019-resumable-import-by-source-ids.md): one per import a clinic started,
 * from the form or from the support team's upload. The files are in the blob store, encrypted, until the run is
 * over; the import job claims a run with a lease (`<run>#<leaseSeq>`, data/concurrency/message-leases.ts) and keeps
 * `heartbeatAt` fresh while it works, so a run whose process died is taken over by another.
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

const countSchema = new Schema({ added: { type: Number, default: 0 }, existing: { type: Number, default: 0 } }, { _id: false });

const importRunSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    /** Who started it; the imported bookings are this therapist's (the support flow: the therapist the team chose). */
    therapistId: { type: Schema.Types.ObjectId, required: true },
    source: { type: String, enum: ['form', 'support'], required: true },
    domain: { type: String, default: null },
    /** Where the report goes. */
    email: { type: String, required: true },
    supportUploadId: { type: Schema.Types.ObjectId, default: null },
    files: {
      type: [
        new Schema(
          {
            name: { type: String, required: true },
            size: { type: Number, required: true },
            blobKey: { type: String, required: true },
            /** The form field it came in (client, treatment, …), null for a zip or a support file. */
            kind: { type: String, default: null },
          },
          { _id: false },
        ),
      ],
      default: () => [],
    },
    /** Whether the files are this run's own (deleted when it is over) or the support upload's (kept with it). */
    ownFiles: { type: Boolean, default: true },
    /** storing: the form's files are being stored (not shown, not run); then queued, running, done or failed. */
    status: { type: String, enum: ['storing', 'queued', 'running', 'done', 'failed'], default: 'queued' },
    phase: { type: String, enum: ['waiting', 'reading', 'writing', 'finished'], default: 'waiting' },
    read: { type: Number, default: 0 },
    done: { type: Number, default: 0 },
    total: { type: Number, default: 0 },
    counts: {
      type: new Schema({ clients: countSchema, treatments: countSchema, bookings: countSchema, invoices: countSchema }, { _id: false }),
      default: null,
    },
    /** The refused rows, the first REPORT_ROWS of them (`errorCount` counts all). */
    rowErrors: {
      type: [new Schema({ fileName: { type: String, required: true }, row: { type: Number, required: true }, message: { type: String, required: true } }, { _id: false })],
      default: () => [],
    },
    errorCount: { type: Number, default: 0 },
    /** The clinic's next invoice number when the run's invoices raised it, for the report; else null. */
    nextInvoiceNumber: { type: String, default: null },
    /** Why a failed run failed (a file that cannot be read), in Danish. */
    message: { type: String, default: null },
    leaseSeq: { type: Number, default: 0 },
    heartbeatAt: { type: Number, default: 0 },
    attempts: { type: Number, default: 0 },
    createdAt: { type: Number, default: now },
    finishedAt: { type: Number, default: null },
    reportSentAt: { type: Number, default: null },
  },
  { versionKey: false },
);
importRunSchema.index({ companyId: 1, createdAt: -1 });
importRunSchema.index({ status: 1 });

export type ImportRunDoc = InferSchemaType<typeof importRunSchema> & { _id: Types.ObjectId };

export const importModels = {
  ImportRun: defineModel(importRunSchema, { kind: 'tenant' }),
};

/**
 * The access log (domain/access-log/): one row per read of a client's record, journal, images, intake answers,
 * invoices, print or export. Written in batches by the endpoint (data/access-log-writer.ts) after the read and
 * before its answer leaves; append-only: the schema refuses every update and every delete but the sweeper's, which
 * removes rows older than five years.
 */
import { Schema, type InferSchemaType, type Query, type Types } from 'mongoose';
import { ACCESS_LOG_KINDS, ACCESS_LOG_READERS } from '@klinik/core';
import { defineModel } from './scope.js';

const accessLogSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    at: { type: Number, required: true },
    kind: { type: String, enum: ACCESS_LOG_KINDS, required: true },
    action: { type: String, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    readerKind: { type: String, enum: ACCESS_LOG_READERS, required: true },
    /** The reading therapist, or null for the support team, the administrator and the client. */
    therapistId: { type: Schema.Types.ObjectId, default: null },
    /** The reader's name at the time (an account may be renamed or removed later). */
    reader: { type: String, default: '' },
    /** The caller's network (/24 or /48), never the whole address (security/client-address.ts `addressPrefix`). */
    address: { type: String, default: '' },
  },
  { versionKey: false },
);
accessLogSchema.index({ companyId: 1, at: -1 });
accessLogSchema.index({ companyId: 1, clientId: 1, at: -1 });
accessLogSchema.index({ companyId: 1, therapistId: 1, at: -1 });
accessLogSchema.index({ at: 1 });

/** The query option only the five-year sweep gives (domain/access-log/sweep.ts). */
export interface AccessLogSweepOptions {
  sweepingExpiredAccessLog?: true;
}

// The tenant guard first (a query without the company is refused as such), then the append-only rule.
const definition = defineModel(accessLogSchema, { kind: 'tenant' });

const CHANGES = ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace', 'deleteOne', 'deleteMany', 'findOneAndDelete'] as const;
accessLogSchema.pre([...CHANGES], function appendOnly(this: Query<unknown, unknown>) {
  if ((this.getOptions() as AccessLogSweepOptions).sweepingExpiredAccessLog) return;
  throw new Error('The access log is append-only: no row is changed or deleted (only the five-year sweep removes rows)');
});
accessLogSchema.pre(['save'], function appendOnlySave() {
  if (!this.isNew) throw new Error('The access log is append-only: no row is changed');
});

export type AccessLogDoc = InferSchemaType<typeof accessLogSchema> & { _id: Types.ObjectId };

export const accessLogModels = {
  AccessLog: definition,
};

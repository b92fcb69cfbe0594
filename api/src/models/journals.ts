/**
 * The journal aggregate: treatment journals, the Stamjournal's and journals' custom fields, comments on fields, and
 * the insert-only history of every change. All of it is reached through a client the caller may see.
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { now, timestamps } from './common.js';
import { defineModel } from './scope.js';

/**
 * A treatment journal (spec 2, Journal). `_id` is the booking's id, so a booking has at most one journal on
 * every MongoDB-protocol server. `to` is the booking's end: the journal is writable until 24 hours after it.
 * The first-input stamps are set by the server only.
 */
const journalSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    treatmentId: { type: Schema.Types.ObjectId, default: null },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    treatmentName: { type: String, default: '' },
    effect: { type: String, default: '' },
    treatment: { type: String, default: '' },
    followUp: { type: String, default: '' },
    remark: { type: String, default: '' },
    firstInputEffectDate: { type: Number, default: null },
    firstInputTreatmentUpDate: { type: Number, default: null },
    firstInputFollowUpDate: { type: Number, default: null },
    firstInputRemarkUpDate: { type: Number, default: null },
    updatedBy: { type: String, default: '' },
    version: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
journalSchema.index({ companyId: 1, clientId: 1, from: -1 });
// Journal texts are health data: stored encrypted (security/encryption.ts), as are field values, comments and history.
encryptedFields(journalSchema, { paths: ['effect', 'treatment', 'followUp', 'remark'] });

/** A custom field: of the Stamjournal (journalId null, isJournal false) or of one journal. */
const customFieldSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    journalId: { type: Schema.Types.ObjectId, default: null },
    isJournal: { type: Boolean, required: true },
    name: { type: String, required: true },
    value: { type: String, default: '' },
    locked: { type: Boolean, default: false },
    position: { type: Number, default: 0 },
    firstInputValueDate: { type: Number, default: null },
    updatedBy: { type: String, default: '' },
    version: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
customFieldSchema.index({ companyId: 1, clientId: 1, journalId: 1 });
encryptedFields(customFieldSchema, { paths: ['value'] });

/**
 * The fixed Stamjournal fields of a client are created once: `_id` of this marker is the client id, so two first
 * reads racing cannot both create them.
 */
const stamjournalSeedSchema = new Schema({ _id: { type: String, required: true }, createdAt: { type: Number, default: now } }, { versionKey: false });

/** A comment on a journal field or a custom field (spec 2, Comment on field). Read-only 24 hours after creation. */
const fieldCommentSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    journalId: { type: Schema.Types.ObjectId, default: null },
    customFieldId: { type: Schema.Types.ObjectId, default: null },
    customFieldName: { type: String, required: true },
    value: { type: String, required: true },
    createdBy: { type: String, required: true },
    createdById: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Number, required: true },
    updatedAt: { type: Number, required: true },
  },
  { versionKey: false },
);
fieldCommentSchema.index({ companyId: 1, clientId: 1 });
encryptedFields(fieldCommentSchema, { paths: ['value'] });

/**
 * One change of a health record: who, when, the previous and the new value. Insert-only. For versioned entities
 * (journals, custom fields) `_id` is `<entity>:<id>:<new version>`, so of two saves on the same version only one
 * can insert its revision: the loser answers 409 on every MongoDB-protocol server.
 */
const revisionSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    journalId: { type: Schema.Types.ObjectId, default: null },
    /** The request that claimed this version (data/concurrency/claim-with-recovery.ts). */
    holder: { type: String, default: null },
    entity: { type: String, enum: ['client', 'journal', 'customField', 'comment'], required: true },
    entityId: { type: String, required: true },
    changes: {
      type: [new Schema({ field: String, previous: String, value: String }, { _id: false })],
      default: () => [],
    },
    changedBy: { type: String, required: true },
    changedAt: { type: Number, required: true },
    /** Set once the change itself is written; an unapplied revision older than a minute is an orphan of a crash. */
    applied: { type: Boolean, default: false },
  },
  { versionKey: false },
);
revisionSchema.index({ companyId: 1, clientId: 1, changedAt: -1 });
encryptedFields(revisionSchema, { paths: [], arrays: { changes: ['previous', 'value'] } });

export type JournalDoc = InferSchemaType<typeof journalSchema> & { _id: Types.ObjectId };
export type CustomFieldDoc = InferSchemaType<typeof customFieldSchema> & { _id: Types.ObjectId };
export type FieldCommentDoc = InferSchemaType<typeof fieldCommentSchema> & { _id: Types.ObjectId };
export type RevisionDoc = InferSchemaType<typeof revisionSchema>;

export const journalModels = {
  Journal: defineModel(journalSchema, { kind: 'tenant', client: 'clientId' }),
  CustomField: defineModel(customFieldSchema, { kind: 'tenant', client: 'clientId' }),
  StamjournalSeed: defineModel(stamjournalSeedSchema, {
    kind: 'derived',
    via: 'domain/journals/stamjournal.ts',
    why: "`_id` is the id of a client the caller has already found in its clinic",
  }),
  FieldComment: defineModel(fieldCommentSchema, { kind: 'tenant', client: 'clientId' }),
  Revision: defineModel(revisionSchema, { kind: 'tenant', client: 'clientId' }),
};

/** The client aggregate: the client record (Stamdata, intake answers) and the clinic's intake-form questions. */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { timestamps } from './common.js';
import { defineModel } from './scope.js';

/**
 * A client of the clinic (spec 2, Client). CPR6Digit, CPRLast4Digit and the intake answers' values are stored encrypted; `cprKey` (a keyed hash
 * of the ten CPR digits, security/encryption.ts) is unique per clinic and always present, `cpr6Key` (the hash of the
 * date of birth) serves search and free last digits.
 * `createdBy` is the therapist the client belongs to. Intake answers are appended, never overwritten.
 */
/** One answer to an intake-form question (also held by a pending public submission until it is accepted). */
export const intakeAnswerSchema = new Schema(
  {
    questionId: { type: String, required: true },
    fieldName: { type: String, required: true },
    fieldType: { type: String, required: true },
    value: { type: String, default: '' },
    submittedAt: { type: Number, required: true },
  },
  { _id: false },
);

const clientSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    nameFirst: { type: String, required: true },
    nameLast: { type: String, required: true },
    email: { type: String, default: '' },
    phonePrivate: { type: String, default: '' },
    phoneWork: { type: String, default: '' },
    phoneRelative: { type: String, default: '' },
    CPR6Digit: { type: String, required: true },
    CPRLast4Digit: { type: String, required: true },
    cprKey: { type: String, required: true },
    cpr6Key: { type: String, default: '' },
    address: { type: String, default: '' },
    post: { type: String, default: '' },
    town: { type: String, default: '' },
    civilStatus: { type: String, default: '' },
    sex: { type: Number, default: 0 },
    education: { type: String, default: '' },
    children: { type: String, default: '' },
    doctor: { type: String, default: '' },
    otherTreater: { type: String, default: '' },
    reminder: { type: Boolean, default: false },
    followUp: { type: Boolean, default: false },
    /**
     * Off for a new client: only the client's own double opt-in (/Newsletter) or the therapist's explicit
     * choice on the client's page turns it on, and `newsletterConsent` records which, and when.
     */
    newsletter: { type: Boolean, default: false },
    newsletterConsent: { type: new Schema({ at: Number, by: String }, { _id: false }), default: null },
    tags: { type: [String], default: () => [] },
    profileImage: { type: Schema.Types.ObjectId, default: null },
    intakeAnswers: { type: [intakeAnswerSchema], default: () => [] },
    updatedBy: { type: String, default: '' },
    updatedBySJ: { type: String, default: '' },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
clientSchema.index({ companyId: 1, cprKey: 1 }, { unique: true });
clientSchema.index({ companyId: 1, nameFirst: 1 });
clientSchema.index({ companyId: 1, cpr6Key: 1 });
// Intake answers are what a client says about their health: encrypted as the journal is (the question's name is the clinic's).
encryptedFields(clientSchema, { paths: ['CPR6Digit', 'CPRLast4Digit'], arrays: { intakeAnswers: ['value'] }, cpr: true });

/** A question of the clinic's intake form (spec 2, Client form question). */
const clientFormFieldSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    fieldName: { type: String, required: true },
    fieldType: { type: String, enum: ['text', 'number', 'checkbox'], default: 'text' },
    isRequired: { type: Boolean, default: false },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);

export type ClientDoc = InferSchemaType<typeof clientSchema> & { _id: Types.ObjectId };
export type ClientFormFieldDoc = InferSchemaType<typeof clientFormFieldSchema> & { _id: Types.ObjectId };

export const clientModels = {
  Client: defineModel(clientSchema, { kind: 'tenant', owner: 'createdBy' }),
  ClientFormField: defineModel(clientFormFieldSchema, { kind: 'tenant' }),
};

/**
 * Platform administration and the support team: the administrator audit log, the support team's uploads
 * of a clinic's old data and the meetings it arranged.
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

/**
 * One row per administrator action (reads too: who looked at which clinic's users). Written by the endpoint
 * (domain/platform/audit.ts), never changed: no action updates or deletes it, and the sweeper keeps it for 5 years.
 */
const adminAuditSchema = new Schema(
  {
    administratorId: { type: Schema.Types.ObjectId, required: true },
    /** The administrator's username at the time (an account may be renamed or removed later). */
    administrator: { type: String, required: true },
    action: { type: String, required: true },
    /** The company the action was about, when it names one; its name at the time. */
    companyId: { type: Schema.Types.ObjectId, default: null },
    companyName: { type: String, default: null },
    outcome: { type: String, enum: ['ok', 'refused', 'failed'], required: true },
    /** A few words of what changed (field names, the new status); never a password or a client's data. */
    detail: { type: String, default: '' },
    address: { type: String, default: '' },
    at: { type: Number, required: true },
  },
  { versionKey: false },
);
adminAuditSchema.index({ at: -1 });
adminAuditSchema.index({ companyId: 1, at: -1 });

/**
 * Files the support team uploaded for a clinic (spec 3, Support upload: orderHandleId, therapistId, files). The
 * files themselves are in the blob store, encrypted (they are a clinic's client list with CPR numbers); the import
 * reads them from there.
 */
const supportUploadSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    orderHandleId: { type: String, default: null },
    teamUserId: { type: Schema.Types.ObjectId, required: true },
    files: {
      type: [new Schema({ name: { type: String, required: true }, size: { type: Number, required: true }, blobKey: { type: String, required: true } }, { _id: false })],
      default: () => [],
    },
    /** 'storing' until every file is in the blob store; the import takes 'received' ones. */
    status: { type: String, enum: ['storing', 'received', 'imported', 'failed'], default: 'storing' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
supportUploadSchema.index({ companyId: 1, createdAt: -1 });

/** A meeting booked in the embedded calendar for a clinic (spec 3: tied to a scheduled event and an invitee). */
const supportMeetingSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    teamUserId: { type: Schema.Types.ObjectId, required: true },
    eventUri: { type: String, required: true },
    inviteeUri: { type: String, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
supportMeetingSchema.index({ companyId: 1, createdAt: -1 });

export type AdminAuditDoc = InferSchemaType<typeof adminAuditSchema> & { _id: Types.ObjectId };
export type SupportUploadDoc = InferSchemaType<typeof supportUploadSchema> & { _id: Types.ObjectId };

export const platformModels = {
  AdminAudit: defineModel(adminAuditSchema, { kind: 'platform', why: 'the audit of the platform administrators, who belong to no clinic' }),
  SupportUpload: defineModel(supportUploadSchema, { kind: 'tenant' }),
  SupportMeeting: defineModel(supportMeetingSchema, { kind: 'tenant' }),
};

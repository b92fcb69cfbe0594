/**
 * The cloud-drive backup's records:
 *
 * - DriveConnection: one therapist's sign-in to their drive (`_id` the therapist's id, so there is one per therapist
 *   and a second sign-in replaces the first). The tokens are secrets: stored encrypted like the health data
 *   (security/encryption.ts) and never answered. The two upload switches live here, so signing out (deleting the
 *   record) turns them off, as the spec says. `accessLostAt` keeps, after the tokens are gone, that access was lost
 *   (the panel shows the spec's alert); the record then holds no token.
 * - SandboxDrive: the sandbox drive's own records (devkit/src/drive/): what Google keeps on its side (codes,
 *   grants, access tokens, files and their content), one collection with deterministic `_id`s.
 */
import { Schema, type InferSchemaType } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { now } from './common.js';
import { defineModel } from './scope.js';

const driveConnectionSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    /** The Google account (its e-mail), when the drive said it. */
    account: { type: String, default: null },
    refreshToken: { type: String, default: null },
    accessToken: { type: String, default: null },
    accessTokenExpiresAt: { type: Number, default: null },
    /** The clinic's folder on this drive ('Klinik', marked with the clinic's id). */
    folderId: { type: String, default: null },
    /** The sha-256 of the code this connection was made with: a reload of the return page is answered, not refused. */
    codeHash: { type: String, default: null },
    uploadClientProfile: { type: Boolean, default: false },
    uploadJournalImage: { type: Boolean, default: false },
    lastCopyError: { type: String, default: null },
    lastCopyErrorAt: { type: Number, default: null },
    accessLostAt: { type: Number, default: null },
    connectedAt: { type: Number, default: now },
  },
  { versionKey: false },
);
driveConnectionSchema.index({ companyId: 1, therapistId: 1 });

// The tokens open the therapist's drive: encrypted at rest, so a copy of the database gives no access.
encryptedFields(driveConnectionSchema, { paths: ['refreshToken', 'accessToken'] });

const sandboxDriveSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    account: { type: String, default: null },
    data: { type: Schema.Types.Mixed, default: () => ({}) },
    content: { type: Buffer, default: null },
    size: { type: Number, default: 0 },
    expiresAt: { type: Number, default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false, minimize: false },
);
sandboxDriveSchema.index({ kind: 1, account: 1 });

export type DriveConnectionDoc = InferSchemaType<typeof driveConnectionSchema>;
export type SandboxDriveDoc = InferSchemaType<typeof sandboxDriveSchema>;

export const driveModels = {
  DriveConnection: defineModel(driveConnectionSchema, { kind: 'tenant', owner: 'therapistId' }),
  SandboxDrive: defineModel(sandboxDriveSchema, {
    kind: 'platform',
    why: "the sandbox drive's own records (Google's side in production): accounts, tokens and files, not a clinic's data",
  }),
};

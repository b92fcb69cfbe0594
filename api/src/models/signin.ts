/**
 * Platform administrators (named accounts, each with its own password) and the audit of their sign-ins.
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { timestamps } from './common.js';
import { defineModel } from './scope.js';
import { signInChangeModel } from './sign-in-changes.js';

/** Made and deactivated by the CLI (`npm run admin:add`), never through the API; in development `npm start` keeps one. */
const administratorSchema = new Schema(
  {
    /** Lower case; unique among administrators. */
    username: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    isActive: { type: Boolean, default: true },
    /** Bumped on a new password and on deactivation: older admin tokens stop working. */
    tokenVersion: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
);

/** One row per administrator sign-in attempt that reached the password check or the account's allowance. */
const signInAuditSchema = new Schema(
  {
    kind: { type: String, enum: ['admin'], required: true },
    /** As typed (lower-cased), also when no such account exists. */
    username: { type: String, required: true },
    accountId: { type: Schema.Types.ObjectId, default: null },
    outcome: { type: String, enum: ['success', 'failure'], required: true },
    /** Why it failed: 'wrong-login' (unknown, wrong password or deactivated) or 'throttled'. */
    reason: { type: String, default: null },
    /** The caller's address as the API saw it (security/client-address.ts). */
    address: { type: String, default: '' },
    at: { type: Number, required: true },
  },
  { versionKey: false },
);
signInAuditSchema.index({ at: -1 });

/**
 * Two-factor sign-in (TOTP, RFC 6238) of one account: `_id` `<kind>:<accountId>` (therapist, team, admin). A secret
 * waits in `pendingSecret` until a first code proves the app has it; recovery codes are stored as SHA-256 hashes and
 * used once; `lastTimeStep` refuses a code seen before (a replay).
 */
const twoFactorSchema = new Schema(
  {
    _id: { type: String, required: true },
    secret: { type: String, default: null },
    pendingSecret: { type: String, default: null },
    recoveryCodeHashes: { type: [String], default: () => [] },
    lastTimeStep: { type: Number, default: 0 },
    enabledAt: { type: Number, default: null },
  },
  { versionKey: false },
);

// The secrets are as good as a second password: stored encrypted like the health data (security/encryption.ts).
encryptedFields(twoFactorSchema, { paths: ['secret', 'pendingSecret'] });

export type AdministratorDoc = InferSchemaType<typeof administratorSchema> & { _id: Types.ObjectId };

export const signInModels = {
  Administrator: defineModel(administratorSchema, { kind: 'platform', why: 'the platform administrators work across clinics and belong to none' }),
  TwoFactor: defineModel(twoFactorSchema, { kind: 'platform', why: 'read at sign-in by the account it belongs to, before a clinic is known' }),
  SignInAudit: defineModel(signInAuditSchema, { kind: 'platform', why: 'an audit of administrator sign-ins, which belong to no clinic' }),
  SignInChange: signInChangeModel,
};

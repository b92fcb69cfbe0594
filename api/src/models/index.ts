/**
 * The mongoose models, bound to one connection. Everything runs on MongoDB 7 and on FerretDB 1.24 alike: no
 * transactions, no $lookup; uniqueness only on fields that are always present (ARCHITECTURE.md, Data).
 * Times are epoch milliseconds.
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { DEFAULT_THERAPIST_COLORS, PLAN_STATUSES, PLAN_TYPES } from '@klinik/core/rules';

const now = () => Date.now();
const timestamps = { currentTime: now } as const;

const companySchema = new Schema(
  {
    companyName: { type: String, required: true },
    CVR: { type: String, default: '' },
    address: { type: String, default: '' },
    post: { type: String, default: '' },
    town: { type: String, default: '' },
    email: { type: String, default: '' },
    phone: { type: String, default: '' },
    contactPersion: { type: String, default: '' },
    moms: { type: Boolean, default: true },
    newsletter: { type: Boolean, default: true },
    isDisabled: { type: Boolean, default: false },
    freeTextsPerMonth: { type: Number, default: 20 },
    planType: { type: String, enum: PLAN_TYPES, default: 'empty' },
    status: { type: String, enum: PLAN_STATUSES, default: 'empty' },
    /** End of the free trial (epoch ms). */
    trial: { type: Number, default: null },
    cancelDate: { type: Number, default: null },
    logo: { type: String, default: null },
    dineroOrgId: { type: String, default: null },
    /** Secret: never leaves the server. */
    dineroRefreshToken: { type: String, default: null },
    reepayId: { type: String, default: null },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
);

const therapistSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    /** The e-mail in lower case; unique over the whole platform. */
    username: { type: String, required: true, unique: true },
    /** argon2id; null for an invited therapist who has not set a password yet. */
    passwordHash: { type: String, default: null },
    nameFirst: { type: String, required: true },
    nameLast: { type: String, required: true },
    email: { type: String, required: true },
    phone: { type: String, default: '' },
    isAdmin: { type: Boolean, default: false },
    isAvailable: { type: Boolean, default: true },
    isActive: { type: Boolean, default: true },
    newsletter: { type: Boolean, default: true },
    trial: { type: Number, default: null },
    colors: { type: [String], default: () => [...DEFAULT_THERAPIST_COLORS] },
    /** Bumped on logout, password change, deactivation and lost admin rights: older tokens stop working. */
    tokenVersion: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
);

/**
 * Single-use link tokens (password reset, invitation). Only the SHA-256 of the token is stored, as `_id`, so a
 * database leak does not leak working links, and use is one atomic findOneAndDelete.
 */
const linkTokenSchema = new Schema(
  {
    _id: { type: String, required: true },
    purpose: { type: String, enum: ['reset', 'setPassword'], required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true, index: true },
    expiresAt: { type: Number, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

const teamUserSchema = new Schema(
  {
    username: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    isActive: { type: Boolean, default: true },
    tokenVersion: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
);

/**
 * A treatment of the catalogue (spec 3, Treatment): duration and pause in seconds, price in DKK. The
 * catalogue's actions arrive with the scheduling issue; the demo clinic is seeded with a few already.
 */
const treatmentSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    therapistId: { type: Schema.Types.ObjectId, required: true, index: true },
    name: { type: String, required: true },
    duration: { type: Number, required: true },
    pause: { type: Number, default: 0 },
    price: { type: Number, required: true },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
);

/** The development outbox: mails that would have been sent, viewable at /dev/outbox. */
const outboxMailSchema = new Schema(
  {
    to: { type: [String], required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export type CompanyDoc = InferSchemaType<typeof companySchema> & { _id: Types.ObjectId };
export type TherapistDoc = InferSchemaType<typeof therapistSchema> & { _id: Types.ObjectId };
export type TeamUserDoc = InferSchemaType<typeof teamUserSchema> & { _id: Types.ObjectId };

export function createModels(conn: Connection) {
  return {
    Company: conn.model('Company', companySchema),
    Therapist: conn.model('Therapist', therapistSchema),
    LinkToken: conn.model('LinkToken', linkTokenSchema),
    TeamUser: conn.model('TeamUser', teamUserSchema),
    Treatment: conn.model('Treatment', treatmentSchema),
    OutboxMail: conn.model('OutboxMail', outboxMailSchema),
  };
}

export type Models = ReturnType<typeof createModels>;

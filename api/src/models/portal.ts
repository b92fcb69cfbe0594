/**
 * 'Mine tider', the clients' own page (domain/portal/). Both models are reached only by the SHA-256 of a random token
 * the client holds (a mailed link, the portal session's token), before anything else says which clinic it is; each
 * names its clinic and client, and everything after that goes through the clinic's scoped data.
 *
 * - PortalLink: a single-use link, 15 minutes: `signIn` (from 'Mine tider'), or `email` (confirms a new address the
 *   client typed; `newEmail` holds it until then). Used up by one findOneAndDelete.
 * - PortalSession: one client record of one clinic; ends 30 minutes after its last use, on 'Log ud', and when the
 *   client is erased or merged away.
 */
import { Schema } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

const portalLinkSchema = new Schema(
  {
    _id: { type: String, required: true },
    purpose: { type: String, enum: ['signIn', 'email'], required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true, index: true },
    /** The booking page the client came from (where a new link is asked for). */
    therapistId: { type: Schema.Types.ObjectId, required: true },
    newEmail: { type: String },
    expiresAt: { type: Number, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

const portalSessionSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true, index: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    lastUsedAt: { type: Number, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export const portalModels = {
  PortalLink: defineModel(portalLinkSchema, { kind: 'platform', why: "reached only by the hash of a mailed 'Mine tider' link, before anyone is signed in" }),
  PortalSession: defineModel(portalSessionSchema, { kind: 'platform', why: "reached only by the hash of a client's portal token; it names its clinic and client" }),
};

/**
 * OAuthStateUse: a signed OAuth `state` that came back to the API, with the code it came back with. `_id` is
 * `<provider>:<the state's nonce>`, so of two returns racing with the same state exactly one inserts (the only
 * uniqueness FerretDB 1.24 keeps atomically); a later return with the same code is the return page reloaded, with
 * another code a replay, refused (security/oauth/state.ts). Kept until the state would have expired anyway.
 * Ids and a hash only: no token, no clinic data.
 */
import { Schema } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

const oauthStateUseSchema = new Schema(
  {
    _id: { type: String, required: true },
    codeHash: { type: String, required: true },
    expiresAt: { type: Number, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export const oauthModels = {
  OAuthStateUse: defineModel(oauthStateUseSchema, {
    kind: 'platform',
    why: "reached only by a signed state's nonce, which the signature already ties to one clinic and therapist",
  }),
};

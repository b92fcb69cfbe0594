/**
 * The waiting list for ordinary treatments (domain/waitlist/). Four models:
 *
 * - WaitlistEntry: a client on a therapist's list for a treatment, with the weekdays and hours that suit them.
 * - FreedTime: a therapist's time that became free (a cancellation, a move, a leave removed): an insert by the action
 *   that freed it, turned into offers by the message planner (jobs/waitlist.ts) and closed when it is used or nobody fits.
 * - WaitlistOffer: one freed time offered to one entry. `_id` is `<freed time>:<round>`, so two planners racing to
 *   offer the same round insert one offer. The link's token is kept only as its SHA-256 (found by it) and sealed with
 *   the health-data keys (the message runner reads it to write the SMS and the mail).
 * - WaitlistOfferOutcome: `_id` is the offer's: inserted by the first accept ('accepted') or by the planner when the
 *   offer lapsed ('lapsed'), so exactly one of them happens, whatever the timing (FerretDB: only `_id` decides a race).
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { now } from './common.js';
import { defineModel } from './scope.js';

const waitlistEntrySchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    /** Copied in, as on a booking: the therapist whose list it is may not be the one who sees the client record. */
    clientName: { type: String, default: '' },
    treatmentId: { type: Schema.Types.ObjectId, required: true },
    treatmentName: { type: String, default: '' },
    days: { type: [Number], default: () => [] },
    fromTime: { type: String, required: true },
    toTime: { type: String, required: true },
    state: { type: String, enum: ['active', 'booked', 'removed'], default: 'active' },
    source: { type: String, enum: ['calendar', 'portal', 'booking-page'], default: 'calendar' },
    bookingId: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
waitlistEntrySchema.index({ companyId: 1, therapistId: 1, state: 1, createdAt: 1 });

const freedTimeSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    state: { type: String, enum: ['open', 'closed'], default: 'open' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
freedTimeSchema.index({ state: 1, createdAt: 1 });

const waitlistOfferSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    freedTimeId: { type: Schema.Types.ObjectId, required: true },
    round: { type: Number, required: true },
    entryId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    treatmentId: { type: Schema.Types.ObjectId, required: true },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    tokenHash: { type: String, required: true },
    /** The raw token sealed with the health-data keys (security/encryption.ts), for the messages only. */
    sealedToken: { type: String, required: true },
    expiresAt: { type: Number, required: true },
    state: { type: String, enum: ['offered', 'accepted', 'lapsed', 'taken', 'withdrawn'], default: 'offered' },
    bookingId: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
waitlistOfferSchema.index({ companyId: 1, tokenHash: 1 });
waitlistOfferSchema.index({ companyId: 1, freedTimeId: 1 });
waitlistOfferSchema.index({ companyId: 1, entryId: 1 });

const waitlistOfferOutcomeSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    outcome: { type: String, enum: ['accepted', 'lapsed'], required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export type WaitlistEntryDoc = InferSchemaType<typeof waitlistEntrySchema> & { _id: Types.ObjectId };
export type FreedTimeDoc = InferSchemaType<typeof freedTimeSchema> & { _id: Types.ObjectId };
export type WaitlistOfferDoc = InferSchemaType<typeof waitlistOfferSchema> & { _id: string };

export const waitlistModels = {
  WaitlistEntry: defineModel(waitlistEntrySchema, { kind: 'tenant', owner: 'therapistId' }),
  FreedTime: defineModel(freedTimeSchema, { kind: 'tenant', owner: 'therapistId' }),
  WaitlistOffer: defineModel(waitlistOfferSchema, { kind: 'tenant', owner: 'therapistId' }),
  WaitlistOfferOutcome: defineModel(waitlistOfferOutcomeSchema, { kind: 'tenant' }),
};

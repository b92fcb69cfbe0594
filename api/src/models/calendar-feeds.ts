/**
 * A therapist's private calendar feed (domain/calendar-files/therapist-feed.ts): one per therapist, `_id` the
 * therapist's id, so making one is an insert that `_id` uniqueness settles and a new address is one `$set` that
 * ends the old. Only the SHA-256 of the secret in the address is kept; the address is shown once, when made.
 *
 * Scope: `tenant`, owned by its therapist. The feed's GET route finds it across clinics by the hash (the address
 * names it, as a public page names its therapist) and goes on in the clinic's scoped data.
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { defineModel } from './scope.js';

const calendarFeedSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    tokenHash: { type: String, required: true },
    createdAt: { type: Number, required: true },
  },
  { versionKey: false },
);
calendarFeedSchema.index({ tokenHash: 1 });

export type CalendarFeedDoc = InferSchemaType<typeof calendarFeedSchema> & { _id: Types.ObjectId };

export const calendarFeedModels = {
  CalendarFeed: defineModel(calendarFeedSchema, { kind: 'tenant', owner: 'therapistId' }),
};

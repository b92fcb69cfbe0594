/** The course aggregate: courses, their days, the participants and waiting lists, and the seats. */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { now, timestamps } from './common.js';
import { defineModel } from './scope.js';

/** A course (spec 2, Course (event)): the description is sanitised HTML. */
const eventSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    limit: { type: Number, required: true },
    min: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
eventSchema.index({ companyId: 1, therapistId: 1 });

/** A course day. How many seats are taken is counted from its participants, never kept as a counter. */
const eventDateSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    eventId: { type: Schema.Types.ObjectId, required: true },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    latestDays: { type: Number, default: 0 },
    version: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
eventDateSchema.index({ companyId: 1, therapistId: 1, from: 1 });
eventDateSchema.index({ eventId: 1 });

/**
 * A participant of a course day, or someone on its waiting list (isWaiting). One per client and day. A seat holder
 * holds a CourseSeat; whoever could not get one waits.
 */
const eventDateClientSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    eventId: { type: Schema.Types.ObjectId, required: true },
    eventDateId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    isWaiting: { type: Boolean, default: false },
    nameFirst: { type: String, default: '' },
    nameLast: { type: String, default: '' },
    email: { type: String, default: '' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
eventDateClientSchema.index({ eventDateId: 1, clientId: 1 }, { unique: true });

/**
 * A seat of a course day: `_id` is eventDate:n for n = 1 … limit. Taking a seat is inserting one, so two clients
 * racing for the last seat cannot both get it: `_id` uniqueness decides, on MongoDB and FerretDB alike (a counter
 * with a conditional update is not atomic on FerretDB 1.24, see docs/decisions/0004-concurrency-by-id-claims.md).
 */
const courseSeatSchema = new Schema(
  {
    _id: { type: String, required: true },
    eventDateId: { type: Schema.Types.ObjectId, required: true, index: true },
    ref: { type: Schema.Types.ObjectId, required: true, index: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export type EventDoc = InferSchemaType<typeof eventSchema> & { _id: Types.ObjectId };
export type EventDateDoc = InferSchemaType<typeof eventDateSchema> & { _id: Types.ObjectId };
export type EventDateClientDoc = InferSchemaType<typeof eventDateClientSchema> & { _id: Types.ObjectId };

export const courseModels = {
  Event: defineModel(eventSchema, { kind: 'tenant', owner: 'therapistId' }),
  EventDate: defineModel(eventDateSchema, { kind: 'tenant', owner: 'therapistId' }),
  // Reached through its course day.
  EventDateClient: defineModel(eventDateClientSchema, { kind: 'tenant' }),
  CourseSeat: defineModel(courseSeatSchema, {
    kind: 'derived',
    via: 'domain/courses/seats.ts',
    why: '`_id` is eventDate:n of a course day the caller has already found in its clinic',
  }),
};

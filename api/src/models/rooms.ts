/**
 * Rooms and equipment (core/src/rooms.ts): one model for both, since a booking holds either the same way (its 5-minute
 * units claimed as slot claims under the room's or equipment's id: data/concurrency/slot-claims.ts). What a treatment
 * needs lives on the Treatment (`roomIds`, `equipmentIds`); what a booking holds on the Booking (`roomId`,
 * `equipmentIds`).
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { timestamps } from './common.js';
import { defineModel } from './scope.js';

const roomSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['room', 'equipment'], required: true },
    name: { type: String, required: true },
    /** Out of use: past bookings keep it, new ones never claim it. */
    active: { type: Boolean, default: true },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
roomSchema.index({ companyId: 1, kind: 1 });

export type RoomDoc = InferSchemaType<typeof roomSchema> & { _id: Types.ObjectId };

export const roomModels = {
  // Every therapist of the clinic reads the list (a booking of a colleague's treatment needs it too); the owner
  // changes it (the actions' access says so).
  Room: defineModel(roomSchema, { kind: 'tenant' }),
};

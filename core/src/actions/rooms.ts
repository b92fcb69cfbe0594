/**
 * Rooms and equipment (core/src/rooms.ts): the owner keeps the clinic's list and says which treatments need which;
 * every therapist of the clinic reads it. A booking of such a treatment holds its room and equipment as it holds its
 * therapist's time.
 */
import { z } from 'zod';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { objectId } from '../fields.js';
import { messages } from '../messages.js';
import { MAX_RESOURCES, RESOURCE_KINDS, roomMessages } from '../rooms.js';

const resourceName = z
  .string({ error: roomMessages.nameRequired })
  .trim()
  .min(1, roomMessages.nameRequired)
  .max(60, messages.tooLong('Navnet', 60));

export const roomSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  name: z.string(),
  /** Not in use: kept on past bookings, never claimed by a new one. */
  active: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;

/** What a treatment needs: one of `roomIds` (any free one), and all of `equipmentIds`. */
export const treatmentRoomsSchema = z.strictObject({
  treatmentId: z.string(),
  roomIds: z.array(z.string()),
  equipmentIds: z.array(z.string()),
});
export type TreatmentRooms = z.infer<typeof treatmentRoomsSchema>;

const resourceIds = z
  .array(objectId, { error: roomMessages.unknown })
  .max(MAX_RESOURCES, roomMessages.tooMany)
  .default([])
  .transform((ids) => [...new Set(ids)]);

export const roomActions = {
  getRooms: defineAction({
    access: 'therapist',
    summary: "The clinic's rooms and equipment (active or not), and which treatments need which.",
    input: noInput,
    output: z.strictObject({ data: z.strictObject({ rooms: z.array(roomSchema), treatments: z.array(treatmentRoomsSchema) }) }),
  }),
  addRoom: defineAction({
    access: 'owner',
    plan: 'pro',
    summary: 'The owner adds a room or a piece of equipment (its name unique in the clinic).',
    input: z.strictObject({
      kind: z.enum(RESOURCE_KINDS, { error: roomMessages.kindRequired }),
      name: resourceName,
      active: z.boolean().default(true),
    }),
    output: z.strictObject({ message: z.string(), data: roomSchema }),
  }),
  setRoom: defineAction({
    access: 'owner',
    plan: 'pro',
    summary: 'The owner renames a room or piece of equipment, or takes it out of use (bookings keep it; new ones cannot have it).',
    input: z.strictObject({ id: objectId, name: resourceName.optional(), active: z.boolean().optional() }),
    output: z.strictObject({ message: z.string(), data: roomSchema }),
  }),
  deleteRoom: defineAction({
    access: 'owner',
    plan: 'pro',
    summary: 'The owner deletes a room or piece of equipment no future booking holds (409 otherwise); treatments stop needing it.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  setTreatmentRooms: defineAction({
    access: 'owner',
    plan: 'pro',
    summary: "The owner sets what a treatment needs: one of `roomIds` (any free one is booked) and all of `equipmentIds`; empty lists: nothing. Bookings made already keep what they hold.",
    input: z.strictObject({ treatmentId: objectId, roomIds: resourceIds, equipmentIds: resourceIds }),
    output: z.strictObject({ message: z.string(), data: treatmentRoomsSchema }),
  }),
} as const;

/** Rooms and equipment (core/src/actions/rooms.ts). Thin: the input is parsed, the domain decides. */
import { roomMessages, type roomActions } from '@klinik/core';
import { addRoom, changeRoom, listRooms, removeRoom, saveTreatmentRooms } from '../domain/scheduling/rooms.js';
import type { Handlers } from './types.js';

export const roomHandlers: Handlers<keyof typeof roomActions> = {
  getRooms: async (_input, ctx) => ({ data: await listRooms(ctx) }),
  addRoom: async (input, ctx) => ({ message: roomMessages.added, data: await addRoom(ctx, input) }),
  setRoom: async (input, ctx) => ({ message: roomMessages.saved, data: await changeRoom(ctx, input) }),
  async deleteRoom({ id }, ctx) {
    await removeRoom(ctx, id);
    return { message: roomMessages.deleted };
  },
  setTreatmentRooms: async (input, ctx) => ({ message: roomMessages.treatmentSaved, data: await saveTreatmentRooms(ctx, input) }),
};

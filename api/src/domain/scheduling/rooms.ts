/**
 * The clinic's rooms and equipment, and which treatments need which (core/src/actions/rooms.ts). Every therapist
 * reads them; the owner changes them (the actions' access). Bookings hold them through resource-claims.ts.
 */
import { Types } from 'mongoose';
import { MAX_RESOURCES, messages, roomMessages, type ParsedInput, type Room, type TreatmentRooms } from '@klinik/core';
import type { OwnerContext, TherapistContext } from '../../context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { RoomDoc, TreatmentDoc } from '../../models/index.js';

function toRoomView(room: RoomDoc): Room {
  return { id: room._id.toString(), kind: room.kind, name: room.name, active: room.active !== false };
}

function toTreatmentRooms(treatment: Pick<TreatmentDoc, '_id' | 'roomIds' | 'equipmentIds'>): TreatmentRooms {
  return {
    treatmentId: treatment._id.toString(),
    roomIds: (treatment.roomIds ?? []).map(String),
    equipmentIds: (treatment.equipmentIds ?? []).map(String),
  };
}

const byKindThenName = (a: Room, b: Room) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name, 'da');

export async function listRooms(ctx: TherapistContext): Promise<{ rooms: Room[]; treatments: TreatmentRooms[] }> {
  const [rooms, treatments] = await Promise.all([
    ctx.db.Room.find({}).lean(),
    ctx.db.Treatment.find({}, { roomIds: 1, equipmentIds: 1 }).lean(),
  ]);
  const needing = treatments.filter((treatment) => (treatment.roomIds?.length ?? 0) + (treatment.equipmentIds?.length ?? 0) > 0);
  return { rooms: rooms.map(toRoomView).sort(byKindThenName), treatments: needing.map(toTreatmentRooms) };
}

async function findRoom(ctx: TherapistContext, id: string): Promise<RoomDoc> {
  const room = await ctx.db.Room.findById(new Types.ObjectId(id)).lean();
  if (!room) throw new NotFoundError(messages.notFound);
  return room;
}

/** Names are unique in the clinic whatever their case, so the picker never shows two alike. */
async function assertNameFree(ctx: TherapistContext, name: string, except?: Types.ObjectId): Promise<void> {
  const others = await ctx.db.Room.find(except ? { _id: { $ne: except } } : {}, { name: 1 }).lean();
  const wanted = name.toLocaleLowerCase('da');
  if (others.some((other) => other.name.toLocaleLowerCase('da') === wanted)) throw new ValidationError(roomMessages.nameTaken, { name: roomMessages.nameTaken });
}

export async function addRoom(ctx: OwnerContext, input: ParsedInput<'addRoom'>): Promise<Room> {
  if ((await ctx.db.Room.countDocuments({})) >= MAX_RESOURCES) throw new ConflictError(roomMessages.tooMany);
  await assertNameFree(ctx, input.name);
  const room = await ctx.db.Room.create({ kind: input.kind, name: input.name, active: input.active });
  return toRoomView(room.toObject());
}

export async function changeRoom(ctx: OwnerContext, input: ParsedInput<'setRoom'>): Promise<Room> {
  const room = await findRoom(ctx, input.id);
  if (input.name !== undefined) await assertNameFree(ctx, input.name, room._id);
  const updated = await ctx.db.Room.findOneAndUpdate(
    { _id: room._id },
    { $set: { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.active !== undefined ? { active: input.active } : {}) } },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new NotFoundError(messages.notFound);
  return toRoomView(updated);
}

/**
 * Deletes a room or piece of equipment that no booking holds from now on (409 otherwise: the owner moves or cancels
 * them, or takes it out of use instead), and takes it off every treatment. Past bookings keep its id.
 */
export async function removeRoom(ctx: OwnerContext, id: string): Promise<void> {
  const room = await findRoom(ctx, id);
  const held = await ctx.db.clinic('room-bookings').Booking.exists({ $or: [{ roomId: room._id }, { equipmentIds: room._id }], to: { $gt: ctx.now() } });
  if (held) throw new ConflictError(roomMessages.hasFutureBookings);
  const treatments = await ctx.db.Treatment.find({ $or: [{ roomIds: room._id }, { equipmentIds: room._id }] }, { roomIds: 1, equipmentIds: 1 }).lean();
  for (const treatment of treatments) {
    const without = (ids: Types.ObjectId[] | null | undefined) => (ids ?? []).filter((other) => !other.equals(room._id));
    await ctx.db.Treatment.updateOne({ _id: treatment._id }, { $set: { roomIds: without(treatment.roomIds), equipmentIds: without(treatment.equipmentIds) } });
  }
  await ctx.db.Room.deleteOne({ _id: room._id });
}

/**
 * What a treatment needs: every id must be one of this clinic's rooms (under rooms) or equipment (under equipment);
 * another clinic's id is as unknown as a made-up one. Bookings already made keep what they hold.
 */
export async function saveTreatmentRooms(ctx: OwnerContext, input: ParsedInput<'setTreatmentRooms'>): Promise<TreatmentRooms> {
  const treatment = await ctx.db.Treatment.findById(new Types.ObjectId(input.treatmentId), { _id: 1 }).lean();
  if (!treatment) throw new NotFoundError(messages.notFound);
  const ids = [...input.roomIds, ...input.equipmentIds].map((id) => new Types.ObjectId(id));
  const found = ids.length ? await ctx.db.Room.find({ _id: { $in: ids } }, { kind: 1 }).lean() : [];
  const kindOf = new Map(found.map((resource) => [resource._id.toString(), resource.kind]));
  const check = (list: string[], kind: 'room' | 'equipment', field: 'roomIds' | 'equipmentIds', wrongKind: string) => {
    for (const id of list) {
      const found = kindOf.get(id);
      if (!found) throw new ValidationError(roomMessages.unknown, { [field]: roomMessages.unknown });
      if (found !== kind) throw new ValidationError(wrongKind, { [field]: wrongKind });
    }
  };
  check(input.roomIds, 'room', 'roomIds', roomMessages.notARoom);
  check(input.equipmentIds, 'equipment', 'equipmentIds', roomMessages.notEquipment);
  const roomIds = input.roomIds.map((id) => new Types.ObjectId(id));
  const equipmentIds = input.equipmentIds.map((id) => new Types.ObjectId(id));
  await ctx.db.Treatment.updateOne({ _id: treatment._id }, { $set: { roomIds, equipmentIds } });
  return toTreatmentRooms({ _id: treatment._id, roomIds, equipmentIds });
}

/**
 * A booking's room and equipment, held the way its therapist's time is (data/concurrency/slot-claims.ts): each
 * 5-minute unit is a slot claim with `_id` company:<room or equipment id>:unit, owned by the booking. Two therapists'
 * bookings of one room therefore collide on `_id` uniqueness at insert, whatever the timing, and the loser takes back
 * what it inserted. The therapist's time is claimed first, the room and equipment inside its write (so a refusal of
 * either leaves nothing), and the booking stores what it holds (`roomId`, `equipmentIds`): its release, a move and
 * the sweeper's orphan recovery read it from there.
 *
 * A treatment needs one of its rooms (the first free one, in the owner's order; a moved booking keeps its own room
 * when it is free) and every piece of its equipment. Rooms or equipment out of use are never claimed.
 */
import type { Types } from 'mongoose';
import { copenhagenDateKeysBetween, MAX_BOOKING_MS, roomMessages, SLOT_UNIT_MS, startsWithResources, unitStarts, type ResourceNeeds } from '@klinik/core';
import type { Interval } from '../../data/concurrency/slot-claims.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError } from '../../errors.js';
import type { BookingDoc, TreatmentDoc } from '../../models/index.js';

interface Resource {
  _id: Types.ObjectId;
  name: string;
}

/** What a booking of a treatment must hold now; `problem`: why it cannot be booked at all (nothing in use). */
export interface Needs {
  rooms: Resource[];
  equipment: Resource[];
  problem: string | null;
}

/** What a booking holds, as stored on it. */
export interface HeldResources {
  roomId: Types.ObjectId | null;
  equipmentIds: Types.ObjectId[];
}

type Wants = Pick<TreatmentDoc, 'roomIds' | 'equipmentIds'>;

export const NO_NEEDS: Needs = { rooms: [], equipment: [], problem: null };

export function needsNothing(needs: Needs): boolean {
  return needs.rooms.length === 0 && needs.equipment.length === 0 && needs.problem === null;
}

/** The booking's fields for what it holds (unset when nothing, so bookings without rooms look as they always did). */
export function heldFields(held: HeldResources): { roomId?: Types.ObjectId; equipmentIds?: Types.ObjectId[] } {
  return { ...(held.roomId ? { roomId: held.roomId } : {}), ...(held.equipmentIds.length ? { equipmentIds: held.equipmentIds } : {}) };
}

/** The same for a change: a booking that no longer holds a room or equipment has the fields emptied. */
export function heldSet(held: HeldResources): { roomId: Types.ObjectId | null; equipmentIds: Types.ObjectId[] } {
  return { roomId: held.roomId, equipmentIds: held.equipmentIds };
}

function resourceLanes(held: { roomId?: Types.ObjectId | null; equipmentIds?: Types.ObjectId[] | null }): Types.ObjectId[] {
  return [...(held.roomId ? [held.roomId] : []), ...(held.equipmentIds ?? [])];
}

/** The rooms and equipment a treatment asks for that are in use, in the owner's order. One read, none when it asks for nothing. */
export async function needsOf(db: TenantDb, treatment: Partial<Wants> | null | undefined): Promise<Needs> {
  const roomIds = treatment?.roomIds ?? [];
  const equipmentIds = treatment?.equipmentIds ?? [];
  if (roomIds.length === 0 && equipmentIds.length === 0) return NO_NEEDS;
  const found = await db.Room.find({ _id: { $in: [...roomIds, ...equipmentIds] } }, { name: 1, kind: 1, active: 1 }).lean();
  const byId = new Map(found.map((resource) => [resource._id.toString(), resource]));
  // A deleted room or piece of equipment is no longer asked for (deleteRoom takes it off treatments too).
  const listed = (ids: Types.ObjectId[], kind: 'room' | 'equipment') => ids.map((id) => byId.get(id.toString())).filter((resource) => resource?.kind === kind);
  const rooms = listed(roomIds, 'room');
  const equipment = listed(equipmentIds, 'equipment');
  const inactive = equipment.find((resource) => resource!.active === false);
  const activeRooms = rooms.filter((room) => room!.active !== false) as Resource[];
  const problem = inactive ? roomMessages.equipmentInactive(inactive.name) : rooms.length > 0 && activeRooms.length === 0 ? roomMessages.noActiveRoom : null;
  return { rooms: activeRooms, equipment: equipment as Resource[], problem };
}

/** A booking's needs when it is changed: its (new) treatment's, or, when the time and treatment stay, what it holds. */
export async function bookingNeeds(db: TenantDb, booking: Pick<BookingDoc, 'treatmentId' | 'roomId' | 'equipmentIds'>, change: { treatment: Wants | null; timeChanged: boolean }): Promise<Needs> {
  if (change.treatment) return needsOf(db, change.treatment);
  const held = { rooms: booking.roomId ? [booking.roomId] : [], equipment: booking.equipmentIds ?? [] };
  const treatment = change.timeChanged && booking.treatmentId ? await db.Treatment.findOne({ _id: booking.treatmentId }, { roomIds: 1, equipmentIds: 1 }).lean() : null;
  if (treatment) return needsOf(db, treatment);
  // Nothing to choose: it keeps what it holds (a deleted treatment's booking, or an edit of its text only).
  return { rooms: held.rooms.map((_id) => ({ _id, name: '' })), equipment: held.equipment.map((_id) => ({ _id, name: '' })), problem: null };
}

/** The needs as ids (core's pure availability works on strings). */
export function needIds(needs: Needs): ResourceNeeds {
  return { rooms: needs.rooms.map((room) => room._id.toString()), equipment: needs.equipment.map((piece) => piece._id.toString()) };
}

type Holders = Map<string, { ref: Types.ObjectId }>;

/**
 * The rooms and equipment each span can have, from one look at the claims of all of them: per span, the held
 * resources (the room: `prefer` when it is free, else the first free one), or null when a piece of equipment or
 * every room is taken. Units held by the span's own `ref` count free (a booking being moved).
 */
export async function pickResources(
  db: TenantDb,
  needs: Needs,
  spans: (Interval & { ref: Types.ObjectId; prefer?: Types.ObjectId | null })[],
  prefer?: Types.ObjectId | null,
): Promise<(HeldResources | null)[]> {
  if (needs.problem) throw new ConflictError(needs.problem);
  if (needsNothing(needs)) return spans.map(() => ({ roomId: null, equipmentIds: [] }));
  const lanes = [...needs.rooms, ...needs.equipment].map((resource) => resource._id);
  const held: Holders = await db.slots.holders(spans.flatMap((span) => lanes.flatMap((lane) => db.slots.ids(lane, span))));
  return spans.map((span) => {
    const free = (lane: Types.ObjectId) => db.slots.ids(lane, span).every((id) => !held.has(id) || held.get(id)!.ref.equals(span.ref));
    if (!needs.equipment.every((piece) => free(piece._id))) return null;
    if (needs.rooms.length === 0) return { roomId: null, equipmentIds: needs.equipment.map((piece) => piece._id) };
    const own = span.prefer ?? prefer;
    const rooms = own ? [...needs.rooms].sort((a, b) => Number(b._id.equals(own)) - Number(a._id.equals(own))) : needs.rooms;
    const room = rooms.find((candidate) => free(candidate._id));
    return room ? { roomId: room._id, equipmentIds: needs.equipment.map((piece) => piece._id) } : null;
  });
}

/** Every unit id `held` covers over `span`: what a booking holds besides its therapist's time. */
export function resourceUnitIds(db: TenantDb, held: { roomId?: Types.ObjectId | null; equipmentIds?: Types.ObjectId[] | null }, span: Interval): string[] {
  return resourceLanes(held).flatMap((lane) => db.slots.ids(lane, span));
}

/**
 * Claims what `needs` asks for over `span` for the booking `ref`: every piece of equipment, then the first room that
 * is free (trying the next when a race takes one). Throws 409 with a Danish message, with nothing of its own left
 * claimed, when something needed is taken. Answers what it holds and the units it added (units `ref` already held
 * are kept and not counted).
 */
export async function claimResources(db: TenantDb, needs: Needs, span: Interval, ref: Types.ObjectId, now: number, prefer?: Types.ObjectId | null): Promise<{ held: HeldResources; added: string[] }> {
  if (needs.problem) throw new ConflictError(needs.problem);
  if (needsNothing(needs)) return { held: { roomId: null, equipmentIds: [] }, added: [] };
  const equipmentIds = needs.equipment.map((piece) => piece._id);
  let added: string[] = [];
  if (equipmentIds.length) {
    const ids = equipmentIds.flatMap((id) => db.slots.ids(id, span));
    try {
      added = await db.slots.claim(ids, ref, 'booking', now);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const holders = await db.slots.holders(ids);
      const taken = needs.equipment.find((piece) => db.slots.ids(piece._id, span).some((id) => holders.has(id) && !holders.get(id)!.ref.equals(ref)));
      throw new ConflictError(roomMessages.equipmentTaken(taken?.name || 'Udstyret'));
    }
  }
  if (needs.rooms.length === 0) return { held: { roomId: null, equipmentIds }, added };
  const [picked] = await pickResources(db, { ...needs, equipment: [] }, [{ ...span, ref }], prefer);
  const candidates = picked?.roomId ? [picked.roomId, ...needs.rooms.map((room) => room._id).filter((id) => !id.equals(picked.roomId))] : [];
  for (const roomId of candidates) {
    try {
      const own = await db.slots.claim(db.slots.ids(roomId, span), ref, 'booking', now);
      return { held: { roomId, equipmentIds }, added: [...added, ...own] };
    } catch (error) {
      if (!(error instanceof ConflictError)) {
        await db.slots.release(ref, added);
        throw error;
      }
    }
  }
  await db.slots.release(ref, added);
  throw new ConflictError(roomMessages.roomTaken);
}

/**
 * A new booking's claims and write: the therapist's time, then its room and equipment, then `write` with what it holds.
 * A refusal or a failed write leaves nothing claimed.
 */
export async function claimNewBooking<T>(
  db: TenantDb,
  booking: { therapistId: Types.ObjectId; span: Interval; ref: Types.ObjectId; needs: Needs; now: number },
  write: (held: HeldResources) => Promise<T>,
): Promise<T> {
  const { therapistId, span, ref, needs, now } = booking;
  return db.slots.claimFor(therapistId, span, ref, 'booking', now, async () => {
    const { held, added } = await claimResources(db, needs, span, ref, now);
    try {
      return await write(held);
    } catch (error) {
      await db.slots.release(ref, added);
      throw error;
    }
  });
}

/**
 * Moves a booking's claims to `after` (a new time, a new treatment, or both): its room and equipment are claimed
 * first (keeping its room when that is free), then its therapist's time moves with slots.move, whose `swap` writes
 * the booking with what it now holds. On any refusal or lost race the units added here go again, except those the
 * booking covers as it is now (a double click's winner); on success the units no longer covered go.
 */
export async function moveBookingClaims<T>(
  db: TenantDb,
  move: {
    booking: BookingDoc;
    after: Interval;
    needs: Needs;
    now: number;
    current: () => Promise<(Interval & { roomId?: Types.ObjectId | null; equipmentIds?: Types.ObjectId[] | null }) | null>;
  },
  swap: (held: HeldResources) => Promise<T | null>,
  conflictMessage: string,
): Promise<T> {
  const { booking, after, needs, now } = move;
  const { held, added } = await claimResources(db, needs, after, booking._id, now, booking.roomId);
  let swapped: T;
  try {
    swapped = await db.slots.move(
      { ref: booking._id, therapistId: booking.therapistId, kind: 'booking', before: booking, after, now, current: move.current },
      () => swap(held),
      conflictMessage,
    );
  } catch (error) {
    if (added.length) {
      const current = await move.current();
      const covered = new Set(current ? resourceUnitIds(db, current, current) : []);
      await db.slots.release(
        booking._id,
        added.filter((id) => !covered.has(id)),
      );
    }
    throw error;
  }
  const keep = new Set(resourceUnitIds(db, held, after));
  const old = resourceUnitIds(db, booking, booking).filter((id) => !keep.has(id));
  if (old.length) await db.slots.release(booking._id, old);
  return swapped;
}

/**
 * The times other bookings hold each of `needs`' rooms and equipment in [from, to), from one query of the clinic's
 * bookings on those days (whoever's: a room is shared). `ignore`: a booking whose own time counts free.
 */
export async function resourceBusy(db: TenantDb, needs: Needs, range: Interval, ignore?: Types.ObjectId): Promise<Map<string, Interval[]>> {
  const busy = new Map<string, Interval[]>();
  if (needsNothing(needs)) return busy;
  const rooms = needs.rooms.map((room) => room._id);
  const equipment = needs.equipment.map((piece) => piece._id);
  const days = copenhagenDateKeysBetween(range.from - MAX_BOOKING_MS, range.to);
  const bookings = await db
    .clinic('room-bookings')
    .Booking.find(
      {
        bookingDate: { $in: days },
        $or: [...(rooms.length ? [{ roomId: { $in: rooms } }] : []), ...(equipment.length ? [{ equipmentIds: { $in: equipment } }] : [])],
      },
      { from: 1, to: 1, roomId: 1, equipmentIds: 1 },
    )
    .lean();
  for (const booking of bookings) {
    if (ignore && booking._id.equals(ignore)) continue;
    if (booking.to <= range.from || booking.from >= range.to) continue;
    for (const lane of resourceLanes(booking)) {
      const key = lane.toString();
      busy.set(key, [...(busy.get(key) ?? []), { from: booking.from, to: booking.to }]);
    }
  }
  return busy;
}

/** `starts` (of a booking `durationMs` long) left once the rooms and equipment `needs` asks for are taken into account. */
export async function startsWithFreeResources(db: TenantDb, needs: Needs, starts: number[], durationMs: number, ignore?: Types.ObjectId): Promise<number[]> {
  if (needs.problem) return [];
  if (needsNothing(needs) || starts.length === 0) return starts;
  const busy = await resourceBusy(db, needs, { from: starts[0]!, to: starts.at(-1)! + durationMs }, ignore);
  return startsWithResources(starts, durationMs, needIds(needs), busy);
}

/** The 5-minute units of [from, to) where `needs` cannot be met (for a series' free starts), from the claims. */
export async function resourceBusyUnits(db: TenantDb, needs: Needs, span: Interval, ref: Types.ObjectId): Promise<Interval[]> {
  if (needsNothing(needs) || needs.problem) return [];
  const units = unitStarts(span.from, span.to);
  const picks = await pickResources(
    db,
    needs,
    units.map((unit) => ({ from: unit, to: unit + SLOT_UNIT_MS, ref })),
  );
  return units.filter((_unit, at) => picks[at] === null).map((unit) => ({ from: unit, to: unit + SLOT_UNIT_MS }));
}

/**
 * Slot claims: double booking is impossible by construction (docs/decisions/0004-concurrency-by-id-claims.md). A
 * booking, leave or course day inserts one SlotClaim per 5-minute unit it covers, with `_id`
 * company:therapist:unitStart. A second claim of a unit fails on `_id` uniqueness, whatever the timing; the failed
 * claim then removes what it did insert, so a lost race leaves nothing behind. Claims whose holder never appeared
 * (a crash between the two writes) are swept. A booking's room and equipment are claimed the same way, with the
 * room's or equipment's id in the therapist's place (domain/scheduling/resource-claims.ts), so one room is never
 * held by two therapists' bookings at once.
 *
 * This module is the only way to the SlotClaim model (its scope rule in models/scheduling.ts says so), and the claims
 * it makes always carry the company they were made for: a TenantDb's `slots` is bound to its clinic.
 */
import type { Types } from 'mongoose';
import { schedulingMessages, unitStarts } from '@klinik/core';
import { ConflictError, isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';
import { deleteInBatches } from '../delete-in-batches.js';

export type ClaimKind = 'booking' | 'leave' | 'course';

export interface Interval {
  from: number;
  to: number;
}

export interface SlotClaims {
  /** The unit ids of `therapistId`'s time [from, to) in this clinic. */
  ids(therapistId: Types.ObjectId, interval: Interval): string[];
  /**
   * Claims `ids` for `ref` (units `ref` already holds are left as they are) and answers the ones added. Throws 409
   * with the spec's overlap message when any unit belongs to something else, after releasing what it inserted.
   */
  claim(ids: string[], ref: Types.ObjectId, kind: ClaimKind, now: number): Promise<string[]>;
  /** Releases units held by `ref`: all of them, or only `ids`. */
  release(ref: Types.ObjectId, ids?: string[]): Promise<void>;
  /** Who holds those of `ids` that are claimed: unit id → holder and kind. */
  holders(ids: string[]): Promise<Map<string, { ref: Types.ObjectId; kind: ClaimKind }>>;
  /**
   * Claims several holders' units in one insert, all or nothing (a recurring series): units a holder already holds
   * are left as they are. When any unit belongs to something else, every unit inserted here is released again and
   * 409 is thrown. Answers the units added per holder, in the order given.
   */
  claimAll(claims: { ref: Types.ObjectId; ids: string[] }[], kind: ClaimKind, now: number): Promise<string[][]>;
  /**
   * Claims the time and then writes the holder; if the write fails, the time is released again, so a refused or
   * failed create leaves no claim behind.
   */
  claimFor<T>(therapistId: Types.ObjectId, interval: Interval, ref: Types.ObjectId, kind: ClaimKind, now: number, write: () => Promise<T>): Promise<T>;
  /**
   * Moves `ref` from `before` to `after`: the new units are claimed first, then `swap` writes the holder with a
   * compare-and-swap (it answers null when it lost a race); on a lost race the units added here are released and
   * 409 `conflictMessage` is thrown, otherwise the units no longer covered are released. One unit is never held by
   * two holders, and a failed move changes nothing.
   *
   * `current` reads the holder's time as it is after a lost race. Two moves of one holder to one time at once (a
   * double click): the first inserts the new units, the second finds them already the holder's and adds none; if
   * the second then wins the swap, the units the loser added are the winner's time, and releasing them would leave
   * the moved holder unclaimed. So a loser keeps what the holder now covers.
   */
  move<T>(
    move: { ref: Types.ObjectId; therapistId: Types.ObjectId; kind: ClaimKind; before: Interval; after: Interval; now: number; current: () => Promise<Interval | null> },
    swap: () => Promise<T | null>,
    conflictMessage: string,
  ): Promise<T>;
  /** Every claim of the clinic (a deleted clinic's purge: jobs/company-purge.ts). */
  releaseAll(): Promise<number>;
}

export function slotClaims(models: Models, companyId: Types.ObjectId): SlotClaims {
  const { SlotClaim } = models;
  const api: SlotClaims = {
    async releaseAll() {
      // The clinic's id starts every claim's `_id`; a batch at a time (FerretDB fails very large deleteMany).
      return deleteInBatches(SlotClaim, { _id: { $regex: `^${companyId.toHexString()}:` } });
    },
    ids(therapistId, { from, to }) {
      const prefix = `${companyId.toString()}:${therapistId.toString()}:`;
      return unitStarts(from, to).map((unit) => `${prefix}${unit}`);
    },
    async claim(ids, ref, kind, now) {
      const held = new Set((await SlotClaim.find({ _id: { $in: ids }, ref }, { _id: 1 }).lean()).map((claim) => claim._id));
      const wanted = ids.filter((id) => !held.has(id));
      if (wanted.length === 0) return [];
      try {
        await SlotClaim.insertMany(
          wanted.map((id) => ({ _id: id, ref, kind, createdAt: now })),
          { ordered: true },
        );
      } catch (error) {
        await SlotClaim.deleteMany({ _id: { $in: wanted }, ref });
        if (isDuplicateKeyError(error)) throw new ConflictError(schedulingMessages.bookingOverlap);
        throw error;
      }
      return wanted;
    },
    async release(ref, ids) {
      await SlotClaim.deleteMany(ids ? { _id: { $in: ids }, ref } : { ref });
    },
    async holders(ids) {
      const found = await Promise.all(inPieces(ids).map((piece) => SlotClaim.find({ _id: { $in: piece } }, { _id: 1, ref: 1, kind: 1 }).lean()));
      return new Map(found.flat().map((claim) => [claim._id, { ref: claim.ref, kind: claim.kind }]));
    },
    async claimAll(claims, kind, now) {
      const held = await api.holders(claims.flatMap((claim) => claim.ids));
      const added = claims.map((claim) => claim.ids.filter((id) => !held.get(id)?.ref.equals(claim.ref)));
      if (claims.some((claim, index) => added[index]!.some((id) => held.has(id)))) throw new ConflictError(schedulingMessages.bookingOverlap);
      const rows = claims.flatMap((claim, index) => added[index]!.map((id) => ({ _id: id, ref: claim.ref, kind, createdAt: now })));
      if (rows.length === 0) return added;
      try {
        await SlotClaim.insertMany(rows, { ordered: true });
      } catch (error) {
        // Only rows of these holders: a unit another request won stays its.
        const refs = claims.map((claim) => claim.ref);
        await Promise.all(inPieces(rows.map((row) => row._id)).map((piece) => SlotClaim.deleteMany({ _id: { $in: piece }, ref: { $in: refs } })));
        if (isDuplicateKeyError(error)) throw new ConflictError(schedulingMessages.bookingOverlap);
        throw error;
      }
      return added;
    },
    async claimFor(therapistId, interval, ref, kind, now, write) {
      const added = await api.claim(api.ids(therapistId, interval), ref, kind, now);
      try {
        return await write();
      } catch (error) {
        await api.release(ref, added);
        throw error;
      }
    },
    async move(move, swap, conflictMessage) {
      const { ref, therapistId, kind, before, after, now } = move;
      const oldIds = api.ids(therapistId, before);
      const newIds = api.ids(therapistId, after);
      const added = await api.claim(newIds, ref, kind, now);
      let swapped: Awaited<ReturnType<typeof swap>>;
      try {
        swapped = await swap();
      } catch (error) {
        await api.release(ref, added);
        throw error;
      }
      if (swapped === null) {
        const current = await move.current();
        const covered = new Set(current ? api.ids(therapistId, current) : []);
        await api.release(
          ref,
          added.filter((id) => !covered.has(id)),
        );
        throw new ConflictError(conflictMessage);
      }
      const keep = new Set(newIds);
      await api.release(
        ref,
        oldIds.filter((id) => !keep.has(id)),
      );
      return swapped;
    },
  };
  return api;
}

interface ClaimHolder {
  _id: Types.ObjectId;
  companyId: Types.ObjectId;
  therapistId: Types.ObjectId;
  from: number;
  to: number;
  roomId?: Types.ObjectId | null;
  equipmentIds?: Types.ObjectId[] | null;
}

/**
 * Whose time a holder claims: its therapist's, and a booking's room and equipment. A room's or equipment's units
 * have the same `_id` shape as a therapist's (company:<its id>:unit), so one claim of a unit excludes every other
 * holder of it, whichever therapist's booking that is.
 */
export function heldLanes(holder: Pick<ClaimHolder, 'therapistId' | 'roomId' | 'equipmentIds'>): Types.ObjectId[] {
  return [holder.therapistId, ...(holder.roomId ? [holder.roomId] : []), ...(holder.equipmentIds ?? [])];
}

/** The embedded database looks `_id`s up in an index for at most 100 values of `$in` (api/tools/ferretdb-patch). */
const ID_PIECE = 100;

function inPieces(ids: string[]): string[][] {
  const pieces: string[][] = [];
  for (let at = 0; at < ids.length; at += ID_PIECE) pieces.push(ids.slice(at, at + ID_PIECE));
  return pieces;
}

/** How many claims the sweeper looks at per round trip. */
const SWEEP_PAGE = 1_000;

/**
 * Claims older than a minute that no holder covers: the holder (booking, leave or course day) does not exist (a crash
 * between the claim and the write), or it exists but no longer covers that unit (a move cut off between claiming the
 * new time and releasing the old, or between claiming and a swap that never came). Decided by what exists, never by
 * age alone: the minute only keeps a move under way out of it. One cursor walks every claim once, in pages (not the
 * first 10,000 only, and without a scan per page on FerretDB, which pushes down no range or sort).
 */
export async function sweepOrphanClaims(models: Models, now: number, pageSize = SWEEP_PAGE): Promise<number> {
  const cursor = models.SlotClaim.find({ createdAt: { $lt: now - 60_000 } }, { ref: 1 }).lean().cursor({ batchSize: pageSize });
  let removed = 0;
  let page: { _id: string; ref: Types.ObjectId }[] = [];
  for await (const claim of cursor) {
    page.push(claim);
    if (page.length >= pageSize) {
      removed += await sweepPage(models, page);
      page = [];
    }
  }
  if (page.length > 0) removed += await sweepPage(models, page);
  return removed;
}

async function sweepPage(models: Models, claims: { _id: string; ref: Types.ObjectId }[]): Promise<number> {
  const refs = [...new Set(claims.map((claim) => claim.ref.toString()))];
  const sweep = { crossTenant: 'sweeper: holders of orphaned slot claims, in every clinic' };
  const fields = { _id: 1, companyId: 1, therapistId: 1, from: 1, to: 1, roomId: 1, equipmentIds: 1 };
  const [bookings, leaves, courseDates] = await Promise.all([
    models.Booking.find({ _id: { $in: refs } }, fields).setOptions(sweep).lean(),
    models.Leave.find({ _id: { $in: refs } }, fields).setOptions(sweep).lean(),
    models.EventDate.find({ _id: { $in: refs } }, fields).setOptions(sweep).lean(),
  ]);
  // The units each living holder covers now: its therapist's, and a booking's room's and equipment's.
  const covered = new Map<string, Set<string>>();
  for (const holder of [...bookings, ...leaves, ...courseDates] as ClaimHolder[]) {
    const claims = slotClaims(models, holder.companyId);
    covered.set(holder._id.toString(), new Set(heldLanes(holder).flatMap((lane) => claims.ids(lane, holder))));
  }
  const stale = claims.filter((claim) => !covered.get(claim.ref.toString())?.has(claim._id));
  // Each on the condition that it still belongs to the same holder.
  let removed = 0;
  for (const claim of stale) {
    removed += (await models.SlotClaim.deleteOne({ _id: claim._id, ref: claim.ref })).deletedCount;
  }
  return removed;
}

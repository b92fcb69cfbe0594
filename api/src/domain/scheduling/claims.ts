/**
 * Slot claims: double booking is impossible by construction (ARCHITECTURE.md, Data). A booking or leave inserts
 * one document per 5-minute unit it covers, with `_id` company:therapist:unitStart. A second claim of a unit
 * fails on `_id` uniqueness, whatever the timing; the failed claim then removes what it did insert, so a lost
 * race leaves nothing behind. Claims whose booking never appeared (a crash between the two writes) are swept.
 */
import { schedulingMessages, unitStarts } from '@klinik/core';
import type { Types } from 'mongoose';
import { ConflictError, isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';

export function claimIds(companyId: Types.ObjectId, therapistId: Types.ObjectId, from: number, to: number): string[] {
  const prefix = `${companyId.toString()}:${therapistId.toString()}:`;
  return unitStarts(from, to).map((unit) => `${prefix}${unit}`);
}

/**
 * Claims the units `ids` for `ref`. Units `ref` already holds are left as they are. Throws 409 with the
 * spec's overlap message when any unit belongs to something else, after releasing what this call inserted.
 */
export async function claimUnits(models: Models, ids: string[], ref: Types.ObjectId, kind: 'booking' | 'leave' | 'course', now: number): Promise<string[]> {
  const held = new Set((await models.SlotClaim.find({ _id: { $in: ids }, ref }, { _id: 1 }).lean()).map((claim) => claim._id));
  const wanted = ids.filter((id) => !held.has(id));
  if (wanted.length === 0) return [];
  try {
    await models.SlotClaim.insertMany(
      wanted.map((id) => ({ _id: id, ref, kind, createdAt: now })),
      { ordered: true },
    );
  } catch (error) {
    await models.SlotClaim.deleteMany({ _id: { $in: wanted }, ref });
    if (isDuplicateKeyError(error)) {
      throw new ConflictError(schedulingMessages.bookingOverlap);
    }
    throw error;
  }
  return wanted;
}

/** Releases units held by `ref` (all of them, or only `ids`). */
export async function releaseUnits(models: Models, ref: Types.ObjectId, ids?: string[]): Promise<void> {
  await models.SlotClaim.deleteMany(ids ? { _id: { $in: ids }, ref } : { ref });
}

/** Claims older than a minute whose booking or leave does not exist: left by a crash between two writes. */
export async function sweepOrphanClaims(models: Models, now: number): Promise<number> {
  const candidates = await models.SlotClaim.find({ createdAt: { $lt: now - 60_000 } }, { ref: 1, kind: 1 }).limit(10_000).lean();
  const refs = [...new Set(candidates.map((claim) => claim.ref.toString()))];
  if (refs.length === 0) return 0;
  const [bookings, leaves, courseDates] = await Promise.all([
    models.Booking.find({ _id: { $in: refs } }, { _id: 1 }).lean(),
    models.Leave.find({ _id: { $in: refs } }, { _id: 1 }).lean(),
    models.EventDate.find({ _id: { $in: refs } }, { _id: 1 }).lean(),
  ]);
  const alive = new Set([...bookings, ...leaves, ...courseDates].map((doc) => doc._id.toString()));
  const orphans = refs.filter((ref) => !alive.has(ref));
  if (orphans.length === 0) return 0;
  const result = await models.SlotClaim.deleteMany({ ref: { $in: orphans } });
  return result.deletedCount;
}

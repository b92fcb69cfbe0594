/**
 * Course seats. A seat is taken by inserting the document `eventDate:n` for the first free n up to the limit;
 * `_id` uniqueness makes the last seat go to exactly one client however the requests interleave.
 */
import type { Types } from 'mongoose';
import { isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';

export async function takeSeat(models: Models, eventDateId: Types.ObjectId, limit: number, holder: Types.ObjectId): Promise<string | null> {
  const taken = new Set((await models.CourseSeat.find({ eventDateId }, { _id: 1 }).lean()).map((seat) => seat._id));
  for (let n = 1; n <= limit; n++) {
    const id = `${eventDateId.toString()}:${n}`;
    if (taken.has(id)) continue;
    try {
      await models.CourseSeat.create({ _id: id, eventDateId, ref: holder });
      return id;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  return null;
}

export async function releaseSeats(models: Models, filter: { ref: Types.ObjectId } | { eventDateId: Types.ObjectId }): Promise<void> {
  await models.CourseSeat.deleteMany(filter);
}

/** Seats taken and people waiting per course day, counted from the participants. */
export async function signUpCounts(models: Models, eventDateIds: Types.ObjectId[]): Promise<Map<string, { clients: number; waiting: number }>> {
  const counts = new Map(eventDateIds.map((id) => [id.toString(), { clients: 0, waiting: 0 }]));
  if (eventDateIds.length === 0) return counts;
  const rows = await models.EventDateClient.find({ eventDateId: { $in: eventDateIds } }, { eventDateId: 1, isWaiting: 1 }).lean();
  for (const row of rows) {
    const count = counts.get(row.eventDateId.toString());
    if (count) row.isWaiting ? count.waiting++ : count.clients++;
  }
  return counts;
}

/**
 * Moves people up from a course day's waiting list, first come first served, while seats are free. Each promotion
 * is a seat insert like any sign-up, so a promotion racing a new sign-up cannot overbook. If two promotions race
 * for the same person, both may take a seat for them; each then keeps the person's lowest seat only and gives
 * back any other, and carries on with the next in line. Returns the rows promoted here.
 */
export async function promoteWaiting(models: Models, eventDateId: Types.ObjectId, limit: number) {
  const promoted = [];
  const waiting = await models.EventDateClient.find({ eventDateId, isWaiting: true }).sort({ createdAt: 1, _id: 1 }).lean();
  for (const row of waiting) {
    const seat = await takeSeat(models, eventDateId, limit, row._id);
    if (!seat) break;
    const held = (await models.CourseSeat.find({ ref: row._id }, { _id: 1 }).lean()).map((doc) => doc._id).sort(bySeatNumber);
    if (held[0] !== seat) {
      await models.CourseSeat.deleteOne({ _id: seat });
      continue;
    }
    await models.EventDateClient.updateOne({ _id: row._id }, { $set: { isWaiting: false } });
    promoted.push(row);
  }
  return promoted;
}

function bySeatNumber(a: string, b: string): number {
  return Number(a.split(':')[1]) - Number(b.split(':')[1]);
}

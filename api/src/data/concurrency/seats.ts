/**
 * Numbered seats of a course day. A seat is taken by inserting the document `eventDate:n` for the first free n up to
 * the limit; `_id` uniqueness makes the last seat go to exactly one client however the requests interleave (a counter
 * with a conditional update is not atomic on FerretDB 1.24). The only way to the CourseSeat model (its scope rule in
 * models/courses.ts); callers pass course days they have already found in their clinic.
 */
import type { Types } from 'mongoose';
import { isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';

export interface CourseSeats {
  /** Takes the lowest free seat of `eventDateId` for `holder`; null when all `limit` seats are taken. */
  take(eventDateId: Types.ObjectId, limit: number, holder: Types.ObjectId): Promise<string | null>;
  /** The seats `holder` holds, lowest first. */
  heldBy(holder: Types.ObjectId): Promise<string[]>;
  /** Gives back one seat, if `holder` still holds it (never a seat someone has taken since). */
  giveBack(seat: string, holder: Types.ObjectId): Promise<void>;
  /** Gives back the seats of a holder, or every seat of a course day. */
  release(filter: { ref: Types.ObjectId } | { eventDateId: Types.ObjectId }): Promise<void>;
}

function seatNumber(seat: string): number {
  return Number(seat.split(':')[1]);
}

export function courseSeats(models: Models): CourseSeats {
  const { CourseSeat } = models;
  return {
    async take(eventDateId, limit, holder) {
      const taken = new Set((await CourseSeat.find({ eventDateId }, { _id: 1 }).lean()).map((seat) => seat._id));
      for (let n = 1; n <= limit; n++) {
        const id = `${eventDateId.toString()}:${n}`;
        if (taken.has(id)) continue;
        try {
          await CourseSeat.create({ _id: id, eventDateId, ref: holder });
          return id;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
        }
      }
      return null;
    },
    async heldBy(holder) {
      return (await CourseSeat.find({ ref: holder }, { _id: 1 }).lean()).map((seat) => seat._id).sort((a, b) => seatNumber(a) - seatNumber(b));
    },
    async giveBack(seat, holder) {
      await CourseSeat.deleteOne({ _id: seat, ref: holder });
    },
    async release(filter) {
      await CourseSeat.deleteMany(filter);
    },
  };
}

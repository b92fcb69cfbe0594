import type { Types } from 'mongoose';

/**
 * The filter for a therapist's items (bookings, leaves, opening hours, course days) overlapping [from, to). Items
 * start at most `longest` before they end, so the start can be bounded from below as well, which lets an index on
 * {companyId, therapistId, from} serve the query (the company comes from the scoped data access).
 */
export function overlapFilter(therapistId: Types.ObjectId, range: { from: number; to: number }, longest: number) {
  return {
    therapistId,
    from: { $lt: range.to, $gte: range.from - longest },
    to: { $gt: range.from },
  };
}

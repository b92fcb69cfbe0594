/**
 * The clinic's therapist seats (core MAX_THERAPISTS): a therapist holds the seat `<companyId>:<n>`, n = 1..5, taken by
 * inserting it, so of any number of simultaneous adds exactly as many succeed as there are free seats (`_id`
 * uniqueness is the one atomic guard FerretDB 1.24 gives; a count-then-insert is not). Therapists made before seats
 * existed (every clinic's owner, older colleagues) are given theirs first. A seat whose therapist was never created
 * (a crash between the seat and the insert) is given back after a minute.
 */
import type { Types } from 'mongoose';
import { MAX_THERAPISTS } from '@klinik/core';
import { isDuplicateKeyError } from '../../errors.js';
import type { TenantDb } from '../tenant-db.js';

const ORPHAN_AFTER_MS = 60_000;

async function takeFree(db: TenantDb, therapistId: Types.ObjectId, now: number): Promise<boolean> {
  const taken = new Set((await db.TherapistSeat.find({}, { _id: 1 }).lean()).map((seat) => seat._id));
  for (let n = 1; n <= MAX_THERAPISTS; n++) {
    const id = `${db.companyId.toString()}:${n}`;
    if (taken.has(id)) continue;
    try {
      await db.TherapistSeat.create({ _id: id, therapistId, createdAt: now });
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  return false;
}

/** Gives every current therapist without a seat one (older data); those beyond the limit keep working, seatless. */
async function seatTheSeatless(db: TenantDb, now: number): Promise<void> {
  const [therapists, seats] = await Promise.all([
    db.Therapist.find({ deletedAt: null }, { _id: 1 }).sort({ createdAt: 1 }).lean(),
    db.TherapistSeat.find({}, { therapistId: 1 }).lean(),
  ]);
  const seated = new Set(seats.map((seat) => seat.therapistId.toString()));
  for (const therapist of therapists) if (!seated.has(therapist._id.toString())) await takeFree(db, therapist._id, now);
}

async function releaseOrphans(db: TenantDb, now: number): Promise<number> {
  const seats = await db.TherapistSeat.find({ createdAt: { $lt: now - ORPHAN_AFTER_MS } }).lean();
  if (seats.length === 0) return 0;
  const alive = new Set(
    (await db.Therapist.find({ _id: { $in: seats.map((seat) => seat.therapistId) }, deletedAt: null }, { _id: 1 }).lean()).map((therapist) => therapist._id.toString()),
  );
  const orphans = seats.filter((seat) => !alive.has(seat.therapistId.toString())).map((seat) => seat._id);
  if (orphans.length > 0) await db.TherapistSeat.deleteMany({ _id: { $in: orphans } });
  return orphans.length;
}

export const therapistSeats = {
  /** Takes a seat for a therapist about to be created; false when the clinic is full. */
  async take(db: TenantDb, therapistId: Types.ObjectId, now: number): Promise<boolean> {
    await seatTheSeatless(db, now);
    if (await takeFree(db, therapistId, now)) return true;
    return (await releaseOrphans(db, now)) > 0 && takeFree(db, therapistId, now);
  },
  async release(db: TenantDb, therapistId: Types.ObjectId): Promise<void> {
    await db.TherapistSeat.deleteMany({ therapistId });
  },
};

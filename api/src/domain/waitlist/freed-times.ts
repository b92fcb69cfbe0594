/**
 * A therapist's time that became free (a booking cancelled or moved away, a leave removed), noted for the waiting
 * list: one insert, turned into offers by the message planner (offers.ts). Noting it must never fail or slow the action
 * that freed the time, so a failure is logged and swallowed here, and nothing is noted for a therapist without anyone
 * on their list or for a time already past.
 */
import type { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { TenantDb } from '../../data/tenant-db.js';

export async function noteFreedTime(db: TenantDb, freed: { therapistId: Types.ObjectId; from: number; to: number }, now: number, logger?: Pick<Logger, 'error'>): Promise<void> {
  try {
    if (freed.to <= now || freed.to <= freed.from) return;
    // The clinic's list of that therapist, whoever freed the time (the owner may cancel in a colleague's calendar).
    if (!(await db.WaitlistEntry.exists({ therapistId: freed.therapistId, state: 'active' }))) return;
    await db.FreedTime.create({ therapistId: freed.therapistId, from: freed.from, to: freed.to, state: 'open', createdAt: now });
  } catch (error) {
    logger?.error({ err: error, companyId: db.companyId }, 'noting a freed time for the waiting list failed');
  }
}

/** The time a booking (or a leave) held: its own, and its treatment's pause after it, which the booking page keeps free too. */
export function heldTime(holder: { therapistId: Types.ObjectId; from: number; to: number; pause?: number | null }): { therapistId: Types.ObjectId; from: number; to: number } {
  return { therapistId: holder.therapistId, from: holder.from, to: holder.to + (holder.pause ?? 0) * 1000 };
}

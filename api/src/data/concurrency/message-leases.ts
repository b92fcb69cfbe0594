/**
 * Message leases: a message job is claimed for one attempt by inserting `<job>#<leaseSeq>`; of two runners
 * racing, one insert wins (`_id` uniqueness, atomic on MongoDB and FerretDB alike). The only way to the MessageLease
 * model (its scope rule in models/contact.ts); the job ids are of jobs already found in their clinic.
 */
import { isDuplicateKeyError } from '../../errors.js';
import { deleteInBatches } from '../delete-in-batches.js';
import type { Models } from '../../models/index.js';

export interface MessageLeases {
  /** True for exactly one caller per job and lease number. */
  claim(jobId: string, seq: number, holder: string, until: number): Promise<boolean>;
  /** Whether the lease exists and its time has run out (its holder is gone). */
  expired(jobId: string, seq: number, now: number): Promise<boolean>;
}

export function messageLeases(models: Models): MessageLeases {
  const { MessageLease } = models;
  return {
    async claim(jobId, seq, holder, until) {
      try {
        await MessageLease.create({ _id: `${jobId}#${seq}`, holder, until });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async expired(jobId, seq, now) {
      const lease = await MessageLease.findById(`${jobId}#${seq}`, { until: 1 }).lean();
      return lease !== null && lease.until <= now;
    },
  };
}

/**
 * Leases whose time ran out more than a day ago (the sweeper): by then their job was sent, retried under a newer
 * lease or taken over, and no runner still holds a snapshot of it (a run lasts at most 30 s).
 */
export async function sweepOldLeases(models: Models, now: number): Promise<number> {
  return deleteInBatches(models.MessageLease, { until: { $lt: now - 24 * 3_600_000 } });
}

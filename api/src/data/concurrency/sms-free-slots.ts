/**
 * A therapist's free SMS of a month as numbered slots `<therapist>:<YYYY-MM>:<n>`, n = 1 … the quota: an SMS is free
 * if it takes one (insert; of two racing, one wins), so racing runners never hand out more than the quota. The only
 * way to the SmsFreeSlot model (its scope rule in models/contact.ts).
 */
import type { Types } from 'mongoose';
import { isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';
import { deleteInBatches } from '../delete-in-batches.js';

export interface SmsFreeSlots {
  /** Takes the first free slot of the month for `jobId`; false when all `quota` are taken. */
  take(therapistId: Types.ObjectId, month: string, quota: number, jobId: string, retried: boolean): Promise<boolean>;
  /**
   * Gives back the slot `jobId` took (the gateway refused the number, so nothing was sent). Other processes may go
   * on skipping it as taken until the month ends: that errs towards fewer free SMS, never more.
   */
  giveBack(therapistId: Types.ObjectId, month: string, jobId: string): Promise<void>;
  /** Every slot of these therapists (a deleted clinic's purge: jobs/company-purge.ts). */
  forgetTherapists(therapistIds: readonly Types.ObjectId[]): Promise<number>;
}

/**
 * The lowest slot number of a therapist's month not yet seen taken by this process. Slots are taken, and given back
 * only when the gateway refused the number (`giveBack`, which forgets the hint here), so skipping the ones seen taken
 * errs only towards fewer free SMS; it saves a used-up month twenty failing inserts per SMS.
 */
const firstMaybeFree = new Map<string, number>();

export function smsFreeSlots(models: Models): SmsFreeSlots {
  const { SmsFreeSlot } = models;
  return {
    async forgetTherapists(therapistIds) {
      let removed = 0;
      for (const therapistId of therapistIds) removed += await deleteInBatches(SmsFreeSlot, { _id: { $regex: `^${therapistId.toHexString()}:` } });
      return removed;
    },
    async giveBack(therapistId, month, jobId) {
      const key = `${therapistId.toHexString()}:${month}`;
      await SmsFreeSlot.deleteOne({ jobId });
      firstMaybeFree.delete(key);
    },
    async take(therapistId, month, quota, jobId, retried) {
      const key = `${therapistId.toHexString()}:${month}`;
      if (firstMaybeFree.size > 10_000) firstMaybeFree.clear();
      // A slot this job already holds (a recording retried after a crash) counts as taken by it.
      if (retried && (await SmsFreeSlot.exists({ jobId }))) return true;
      const seen = (n: number) => firstMaybeFree.set(key, Math.max(firstMaybeFree.get(key) ?? 1, n + 1));
      for (let n = firstMaybeFree.get(key) ?? 1; n <= quota; n += 1) {
        try {
          await SmsFreeSlot.create({ _id: `${key}:${n}`, jobId });
          seen(n);
          return true;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          seen(n);
        }
      }
      return false;
    },
  };
}

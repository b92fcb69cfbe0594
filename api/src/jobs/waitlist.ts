/**
 * The waiting list's step of the message planner (jobs/messages.ts runs it before planning): every open freed time of
 * every clinic gets one step of domain/waitlist/offers.ts (an offer made, one waiting for its answer or its 30
 * minutes, or the freed time closed). Any number of API processes run it: offers have deterministic `_id`s and an
 * offer's outcome is one insert, so racing planners make each offer once.
 */
import type { Logger } from 'pino';
import { deleteInBatches } from '../data/delete-in-batches.js';
import { tenantDb } from '../data/tenant-db.js';
import { offerFreedTime } from '../domain/waitlist/offers.js';
import type { FreedTimeDoc, Models } from '../models/index.js';

/** Freed times looked at per run; the next run goes on. */
const PER_RUN = 200;

export async function offerFreedTimes(deps: { models: Models; now(): number; logger: Logger }): Promise<number> {
  const open = (await deps.models.FreedTime.find({ state: 'open' })
    .sort({ createdAt: 1 })
    .limit(PER_RUN)
    .setOptions({ crossTenant: 'the waiting list planner turns the freed times of every clinic into offers' })
    .lean()) as FreedTimeDoc[];
  let offered = 0;
  for (const freed of open) {
    const db = tenantDb(deps.models, freed.companyId);
    try {
      const company = await db.Company.findOne({}, { isDisabled: 1, deletedAt: 1 }).lean();
      if (!company || company.isDisabled || company.deletedAt) {
        await db.FreedTime.updateOne({ _id: freed._id }, { $set: { state: 'closed' } });
        continue;
      }
      if ((await offerFreedTime(db, freed, deps.now())) === 'offered') offered += 1;
    } catch (error) {
      deps.logger.error({ err: error, companyId: freed.companyId }, 'offering a freed time from the waiting list failed');
    }
  }
  return offered;
}

/** How long closed freed times, finished offers and people taken off or booked stay (the list's recent history). */
export const WAITLIST_HISTORY_MS = 30 * 24 * 3_600_000;

/** The waiting list's history older than WAITLIST_HISTORY_MS, in every clinic (the sweeper). */
export async function sweepWaitlist(models: Models, now: number): Promise<number> {
  const before = now - WAITLIST_HISTORY_MS;
  const options = { crossTenant: "the sweeper removes the waiting list's old history in every clinic" };
  const offers = await deleteInBatches(models.WaitlistOffer, { state: { $ne: 'offered' }, createdAt: { $lt: before } }, options);
  const outcomes = await deleteInBatches(models.WaitlistOfferOutcome, { createdAt: { $lt: before } }, options);
  const freed = await deleteInBatches(models.FreedTime, { state: 'closed', createdAt: { $lt: before } }, options);
  const entries = await deleteInBatches(models.WaitlistEntry, { state: { $in: ['booked', 'removed'] }, createdAt: { $lt: before } }, options);
  return offers + outcomes + freed + entries;
}

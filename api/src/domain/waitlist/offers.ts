/**
 * Freed times become offers (models/waitlist.ts). One step per freed time, run by the message planner in every API
 * process (jobs/waitlist.ts), safe to run anywhere at once:
 *
 * - An open offer that lapsed (its 30 minutes passed) is closed by inserting its outcome `lapsed`; the first accept
 *   inserts `accepted` under the same `_id`, so an offer is either taken or passed on, never both.
 * - The next round goes to the oldest active entry of that therapist, not offered this time yet and without another
 *   open offer, whose treatment (with its pause) fits inside the freed time at a start that suits their weekdays and
 *   hours and is still free; its `_id` `<freed time>:<round>` makes racing planners insert one offer.
 * - The offer's SMS and mail are message jobs (`waitlistOffer:<offer>:sms|mail`), sent by the message runner under
 *   the clinic's message rules: a trial clinic's SMS come from its free ones only, mail within its budget.
 * - A freed time closes when its time is booked through an offer or taken meanwhile (nothing new is offered for it),
 *   when it has passed, or when nobody on the list fits.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { firstSuitableStart, startsWithResources, WAITLIST_MAX_ENTRIES, WAITLIST_OFFER_TTL_MS } from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';
import { insertNew } from '../../data/insert-new.js';
import { isDuplicateKeyError } from '../../errors.js';
import type { FreedTimeDoc, WaitlistOfferDoc } from '../../models/index.js';
import { decryptText, encryptText } from '../../security/encryption.js';
import { needIds, needsNothing, needsOf, resourceBusy } from '../scheduling/resource-claims.js';

export type FreedTimeStep = 'offered' | 'waiting' | 'closed';

export const WAITLIST_JOB_PREFIX = 'waitlistOffer:';

/** The offer a message job of the waiting list is about (`waitlistOffer:<offer>:<channel>`). */
export function offerIdOfMessageJob(jobId: string): string {
  return jobId.slice(WAITLIST_JOB_PREFIX.length, jobId.lastIndexOf(':'));
}

export function offerTokenHash(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

/** The raw token of an offer's link, for its SMS and mail. */
export function offerToken(offer: Pick<WaitlistOfferDoc, 'sealedToken'>): string {
  return decryptText(offer.sealedToken);
}

/** The page an offer's link opens; the token rides in the fragment, so it is in no server log or Referer. */
export function offerUrl(appUrl: string, therapistId: Types.ObjectId, rawToken: string): string {
  return `${appUrl}/Venteliste?therapistId=${therapistId.toHexString()}#offer=${rawToken}`;
}

async function close(db: TenantDb, freed: FreedTimeDoc): Promise<FreedTimeStep> {
  await db.FreedTime.updateOne({ _id: freed._id }, { $set: { state: 'closed' } });
  return 'closed';
}

/** Closes a lapsed open offer, unless it was accepted at the same moment; answers whether the time is still to offer. */
async function lapse(db: TenantDb, offer: WaitlistOfferDoc, now: number): Promise<boolean> {
  try {
    await db.WaitlistOfferOutcome.create({ _id: offer._id, outcome: 'lapsed', createdAt: now });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const outcome = await db.WaitlistOfferOutcome.findOne({ _id: offer._id }, { outcome: 1 }).lean();
    if (outcome?.outcome === 'accepted') return false;
  }
  await db.WaitlistOffer.updateOne({ _id: offer._id, state: 'offered' }, { $set: { state: 'lapsed' } });
  return true;
}

/** One step of one freed time: see the header. */
export async function offerFreedTime(db: TenantDb, freed: FreedTimeDoc, now: number): Promise<FreedTimeStep> {
  const offers = (await db.WaitlistOffer.find({ freedTimeId: freed._id }).sort({ round: 1 }).lean()) as WaitlistOfferDoc[];
  if (offers.some((offer) => offer.state === 'accepted' || offer.state === 'taken')) return close(db, freed);
  const accepted = await db.WaitlistOfferOutcome.exists({ _id: { $in: offers.map((offer) => offer._id) }, outcome: 'accepted' });
  // Accepted a moment ago: the accept is still booking it.
  if (accepted) return freed.to <= now ? close(db, freed) : 'waiting';
  const last = offers.at(-1);
  if (last?.state === 'offered') {
    if (last.expiresAt > now) return 'waiting';
    if (!(await lapse(db, last, now))) return 'waiting';
  }
  if (freed.to <= now) return close(db, freed);

  const offeredBefore = new Set(offers.map((offer) => offer.entryId.toHexString()));
  const entries = await db.WaitlistEntry.find({ therapistId: freed.therapistId, state: 'active' }).sort({ createdAt: 1 }).limit(WAITLIST_MAX_ENTRIES).lean();
  const candidates = entries.filter((entry) => !offeredBefore.has(entry._id.toHexString()));
  if (candidates.length === 0) return close(db, freed);
  // One open offer per person at a time.
  const busy = new Set(
    (await db.WaitlistOffer.find({ entryId: { $in: candidates.map((entry) => entry._id) }, state: 'offered' }, { entryId: 1, expiresAt: 1 }).lean())
      .filter((offer) => offer.expiresAt > now)
      .map((offer) => offer.entryId.toHexString()),
  );
  const [treatments, clients, claimed] = await Promise.all([
    db.Treatment.find({ _id: { $in: candidates.map((entry) => entry.treatmentId) } }, { duration: 1, pause: 1, roomIds: 1, equipmentIds: 1 }).lean(),
    db.Client.find({ _id: { $in: candidates.map((entry) => entry.clientId) } }, { email: 1, phonePrivate: 1, nameFirst: 1, nameLast: 1 }).lean(),
    db.slots.holders(db.slots.ids(freed.therapistId, freed)),
  ]);
  const treatmentOf = new Map(treatments.map((treatment) => [treatment._id.toHexString(), treatment]));
  const clientOf = new Map(clients.map((client) => [client._id.toHexString(), client]));
  const claimedUnits = new Set(claimed.keys());
  const isFree = (start: number, length: number) => db.slots.ids(freed.therapistId, { from: start, to: start + length }).every((unit) => !claimedUnits.has(unit));

  for (const entry of candidates) {
    if (busy.has(entry._id.toHexString())) continue;
    const treatment = treatmentOf.get(entry.treatmentId.toHexString());
    const client = clientOf.get(entry.clientId.toHexString());
    // A treatment deleted since, or a client the clinic cannot reach: the next one.
    if (!treatment || !client || (!client.email && !client.phonePrivate)) continue;
    const treatmentMs = treatment.duration * 1000;
    const withPauseMs = treatmentMs + (treatment.pause ?? 0) * 1000;
    // The rooms and equipment the treatment needs, free at the start offered (another therapist may hold the room):
    // an offer its accept could only refuse is made to nobody.
    const needs = await needsOf(db, treatment);
    if (needs.problem) continue;
    const roomsBusy = needsNothing(needs) ? null : await resourceBusy(db, needs, { from: freed.from, to: freed.to });
    const roomsFree = (at: number) => roomsBusy === null || startsWithResources([at], treatmentMs, needIds(needs), roomsBusy).length === 1;
    const start = firstSuitableStart(freed, { treatmentMs, withPauseMs }, entry, now, (at) => isFree(at, treatmentMs) && roomsFree(at));
    if (start === null) continue;

    const round = offers.length;
    const offerId = `${freed._id.toHexString()}:${round}`;
    const token = randomBytes(24).toString('base64url');
    try {
      await db.WaitlistOffer.create({
        _id: offerId,
        therapistId: freed.therapistId,
        freedTimeId: freed._id,
        round,
        entryId: entry._id,
        clientId: entry.clientId,
        treatmentId: entry.treatmentId,
        from: start,
        to: start + treatmentMs,
        tokenHash: offerTokenHash(token),
        sealedToken: encryptText(token),
        expiresAt: now + WAITLIST_OFFER_TTL_MS,
        state: 'offered',
        createdAt: now,
      });
    } catch (error) {
      // Another planner made this round.
      if (isDuplicateKeyError(error)) return 'waiting';
      throw error;
    }
    const recipient = `${client.nameFirst} ${client.nameLast}`.trim();
    const channels = [...(client.phonePrivate ? (['sms'] as const) : []), ...(client.email ? (['mail'] as const) : [])];
    await insertNew(
      (chunk) => db.MessageJob.insertMany(chunk, { ordered: false }),
      channels.map((channel) => ({
        _id: `${WAITLIST_JOB_PREFIX}${offerId}:${channel}`,
        therapistId: freed.therapistId,
        kind: 'waitlistOffer',
        channel,
        ref: entry._id,
        clientId: entry.clientId,
        recipient,
        to: channel === 'sms' ? (client.phonePrivate ?? '') : (client.email ?? ''),
        at: start,
        dueAt: now,
        nextAttemptAt: now,
      })),
      10,
    );
    return 'offered';
  }
  return close(db, freed);
}

/**
 * The people on a therapist's waiting list (models/waitlist.ts): put on it by the therapist (or the owner, on a
 * colleague's list) for one of the clients they may see, or by a signed-in client from 'Mine tider'; listed with the
 * offers made to them; taken off again. A therapist sees their own list, the owner any (the model's owner rule).
 */
import { Types } from 'mongoose';
import { bookingMessages, messages, schedulingMessages, WAITLIST_MAX_ENTRIES, waitlistMessages as M, type ParsedInput, type WaitlistEntry } from '@klinik/core';
import type { PublicContext, TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { ClientDoc, WaitlistEntryDoc, WaitlistOfferDoc } from '../../models/index.js';
import { findVisibleClient } from '../clients/clients.js';
import { countPublicSubmission, holdSubmission, personOf, resolvePublicPerson } from '../online-booking/public-identity.js';
import { formEnabled, publicTherapist } from '../online-booking/public-therapist.js';
import type { Portal } from '../portal/session.js';
import { assertMayChange, targetTherapist } from '../scheduling/target.js';

type Wishes = Pick<ParsedInput<'addWaitlistEntry'>, 'days' | 'fromTime' | 'toTime'>;

export async function insertEntry(
  db: TenantDb,
  entry: Wishes & { therapistId: Types.ObjectId; client: Pick<ClientDoc, '_id' | 'nameFirst' | 'nameLast'>; treatmentId: string; source: 'calendar' | 'portal' | 'booking-page' },
  now: number,
): Promise<WaitlistEntryDoc> {
  const treatment = await db.Treatment.findOne({ _id: new Types.ObjectId(entry.treatmentId), therapistId: entry.therapistId }, { _id: 1, name: 1 }).lean();
  if (!treatment) throw new ValidationError(schedulingMessages.treatmentRequired, { treatmentId: schedulingMessages.treatmentRequired });
  // A second entry would only be offered the same times twice; not a race that matters, so a plain check.
  if (await db.WaitlistEntry.exists({ therapistId: entry.therapistId, clientId: entry.client._id, treatmentId: treatment._id, state: 'active' })) {
    throw new ConflictError(M.alreadyOnList);
  }
  if ((await db.WaitlistEntry.countDocuments({ therapistId: entry.therapistId, state: 'active' })) >= WAITLIST_MAX_ENTRIES) throw new ConflictError(M.tooMany);
  const created = await db.WaitlistEntry.create({
    therapistId: entry.therapistId,
    clientId: entry.client._id,
    clientName: `${entry.client.nameFirst} ${entry.client.nameLast}`.trim(),
    treatmentId: treatment._id,
    treatmentName: treatment.name,
    days: entry.days,
    fromTime: entry.fromTime,
    toTime: entry.toTime,
    source: entry.source,
    createdAt: now,
  });
  return created.toObject();
}

export async function addWaitlistEntry(ctx: TherapistContext, input: ParsedInput<'addWaitlistEntry'>): Promise<WaitlistEntry> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const client = await findVisibleClient(ctx, input.clientId);
  if (!client) throw new NotFoundError(messages.notFound);
  const entry = await insertEntry(ctx.db, { ...input, therapistId: therapist._id, client, source: 'calendar' }, ctx.now());
  return (await entryViews(ctx.db, [entry]))[0]!;
}

/** From 'Mine tider': the signed-in client on the list of the therapist whose booking page they came from. */
export async function joinWaitlistFromPortal(ctx: PublicContext, portal: Portal, input: Omit<ParsedInput<'clientPortalJoinWaitlist'>, 'portalToken'>): Promise<void> {
  await insertEntry(portal.db, { ...input, therapistId: portal.therapist._id, client: portal.client, source: 'portal' }, ctx.now());
}

/**
 * From the public booking page: the wizard's person on the therapist's list, decided as a public booking is
 * (online-booking/public-identity.ts): the client on record (same CPR, names and e-mail) or a new client goes on the
 * list at once; anyone else is held for the therapist (a PublicSubmission of kind 'waitlist', which accepting puts
 * on the list). Already on the list for the treatment answers as a new entry does: the caller answers the same text
 * in every case, so nobody learns here whether a person is a client or on the list.
 */
export async function joinWaitlistFromBookingPage(ctx: PublicContext, input: ParsedInput<'clientJoinWaitlist'>): Promise<void> {
  const now = ctx.now();
  const page = await publicTherapist(ctx, input.therapistId);
  if (!formEnabled(page, now)) throw new ConflictError(bookingMessages.formDisabled);
  const treatment = await page.db.Treatment.findOne({ _id: new Types.ObjectId(input.treatmentId), therapistId: page.therapist._id }, { _id: 1, name: 1 }).lean();
  if (!treatment) throw new ValidationError(schedulingMessages.treatmentRequired, { treatmentId: schedulingMessages.treatmentRequired });
  await countPublicSubmission(ctx, page.company._id, input.client);
  const wishes = { days: input.days, fromTime: input.fromTime, toTime: input.toTime };
  const who = await resolvePublicPerson(page, input.client, page.therapist.isAvailable !== false);
  if (who.kind === 'held') {
    await holdSubmission(ctx, page.db, (sourceKey) =>
      page.db.PublicSubmission.create({
        therapistId: page.therapist._id,
        kind: 'waitlist',
        person: personOf(input.client),
        sourceKey,
        treatmentId: treatment._id,
        treatmentName: treatment.name,
        wishes,
        createdAt: now,
      }),
    );
    return;
  }
  try {
    await insertEntry(page.db, { ...wishes, therapistId: page.therapist._id, client: who.client, treatmentId: input.treatmentId, source: 'booking-page' }, now);
  } catch (error) {
    if (who.created) await page.db.Client.deleteOne({ _id: who.client._id });
    // On the list already, or the list full: the same answer as a new entry (the refusal would tell who is a client).
    if (error instanceof ConflictError) return;
    throw error;
  }
}

export async function listWaitlist(ctx: TherapistContext, input: ParsedInput<'getWaitlist'>): Promise<WaitlistEntry[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const entries = await ctx.db.WaitlistEntry.find({ therapistId: therapist._id, state: 'active' }).sort({ createdAt: 1 }).limit(WAITLIST_MAX_ENTRIES).lean();
  return entryViews(ctx.db, entries);
}

export async function removeWaitlistEntry(ctx: TherapistContext, id: string): Promise<void> {
  const entry = await ctx.db.WaitlistEntry.findById(new Types.ObjectId(id)).lean();
  if (!entry || entry.state === 'removed') throw new NotFoundError(messages.notFound);
  assertMayChange(ctx, entry.therapistId);
  await ctx.db.WaitlistEntry.updateOne({ _id: entry._id }, { $set: { state: 'removed' } });
  // An open offer goes with the person; the planner then offers the time to the next (offers.ts).
  await ctx.db.WaitlistOffer.updateMany({ entryId: entry._id, state: 'offered' }, { $set: { state: 'withdrawn' } });
}

async function entryViews(db: TenantDb, entries: WaitlistEntryDoc[]): Promise<WaitlistEntry[]> {
  if (entries.length === 0) return [];
  const offers = (await db.WaitlistOffer.find({ entryId: { $in: entries.map((entry) => entry._id) } }, { from: 1, to: 1, state: 1, createdAt: 1, expiresAt: 1, entryId: 1 })
    .sort({ createdAt: -1 })
    .lean()) as WaitlistOfferDoc[];
  const offersOf = new Map<string, WaitlistOfferDoc[]>();
  for (const offer of offers) {
    const key = offer.entryId.toHexString();
    offersOf.set(key, [...(offersOf.get(key) ?? []), offer]);
  }
  return entries.map((entry) => ({
    id: entry._id.toHexString(),
    therapistId: entry.therapistId.toHexString(),
    clientId: entry.clientId.toHexString(),
    clientName: entry.clientName ?? '',
    treatmentId: entry.treatmentId.toHexString(),
    treatmentName: entry.treatmentName ?? '',
    days: [...entry.days],
    fromTime: entry.fromTime,
    toTime: entry.toTime,
    state: entry.state,
    source: entry.source,
    createdAt: entry.createdAt,
    offers: (offersOf.get(entry._id.toHexString()) ?? []).slice(0, 20).map((offer) => ({
      from: offer.from,
      to: offer.to,
      state: offer.state,
      createdAt: offer.createdAt,
      expiresAt: offer.expiresAt,
    })),
  }));
}

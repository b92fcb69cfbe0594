/**
 * The page an offer's link opens (`/Venteliste?therapistId=…#offer=<token>`): it shows the time and takes it. The
 * link is found by its token's SHA-256 in the clinic of the therapist it names; an unknown token answers 404 with one
 * text whatever the reason.
 *
 * Taking it: the first accept inserts the offer's outcome `accepted` (`_id` the offer's: of ten simultaneous accepts
 * one inserts it, the other nine get 409 and touch nothing; a planner that found the offer lapsed inserted `lapsed`
 * there first, and the accept is refused), then books the time with the slot claims as the public booking page does.
 * A time taken meanwhile (the therapist booked it) answers 409 'Tiden er desværre taget', and the freed time is closed,
 * so nobody else is offered it again.
 */
import { Types } from 'mongoose';
import { waitlistMessages as M, type ParsedInput, type WaitlistOfferView } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import type { PublicContext } from '../../context.js';
import { ConflictError, isDuplicateKeyError, NotFoundError } from '../../errors.js';
import type { WaitlistOfferDoc } from '../../models/index.js';
import { bookingConfirmedMessage } from '../calendar-files/booking-mails.js';
import { mayMailPublicRecipient } from '../contact/outbound.js';
import { insertOnlineBooking } from '../online-booking/booking.js';
import { publicTherapist, type PublicPage } from '../online-booking/public-therapist.js';
import { offerTokenHash } from './offers.js';

type Link = ParsedInput<'acceptWaitlistOffer'>;

async function findOffer(ctx: PublicContext, link: Link): Promise<{ page: PublicPage; offer: WaitlistOfferDoc }> {
  const page = await publicTherapist(ctx, link.therapistId);
  const offer = (await page.db.WaitlistOffer.findOne({ tokenHash: offerTokenHash(link.offer), therapistId: page.therapist._id }).lean()) as WaitlistOfferDoc | null;
  if (!offer) throw new NotFoundError(M.offerUnknown);
  return { page, offer };
}

/** The state the page shows: an open offer past its time has lapsed, whether or not the planner has seen it yet. */
function stateNow(offer: WaitlistOfferDoc, now: number): WaitlistOfferView['state'] {
  return offer.state === 'offered' && offer.expiresAt <= now ? 'lapsed' : (offer.state);
}

export async function showWaitlistOffer(ctx: PublicContext, link: Link) {
  const { page, offer } = await findOffer(ctx, link);
  const entry = await page.db.WaitlistEntry.findOne({ _id: offer.entryId }, { treatmentName: 1 }).lean();
  return {
    from: offer.from,
    to: offer.to,
    treatmentName: entry?.treatmentName ?? '',
    therapistName: `${page.therapist.nameFirst} ${page.therapist.nameLast}`.trim(),
    clinicName: page.company.companyName ?? '',
    expiresAt: offer.expiresAt,
    state: stateNow(offer, ctx.now()),
  };
}

function refusal(state: WaitlistOfferView['state']): string {
  if (state === 'accepted') return M.offerUsed;
  if (state === 'taken') return M.slotTaken;
  return M.offerLapsed;
}

export async function acceptWaitlistOffer(ctx: PublicContext, link: Link): Promise<{ from: number; to: number }> {
  const now = ctx.now();
  const { page, offer } = await findOffer(ctx, link);
  const { db, therapist, company } = page;
  const state = stateNow(offer, now);
  if (state !== 'offered') throw new ConflictError(refusal(state));
  try {
    await db.WaitlistOfferOutcome.create({ _id: offer._id, outcome: 'accepted', createdAt: now });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const outcome = await db.WaitlistOfferOutcome.findOne({ _id: offer._id }, { outcome: 1 }).lean();
    throw new ConflictError(outcome?.outcome === 'lapsed' ? M.offerLapsed : M.offerUsed);
  }

  const [client, entry, treatment] = await Promise.all([
    db.clinic('public-page').Client.findOne({ _id: offer.clientId }).lean(),
    db.WaitlistEntry.findOne({ _id: offer.entryId }).lean(),
    db.Treatment.findOne({ _id: offer.treatmentId }, { name: 1, pause: 1 }).lean(),
  ]);
  if (!client) {
    // Erased since the offer was made: nobody to book for.
    await db.WaitlistOffer.updateOne({ _id: offer._id }, { $set: { state: 'withdrawn' } });
    throw new ConflictError(M.offerLapsed);
  }
  const bookingId = new Types.ObjectId();
  const treatmentName = treatment?.name ?? entry?.treatmentName ?? '';
  try {
    await insertOnlineBooking(
      db,
      { therapistId: offer.therapistId, client, treatment: { _id: offer.treatmentId, name: treatmentName, pause: treatment?.pause ?? 0 }, from: offer.from, to: offer.to, reason: undefined, id: bookingId },
      now,
    );
  } catch (error) {
    if (error instanceof ConflictError) {
      // Taken in the calendar meanwhile: the offer and the freed time end here; nobody is offered it again.
      await db.WaitlistOffer.updateOne({ _id: offer._id }, { $set: { state: 'taken' } });
      await db.FreedTime.updateOne({ _id: offer.freedTimeId }, { $set: { state: 'closed' } });
      throw new ConflictError(M.slotTaken);
    }
    // Not a lost race (the database failed): the person may try again while the offer lasts.
    await db.WaitlistOfferOutcome.deleteOne({ _id: offer._id, outcome: 'accepted' });
    throw error;
  }
  await db.WaitlistOffer.updateOne({ _id: offer._id }, { $set: { state: 'accepted', bookingId } });
  await db.WaitlistEntry.updateOne({ _id: offer.entryId }, { $set: { state: 'booked', bookingId } });
  await db.FreedTime.updateOne({ _id: offer.freedTimeId }, { $set: { state: 'closed' } });

  if (therapist.bookingMail && client.email) {
    const mail = bookingConfirmedMessage(
      { recipient: { email: client.email, name: client.nameFirst }, bookingId: bookingId.toString(), sequence: 0, from: offer.from, to: offer.to, treatment: treatmentName, therapist, company, now },
      therapist.bookingMailText ?? '',
    );
    void (async () => {
      if (await mayMailPublicRecipient(ctx.services, company, client.email ?? '', ctx.now(), 'waiting list booking')) await sendNotice(ctx.services, mail, 'waiting list booking');
    })().catch((error: unknown) => ctx.services.logger.error({ err: error }, 'waiting list booking mail failed'));
  }
  return { from: offer.from, to: offer.to };
}

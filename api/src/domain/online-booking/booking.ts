/**
 * The public online booking of a treatment. Nothing from the page is trusted: the therapist, the form switch, the plan,
 * the treatment, the day (never today), the time (must be one that is offered) and the client are all checked again
 * here, and the time is claimed atomically, so two clients racing for one slot get one booking and one refusal.
 *
 * Who it is for is decided by public-identity.ts: a new client, the client on record (name and e-mail match), or held
 * for the therapist as a PublicSubmission. The answer and the mail are the same in all three cases: the mail goes to
 * the address given in this flow, which for a booking on a client on record is that record's address.
 */
import { Types } from 'mongoose';
import { bookingMessages, bookingPaymentMessages, copenhagenDateKey, isBookableDay, schedulingMessages, startOfCopenhagenDay, type ParsedInput } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import type { PublicContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, ValidationError } from '../../errors.js';
import type { TreatmentDoc } from '../../models/index.js';
import { paymentFieldsOf } from '../booking-payments/treatment-payment.js';
import { bookingConfirmedMessage } from '../calendar-files/booking-mails.js';
import { mayMailPublicRecipient } from '../contact/outbound.js';
import { portalUrl } from '../portal/session.js';
import { merchantOf } from '../payment-account/gateway.js';
import { isFirstBooking } from '../scheduling/bookings.js';
import { claimNewBooking, heldFields, needsOf, NO_NEEDS } from '../scheduling/resource-claims.js';
import { availability } from './availability.js';
import { countPublicSubmission, holdSubmission, personOf, resolvePublicPerson } from './public-identity.js';
import { formEnabled, publicTherapist, type PublicPage } from './public-therapist.js';

const DAY_MS = 24 * 3600_000;

/**
 * An online booking of `client` (from the public page, or a held request the therapist accepts): claims the time,
 * then writes the Booking, or lets the time go again when the write fails. The whole clinic (`clinic`): a held
 * request may be for a colleague's calendar. `id`: the booking's id when it is already known, the held request's
 * own, so the calendar file mailed for the request (its UID) names the booking it becomes.
 */
export async function insertOnlineBooking(
  db: TenantDb,
  booking: {
    therapistId: Types.ObjectId;
    client: { _id: Types.ObjectId; nameFirst: string; nameLast: string; email?: string | null };
    treatment: { _id: Types.ObjectId | null; name: string; pause?: number | null };
    from: number;
    to: number;
    reason: string | undefined;
    id?: Types.ObjectId;
    /** Held while its client pays at booking (booking-payments/start.ts): confirmed once paid, else released. */
    awaitingPayment?: boolean;
  },
  now: number,
): Promise<void> {
  const { therapistId, client, treatment, from, to } = booking;
  const id = booking.id ?? new Types.ObjectId();
  // The treatment's rooms and equipment as they are now (a held request accepted later books what it needs then).
  const needs = treatment._id ? await needsOf(db, await db.Treatment.findOne({ _id: treatment._id }, { roomIds: 1, equipmentIds: 1 }).lean()) : NO_NEEDS;
  await claimNewBooking(db, { therapistId, span: { from, to }, ref: id, needs, now }, async (held) =>
    db.clinic('public-page').Booking.create({
      ...heldFields(held),
      _id: id,
      therapistId,
      clientId: client._id,
      treatmentId: treatment._id,
      from,
      to,
      bookingDate: copenhagenDateKey(from),
      reason: booking.reason,
      firstBooking: await isFirstBooking(db, client._id),
      treatmentName: treatment.name,
      pause: treatment.pause ?? 0,
      source: 'online',
      email: client.email ?? '',
      nameFirst: client.nameFirst,
      nameLast: client.nameLast,
      ...(booking.awaitingPayment ? { awaitingPayment: true } : {}),
    }),
  );
}

/**
 * What a booking from a public page must pass before its time is claimed: the page takes bookings (the form switch
 * and the plan), the day is not today, the treatment is the therapist's, and the time is one the page offers (holidays,
 * opening hours, what is taken). Answers the treatment; a time not offered is refused with `notOffered`.
 */
export async function checkOnlineBooking(page: PublicPage, input: { treatmentId: string; from: number }, now: number, notOffered: string): Promise<TreatmentDoc> {
  if (!formEnabled(page, now)) throw new ConflictError(bookingMessages.formDisabled);
  if (!isBookableDay(input.from, now)) throw new ValidationError(bookingMessages.sameDay, { from: bookingMessages.sameDay });
  const treatment = await page.db.Treatment.findOne({ _id: new Types.ObjectId(input.treatmentId), therapistId: page.therapist._id }).lean();
  if (!treatment) throw new ValidationError(schedulingMessages.treatmentRequired, { treatmentId: schedulingMessages.treatmentRequired });
  const dayStart = startOfCopenhagenDay(input.from);
  // The day as the page shows it (a day with a clock change is 23 or 25 hours: the extra hours cover it).
  const offered = await availability(
    page,
    { from: dayStart, to: dayStart + DAY_MS + 3 * 3600_000, duration: treatment.duration * 1000, pause: (treatment.pause ?? 0) * 1000, treatment },
    now,
  );
  if (!offered.includes(input.from)) throw new ConflictError(notOffered);
  return treatment;
}

/**
 * A booking held for the therapist (a person not on any client): it claims the time as a booking would (so a race for
 * the time and the work done look the same as for a booking), then lets the claims go: a claim without a Booking would
 * be swept as an orphan, and the held time stays off the public page through availability.ts instead. A full review
 * queue keeps nothing, answered alike (public-identity.ts `holdSubmission`).
 */
export async function holdBookingRequest(
  ctx: PublicContext,
  db: TenantDb,
  request: { id: Types.ObjectId; therapistId: Types.ObjectId; client: ParsedInput<'clientAddBooking'>['client']; treatment: TreatmentDoc; span: { from: number; to: number }; reason: string },
  now: number,
): Promise<void> {
  const { id, therapistId, treatment, span } = request;
  await holdSubmission(ctx, db, async (sourceKey) => {
    await db.slots.claimFor(therapistId, span, id, 'booking', now, () =>
      db.PublicSubmission.create({
        _id: id,
        therapistId,
        kind: 'booking',
        person: personOf(request.client),
        sourceKey,
        treatmentId: treatment._id,
        treatmentName: treatment.name,
        ...span,
        pause: treatment.pause ?? 0,
        reason: request.reason,
        createdAt: now,
      }),
    );
    await db.slots.release(id);
  });
}

export async function addOnlineBooking(ctx: PublicContext, input: ParsedInput<'clientAddBooking'>): Promise<void> {
  const now = ctx.now();
  const page = await publicTherapist(ctx, input.therapistId);
  const { therapist, company, db } = page;
  const treatment = await checkOnlineBooking(page, input, now, bookingMessages.slotGone);
  // Paid at booking while the clinic takes payments: only startBookingPayment books it (nobody holds a prepaid time unpaid).
  if (paymentFieldsOf(treatment).paymentAtBooking !== 'none' && (await merchantOf(ctx.services, db))) throw new ConflictError(bookingPaymentMessages.requiresPayment);
  const duration = treatment.duration * 1000;
  await countPublicSubmission(ctx, company._id, input.client);

  const who = await resolvePublicPerson(page, input.client, therapist.isAvailable !== false);
  // One id for the booking, or for the held request that becomes it: the calendar file's UID is made from it.
  const id = new Types.ObjectId();
  if (who.kind === 'held') {
    await holdBookingRequest(ctx, db, { id, therapistId: therapist._id, client: input.client, treatment, span: { from: input.from, to: input.from + duration }, reason: input.reason }, now);
  } else {
    const { client, created } = who;
    try {
      await insertOnlineBooking(db, { therapistId: therapist._id, client, treatment, from: input.from, to: input.from + duration, reason: input.reason, id }, now);
    } catch (error) {
      if (created) await db.Client.deleteOne({ _id: client._id });
      throw error;
    }
  }

  if (therapist.bookingMail) {
    // The name and address given here: on a matched record they are the record's; a held booking's person gets the
    // same receipt a new client would, so the mail does not tell them apart either: the same calendar file too, with
    // SEQUENCE 0 and the UID of the id above, which a held request keeps when the therapist accepts it (review.ts).
    const mail = bookingConfirmedMessage(
      {
        recipient: { email: input.client.email, name: input.client.nameFirst },
        bookingId: id.toString(),
        sequence: 0,
        from: input.from,
        to: input.from + duration,
        treatment: treatment.name,
        therapist,
        company,
        now,
        portalLink: portalUrl(ctx.services.config.appUrl, therapist._id),
      },
      therapist.bookingMailText ?? '',
    );
    // Within the clinic's mail budget and the per-recipient caps; the answer never says whether it went.
    if (await mayMailPublicRecipient(ctx.services, company, input.client.email, now, 'booking confirmation')) await sendNotice(ctx.services, mail, 'booking confirmation');
  }
}

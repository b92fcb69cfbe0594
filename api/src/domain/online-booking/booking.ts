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
import { bookingMessages, copenhagenDateKey, formatCopenhagenTime, formatDanishDate, isBookableDay, schedulingMessages, startOfCopenhagenDay, type ParsedInput } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import { bookingConfirmationMail } from '../../adapters/mail/templates.js';
import type { PublicContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { mayMailPublicRecipient } from '../contact/outbound.js';
import { isFirstBooking } from '../scheduling/bookings.js';
import { availability } from './availability.js';
import { countPublicSubmission, holdSubmission, personOf, resolvePublicPerson } from './public-identity.js';
import { formEnabled, publicTherapist } from './public-therapist.js';

const DAY_MS = 24 * 3600_000;

/**
 * An online booking of `client` (from the public page, or a held request the therapist accepts): claims the time,
 * then writes the Booking, or lets the time go again when the write fails. The whole clinic (`clinic`): a held
 * request may be for a colleague's calendar.
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
  },
  now: number,
): Promise<void> {
  const { therapistId, client, treatment, from, to } = booking;
  const id = new Types.ObjectId();
  await db.slots.claimFor(therapistId, { from, to }, id, 'booking', now, async () =>
    db.clinic('public-page').Booking.create({
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
    }),
  );
}

export async function addOnlineBooking(ctx: PublicContext, input: ParsedInput<'clientAddBooking'>): Promise<void> {
  const now = ctx.now();
  const page = await publicTherapist(ctx, input.therapistId);
  const { therapist, company, db } = page;
  if (!formEnabled(page, now)) throw new ConflictError(bookingMessages.formDisabled);
  if (!isBookableDay(input.from, now)) throw new ValidationError(bookingMessages.sameDay, { from: bookingMessages.sameDay });
  const treatment = await db.Treatment.findOne({ _id: new Types.ObjectId(input.treatmentId), therapistId: therapist._id }).lean();
  if (!treatment) throw new ValidationError(schedulingMessages.treatmentRequired, { treatmentId: schedulingMessages.treatmentRequired });
  const duration = treatment.duration * 1000;
  const dayStart = startOfCopenhagenDay(input.from);
  const offered = await availability(page, { from: dayStart, to: dayStart + DAY_MS + 3 * 3600_000, duration, pause: (treatment.pause ?? 0) * 1000 }, now);
  if (!offered.includes(input.from)) throw new ConflictError(bookingMessages.slotGone);
  await countPublicSubmission(ctx, company._id, input.client);

  const who = await resolvePublicPerson(page, input.client, therapist.isAvailable !== false);
  if (who.kind === 'held') {
    // Not on any client: the therapist confirms it. It claims the time as a booking would (so a race for the time and
    // the work done look the same as for a booking), then lets the claims go: a claim without a Booking would be swept
    // as an orphan, and the held time stays off the public page through availability.ts instead.
    const id = new Types.ObjectId();
    await holdSubmission(ctx, db, async (sourceKey) => {
      await db.slots.claimFor(therapist._id, { from: input.from, to: input.from + duration }, id, 'booking', now, () =>
        db.PublicSubmission.create({
          _id: id,
          therapistId: therapist._id,
          kind: 'booking',
          person: personOf(input.client),
          sourceKey,
          treatmentId: treatment._id,
          treatmentName: treatment.name,
          from: input.from,
          to: input.from + duration,
          pause: treatment.pause ?? 0,
          reason: input.reason,
          createdAt: now,
        }),
      );
      await db.slots.release(id);
    });
  } else {
    const { client, created } = who;
    try {
      await insertOnlineBooking(db, { therapistId: therapist._id, client, treatment, from: input.from, to: input.from + duration, reason: input.reason }, now);
    } catch (error) {
      if (created) await db.Client.deleteOne({ _id: client._id });
      throw error;
    }
  }

  if (therapist.bookingMail) {
    // The name and address given here: on a matched record they are the record's; a held booking's person gets the
    // same receipt a new client would, so the mail does not tell them apart either.
    const mail = bookingConfirmationMail(input.client.email, {
      clientName: input.client.nameFirst,
      clinicName: company.companyName,
      therapistName: `${therapist.nameFirst} ${therapist.nameLast}`,
      treatment: treatment.name,
      when: `${formatDanishDate(input.from)} kl. ${formatCopenhagenTime(input.from)}`,
      address: [company.address, [company.post, company.town].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      text: therapist.bookingMailText ?? '',
    });
    // Within the clinic's mail budget and the per-recipient caps; the answer never says whether it went.
    if (await mayMailPublicRecipient(ctx.services, company, input.client.email, now, 'booking confirmation')) await sendNotice(ctx.services, mail, 'booking confirmation');
  }
}

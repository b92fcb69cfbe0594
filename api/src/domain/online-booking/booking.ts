/**
 * The public online booking of a treatment. Nothing from the page is trusted: the therapist, the form switch, the plan,
 * the treatment, the day (never today), the time (must be one that is offered) and the client are all checked again
 * here, and the time is claimed atomically, so two clients racing for one slot get one booking and one refusal.
 */
import { Types } from 'mongoose';
import { bookingMessages, copenhagenDateKey, formatCopenhagenTime, formatDanishDate, isBookableDay, schedulingMessages, startOfCopenhagenDay, type ParsedInput } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import { bookingConfirmationMail } from '../../adapters/mail/templates.js';
import type { PublicContext } from '../../context.js';
import { ConflictError, ValidationError } from '../../errors.js';
import { isFirstBooking } from '../scheduling/bookings.js';
import { availability } from './availability.js';
import { resolveClient } from './public-client.js';
import { formEnabled, publicTherapist } from './public-therapist.js';

const DAY_MS = 24 * 3600_000;

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

  const { client, created } = await resolveClient(ctx, page, input.clientId, input.client, true);
  const id = new Types.ObjectId();
  try {
    await db.slots.claimFor(therapist._id, { from: input.from, to: input.from + duration }, id, 'booking', now, async () =>
      db.Booking.create({
        _id: id,
        therapistId: therapist._id,
        clientId: client._id,
        treatmentId: treatment._id,
        from: input.from,
        to: input.from + duration,
        bookingDate: copenhagenDateKey(input.from),
        reason: input.reason,
        firstBooking: await isFirstBooking(db, client._id),
        treatmentName: treatment.name,
        pause: treatment.pause ?? 0,
        source: 'online',
        email: client.email ?? '',
        nameFirst: client.nameFirst,
        nameLast: client.nameLast,
      }),
    );
  } catch (error) {
    if (created) await db.Client.deleteOne({ _id: client._id });
    throw error;
  }

  if (therapist.bookingMail && client.email) {
    const mail = bookingConfirmationMail(client.email, {
      clientName: client.nameFirst,
      clinicName: company.companyName,
      therapistName: `${therapist.nameFirst} ${therapist.nameLast}`,
      treatment: treatment.name,
      when: `${formatDanishDate(input.from)} kl. ${formatCopenhagenTime(input.from)}`,
      address: [company.address, [company.post, company.town].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      text: therapist.bookingMailText ?? '',
    });
    await sendNotice(ctx.services, mail, 'booking confirmation');
  }
}

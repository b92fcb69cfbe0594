/**
 * Booking again from 'Mine tider'. The link proved who the client is, so nothing is typed and nothing waits for the
 * therapist's review: the booking goes straight onto the signed-in client. Everything else is the public booking
 * page's (online-booking/booking.ts): the form switch and plan, never today, a treatment of that therapist, a time the
 * page offers, claimed atomically so two requests for one time give one booking. Only the portal's own clinic's
 * therapists can be booked; another clinic's therapist is not found. A treatment paid at booking is booked on the
 * booking page, where it is paid (startBookingPayment needs the person's details as typed there).
 */
import { Types } from 'mongoose';
import { bookingPaymentMessages, messages, portalMessages, type ParsedInput, type PortalBooking } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import type { PublicContext } from '../../context.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import { paymentFieldsOf } from '../booking-payments/treatment-payment.js';
import { bookingConfirmedMessage } from '../calendar-files/booking-mails.js';
import { mayMailPublicRecipient } from '../contact/outbound.js';
import { checkOnlineBooking, insertOnlineBooking } from '../online-booking/booking.js';
import { merchantOf } from '../payment-account/gateway.js';
import type { PublicPage } from '../online-booking/public-therapist.js';
import { portalUrl, type Portal } from './session.js';
import { portalBooking } from './view.js';


export async function addPortalBooking(ctx: PublicContext, portal: Portal, input: Omit<ParsedInput<'clientPortalAddBooking'>, 'portalToken'>): Promise<PortalBooking> {
  const now = ctx.now();
  const { company, client, db } = portal;
  // Found in the portal's clinic only: a therapist of another clinic is as unknown as a made-up id.
  const therapist = await db.Therapist.findOne({ _id: new Types.ObjectId(input.therapistId) }).lean();
  if (!therapist || therapist.isActive === false) throw new NotFoundError(messages.notFound);
  const page: PublicPage = { therapist, company, db };
  const treatment = await checkOnlineBooking(page, input, now, portalMessages.timeTaken);
  // Paid at booking while the clinic takes payments: booked only through the payment (the booking page), never unpaid here.
  if (paymentFieldsOf(treatment).paymentAtBooking !== 'none' && (await merchantOf(ctx.services, db))) throw new ConflictError(bookingPaymentMessages.portalRequiresPayment);
  const duration = treatment.duration * 1000;

  const id = new Types.ObjectId();
  const to = input.from + duration;
  try {
    await insertOnlineBooking(db, { therapistId: therapist._id, client, treatment, from: input.from, to, reason: input.reason, id }, now);
  } catch (error) {
    // Taken between the check above and the claim: the same answer as a time no longer offered.
    if (error instanceof ConflictError) throw new ConflictError(portalMessages.timeTaken);
    throw error;
  }

  if (therapist.bookingMail && client.email) {
    const mail = bookingConfirmedMessage(
      {
        recipient: { email: client.email, name: client.nameFirst },
        bookingId: id.toString(),
        sequence: 0,
        from: input.from,
        to,
        treatment: treatment.name,
        therapist,
        company,
        now,
        portalLink: portalUrl(ctx.services.config.appUrl, portal.therapist._id),
      },
      therapist.bookingMailText ?? '',
    );
    // The clinic's mail budget and the per-recipient caps hold here as on the booking page.
    if (await mayMailPublicRecipient(ctx.services, company, client.email, now, 'booking confirmation')) await sendNotice(ctx.services, mail, 'booking confirmation');
  }
  return portalBooking(
    { _id: id, therapistId: therapist._id, treatmentId: treatment._id, treatmentName: treatment.name, from: input.from, to, invoiceId: null, journalId: null },
    therapist,
    company,
    now,
    false,
  );
}

/**
 * Settling a booking payment. The clinic's webhook route (endpoint/merchant-payments.ts), the return page's status
 * read and the expiry job all end here with a charge handle: the charge is fetched back from the clinic's own gateway
 * (a webhook's body is never trusted), and only a settled charge does anything.
 *
 * Paid or expired is decided once, by inserting the marker `<payment>:decided` (FerretDB is atomic only on `_id`
 * uniqueness at insert): the settle that wins confirms the booking, the expiry that wins releases the hold, and
 * exactly one of the two happens. A settled charge that finds 'expired' decided (the money landed as the hold ran
 * out), or finds its hold gone another way (deleted in the calendar, a held request rejected or never kept), is
 * refunded in full at once, and the client is told by mail: money is never kept for a booking that does not exist.
 *
 * Confirming: the booking's `awaitingPayment` is cleared and its invoice issued as paid (invoice.ts); a held person's
 * payment stays paid on the held request, which the therapist's accept books with its invoice (review.ts). Every step
 * is repeatable, so a replayed webhook or a settle resumed after a crash changes nothing already done.
 */
import { Types } from 'mongoose';
import type { PaymentMethod } from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import type { MerchantCharge } from '../../adapters/payments/merchant.js';
import { PublicContext, type Services } from '../../context.js';
import type { BookingPaymentDoc } from '../../models/index.js';
import { bookingConfirmedMessage } from '../calendar-files/booking-mails.js';
import { mayMailPublicRecipient } from '../contact/outbound.js';
import { merchantOf } from '../payment-account/gateway.js';
import { portalUrl } from '../portal/session.js';
import { releaseHold } from './hold.js';
import { issuePaidInvoice } from './invoice.js';
import { lateRefundMail } from './mails.js';
import { refundWhole } from './refund.js';
import type { PaymentDeps } from './refunds.js';

const BOOKING_CHARGE = /^bp([0-9a-f]{24})$/;
export const DECIDED = 'decided';

/** The webhook route's call: `chargeHandle` as the verified webhook named it (other charges, a no-show fee's, are not ours). */
export async function settleBookingPaymentCharge(services: Services, companyId: string, chargeHandle: string): Promise<void> {
  const match = BOOKING_CHARGE.exec(chargeHandle);
  if (!match || !Types.ObjectId.isValid(companyId)) return;
  // A verified webhook is a public request about the clinic its signature proved: that clinic's data, as a public page's.
  const db = new PublicContext(services, { ip: '', files: [], origin: '' }).tenant(new Types.ObjectId(companyId));
  await settlePayment({ db, services, now: () => services.clock.now() }, new Types.ObjectId(match[1]));
}

/** Reads the payment's charge back and acts on a settled one. Answers the payment as it is afterwards. */
export async function settlePayment(deps: PaymentDeps, paymentId: Types.ObjectId): Promise<BookingPaymentDoc | null> {
  const payment = await deps.db.BookingPayment.findById(paymentId).lean();
  if (!payment || payment.state === 'paid' || payment.state === 'refunded') return payment;
  const gateway = await merchantOf(deps.services, deps.db);
  const charge = gateway ? await gateway.getCharge(payment.chargeHandle) : null;
  if (!charge || charge.state !== 'settled') return payment;
  await settleCharge(deps, payment, charge);
  return deps.db.BookingPayment.findById(paymentId).lean();
}

/** A settled charge of `payment`: paid if it wins the decision (or won it before), else refunded as too late. */
export async function settleCharge(deps: PaymentDeps, payment: BookingPaymentDoc, charge: MerchantCharge): Promise<void> {
  if (charge.amountOre !== payment.amountOre) {
    // The checkout was opened for the server's amount: a charge of another is no payment of this booking. The hold
    // goes (as if unpaid) and the money back.
    deps.services.logger.error({ companyId: deps.db.companyId.toHexString(), payment: payment._id.toHexString() }, 'booking payment: the charge is not the amount asked');
    if (await deps.db.bookingPaymentMarkers.claim(payment._id, DECIDED, 'expired')) await releaseHold(deps, payment);
    await refundTooLate(deps, payment, charge);
    return;
  }
  const won = await deps.db.bookingPaymentMarkers.claim(payment._id, DECIDED, 'paid');
  const outcome = won ? 'paid' : await deps.db.bookingPaymentMarkers.outcome(payment._id, DECIDED);
  if (outcome === 'paid') await confirmPaid(deps, payment, charge, won);
  else await refundTooLate(deps, payment, charge);
}

function methodOf(charge: MerchantCharge): PaymentMethod {
  return charge.method === 'mobilepay' ? 'mobilepay' : 'card';
}

/**
 * The payment won: the hold becomes the booking. Repeatable (a second run, after a crash or with a replayed webhook,
 * finds each step done); `first`: this run decided it, and mails the client.
 */
export async function confirmPaid(deps: PaymentDeps, payment: BookingPaymentDoc, charge: MerchantCharge, first: boolean): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const held = payment.submissionId !== null && payment.submissionId !== undefined;
  const booking = held ? null : await db.Booking.findById(payment.bookingId).lean();
  const hold = held ? await db.PublicSubmission.exists({ _id: payment.submissionId }) : booking;
  if (!hold) {
    // Gone without the expiry (deleted in the calendar, a held request rejected or never kept): nothing to pay for.
    await refundTooLate(deps, payment, charge);
    return;
  }
  const paid = { method: methodOf(charge), cardId: charge.cardId ?? null, maskedCard: charge.maskedCard ?? '', paidAt: charge.settledAt ?? now };
  await db.BookingPayment.updateOne({ _id: payment._id, state: 'pending' }, { $set: { state: 'paid', ...paid } });
  if (booking) {
    if (booking.awaitingPayment) await db.Booking.updateOne({ _id: booking._id }, { $unset: { awaitingPayment: 1 }, $inc: { version: 1 } });
    const fresh = (await db.BookingPayment.findById(payment._id).lean()) ?? payment;
    await issuePaidInvoice(deps, fresh, booking.clientId, { at: paid.paidAt, method: paid.method }, now);
  }
  if (first) await mailConfirmation(deps, payment, now);
}

/** The booking confirmation the client would have had from clientAddBooking, now that it is paid (the same for a held person). */
async function mailConfirmation(deps: PaymentDeps, payment: BookingPaymentDoc, now: number): Promise<void> {
  const { db, services } = deps;
  const [therapist, company] = await Promise.all([db.Therapist.findById(payment.therapistId).lean(), db.Company.findById(db.companyId).lean()]);
  if (!therapist?.bookingMail || !company || !payment.email) return;
  const mail = bookingConfirmedMessage(
    {
      recipient: { email: payment.email, name: payment.nameFirst ?? '' },
      bookingId: payment.bookingId.toHexString(),
      sequence: 0,
      from: payment.from,
      to: payment.to,
      treatment: payment.treatmentName ?? '',
      therapist,
      company,
      now,
      portalLink: portalUrl(services.config.appUrl, therapist._id),
    },
    therapist.bookingMailText ?? '',
  );
  if (await mayMailPublicRecipient(services, company, payment.email, now, 'booking confirmation')) await sendNotice(services, mail, 'booking confirmation');
}

/** Money for a time the client no longer has: refunded in full, the client told (within the clinic's mail budget). */
async function refundTooLate(deps: PaymentDeps, payment: BookingPaymentDoc, charge: MerchantCharge): Promise<void> {
  const { db, services } = deps;
  const now = deps.now();
  // The expiry may have written 'expired' a moment ago: the refund is of the charge as the provider has it.
  const current = (await db.BookingPayment.findById(payment._id).lean()) ?? payment;
  const asPaid: BookingPaymentDoc = { ...current, state: 'paid', amountOre: charge.amountOre, refundedOre: Math.max(current.refundedOre ?? 0, charge.refundedOre) };
  if (current.state !== 'refunded' && current.state !== 'paid') {
    await db.BookingPayment.updateOne({ _id: payment._id }, { $set: { method: methodOf(charge), maskedCard: charge.maskedCard ?? '', paidAt: charge.settledAt ?? now } });
  }
  const refunded = await refundWhole(deps, asPaid, 'late');
  if (refunded === 0) return;
  const company = await db.Company.findById(db.companyId).lean();
  if (!company || !payment.email) return;
  if (await mayMailPublicRecipient(services, company, payment.email, now, 'late payment refund')) {
    await sendNotice(services, lateRefundMail(payment.email, { clientName: payment.nameFirst ?? '', clinicName: company.companyName, treatment: payment.treatmentName ?? '', from: payment.from, amountOre: refunded }), 'late payment refund');
  }
}

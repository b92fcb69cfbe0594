/**
 * What a paid booking's payment does when the booking changes hands outside the payment flow: the client cancels it
 * in 'Mine tider' before the notice (the whole payment back, with a credit note), and the therapist accepts or rejects
 * a held person's paid request (booked with its paid invoice, or refunded in full). An unpaid hold cancelled or
 * rejected is decided 'expired' first, so a payment still landing for it is refunded as too late (settle.ts).
 */
import type { Types } from 'mongoose';
import { bookingPaymentMessages, portalMessages } from '@klinik/core';
import { ConflictError } from '../../errors.js';
import type { BookingDoc, BookingPaymentDoc, ClientDoc } from '../../models/index.js';
import { issuePaidInvoice } from './invoice.js';
import { refundWhole } from './refund.js';
import type { PaymentDeps } from './refunds.js';
import { DECIDED } from './settle.js';

/**
 * Decides an unpaid payment 'expired' (the hold goes with what follows). Answers the payment as it then is: still
 * pending only if this call lost to a payment being confirmed.
 */
async function closeUnpaid(deps: PaymentDeps, payment: BookingPaymentDoc): Promise<BookingPaymentDoc> {
  if (payment.state !== 'pending') return payment;
  if (await deps.db.bookingPaymentMarkers.claim(payment._id, DECIDED, 'expired')) {
    await deps.db.BookingPayment.updateOne({ _id: payment._id }, { $set: { state: 'expired' } });
    return { ...payment, state: 'expired' };
  }
  return (await deps.db.BookingPayment.findById(payment._id).lean()) ?? payment;
}

/**
 * Before 'Mine tider' deletes `booking` (outside the notice): its payment is refunded in full with a credit note of
 * its invoice. A booking the clinic invoiced itself (besides a deposit) or wrote a journal on stays the clinic's to
 * cancel, as without a payment.
 */
export async function refundBeforePortalCancel(deps: PaymentDeps, booking: BookingDoc, hasJournal: boolean): Promise<void> {
  const found = await deps.db.BookingPayment.findById(booking._id).lean();
  if (!found) return;
  if (hasJournal || (booking.invoiceId && !booking.invoiceId.equals(found.invoiceId ?? booking._id))) throw new ConflictError(portalMessages.keptByClinic);
  const payment = await closeUnpaid(deps, found);
  // Paid a moment ago: the client cancels again once the booking is confirmed (the page reloads it).
  if (payment.state === 'pending') throw new ConflictError(bookingPaymentMessages.paidJustNow);
  if (payment.state === 'paid') await refundWhole(deps, payment, 'cancelled');
}

/** Before the therapist rejects held request `submissionId`: its payment (if any) is refunded in full, or closed unpaid. */
export async function refundBeforeReject(deps: PaymentDeps, submissionId: Types.ObjectId): Promise<void> {
  const found = await deps.db.BookingPayment.findOne({ _id: submissionId, submissionId }).lean();
  if (!found) return;
  const payment = await closeUnpaid(deps, found);
  if (payment.state === 'pending') throw new ConflictError(bookingPaymentMessages.heldNotPaid);
  if (payment.state === 'paid') await refundWhole(deps, payment, 'therapist');
}

/** Refuses accepting a held paid request before its payment is settled (accepting would book it unpaid). */
export async function assertAcceptable(deps: PaymentDeps, submissionId: Types.ObjectId): Promise<BookingPaymentDoc | null> {
  const payment = await deps.db.BookingPayment.findOne({ _id: submissionId, submissionId }).lean();
  if (payment && payment.state !== 'paid') throw new ConflictError(bookingPaymentMessages.heldNotPaid);
  return payment;
}

/** After held request `payment` was booked on `client`: the payment is the booking's, with its paid invoice. */
export async function afterAccept(deps: PaymentDeps, payment: BookingPaymentDoc, client: Pick<ClientDoc, '_id'>): Promise<void> {
  await deps.db.BookingPayment.updateOne({ _id: payment._id }, { $set: { clientId: client._id, submissionId: null } });
  const fresh = { ...payment, clientId: client._id, submissionId: null };
  await issuePaidInvoice(deps, fresh, client._id, { at: payment.paidAt ?? deps.now(), method: payment.method === 'mobilepay' ? 'mobilepay' : 'card' }, deps.now());
}

/** A booking payment's hold let go: the time it claimed, and what the start made for it alone. */
import type { Types } from 'mongoose';
import type { BookingPaymentDoc } from '../../models/index.js';
import type { PaymentDeps } from './refunds.js';

/** The awaiting booking and its claims, or the held request; the client this booking made, when it has nothing else. */
export async function releaseHold(deps: Pick<PaymentDeps, 'db'>, payment: Pick<BookingPaymentDoc, '_id' | 'bookingId' | 'submissionId' | 'clientId' | 'clientCreated'>): Promise<void> {
  const { db } = deps;
  // The booking first, then its claims (its room and equipment too): a crash between leaves claims only the sweeper sees.
  await db.Booking.deleteOne({ _id: payment.bookingId, awaitingPayment: true });
  await db.slots.release(payment.bookingId);
  if (payment.submissionId) await db.PublicSubmission.deleteOne({ _id: payment.submissionId });
  if (payment.clientCreated && payment.clientId) await removeClientIfUnused(deps, payment.clientId, payment._id);
}

/** A client made by a public booking that never came about: removed when nothing else of theirs exists. */
async function removeClientIfUnused(deps: Pick<PaymentDeps, 'db'>, clientId: Types.ObjectId, paymentId: Types.ObjectId): Promise<void> {
  const { db } = deps;
  const used = await Promise.all([
    db.Booking.exists({ clientId }),
    db.Invoice.exists({ clientId }),
    db.Journal.exists({ clientId }),
    db.EventDateClient.exists({ clientId }),
    db.WaitlistEntry.exists({ clientId }),
    db.BookingPayment.exists({ clientId, _id: { $ne: paymentId }, state: { $in: ['pending', 'paid'] } }),
  ]);
  if (used.some(Boolean)) return;
  await db.Client.deleteOne({ _id: clientId });
}

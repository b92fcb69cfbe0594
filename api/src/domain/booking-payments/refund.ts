/**
 * The refunds the system makes of a whole booking payment, without a therapist: a cancellation in 'Mine tider' before
 * the notice, a payment that landed after its hold was gone, a held person's booking the therapist rejected. An
 * invoiced payment is refunded through refunds.ts `refundPayment` (the provider, then a credit note of the amount);
 * one with no invoice (nobody was invoiced: the hold had gone, or the person was never accepted) at the provider only.
 * Either way the refund is numbered by its marker and keyed at the provider by it, so it happens once.
 */
import { Types } from 'mongoose';
import { bookingRefundMessages } from '@klinik/core';
import { ApiError, ConflictError, ServiceUnavailableError } from '../../errors.js';
import type { BookingPaymentDoc } from '../../models/index.js';
import { clinicGateway, refundableOre, refundPayment, type PaymentDeps, type RefundReason } from './refunds.js';

/**
 * Refunds what is left of `payment` in full. Answers the amount refunded now (0 when nothing was left, or another
 * request is refunding it this moment).
 */
export async function refundWhole(deps: PaymentDeps, payment: BookingPaymentDoc, reason: RefundReason): Promise<number> {
  const left = refundableOre(payment);
  if (left === 0) return 0;
  if (payment.invoiceId) {
    await refundPayment(deps, payment, left, reason, payment.therapistId);
    return left;
  }
  const n = (payment.refunds?.length ?? 0) + 1;
  const marker = `refund:${n}`;
  if (!(await deps.db.bookingPaymentMarkers.claim(payment._id, marker, `${left}:${reason}:${payment.therapistId.toHexString()}:${deps.now()}`))) return 0;
  const key = `${payment._id.toHexString()}:${marker}`;
  try {
    const gateway = await clinicGateway(deps);
    const refunded = await gateway.refund(payment.chargeHandle, left, key);
    if (refunded.state !== 'refunded') throw new ConflictError(bookingRefundMessages.refundRefused);
  } catch (error) {
    // Not refunded (or not known to be): the refund is free again, and its retry (a replayed webhook, the next run
    // of the expiry job) uses the same key, which the provider answers with the same refund.
    await deps.db.bookingPaymentMarkers.forget(payment._id, marker);
    if (error instanceof ApiError) throw error;
    deps.services.logger.warn({ err: (error as Error).name }, 'booking payments: a refund was not answered');
    throw new ServiceUnavailableError(bookingRefundMessages.providerFailed);
  }
  await deps.db.BookingPayment.updateOne(
    { _id: payment._id, 'refunds.key': { $ne: key } },
    { $push: { refunds: { key, amountOre: left, at: deps.now(), creditNoteId: null, reason } }, $set: { refundedOre: (payment.refundedOre ?? 0) + left, state: 'refunded' } },
  );
  return left;
}

/** The payment of a booking (its `_id` is the booking's), if it was paid at booking. */
export async function paymentOfBooking(deps: Pick<PaymentDeps, 'db'>, bookingId: Types.ObjectId): Promise<BookingPaymentDoc | null> {
  return deps.db.BookingPayment.findById(bookingId).lean();
}

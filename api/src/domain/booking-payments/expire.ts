/**
 * A hold whose 15 minutes ran out unpaid is released (the job in jobs/booking-payment-holds.ts finds them): the charge
 * is read back first (a payment whose webhook is late is settled, not expired), then 'expired' is decided by the
 * marker settle.ts races for, and only its winner deletes the awaiting booking with its claims (or the held request),
 * and a client made by this booking alone. The provider's checkout closes by itself at the hold's end (`expiresAt`); a
 * payment it still takes at that moment loses the decision and is refunded (settle.ts).
 */
import { sendNotice } from '../../adapters/mail/index.js';
import type { BookingPaymentDoc } from '../../models/index.js';
import { mayMailPublicRecipient } from '../contact/outbound.js';
import { merchantOf } from '../payment-account/gateway.js';
import { releaseHold } from './hold.js';
import { unansweredRefundMail } from './mails.js';
import { refundWhole } from './refund.js';
import type { PaymentDeps } from './refunds.js';
import { DECIDED, settleCharge, settlePayment } from './settle.js';

/** Releases `payment`'s hold if it is unpaid past its end. Answers the outcome. */
export async function expireHold(deps: PaymentDeps, payment: BookingPaymentDoc): Promise<'expired' | 'paid' | 'waiting'> {
  if (payment.state !== 'pending') return payment.state === 'paid' ? 'paid' : 'expired';
  if (deps.now() < payment.holdUntil) return 'waiting';
  const gateway = await merchantOf(deps.services, deps.db);
  const charge = gateway ? await gateway.getCharge(payment.chargeHandle).catch(() => null) : null;
  if (charge?.state === 'settled') {
    await settleCharge(deps, payment, charge);
    return 'paid';
  }
  if (!(await deps.db.bookingPaymentMarkers.claim(payment._id, DECIDED, 'expired'))) {
    // Paid a moment ago (or a settle was cut off before it finished): settling again finishes it, which is repeatable.
    if ((await deps.db.bookingPaymentMarkers.outcome(payment._id, DECIDED)) !== 'paid') return 'expired';
    await settlePayment(deps, payment._id);
    return 'paid';
  }
  await releaseHold(deps, payment);
  await deps.db.BookingPayment.updateOne({ _id: payment._id }, { $set: { state: 'expired' } });
  return 'expired';
}

/**
 * A held person's paid request whose time came without the therapist's answer: nobody can accept it any more, so the
 * payment is refunded in full, the request removed and the client told.
 */
export async function refundUnansweredHold(deps: PaymentDeps, payment: BookingPaymentDoc): Promise<boolean> {
  if (payment.state !== 'paid' || !payment.submissionId || deps.now() < payment.from) return false;
  const refunded = await refundWhole(deps, payment, 'late');
  await deps.db.PublicSubmission.deleteOne({ _id: payment.submissionId });
  await deps.db.BookingPayment.updateOne({ _id: payment._id }, { $set: { submissionId: null } });
  if (refunded === 0 || !payment.email) return refunded > 0;
  const company = await deps.db.Company.findById(deps.db.companyId).lean();
  if (company && (await mayMailPublicRecipient(deps.services, company, payment.email, deps.now(), 'unanswered booking refund'))) {
    await sendNotice(deps.services, unansweredRefundMail(payment.email, { clientName: payment.nameFirst ?? '', clinicName: company.companyName, treatment: payment.treatmentName ?? '', from: payment.from, amountOre: refunded }), 'unanswered booking refund');
  }
  return true;
}

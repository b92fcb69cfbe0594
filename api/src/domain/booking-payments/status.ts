/**
 * The return page's read of a booking payment, by the status token the start answered (stored as its SHA-256). A
 * payment still pending is read back from the provider first (the browser may be back before the webhook), so the
 * page says 'paid' as soon as the provider does. The token names its clinic (its first 24 characters) and, within it,
 * its payment by the hash: a wrong one is not found, whatever it is.
 */
import { bookingPaymentMessages } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { settlePayment } from './settle.js';
import { companyOfToken, tokenHashOf } from './start.js';

export async function bookingPaymentStatus(ctx: PublicContext, token: string) {
  const companyId = companyOfToken(token);
  if (!companyId) throw new NotFoundError(bookingPaymentMessages.tokenInvalid);
  const db = ctx.tenant(companyId);
  const found = await db.BookingPayment.findOne({ tokenHash: tokenHashOf(token) }).lean();
  if (!found) throw new NotFoundError(bookingPaymentMessages.tokenInvalid);
  const payment = found.state === 'pending' ? ((await settlePayment({ db, services: ctx.services, now: () => ctx.now() }, found._id)) ?? found) : found;
  return { state: payment.state, from: payment.from, treatmentName: payment.treatmentName ?? '', amountOre: payment.amountOre, holdUntil: payment.holdUntil };
}

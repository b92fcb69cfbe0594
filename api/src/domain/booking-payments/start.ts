/**
 * Starting a payment at online booking. Everything clientAddBooking checks is checked again (booking.ts
 * `checkOnlineBooking`), the person is decided the same way (a new client, the client on record, or held for the
 * therapist), and the time is claimed now and held for BOOKING_PAYMENT_HOLD_MS: as a Booking with `awaitingPayment`
 * for a client, as the held PublicSubmission otherwise. The amount comes from the treatment (its price with VAT as
 * its invoice will total it, or its deposit); the accepted rule is stored; the clinic's gateway opens a checkout
 * under the idempotent handle `bp<id>`. The answer is the same for all three kinds of person.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import {
  BOOKING_PAYMENT_HOLD_MS,
  bookingMessages,
  bookingPaymentMessages,
  bookingPaymentReturnPath,
  bookingPaymentRule,
  type ParsedInput,
} from '@klinik/core';
import type { MerchantGateway } from '../../adapters/payments/merchant.js';
import type { PublicContext } from '../../context.js';
import { ConflictError, ServiceUnavailableError } from '../../errors.js';
import { checkOnlineBooking, holdBookingRequest, insertOnlineBooking } from '../online-booking/booking.js';
import { countPublicSubmission, resolvePublicPerson } from '../online-booking/public-identity.js';
import { publicTherapist } from '../online-booking/public-therapist.js';
import { merchantOf } from '../payment-account/gateway.js';
import { releaseHold } from './hold.js';
import { grossPriceOre, paymentFieldsOf, payNowOre } from './treatment-payment.js';

/** The charge of a booking payment at the clinic's provider: one per payment, so a second checkout is no second charge. */
export function chargeHandleOf(paymentId: Types.ObjectId): string {
  return `bp${paymentId.toHexString()}`;
}

/**
 * A status token: the clinic's id (so the read looks in that clinic only) and 32 random characters. Stored only as its
 * SHA-256: the database alone never opens a payment's status.
 */
export function newStatusToken(companyId: Types.ObjectId): string {
  return `${companyId.toHexString()}${randomBytes(24).toString('base64url')}`;
}

/** The clinic a status token names, or null for one not made by `newStatusToken`. */
export function companyOfToken(token: string): Types.ObjectId | null {
  const company = token.slice(0, 24);
  return /^[0-9a-f]{24}$/.test(company) && token.length === 56 ? new Types.ObjectId(company) : null;
}

/** The status token is stored only as its SHA-256: the database alone never opens a payment's status. */
export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function startBookingPayment(ctx: PublicContext, input: ParsedInput<'startBookingPayment'>): Promise<{ checkoutUrl: string; paymentToken: string; holdUntil: number }> {
  const now = ctx.now();
  const page = await publicTherapist(ctx, input.therapistId);
  const { therapist, company, db } = page;
  const treatment = await checkOnlineBooking(page, input, now, bookingMessages.slotGone);
  const fields = paymentFieldsOf(treatment);
  if (fields.paymentAtBooking === 'none') throw new ConflictError(bookingPaymentMessages.noPayment);
  const gateway: MerchantGateway | null = await merchantOf(ctx.services, db);
  if (!gateway) throw new ConflictError(bookingPaymentMessages.notConnected);
  await countPublicSubmission(ctx, company._id, input.client);

  const chargeVat = company.moms === true;
  const amountOre = payNowOre(treatment, chargeVat);
  const priceOre = grossPriceOre(treatment, chargeVat);
  const duration = treatment.duration * 1000;
  const span = { from: input.from, to: input.from + duration };
  const id = new Types.ObjectId();
  const holdUntil = now + BOOKING_PAYMENT_HOLD_MS;

  const who = await resolvePublicPerson(page, input.client, therapist.isAvailable !== false);
  const clientId: Types.ObjectId | null = who.kind === 'held' ? null : who.client._id;
  const clientCreated = who.kind !== 'held' && who.created;
  const token = newStatusToken(company._id);
  const chargeHandle = chargeHandleOf(id);
  const customerHandle = `bpc${id.toHexString()}`;
  // The payment first, then the hold: a crash between the two leaves a pending payment the expiry job ends (releasing
  // nothing), never an awaiting booking without its payment, which nothing would ever release.
  await db.BookingPayment.create({
    _id: id,
    therapistId: therapist._id,
    bookingId: id,
    clientId,
    submissionId: who.kind === 'held' ? id : null,
    clientCreated,
    treatmentId: treatment._id,
    treatmentName: treatment.name,
    ...span,
    kind: fields.paymentAtBooking,
    amountOre,
    priceOre,
    netPriceOre: treatment.priceOre,
    vatExempt: treatment.vatExempt === true,
    chargeVat,
    duration: treatment.duration,
    state: 'pending',
    holdUntil,
    chargeHandle,
    customerHandle,
    acceptance: { text: bookingPaymentRule(therapist.cancelNoticeHours ?? 24, fields.noShowFeeOre), at: now, saveCard: input.saveCard },
    tokenHash: tokenHashOf(token),
    email: input.client.email,
    nameFirst: input.client.nameFirst,
  });
  const forget = async () => {
    await db.BookingPayment.deleteOne({ _id: id });
    if (clientCreated) await db.Client.deleteOne({ _id: clientId });
  };
  if (who.kind === 'held') {
    // As a held booking: the held request keeps the time off the public page. A request not kept (a full queue) is
    // answered alike: its payment then finds no hold when it settles, and is refunded in full (settle.ts).
    try {
      await holdBookingRequest(ctx, db, { id, therapistId: therapist._id, client: input.client, treatment, span, reason: input.reason }, now);
    } catch (error) {
      await forget();
      throw error;
    }
  } else {
    try {
      await insertOnlineBooking(db, { therapistId: therapist._id, client: who.client, treatment, ...span, reason: input.reason, id, awaitingPayment: true }, now);
    } catch (error) {
      await forget();
      throw error;
    }
  }

  const returnTo = (cancelled: boolean) => `${ctx.services.config.appUrl}${bookingPaymentReturnPath(therapist._id.toHexString(), token, cancelled)}`;
  try {
    const checkout = await gateway.createCheckout({
      handle: chargeHandle,
      customer: { handle: customerHandle, email: input.client.email, name: `${input.client.nameFirst} ${input.client.nameLast}` },
      amountOre,
      ordertext: `${treatment.name}, ${company.companyName}`,
      methods: ['mobilepay', 'card'],
      saveCard: input.saveCard,
      acceptUrl: returnTo(false),
      cancelUrl: returnTo(true),
      origin: ctx.origin,
      expiresAt: holdUntil,
    });
    await db.BookingPayment.updateOne({ _id: id }, { $set: { checkoutId: checkout.id, checkoutUrl: checkout.url } });
    return { checkoutUrl: checkout.url, paymentToken: token, holdUntil };
  } catch (error) {
    await db.BookingPayment.deleteOne({ _id: id });
    // Nothing was paid (no checkout was opened): the hold goes at once rather than in 15 minutes.
    await releaseHold({ db }, { _id: id, bookingId: id, submissionId: who.kind === 'held' ? id : null, clientId, clientCreated });
    if (error instanceof ConflictError) throw error;
    ctx.services.logger.error({ err: error, companyId: company._id.toHexString() }, 'booking payment: the checkout could not be opened');
    throw new ServiceUnavailableError(bookingPaymentMessages.checkoutFailed);
  }
}

/**
 * No-shows: the therapist marks a booking that has started as 'Udeblevet' (or takes the mark away), and may then
 * charge the treatment's no-show fee, once per booking: decided by inserting the booking's `fee` marker
 * (data/concurrency/booking-payment-markers.ts, keyed by the booking's id, which is its payment's). The fee comes from
 * the card saved at online booking when the client accepted that (charge `nf<booking id>`, idempotent at the provider;
 * an invoice issued as paid by card), otherwise it is an invoice for the fee, issued unpaid like any invoice. Either
 * invoice carries the claim `<booking>:fee` and one line of the fee with the treatment's VAT kind.
 *
 * A request cut off after the marker leaves the fee unfinished; marking again finds the marker and answers 409 for
 * ORPHAN_AFTER_MS, after which the fee may be charged again (same charge handle, same invoice claim: never twice).
 */
import { Types } from 'mongoose';
import {
  amountLine,
  bookingRefundMessages,
  copenhagenDateKey,
  DEFAULT_DUE_DAYS,
  invoiceDueDate,
  invoiceTotals,
  messages,
  type Booking,
  type BookingPaymentView,
  type InvoiceSnapshot,
  type ParsedInput,
} from '@klinik/core';
import { PaymentDeclinedError } from '../../adapters/payments/provider.js';
import type { TherapistContext } from '../../context.js';
import { ORPHAN_AFTER_MS } from '../../data/concurrency/claim-with-recovery.js';
import { ApiError, ConflictError, isDuplicateKeyError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.js';
import type { BookingPaymentDoc } from '../../models/booking-payments.js';
import type { BookingDoc, InvoiceDoc } from '../../models/index.js';
import { buildSnapshot } from '../invoices/snapshot.js';
import { findBooking, toBookingView } from '../scheduling/bookings.js';
import { assertMayChange } from '../scheduling/target.js';
import { merchantOf } from '../payment-account/gateway.js';
import { queuePayment } from '../accounting/issued.js';
import { issueOwnDocument } from './refunds.js';

const FEE_MARKER = 'fee';

export function feeClaimId(bookingId: Types.ObjectId): string {
  return `${bookingId.toHexString()}:fee`;
}

export function feeChargeHandle(bookingId: Types.ObjectId): string {
  return `nf${bookingId.toHexString()}`;
}

function paymentView(payment: BookingPaymentDoc, feeOre: number, connected: boolean): BookingPaymentView {
  return {
    state: payment.state,
    kind: payment.kind,
    amountOre: payment.amountOre,
    refundedOre: payment.refundedOre ?? 0,
    method: payment.method ?? null,
    canChargeCard: connected && canChargeCard(payment),
    feeOre,
  };
}

/** The client saved a card at checkout and accepted that a fee may be charged from it. */
function canChargeCard(payment: BookingPaymentDoc | null): boolean {
  return Boolean(payment?.cardId && payment.acceptance?.saveCard === true && payment.customerHandle);
}

/**
 * The booking views with their payments and no-show fees, read by the bookings' ids (the week's, a client's): the
 * payments in one query, the fees' treatments and invoices in one each.
 */
export async function withPayments(ctx: TherapistContext, views: Booking[]): Promise<Booking[]> {
  if (views.length === 0) return views;
  const ids = views.map((view) => new Types.ObjectId(view.id));
  const treatmentIds = [...new Set(views.map((view) => view.treatmentId).filter((id): id is string => id !== null))].map((id) => new Types.ObjectId(id));
  const noShows = views.filter((view) => view.noShow).map((view) => feeClaimId(new Types.ObjectId(view.id)));
  const [payments, treatments, feeInvoices] = await Promise.all([
    ctx.db.BookingPayment.find({ _id: { $in: ids } }).lean(),
    treatmentIds.length ? ctx.db.Treatment.find({ _id: { $in: treatmentIds } }, { noShowFeeOre: 1 }).lean() : [],
    noShows.length ? ctx.db.Invoice.find({ claimId: { $in: noShows } }, { claimId: 1, totalOre: 1, paymentMethod: 1, paidOn: 1 }).lean() : [],
  ]);
  const paymentOf = new Map(payments.map((payment) => [payment._id.toHexString(), payment]));
  // A saved card is charged through the clinic's account: asked once, and only when some payment has one.
  const connected = payments.some(canChargeCard) && (await merchantOf(ctx.services, ctx.db)) !== null;
  const feeOf = new Map(treatments.map((treatment) => [treatment._id.toHexString(), treatment.noShowFeeOre ?? 0]));
  const invoiceOf = new Map(feeInvoices.map((invoice) => [invoice.claimId, invoice]));
  return views.map((view) => {
    const payment = paymentOf.get(view.id) ?? null;
    const feeInvoice = invoiceOf.get(feeClaimId(new Types.ObjectId(view.id)));
    const treatmentFee = view.treatmentId ? (feeOf.get(view.treatmentId) ?? 0) : 0;
    const charged = payment?.fee ? payment.fee : feeInvoice ? { amountOre: feeInvoice.totalOre ?? 0, state: feeInvoice.paymentMethod === 'card' ? 'charged' : 'invoiced' } : null;
    const noShowFee =
      charged !== null
        ? { amountOre: charged.amountOre, state: charged.state as 'charged' | 'invoiced' }
        : treatmentFee > 0
          ? { amountOre: treatmentFee, state: 'open' as const }
          : null;
    return { ...view, payment: payment ? paymentView(payment, charged?.amountOre ?? 0, connected) : null, noShowFee };
  });
}

/** How many of the client's bookings the caller sees are marked 'Udeblevet' (the client page). */
export async function noShowCount(ctx: TherapistContext, clientId: Types.ObjectId): Promise<number> {
  return ctx.db.Booking.countDocuments({ clientId, noShow: true });
}

export async function markNoShow(ctx: TherapistContext, input: ParsedInput<'markNoShow'>): Promise<Booking> {
  const booking = await findBooking(ctx, input.bookingId);
  assertMayChange(ctx, booking.therapistId);
  if (!booking.treatmentId) throw new ValidationError(bookingRefundMessages.notABooking);
  if (input.noShow) {
    if (booking.from > ctx.now()) throw new ConflictError(bookingRefundMessages.notStarted);
    if (booking.awaitingPayment) throw new ConflictError(bookingRefundMessages.awaitingPayment);
  } else if (await ctx.db.bookingPaymentMarkers.outcome(booking._id, FEE_MARKER)) {
    throw new ConflictError(bookingRefundMessages.feeKeepsNoShow);
  }
  const updated =
    Boolean(booking.noShow) === input.noShow
      ? booking
      : await ctx.db.Booking.findOneAndUpdate({ _id: booking._id }, { $set: { noShow: input.noShow }, $inc: { version: 1 } }, { returnDocument: 'after' }).lean();
  if (!updated) throw new NotFoundError(messages.notFound);
  // The mark taken away as a fee was being decided: the fee (which checks the mark after its marker) or this undo
  // sees the other, so a fee never stands on a booking not marked.
  if (!input.noShow && (await ctx.db.bookingPaymentMarkers.outcome(booking._id, FEE_MARKER))) {
    await ctx.db.Booking.updateOne({ _id: booking._id }, { $set: { noShow: true }, $inc: { version: 1 } });
    throw new ConflictError(bookingRefundMessages.feeKeepsNoShow);
  }
  const [view] = await withPayments(ctx, [toBookingView(updated)]);
  return view!;
}

/** The fee invoice's snapshot: the booking's invoice as it would be now, with the fee as its one line. */
async function feeSnapshot(ctx: TherapistContext, booking: BookingDoc, feeOre: number, vatExempt: boolean, paidReceipt: boolean): Promise<InvoiceSnapshot> {
  const company = (await ctx.db.Company.findById(ctx.company._id).lean())!;
  const chargeVat = company.moms !== false;
  const settings = { type: true, discount: 0, moms: chargeVat, treatmentText: false, aktuelBehandling: false, followUpText: false };
  const now = ctx.now();
  const base = await buildSnapshot(ctx, booking, settings, '', now, [], { paidReceipt });
  const name = bookingRefundMessages.feeLineName(booking.treatmentName ?? base.treatment.name);
  const line = amountLine(name, booking.treatmentId?.toHexString() ?? null, feeOre, { vatExempt, chargeVat });
  return {
    ...base,
    treatment: { name, duration: 0, price: line.priceOre },
    lines: [line],
    amounts: invoiceTotals([line]),
    dueDate: invoiceDueDate(now, company.dueDays ?? DEFAULT_DUE_DAYS),
  };
}

export async function chargeNoShowFee(ctx: TherapistContext, input: ParsedInput<'chargeNoShowFee'>): Promise<{ method: 'card' | 'invoice'; amountOre: number; invoiceId: string }> {
  const booking = await findBooking(ctx, input.bookingId);
  assertMayChange(ctx, booking.therapistId);
  if (!booking.treatmentId) throw new ValidationError(bookingRefundMessages.notABooking);
  if (!booking.noShow) throw new ConflictError(bookingRefundMessages.noShowRequired);
  const treatment = await ctx.db.Treatment.findById(booking.treatmentId, { noShowFeeOre: 1, vatExempt: 1 }).lean();
  const feeOre = treatment?.noShowFeeOre ?? 0;
  if (feeOre <= 0) throw new ConflictError(bookingRefundMessages.noFee);
  const payment = await ctx.db.BookingPayment.findById(booking._id).lean();
  // The saved card through the clinic's account; with the account disconnected since, an invoice.
  const gateway = canChargeCard(payment) ? await merchantOf(ctx.services, ctx.db) : null;
  const byCard = gateway !== null;

  const decidedAt = ctx.now();
  if (!(await ctx.db.bookingPaymentMarkers.claim(booking._id, FEE_MARKER, `${byCard ? 'card' : 'invoice'}:${decidedAt}`))) {
    const outcome = await ctx.db.bookingPaymentMarkers.outcome(booking._id, FEE_MARKER);
    const done = await ctx.db.Invoice.exists({ claimId: feeClaimId(booking._id) });
    const at = Number(outcome?.split(':')[1] ?? 0);
    // Left over by a request cut off before its invoice: taken over once it is clearly not merely slow.
    if (done || ctx.now() - at < ORPHAN_AFTER_MS) throw new ConflictError(bookingRefundMessages.feeAlreadyCharged);
    // The card may have been charged by the request cut off: only the card (the same charge, idempotent) finishes it.
    if (outcome?.startsWith('card') && !byCard) throw new ConflictError(bookingRefundMessages.notConnected);
    await ctx.db.bookingPaymentMarkers.forget(booking._id, FEE_MARKER);
    if (!(await ctx.db.bookingPaymentMarkers.claim(booking._id, FEE_MARKER, `${byCard ? 'card' : 'invoice'}:${ctx.now()}`))) throw new ConflictError(bookingRefundMessages.feeAlreadyCharged);
  }
  // The mark may have been taken away since it was read (markNoShow checks the marker after its change).
  if (!(await ctx.db.Booking.findById(booking._id, { noShow: 1 }).lean())?.noShow) {
    await ctx.db.bookingPaymentMarkers.forget(booking._id, FEE_MARKER);
    throw new ConflictError(bookingRefundMessages.noShowRequired);
  }
  let charged = false;
  try {
    let snapshot = await feeSnapshot(ctx, booking, feeOre, treatment?.vatExempt === true, byCard);
    let method: 'card' | 'invoice' = 'invoice';
    if (gateway && payment) {
      let charge;
      try {
        charge = await gateway.chargeSavedCard(payment.customerHandle, payment.cardId!, {
          handle: feeChargeHandle(booking._id),
          amountOre: feeOre,
          ordertext: bookingRefundMessages.feeLineName(booking.treatmentName ?? ''),
        });
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (!(error instanceof PaymentDeclinedError)) {
          ctx.services.logger.warn({ err: (error as Error).name }, 'booking payments: no-show fee not answered');
          throw new ServiceUnavailableError(bookingRefundMessages.providerFailed);
        }
        charge = null;
      }
      // A declined card leaves the fee to an invoice, as for a client who saved no card.
      charged = charge?.state === 'settled';
      if (charged) method = 'card';
      else snapshot = await feeSnapshot(ctx, booking, feeOre, treatment?.vatExempt === true, false);
    }
    const invoice = await issueOwnDocument(ctx, {
      claimId: feeClaimId(booking._id),
      therapistId: booking.therapistId,
      clientId: booking.clientId,
      bookingId: booking._id,
      bookingFrom: booking.from,
      isCredit: false,
      creditForId: null,
      snapshot,
      createdBy: ctx.therapist._id,
    });
    if (method === 'card') await markPaidByCard(ctx, invoice);
    if (payment) {
      await ctx.db.BookingPayment.updateOne(
        { _id: payment._id },
        { $set: { fee: { handle: feeChargeHandle(booking._id), amountOre: feeOre, state: method === 'card' ? 'charged' : 'invoiced', invoiceId: invoice._id, at: ctx.now() } } },
      );
    }
    return { method, amountOre: feeOre, invoiceId: invoice._id.toHexString() };
  } catch (error) {
    // Refused before any money moved (the clinic's or the client's data missing for the invoice): free again. An
    // unanswered provider, or a charge made, keeps the decision for the request that finishes it.
    if (!charged && error instanceof ApiError && !(error instanceof ServiceUnavailableError)) await ctx.db.bookingPaymentMarkers.forget(booking._id, FEE_MARKER);
    throw error;
  }
}

/** The fee's invoice is paid as it is issued: the first event of its payment ledger (invoices/payments.ts). */
async function markPaidByCard(ctx: TherapistContext, invoice: InvoiceDoc): Promise<void> {
  if (invoice.paidOn) return;
  const paidOn = copenhagenDateKey(ctx.now());
  const byName = `${ctx.therapist.nameFirst ?? ''} ${ctx.therapist.nameLast ?? ''}`.trim();
  const event = { _id: `${invoice._id.toHexString()}:payment:1`, invoiceId: invoice._id, kind: 'paid' as const, seq: 1, at: ctx.now(), by: ctx.therapist._id, byName, paidOn, method: 'card' };
  try {
    await ctx.db.InvoiceEvent.create(event);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  await ctx.db.Invoice.updateOne(
    { _id: invoice._id, paymentSeq: { $lt: 1 } },
    { $set: { paymentSeq: 1, paidOn, paymentMethod: 'card', paidMarkedByName: byName, paidMarkedAt: event.at } },
  );
  await queuePayment(ctx, invoice._id);
}

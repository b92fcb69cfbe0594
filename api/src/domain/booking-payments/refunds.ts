/**
 * Refunds of booking payments: part or all of what the client paid and has not had back, through the clinic's own
 * payment account, each with a credit note of exactly the amount (one line 'Refusion: <treatment>' with the VAT of the
 * paid invoice, referring to it). A payment's refunds are numbered: refund n is decided by inserting the marker
 * `refund:<n>` (data/concurrency/booking-payment-markers.ts), and its key at the provider is that marker, so of two
 * refunds of the rest at the same moment one goes through and the other answers 409; a retry never refunds twice.
 *
 * A request cut off after its marker (the provider did not answer, a crash) leaves refund n unfinished; the next
 * refund of the payment, a minute later, finishes it first (the provider answers the same key with the same refund,
 * the credit note is found by its claim) and then asks the therapist to look again.
 *
 * Why partial refunds are credit notes of their own and not the booking's credit cycle (invoices/issue.ts): a partial
 * credit note leaves the invoice standing, so it must not free the booking for a new invoice. Each carries the claim
 * `<payment>:refund:<n>` (unique, as every invoice's claim is), and the booking's invoice link stays; the credit note
 * that brings the refunded sum to the whole paid amount of a prepaid booking lets the booking go, as a credit note does.
 */
import { Types } from 'mongoose';
import { amountLine, bookingRefundMessages, creditLines, invoiceTotals, type InvoiceLine, type InvoiceSnapshot, type ParsedInput } from '@klinik/core';
import { MerchantRefundRefusedError, type MerchantGateway } from '../../adapters/payments/merchant.js';
import type { HandlerServices, TherapistContext } from '../../context.js';
import { ORPHAN_AFTER_MS } from '../../data/concurrency/claim-with-recovery.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ApiError, ConflictError, isDuplicateKeyError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../errors.js';
import type { BookingPaymentDoc } from '../../models/booking-payments.js';
import type { InvoiceDoc } from '../../models/index.js';
import { queueIssuedInvoice } from '../accounting/issued.js';
import { insertNumbered } from '../invoices/numbering.js';
import { copenhagenYear } from '../invoices/views.js';
import { merchantOf } from '../payment-account/gateway.js';
import { assertMayChange } from '../scheduling/target.js';

/** What refunding needs: the clinic's data, its services and the clock (a therapist's request, or the client's cancellation). */
export interface PaymentDeps {
  db: TenantDb;
  services: HandlerServices;
  now(): number;
}

export type RefundReason = 'cancelled' | 'therapist' | 'late';

/** What is left to refund of a payment, øre incl. VAT. */
export function refundableOre(payment: Pick<BookingPaymentDoc, 'state' | 'amountOre' | 'refundedOre'>): number {
  if (payment.state !== 'paid' && payment.state !== 'refunded') return 0;
  return Math.max(0, payment.amountOre - (payment.refundedOre ?? 0));
}

export async function clinicGateway(deps: Pick<PaymentDeps, 'db' | 'services'>): Promise<MerchantGateway> {
  const gateway = await merchantOf(deps.services, deps.db);
  if (!gateway) throw new ConflictError(bookingRefundMessages.notConnected);
  return gateway;
}

/**
 * An invoice or credit note issued from a snapshot the caller built, under its own claim (`claimId`, unique): issued
 * once however often this runs for the claim (the first one is answered), queued for the accounting system.
 */
export async function issueOwnDocument(
  deps: PaymentDeps,
  fields: {
    claimId: string;
    therapistId: Types.ObjectId;
    clientId: Types.ObjectId;
    bookingId: Types.ObjectId;
    bookingFrom: number;
    isCredit: boolean;
    creditForId: Types.ObjectId | null;
    snapshot: InvoiceSnapshot;
    createdBy: Types.ObjectId;
  },
): Promise<InvoiceDoc> {
  const invoices = deps.db.Invoice;
  const existing = await invoices.findOne({ claimId: fields.claimId }).lean();
  if (existing) return existing;
  const company = (await deps.db.Company.findById(deps.db.companyId).lean())!;
  const now = deps.now();
  const year = copenhagenYear(now);
  const { snapshot } = fields;
  let id: Types.ObjectId;
  try {
    ({ id } = await insertNumbered(deps.db, company, year, (seq, number, _id) => ({
      _id,
      claimId: fields.claimId,
      therapistId: fields.therapistId,
      clientId: fields.clientId,
      bookingId: fields.bookingId,
      bookingFrom: fields.bookingFrom,
      year,
      seq,
      number,
      isCredit: fields.isCredit,
      creditForId: fields.creditForId,
      nameFirst: snapshot.client.nameFirst,
      nameLast: snapshot.client.nameLast,
      CPR: snapshot.client.CPR,
      totalOre: snapshot.amounts.totalOre,
      snapshots: [{ ...snapshot, number, issuedAt: now }],
      createdBy: fields.createdBy,
      createdAt: now,
    })));
  } catch (error) {
    // Another run of the same claim issued it first (the unique claim): that one is the document.
    if (!isDuplicateKeyError(error)) throw error;
    const first = await invoices.findOne({ claimId: fields.claimId }).lean();
    if (!first) throw error;
    return first;
  }
  await queueIssuedInvoice(deps, id);
  return (await invoices.findById(id).lean())!;
}

/** The credit note of `amountOre` of a payment's invoice: its snapshot, today's date, one refund line. */
function refundSnapshot(original: InvoiceSnapshot, payment: BookingPaymentDoc, amountOre: number, issuedAt: number): InvoiceSnapshot {
  const { dueDate: _dueDate, lines: _lines, ...rest } = original;
  const chargeVat = original.settings.moms && (original.lines ?? []).some((line) => line.vatPercent > 0);
  const line: InvoiceLine = amountLine(bookingRefundMessages.refundLineName(payment.treatmentName || original.treatment.name), payment.treatmentId.toHexString(), amountOre, {
    vatExempt: payment.vatExempt === true,
    chargeVat,
  });
  const lines = creditLines([line]);
  return { ...rest, number: '', issuedAt, settings: { ...original.settings, type: false }, creditFor: original.number, amounts: invoiceTotals(lines), lines };
}

function refundMarker(n: number): string {
  return `refund:${n}`;
}

/** Refund n of a payment as its marker recorded it: the amount, why, by whom and when it was decided. */
function parseOutcome(outcome: string): { amountOre: number; reason: RefundReason; by: string; at: number } | null {
  const [amount, reason, by, at] = outcome.split(':');
  const amountOre = Number(amount);
  if (!Number.isInteger(amountOre) || amountOre <= 0 || !by || !Types.ObjectId.isValid(by)) return null;
  const known: RefundReason[] = ['cancelled', 'therapist', 'late'];
  return { amountOre, reason: known.includes(reason as RefundReason) ? (reason as RefundReason) : 'therapist', by, at: Number(at) || 0 };
}

/**
 * Refund n's work after its marker: at the provider (idempotent on the key), the credit note (idempotent on its
 * claim), and the payment's record (only the marker's holder, or the one finishing it after a crash, gets here).
 */
async function carryOut(deps: PaymentDeps, gateway: MerchantGateway, payment: BookingPaymentDoc, n: number, amountOre: number, reason: RefundReason, by: Types.ObjectId): Promise<InvoiceDoc> {
  const key = `${payment._id.toHexString()}:${refundMarker(n)}`;
  let refunded;
  try {
    refunded = await gateway.refund(payment.chargeHandle, amountOre, key);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof MerchantRefundRefusedError) {
      // Refused by the provider: nothing happened, so refund n is free again.
      await deps.db.bookingPaymentMarkers.forget(payment._id, refundMarker(n));
      throw new ConflictError(bookingRefundMessages.refundRefused);
    }
    deps.services.logger.warn({ err: (error as Error).name }, 'booking payments: refund not answered');
    // The marker stays: whether the provider refunded is not known; finishing it later uses the same key.
    throw new ServiceUnavailableError(bookingRefundMessages.providerFailed);
  }
  if (refunded.state !== 'refunded') {
    // Refused by the provider: nothing happened, so refund n is free again.
    await deps.db.bookingPaymentMarkers.forget(payment._id, refundMarker(n));
    throw new ConflictError(bookingRefundMessages.refundRefused);
  }
  const original = payment.invoiceId ? await deps.db.Invoice.findById(payment.invoiceId).lean() : null;
  if (!original) throw new NotFoundError(bookingRefundMessages.noPayment);
  const now = deps.now();
  const creditNote = await issueOwnDocument(deps, {
    claimId: key,
    therapistId: original.therapistId,
    clientId: original.clientId,
    bookingId: payment._id,
    bookingFrom: payment.from,
    isCredit: true,
    creditForId: original._id,
    snapshot: refundSnapshot(original.snapshots[0] as InvoiceSnapshot, payment, amountOre, now),
    createdBy: by,
  });
  const refundedOre = (payment.refundedOre ?? 0) + amountOre;
  const whole = refundedOre >= payment.amountOre;
  await deps.db.BookingPayment.updateOne(
    { _id: payment._id, 'refunds.key': { $ne: key } },
    {
      $push: { refunds: { key, amountOre, at: now, creditNoteId: creditNote._id, reason } },
      $set: { refundedOre, ...(whole ? { state: 'refunded' } : {}) },
    },
  );
  // A prepaid booking refunded whole is no longer invoiced: it may be invoiced again, or cancelled.
  if (whole && payment.kind === 'full') {
    await deps.db.Booking.updateOne({ _id: payment._id, invoiceId: original._id }, { $set: { invoiceId: null }, $inc: { version: 1 } });
  }
  return creditNote;
}

/**
 * Refunds `amountOre` of `payment` (never more than is left), with a credit note. Used by the therapist's refund and
 * by the refunds the system makes itself (a cancellation before the notice, a payment too late for its time).
 */
export async function refundPayment(deps: PaymentDeps, payment: BookingPaymentDoc, amountOre: number, reason: RefundReason, by: Types.ObjectId): Promise<{ creditNote: InvoiceDoc; refundedOre: number; leftOre: number }> {
  if (payment.state === 'pending' || payment.state === 'expired') throw new ConflictError(bookingRefundMessages.notPaid);
  const left = refundableOre(payment);
  if (left === 0) throw new ConflictError(bookingRefundMessages.nothingLeft);
  if (amountOre > left) throw new ValidationError(bookingRefundMessages.tooMuch(left), { amountOre: bookingRefundMessages.tooMuch(left) });
  // Its credit note needs the invoice it credits: checked before any money moves.
  if (!payment.invoiceId || !(await deps.db.Invoice.exists({ _id: payment.invoiceId }))) throw new ConflictError(bookingRefundMessages.noInvoice);
  // Not connected (any more): refused before anything is decided.
  const gateway = await clinicGateway(deps);
  const n = (payment.refunds?.length ?? 0) + 1;
  if (!(await deps.db.bookingPaymentMarkers.claim(payment._id, refundMarker(n), `${amountOre}:${reason}:${by.toHexString()}:${deps.now()}`))) {
    await finishLeftOver(deps, gateway, payment, n);
    throw new ConflictError(bookingRefundMessages.changedMeanwhile);
  }
  const creditNote = await carryOut(deps, gateway, payment, n, amountOre, reason, by);
  const refundedOre = (payment.refundedOre ?? 0) + amountOre;
  return { creditNote, refundedOre, leftOre: payment.amountOre - refundedOre };
}

/** Finishes refund n when its marker is older than a request can take (its request was cut off); else leaves it. */
async function finishLeftOver(deps: PaymentDeps, gateway: MerchantGateway, payment: BookingPaymentDoc, n: number): Promise<void> {
  const marker = await deps.db.bookingPaymentMarkers.outcome(payment._id, refundMarker(n));
  const recorded = marker ? parseOutcome(marker) : null;
  if (!recorded || deps.now() - recorded.at < ORPHAN_AFTER_MS) return;
  if (payment.refunds?.some((refund) => refund.key === `${payment._id.toHexString()}:${refundMarker(n)}`)) return;
  try {
    await carryOut(deps, gateway, payment, n, recorded.amountOre, recorded.reason, new Types.ObjectId(recorded.by));
  } catch (error) {
    deps.services.logger.warn({ err: (error as Error).name }, 'booking payments: an unfinished refund could not be finished');
  }
}

/** The therapist's refund from the booking card. */
export async function refundBookingPayment(ctx: TherapistContext, input: ParsedInput<'refundBookingPayment'>) {
  const payment = await ctx.db.BookingPayment.findById(new Types.ObjectId(input.bookingId)).lean();
  if (!payment) throw new NotFoundError(bookingRefundMessages.noPayment);
  assertMayChange(ctx, payment.therapistId);
  const { creditNote, refundedOre, leftOre } = await refundPayment(ctx, payment, input.amountOre, 'therapist', ctx.therapist._id);
  return { refundedOre, leftOre, creditNoteId: creditNote._id.toHexString() };
}

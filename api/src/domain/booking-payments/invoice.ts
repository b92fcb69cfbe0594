/**
 * The invoices of a booking payment, issued by the server when the provider says the money is taken (no therapist is
 * at hand: the booking's therapist issues it), in the clinic's numbering (invoices/numbering.ts) with VAT per line:
 *
 * - full payment: the booking's invoice (its invoice claim, as addInvoice takes it), issued as paid with the method
 *   and the day; the booking shows it as invoiced.
 * - deposit: an invoice of the deposit alone ('Depositum'), issued as paid, with the VAT contained in it on its one
 *   line; it is not the booking's invoice, so the therapist invoices the booking as usual after the visit, and that
 *   final invoice deducts the deposit paid on account (invoices/snapshot.ts `depositDeduction`).
 *
 * The public booking page asks no address, so the paid invoice prints what the clinic knows of the client: a paid
 * receipt is never refused for a missing address. Each issue is decided once by a marker (`<payment>:invoice`), so a
 * replayed webhook or a racing settle issues no second invoice.
 */
import type { Types } from 'mongoose';
import {
  amountLine,
  copenhagenDateKey,
  DEFAULT_DUE_DAYS,
  invoiceDueDate,
  invoiceLines,
  invoiceTotals,
  printedOnly,
  type InvoiceLine,
  type InvoiceSnapshot,
  type PaymentMethod,
} from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError } from '../../errors.js';
import type { BookingPaymentDoc } from '../../models/index.js';
import { queueIssuedInvoice } from '../accounting/issued.js';
import { claimBooking } from '../invoices/issue.js';
import { clientOnInvoice, companyOnInvoice } from '../invoices/snapshot.js';
import { insertNumbered } from '../invoices/numbering.js';
import { copenhagenYear } from '../invoices/views.js';
import type { PaymentDeps } from './refunds.js';

/** Who the server-issued invoices name as having marked them paid. */
export const PAID_AT_BOOKING = 'Betalt ved online booking';

/** The deposit's one line: the amount paid incl. VAT, the VAT contained in it when VAT is charged (core `amountLine`). */
export function depositLine(payment: Pick<BookingPaymentDoc, 'treatmentName' | 'treatmentId' | 'amountOre' | 'vatExempt' | 'chargeVat'>): InvoiceLine {
  return amountLine(`Depositum: ${payment.treatmentName}`, payment.treatmentId.toString(), payment.amountOre, { vatExempt: payment.vatExempt === true, chargeVat: payment.chargeVat === true });
}

/** The lines of a payment's invoice: the treatment as priced at the start, or the deposit. */
export function paymentInvoiceLines(payment: BookingPaymentDoc): InvoiceLine[] {
  if (payment.kind === 'deposit') return [depositLine(payment)];
  const duration = payment.duration || Math.round((payment.to - payment.from) / 1000);
  return invoiceLines(
    [{ name: payment.treatmentName, treatmentId: payment.treatmentId.toString(), duration, priceOre: payment.netPriceOre, vatExempt: payment.vatExempt === true }],
    0,
    payment.chargeVat === true,
  );
}

async function paidSnapshot(db: TenantDb, payment: BookingPaymentDoc, clientId: Types.ObjectId, issuedAt: number): Promise<InvoiceSnapshot> {
  const clinic = db.clinic('invoice-of-a-visible-record');
  const [client, therapist, company] = await Promise.all([
    clinic.Client.findById(clientId).lean(),
    clinic.Therapist.findById(payment.therapistId, { nameFirst: 1, nameLast: 1 }).lean(),
    db.Company.findById(db.companyId).lean(),
  ]);
  if (!client || !company) throw new ConflictError('Klienten findes ikke');
  const lines = paymentInvoiceLines(payment);
  const duration = payment.duration || Math.round((payment.to - payment.from) / 1000);
  return printedOnly({
    number: '',
    issuedAt,
    therapist: { nameFirst: therapist?.nameFirst ?? '', nameLast: therapist?.nameLast ?? '' },
    company: companyOnInvoice(company),
    client: clientOnInvoice(client),
    treatment: { name: lines[0]!.name, duration, price: lines[0]!.priceOre },
    booking: { from: payment.from, to: payment.to },
    journal: null,
    stamJournal: [],
    upComing: [],
    settings: { type: true, discount: 0, moms: payment.chargeVat === true, treatmentText: false, aktuelBehandling: false, followUpText: false },
    amounts: invoiceTotals(lines),
    creditFor: null,
    lines,
    dueDate: invoiceDueDate(issuedAt, company.dueDays ?? DEFAULT_DUE_DAYS),
  });
}

/**
 * Issues the payment's invoice as paid (once: a second call answers the first one's id, or null when the first is still
 * at work). `clientId`: the booking's client (a held person's, once the therapist accepted).
 */
export async function issuePaidInvoice(
  deps: PaymentDeps,
  payment: BookingPaymentDoc,
  clientId: Types.ObjectId,
  paid: { at: number; method: PaymentMethod },
  now: number,
): Promise<Types.ObjectId | null> {
  const { db } = deps;
  if (payment.invoiceId) return payment.invoiceId;
  if (!(await db.bookingPaymentMarkers.claim(payment._id, 'invoice', ''))) return (await db.BookingPayment.findById(payment._id, { invoiceId: 1 }).lean())?.invoiceId ?? null;
  const clinic = db.clinic('invoice-numbering');
  const booking = payment.kind === 'full' ? await clinic.Booking.findById(payment.bookingId).lean() : null;
  let claimId = `bp-${payment._id.toHexString()}:deposit`;
  if (booking) {
    try {
      claimId = (await claimBooking({ db, now: () => now }, booking, 'inv')).id;
    } catch (error) {
      // Invoiced by hand meanwhile (while it waited for payment): that invoice stands; the payment is recorded on it.
      if (!(error instanceof ConflictError)) throw error;
      const existing = booking.invoiceId ?? null;
      await db.BookingPayment.updateOne({ _id: payment._id }, { $set: { invoiceId: existing } });
      return existing;
    }
  }
  const snapshot = await paidSnapshot(db, payment, clientId, now);
  const company = (await db.Company.findById(db.companyId).lean())!;
  const year = copenhagenYear(now);
  const paidOn = copenhagenDateKey(paid.at);
  const { id } = await insertNumbered(db, company, year, (seq, number, _id) => ({
    _id,
    claimId,
    therapistId: payment.therapistId,
    clientId,
    bookingId: payment.bookingId,
    bookingFrom: payment.from,
    year,
    seq,
    number,
    isCredit: false,
    nameFirst: snapshot.client.nameFirst,
    nameLast: snapshot.client.nameLast,
    CPR: snapshot.client.CPR,
    totalOre: snapshot.amounts.totalOre,
    snapshots: [{ ...snapshot, number }],
    createdBy: payment.therapistId,
    createdAt: now,
    // Issued as paid: the payment's ledger entry (below) and what it decided, in the one insert.
    paymentSeq: 1,
    paidOn,
    paymentMethod: paid.method,
    paidMarkedByName: PAID_AT_BOOKING,
    paidMarkedAt: now,
  }));
  await db.InvoiceEvent.create({ _id: `${id.toHexString()}:payment:1`, invoiceId: id, kind: 'paid', seq: 1, at: now, by: payment.therapistId, byName: PAID_AT_BOOKING, paidOn, method: paid.method });
  if (booking) {
    await db.InvoiceClaim.updateOne({ _id: claimId }, { $set: { invoiceId: id } });
    await clinic.Booking.updateOne({ _id: booking._id }, { $set: { invoiceId: id }, $inc: { version: 1 } });
  }
  await db.BookingPayment.updateOne({ _id: payment._id }, { $set: { invoiceId: id } });
  // To the accounting system, when connected: queued, never waited for.
  await queueIssuedInvoice(deps, id);
  return id;
}

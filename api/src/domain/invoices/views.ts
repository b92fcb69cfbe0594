/** Invoices as the clients see them, and the year an invoice is numbered in. */
import { copenhagenDateKey, invoiceStatus, PAYMENT_METHODS, type Invoice, type InvoicePayment, type InvoiceSnapshot, type PaymentMethod } from '@klinik/core';
import type { InvoiceDoc } from '../../models/index.js';

export function copenhagenYear(now: number): number {
  return Number(copenhagenDateKey(now).slice(0, 4));
}

/**
 * What an invoice's payment status depends on besides the invoice itself (domain/invoices/payments.ts,
 * `paymentView`): the clock, the credit notes that settle invoices (by invoice id: the credit note's number), and the
 * reminders sent (by invoice id, oldest first).
 */
export interface PaymentView {
  now: number;
  creditedBy: ReadonlyMap<string, string>;
  reminders: ReadonlyMap<string, readonly number[]>;
}

/**
 * The view of an invoice as it is issued, or of a document that is not paid on its own (a merged statement):
 * nothing has happened to it yet, no credit note settles it and no reminder was sent.
 */
export function asIssued(now: number): PaymentView {
  return { now, creditedBy: new Map(), reminders: new Map() };
}

const isMethod = (value: unknown): value is PaymentMethod => PAYMENT_METHODS.includes(value as PaymentMethod);

function paymentOf(doc: InvoiceDoc, view: PaymentView): InvoicePayment | null {
  if (doc.isMerged || doc.isCredit || doc.overdueFrom === null || doc.overdueFrom === undefined) return null;
  const id = doc._id.toString();
  const paidOn = doc.paidOn ?? null;
  const creditedBy = view.creditedBy.get(id) ?? null;
  return {
    status: invoiceStatus({ paidOn, credited: creditedBy !== null, overdueFrom: doc.overdueFrom }, view.now),
    // The due date is the last day before the overdue moment.
    dueDate: copenhagenDateKey(doc.overdueFrom - 1),
    paidOn,
    method: paidOn !== null && isMethod(doc.paymentMethod) ? doc.paymentMethod : null,
    markedBy: paidOn !== null ? (doc.paidMarkedByName ?? '') : null,
    markedAt: paidOn !== null ? (doc.paidMarkedAt ?? null) : null,
    creditedBy,
    reminders: [...(view.reminders.get(id) ?? [])],
  };
}

export function toInvoice(doc: InvoiceDoc, view: PaymentView): Invoice {
  return {
    id: doc._id.toString(),
    number: doc.number,
    createdAt: doc.createdAt,
    isMerged: Boolean(doc.isMerged),
    isCredit: Boolean(doc.isCredit),
    therapistId: doc.therapistId.toString(),
    clientId: doc.clientId.toString(),
    bookingId: doc.bookingId ? doc.bookingId.toString() : null,
    creditForId: doc.creditForId ? doc.creditForId.toString() : null,
    nameFirst: doc.nameFirst ?? '',
    nameLast: doc.nameLast ?? '',
    CPR: doc.CPR ?? '',
    totalOre: doc.totalOre ?? 0,
    from: doc.from ?? null,
    to: doc.to ?? null,
    // Stored as printed (printedOnly when issued; the start-up migration for older invoices): shown as stored.
    image: (doc.snapshots ?? []) as InvoiceSnapshot[],
    payment: paymentOf(doc, view),
  };
}

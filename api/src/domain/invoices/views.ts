/** Invoices as the clients see them, and the year an invoice is numbered in. */
import { copenhagenDateKey, type Invoice, type InvoiceSnapshot } from '@klinik/core';
import type { InvoiceDoc } from '../../models/index.js';

export function copenhagenYear(now: number): number {
  return Number(copenhagenDateKey(now).slice(0, 4));
}

export function toInvoice(doc: InvoiceDoc): Invoice {
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
  };
}

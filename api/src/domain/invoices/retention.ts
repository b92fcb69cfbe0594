/**
 * What an issued invoice keeps when its client is erased, and for how long (Danish bookkeeping law keeps
 * vouchers for five years from the end of the financial year they belong to). The invoice stays as bookkeeping needs
 * it: number, date, the clinic, the client's name, address and CPR number (the invoice prints them), the lines and
 * the amounts. What bookkeeping does not need goes at once: the client's e-mail and every note from the health record
 * (journal texts, the Stamjournal's field, the next appointments), whatever the invoice printed. After the retention
 * period the sweeper deletes the invoice altogether.
 */
import type { Types } from 'mongoose';
import { copenhagenWallTime, type InvoiceSnapshot } from '@klinik/core';
import { deleteInBatches } from '../../data/delete-in-batches.js';
import type { TenantDb } from '../../data/tenant-db.js';
import type { Models } from '../../models/index.js';

/** The first moment an invoice numbered in `year` no longer has to be kept: 1 January of year + 6, Copenhagen time. */
export function keepUntil(year: number): number {
  return copenhagenWallTime(year + 6, 1, 1, 0, 0);
}

export function bookkeepingOnly(snapshot: InvoiceSnapshot): InvoiceSnapshot {
  return { ...snapshot, client: { ...snapshot.client, email: '' }, journal: null, stamJournal: [], upComing: [] };
}

/** Cuts every invoice, credit note and merged statement of an erased client to what bookkeeping keeps. */
export async function keepForBookkeepingOnly(db: TenantDb, clientId: Types.ObjectId, now: number): Promise<void> {
  // The whole clinic: an erased client's invoices may have been issued by a colleague.
  const invoices = await db.clinic('erasure').Invoice.find({ clientId }, { snapshots: 1, year: 1 }).lean();
  for (const invoice of invoices) {
    await db.clinic('erasure').Invoice.updateOne(
      { _id: invoice._id },
      { $set: { snapshots: ((invoice.snapshots ?? []) as InvoiceSnapshot[]).map(bookkeepingOnly), clientErasedAt: now, keepUntil: keepUntil(invoice.year) } },
    );
  }
}

const WHY = { crossTenant: 'sweeper: invoices of erased clients past the bookkeeping retention (and their payment ledger), in every clinic' };

/**
 * Deletes the invoices of erased clients whose retention has ended, a few at a time, each batch's payment ledger
 * (domain/invoices/payments.ts) first: a sweep cut off between the two finds the invoices again next time.
 */
export async function sweepExpiredInvoices(models: Models, now: number): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = (await models.Invoice.find({ keepUntil: { $lte: now } }, { _id: 1 }).setOptions(WHY).limit(200).lean()).map((invoice) => invoice._id);
    if (ids.length === 0) return removed;
    await deleteInBatches(models.InvoiceEvent, { invoiceId: { $in: ids } }, WHY);
    removed += (await models.Invoice.deleteMany({ _id: { $in: ids } }).setOptions(WHY)).deletedCount;
  }
}

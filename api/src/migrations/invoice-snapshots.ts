/**
 * Older invoices stored the whole Stamjournal, journal texts and upcoming times in their snapshots whatever the
 * settings printed: this migration reduces every stored snapshot to what its invoice prints (printedOnly). One cursor,
 * one document at a time, idempotent (a minimised snapshot stays as it is). The printed content, numbers and
 * amounts do not change, so the invoice as issued is untouched.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Connection } from 'mongoose';
import { printedOnly, type InvoiceSnapshot } from '@klinik/core';
import type { Migration } from './runner.js';

const PAGE = 200;

export async function minimiseInvoiceSnapshots(conn: Connection): Promise<number> {
  const invoices = conn.collection('invoices');
  let changed = 0;
  // One cursor: FerretDB pushes down no range or sort, so paging by `_id` would scan the collection once per page.
  for await (const doc of invoices.find({}, { projection: { snapshots: 1 } }).batchSize(PAGE)) {
    const snapshots = Array.isArray(doc.snapshots) ? (doc.snapshots as InvoiceSnapshot[]) : [];
    const minimised = snapshots.map((snapshot) => (snapshot?.settings ? printedOnly(snapshot) : snapshot));
    if (isDeepStrictEqual(minimised, snapshots)) continue;
    changed += (await invoices.updateOne({ _id: doc._id }, { $set: { snapshots: minimised } })).modifiedCount;
  }
  return changed;
}

export const invoiceSnapshotsMigration: Migration = {
  id: 'invoice-snapshots-printed-only',
  run: async (conn) => void (await minimiseInvoiceSnapshots(conn)),
};

/**
 * Older invoices stored the whole Stamjournal, journal texts and upcoming times in their snapshots whatever the
 * settings printed: this migration reduces every stored snapshot to what its invoice prints (printedOnly). Paged by
 * `_id`, one document at a time, idempotent (a minimised snapshot stays as it is). The printed content, numbers and
 * amounts do not change, so the invoice as issued is untouched.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Connection } from 'mongoose';
import type { InvoiceSnapshot } from '@klinik/core';
import { printedOnly } from '../domain/invoices/snapshot.js';
import type { Migration } from './runner.js';

const PAGE = 200;

export async function minimiseInvoiceSnapshots(conn: Connection): Promise<number> {
  const invoices = conn.collection('invoices');
  let after: unknown = null;
  let changed = 0;
  for (;;) {
    const page = await invoices
      .find((after === null ? {} : { _id: { $gt: after } }) as never)
      .sort({ _id: 1 })
      .limit(PAGE)
      .toArray();
    if (page.length === 0) return changed;
    for (const doc of page) {
      const snapshots = Array.isArray(doc.snapshots) ? (doc.snapshots as InvoiceSnapshot[]) : [];
      const minimised = snapshots.map((snapshot) => (snapshot?.settings ? printedOnly(snapshot) : snapshot));
      if (isDeepStrictEqual(minimised, snapshots)) continue;
      changed += (await invoices.updateOne({ _id: doc._id }, { $set: { snapshots: minimised } })).modifiedCount;
    }
    after = page[page.length - 1]!._id;
  }
}

export const invoiceSnapshotsMigration: Migration = {
  id: 'invoice-snapshots-printed-only',
  run: async (conn) => void (await minimiseInvoiceSnapshots(conn)),
};

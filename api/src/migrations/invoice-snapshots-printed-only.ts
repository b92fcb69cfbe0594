/**
 * Issued invoices keep only what they print (issue 14): snapshots stored before the rule held the whole Stamjournal,
 * both journal texts and the next appointments whatever the settings; each is cut to what its own settings print
 * (core's printedOnly). Merged statements hold their invoices' snapshots and are cut the same way.
 */
import { printedOnly, type InvoiceSnapshot } from '@klinik/core';
import type { Migration } from './index.js';

const WHY = { crossTenant: 'migration: cuts the stored snapshots of every clinic to what the invoices print' };

export const invoiceSnapshotsPrintedOnly: Migration = {
  id: '2026-11-invoice-snapshots-printed-only',
  async run(models) {
    let changed = 0;
    const cursor = models.Invoice.find({}, { snapshots: 1 }).setOptions(WHY).lean().cursor({ batchSize: 200 });
    for await (const invoice of cursor) {
      const before = (invoice.snapshots ?? []) as InvoiceSnapshot[];
      const after = before.map((snapshot) => printedOnly(snapshot));
      if (JSON.stringify(after) === JSON.stringify(before)) continue;
      await models.Invoice.updateOne({ _id: invoice._id }, { $set: { snapshots: after } }).setOptions(WHY);
      changed += 1;
    }
    return changed;
  },
};

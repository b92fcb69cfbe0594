/**
 * Gives every invoice stored before it existed its `issuedMonth` (the Copenhagen month of `createdAt`;
 * models/invoices.ts sets it on insert since), by which /Statistik finds a month's invoices. Pages by `_id` and sets
 * only what is missing, so a second run, or two at once, leaves the same result. Past the models (the tenant guard
 * wants a clinic; this is every clinic): no month's kept figures exist before the field does, so no change is recorded.
 */
import type { Connection, Types } from 'mongoose';
import { copenhagenDateKey } from '@klinik/core';
import type { Migration } from './runner.js';

const PAGE = 500;
const ID_BATCH = 100;

export async function setIssuedMonths(conn: Connection): Promise<number> {
  const invoices = conn.model('Invoice').collection;
  let changed = 0;
  let after: Types.ObjectId | null = null;
  for (;;) {
    const filter: Record<string, unknown> = { issuedMonth: null, ...(after ? { _id: { $gt: after } } : {}) };
    const page = (await invoices.find(filter, { projection: { createdAt: 1 } }).sort({ _id: 1 }).limit(PAGE).toArray()) as { _id: Types.ObjectId; createdAt?: unknown }[];
    if (page.length === 0) return changed;
    after = page[page.length - 1]!._id;
    const byMonth = new Map<string, Types.ObjectId[]>();
    for (const doc of page) {
      if (typeof doc.createdAt !== 'number') continue;
      const month = copenhagenDateKey(doc.createdAt).slice(0, 7);
      byMonth.set(month, [...(byMonth.get(month) ?? []), doc._id]);
    }
    for (const [month, ids] of byMonth) {
      for (let index = 0; index < ids.length; index += ID_BATCH) {
        const result = await invoices.updateMany({ _id: { $in: ids.slice(index, index + ID_BATCH) }, issuedMonth: null }, { $set: { issuedMonth: month } });
        changed += result.modifiedCount;
      }
    }
  }
}

export const invoiceIssuedMonthsMigration: Migration = {
  id: 'invoice-issued-months',
  run: async (conn) => void (await setIssuedMonths(conn)),
};

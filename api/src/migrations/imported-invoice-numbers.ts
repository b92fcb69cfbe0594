/**
 * Invoices imported before the numbering rule keep their old numbers outside the clinic's sequence (`seq` 0), so they never
 * raised the next number: a clinic that moved over this year could issue 0001-YY again, a number its old system had
 * already used. The import now stores such an invoice under its number's place (import/engine.ts); for those imported
 * before, this raises the clinic's floor for the current year (`invoiceCounter`, what 'Næste fakturanummer' sets) above
 * the highest imported number of that year that has a place in the sequence (core `invoiceSequenceOf`). Nothing is
 * re-keyed: bookings link those invoices by `_id`. Only raised, never lowered (the update's filter), so running it again,
 * or beside an owner's change, changes nothing more.
 */
import type { Connection, Types } from 'mongoose';
import { copenhagenDateKey, invoiceSequenceOf } from '@klinik/core';
import { announceSignInChanges } from '../models/sign-in-changes.js';
import type { Migration } from './runner.js';

const PAGE = 500;

type RawInvoice = { companyId: Types.ObjectId; number?: unknown; seq?: unknown };

export async function raiseFloorsAboveImportedNumbers(conn: Connection, now = Date.now()): Promise<number> {
  const year = Number(copenhagenDateKey(now).slice(0, 4));
  // The driver's collections: the models' tenant guard wants a clinic, and this pass is over every clinic.
  const invoices = conn.model('Invoice').collection;
  const companies = conn.model('Company').collection;
  const highest = new Map<string, { companyId: Types.ObjectId; count: number }>();
  const cursor = invoices.find({ imported: true, year, isMerged: { $ne: true } }, { projection: { companyId: 1, number: 1, seq: 1 } }).batchSize(PAGE);
  for await (const doc of cursor as AsyncIterable<RawInvoice>) {
    // One the import already placed in the sequence counts through its `seq` (numbering.ts) and needs no floor.
    if (typeof doc.seq === 'number' && doc.seq > 0) continue;
    const sequence = typeof doc.number === 'string' ? invoiceSequenceOf(doc.number, year) : null;
    if (sequence === null) continue;
    const key = doc.companyId.toHexString();
    if ((highest.get(key)?.count ?? 0) < sequence) highest.set(key, { companyId: doc.companyId, count: sequence });
  }
  const changed: Types.ObjectId[] = [];
  for (const { companyId, count } of highest.values()) {
    const result = await companies.updateOne(
      { _id: companyId, $or: [{ invoiceCounter: null }, { 'invoiceCounter.year': { $ne: year } }, { 'invoiceCounter.count': { $lt: count } }] },
      { $set: { invoiceCounter: { count, year, updatedAt: now } } },
    );
    if (result.modifiedCount > 0) changed.push(companyId);
  }
  // Past the models: the API processes' sign-in caches hear of it from here (models/sign-in-changes.ts).
  await announceSignInChanges(conn, changed.map((companyId) => ({ kind: 'company', id: companyId.toHexString(), companyId: null })));
  return changed.length;
}

export const importedInvoiceNumbersMigration: Migration = {
  id: 'imported-invoice-numbers',
  run: async (conn) => void (await raiseFloorsAboveImportedNumbers(conn)),
};

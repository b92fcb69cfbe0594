/**
 * Invoice numbers (spec 2: Company CVR counter; docs/decisions/0013-invoices-built-and-numbered-by-the-server.md):
 * per company and calendar year 1, 2, 3 … with no gaps and no duplicates, also under concurrency and crashes. The
 * invoice document *is* the claim: its `_id` is derived from company, year and sequence, so of two requests trying
 * the same number exactly one insert succeeds (on MongoDB and FerretDB alike) and the other tries the next number.
 * Nothing is written before the insert, so a crash uses no number. The counter (`company.invoiceCounter`) is only a
 * floor set by setCvrCounter, for a clinic that continues the numbering of another system.
 *
 * An imported invoice whose old number has a place in the sequence ('41', '0041-26';
 * `invoiceSequenceOf`) is stored under that place's `_id` with its `seq` (import/engine.ts), so it blocks its number
 * exactly as one of ours does and raises the next number above it: of an import and an issue racing for one number,
 * one insert wins and the other is refused (the issue walks on; the import reports the row), so no number is ever
 * held twice.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { counterForYear, formatInvoiceNumber } from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';
import { isDuplicateKeyError } from '../../errors.js';
import type { CompanyDoc } from '../../models/index.js';

export function invoiceIdFor(companyId: Types.ObjectId, year: number, seq: number): Types.ObjectId {
  const hash = createHash('sha256').update(`invoice:${companyId.toString()}:${year}:${seq}`).digest('hex');
  return new Types.ObjectId(hash.slice(0, 24));
}

/** The highest sequence used in `year` (0 when none), by anyone in the clinic. */
export async function highestSequence(db: TenantDb, year: number): Promise<number> {
  const last = await db.clinic('invoice-numbering').Invoice.findOne({ year, isMerged: false }, { seq: 1 }).sort({ seq: -1 }).lean();
  return last?.seq ?? 0;
}

/** The counter as the spec shows it: the count of this year (used numbers or the floor, whichever is higher). */
export async function counterOf(db: TenantDb, company: CompanyDoc, year: number): Promise<number> {
  const floor = counterForYear(company.invoiceCounter ? { count: company.invoiceCounter.count ?? 0, year: company.invoiceCounter.year ?? 0 } : null, year);
  return Math.max(floor, await highestSequence(db, year));
}

/**
 * Inserts the document `build(seq, number, _id)` under the lowest free number of `year` above the counter, walking
 * up on a duplicate `_id` (from the counter read again, so an import writing thousands of numbers at the same time
 * is passed at once rather than one number per attempt). Answers the inserted id and number. A duplicate of another
 * unique field (the invoice's claim) is thrown: the number was free, the document was not.
 */
export async function insertNumbered(
  db: TenantDb,
  company: CompanyDoc,
  year: number,
  build: (seq: number, number: string, id: Types.ObjectId) => Record<string, unknown>,
): Promise<{ id: Types.ObjectId; seq: number; number: string }> {
  let seq = (await counterOf(db, company, year)) + 1;
  for (let attempt = 0; attempt < 1000; attempt += 1, seq += 1) {
    const id = invoiceIdFor(company._id, year, seq);
    const number = formatInvoiceNumber(seq, year);
    try {
      await db.clinic('invoice-numbering').Invoice.create(build(seq, number, id));
      return { id, seq, number };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // A taken number is a document with that `_id`; without one, another unique field refused the insert.
      if (!(await db.clinic('invoice-numbering').Invoice.exists({ _id: id }))) throw error;
      // The loop adds the one: the next try is above every number used by now.
      seq = Math.max(seq, await counterOf(db, company, year));
    }
  }
  throw new Error('No free invoice number after 1000 attempts');
}

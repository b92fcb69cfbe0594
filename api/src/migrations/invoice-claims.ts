/**
 * The unique index on the invoice's claim (models/invoices.ts, `CLAIM_INDEX`). A unique index over a field
 * some documents lack is no guard on FerretDB (its SQLite index lets many lack it) and cannot be built on MongoDB
 * (they all count as null), so first every invoice stored before the rule (merged statements, imports, older
 * invoices: no `claimId`) gets its own (`ownClaimId`), then the index is built. One cursor, one document at a time,
 * each updated only if it still has no claim; building an index that exists changes nothing: idempotent.
 *
 * Should two stored invoices share a claim (the fault this closes: a stalled request issued a second invoice of one
 * booking), the index cannot be built; then every invoice after the first of a claim gets its own claim instead. Both
 * stay, as every issued invoice does (bookkeeping): the owner credits the double.
 */
import type { Connection, Types } from 'mongoose';
import type { Logger } from 'pino';
import { CLAIM_INDEX, ownClaimId } from '../models/invoices.js';
import type { Migration } from './runner.js';

const PAGE = 200;

type RawInvoice = { _id: Types.ObjectId; claimId?: unknown };

const hasClaim = (doc: RawInvoice): doc is RawInvoice & { claimId: string } => typeof doc.claimId === 'string' && doc.claimId !== '';

export async function giveEveryInvoiceAClaim(conn: Connection, logger?: Logger): Promise<{ given: number; doubles: number }> {
  // The driver's collection: the model's tenant guard wants a clinic, and this pass is over every clinic.
  const invoices = conn.model('Invoice').collection;
  let given = 0;
  // One cursor: FerretDB pushes down no range or sort, so paging by `_id` would scan the collection once per page.
  for await (const doc of invoices.find({}, { projection: { claimId: 1 } }).batchSize(PAGE) as AsyncIterable<RawInvoice>) {
    if (hasClaim(doc)) continue;
    given += (await invoices.updateOne({ _id: doc._id, claimId: doc.claimId ?? null }, { $set: { claimId: ownClaimId(doc._id) } })).modifiedCount;
  }
  let doubles = 0;
  try {
    await invoices.createIndex({ claimId: 1 }, { unique: true, name: CLAIM_INDEX });
  } catch (error) {
    // MongoDB says E11000; FerretDB passes on SQLite's 'UNIQUE constraint failed' under another code. Either way the
    // doubles go and the index is built again; a failure for any other reason fails that second build too.
    logger?.warn({ err: error }, 'invoices: the unique claim index could not be built; looking for doubles');
    // Only on this path the claims are held in memory: one pass over what the stored invoices claim.
    const seen = new Set<string>();
    for await (const doc of invoices.find({}, { projection: { claimId: 1 } }).batchSize(PAGE) as AsyncIterable<RawInvoice>) {
      if (!hasClaim(doc)) continue;
      if (!seen.has(doc.claimId)) {
        seen.add(doc.claimId);
        continue;
      }
      doubles += (await invoices.updateOne({ _id: doc._id, claimId: doc.claimId }, { $set: { claimId: ownClaimId(doc._id) } })).modifiedCount;
    }
    logger?.warn({ doubles }, 'invoices: some bookings were invoiced twice under one claim; each double keeps its own claim');
    await invoices.createIndex({ claimId: 1 }, { unique: true, name: CLAIM_INDEX });
  }
  return { given, doubles };
}

export const invoiceClaimsMigration: Migration = {
  id: 'invoice-claims-unique',
  run: async (conn, logger) => void (await giveEveryInvoiceAClaim(conn, logger)),
};

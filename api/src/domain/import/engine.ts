/**
 * Writing an import (issue 17): the records mapping.ts accepted, into one clinic, for the therapist the import is
 * for. Run twice, it writes nothing twice; cut off half-way, the next run finishes it:
 *
 * - Every record's `_id` is derived from the clinic, the kind and the old system's ID (`importedId`), and records go
 *   in with unordered insertMany whose duplicate-key refusals are ignored: what the first run wrote, the second finds.
 *   (`_id` uniqueness at insert is the one atomic guarantee FerretDB 1.24 gives; docs/architecture.md.)
 * - A client whose CPR number the clinic already has (entered by hand, or by an earlier import under another ID) is
 *   not made again: the import's rows refer to that client, and the report counts it as matched.
 * - Bookings in the past are written without slot claims: nobody can book the past, and 100,000 old bookings would
 *   be close to a million claim documents. They are checked against the therapist's existing bookings in memory,
 *   and one at the same time as an existing booking is reported, not written. Future bookings claim their time like
 *   any booking (data/concurrency/slot-claims.ts), so an import cannot double-book a day the online page offers.
 *
 * - Invoices keep their old numbers and stay outside our own gapless sequence: `seq` 0 and `imported`, so the
 *   clinic's next number (the highest `seq` of the year, invoices/numbering.ts) is never moved by them, and they are
 *   never sent to the accounting system (only issued invoices are queued for it). Their lines become one snapshot
 *   (the lines' texts and summed amounts), so /Faktura lists and prints them like any invoice; a booking that names
 *   the invoice (Fakturaer) is linked to it.
 *
 * Still to come (issue 17): the action and its screen, progress for the screen and the mailed report.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { copenhagenDateKey, type InvoiceSnapshot } from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';
import { insertNew, withSchemaDefaults } from '../../data/insert-new.js';
import { isDuplicateKeyError } from '../../errors.js';
import { schemaOf } from '../../models/index.js';
import { ownClaimId } from '../../models/invoices.js';
import { cprHash } from '../../security/encryption.js';
import type { ImportedInvoiceLine, ImportFileKind, ImportSet, RowError } from './mapping.js';

/** The `_id` of an imported record: the same clinic, kind and old ID give the same id, in every run. */
export function importedId(companyId: Types.ObjectId, kind: ImportFileKind, sourceId: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`import:${companyId.toHexString()}:${kind}:${sourceId}`).digest('hex').slice(0, 24));
}

export const engineTexts = {
  bookingTaken: 'Terapeuten har allerede en booking på dette tidspunkt',
} as const;

export interface ImportCounts {
  /** Written by this run. */
  added: number;
  /** Already there (an earlier run, or a client with the same CPR number). */
  existing: number;
}

export interface ImportResult {
  clients: ImportCounts;
  treatments: ImportCounts;
  bookings: ImportCounts;
  invoices: ImportCounts;
  /** Rows refused while writing (a booking at the time of an existing one), for the report beside mapping's. */
  errors: RowError[];
}

export interface ImportProgress {
  done: number;
  total: number;
}

const BATCH = 500;
/**
 * Plain documents with their schema's defaults (`withSchemaDefaults`), unordered: building a mongoose document for
 * each of 100,000 records was two thirds of an import's time. The documents are built here from parsed values.
 */
const PLAIN = { ordered: false, lean: true } as const;
/** Batches sent at once (data/insert-new.ts): the database stores one while this process encodes the next. */
const IN_FLIGHT = 2;

/**
 * Whether [from, to) meets any of `sorted` (by start): binary search for the first that starts at or after `to`;
 * the ones before it start earlier, and one of them reaches past `from` exactly when the latest end among them does.
 * O(log n) per booking instead of a scan: an import checks 100,000 bookings against as many.
 */
export function overlapCheck(sorted: readonly { from: number; to: number }[]): (from: number, to: number) => boolean {
  const latestEnd: number[] = [];
  for (const [index, booking] of sorted.entries()) latestEnd.push(Math.max(booking.to, index > 0 ? latestEnd[index - 1]! : -Infinity));
  return (from, to) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle]!.from < to) low = middle + 1;
      else high = middle;
    }
    return low > 0 && latestEnd[low - 1]! > from;
  };
}

export async function writeImport(
  db: TenantDb,
  therapistId: Types.ObjectId,
  set: ImportSet,
  now: number,
  onProgress: (progress: ImportProgress) => void = () => undefined,
): Promise<ImportResult> {
  const companyId = db.companyId;
  const total = set.clients.length + set.treatments.length + set.bookings.length + set.invoices.length;
  let done = 0;
  const step = (count: number) => {
    done += count;
    onProgress({ done, total });
  };
  const errors: RowError[] = [];

  // Clients: the clinic's CPR numbers first (one read), so a known person is matched instead of made twice.
  type Person = { _id: Types.ObjectId; nameFirst: string; nameLast: string; email: string };
  const existingByCpr = new Map<string, Person>(
    (await db.clinic.Client.find({}, { cprKey: 1, nameFirst: 1, nameLast: 1, email: 1 }).lean()).map((client) => [
      client.cprKey,
      { _id: client._id, nameFirst: client.nameFirst, nameLast: client.nameLast, email: client.email ?? '' },
    ]),
  );
  const clientIds = new Map<string, Types.ObjectId>();
  // Who each booking is with, as a booking keeps it (the calendar shows the name without reading the client).
  const people = new Map<string, Person>();
  const newClients: Record<string, unknown>[] = [];
  for (const client of set.clients) {
    const cprKey = cprHash(`${client.cpr6}${client.last4}`);
    const known = existingByCpr.get(cprKey);
    if (known) {
      clientIds.set(client.sourceId, known._id);
      people.set(client.sourceId, known);
      continue;
    }
    const _id = importedId(companyId, 'client', client.sourceId);
    const person = { _id, nameFirst: client.nameFirst, nameLast: client.nameLast, email: client.email };
    clientIds.set(client.sourceId, _id);
    people.set(client.sourceId, person);
    existingByCpr.set(cprKey, person);
    newClients.push({
      _id,
      createdBy: therapistId,
      nameFirst: client.nameFirst,
      nameLast: client.nameLast,
      email: client.email,
      phonePrivate: client.phone,
      CPR6Digit: client.cpr6,
      CPRLast4Digit: client.last4,
      cprKey,
      address: client.address,
      post: client.post,
      town: client.town,
    });
  }
  const clientsAdded = await insertNew((docs) => db.clinic.Client.insertMany(docs, PLAIN), withSchemaDefaults(schemaOf('Client'), newClients, now), BATCH, step, IN_FLIGHT);
  step(set.clients.length - newClients.length);

  const treatmentDocs = set.treatments.map((treatment) => ({
    _id: importedId(companyId, 'treatment', treatment.sourceId),
    therapistId,
    name: treatment.name,
    duration: treatment.duration * 60,
    pause: treatment.pause * 60,
    priceOre: treatment.priceOre,
  }));
  const treatmentsAdded = await insertNew((docs) => db.clinic.Treatment.insertMany(docs, PLAIN), withSchemaDefaults(schemaOf('Treatment'), treatmentDocs, now), BATCH, step, IN_FLIGHT);
  const treatments = new Map(set.treatments.map((treatment, index) => [treatment.sourceId, treatmentDocs[index]!]));

  const invoiceSourceIds = new Set(set.invoices.map((invoice) => invoice.sourceId));
  const bookingOfInvoice = new Map<string, { _id: Types.ObjectId; from: number; to: number }>();

  // Bookings: an imported one that is already there (an earlier run) is left as it is; one at the time of another
  // existing booking of the therapist is refused.
  const existing = (await db.clinic.Booking.find({ therapistId }, { _id: 1, from: 1, to: 1 }).lean()).sort((a, b) => a.from - b.from);
  const existingIds = new Set(existing.map((booking) => booking._id.toHexString()));
  const overlapsExisting = overlapCheck(existing);
  const pastDocs: Record<string, unknown>[] = [];
  const future: { doc: Record<string, unknown> & { _id: Types.ObjectId; from: number; to: number }; row: number }[] = [];
  let bookingsExisting = 0;
  for (const booking of set.bookings) {
    const _id = importedId(companyId, 'booking', booking.sourceId);
    if (existingIds.has(_id.toHexString())) {
      bookingsExisting += 1;
      continue;
    }
    if (overlapsExisting(booking.from, booking.to)) {
      errors.push({ file: 'booking', row: booking.row, message: engineTexts.bookingTaken });
      continue;
    }
    const treatment = booking.treatmentSourceId ? treatments.get(booking.treatmentSourceId) : undefined;
    const invoiceSourceId = booking.invoiceSourceIds.find((id) => invoiceSourceIds.has(id));
    const doc = {
      _id,
      therapistId,
      clientId: clientIds.get(booking.clientSourceId)!,
      treatmentId: treatment?._id ?? null,
      from: booking.from,
      to: booking.to,
      bookingDate: copenhagenDateKey(booking.from),
      treatmentName: treatment?.name ?? booking.productNames,
      pause: treatment?.pause ?? 0,
      nameFirst: people.get(booking.clientSourceId)?.nameFirst ?? '',
      nameLast: people.get(booking.clientSourceId)?.nameLast ?? '',
      email: people.get(booking.clientSourceId)?.email ?? '',
      source: 'import',
      invoiceId: invoiceSourceId ? importedId(companyId, 'invoice', invoiceSourceId) : null,
      createdAt: booking.createdAt ?? now,
    };
    if (invoiceSourceId) bookingOfInvoice.set(invoiceSourceId, doc);
    if (booking.from < now) pastDocs.push(doc);
    else future.push({ doc, row: booking.row });
  }
  step(set.bookings.length - pastDocs.length - future.length);
  let bookingsAdded = await insertNew((docs) => db.clinic.Booking.insertMany(docs, PLAIN), withSchemaDefaults(schemaOf('Booking'), pastDocs, now), BATCH, step, IN_FLIGHT);
  for (const { doc, row } of future) {
    try {
      await db.slots.claimFor(therapistId, { from: doc.from, to: doc.to }, doc._id, 'booking', now, () => db.clinic.Booking.create(doc));
      bookingsAdded += 1;
    } catch (error) {
      if (isDuplicateKeyError(error)) bookingsExisting += 1;
      else if ((error as { status?: number }).status === 409) errors.push({ file: 'booking', row, message: engineTexts.bookingTaken });
      else throw error;
    }
    step(1);
  }

  const invoicesAdded = await writeInvoices(db, therapistId, set, clientIds, bookingOfInvoice, step, now);

  return {
    clients: { added: clientsAdded, existing: set.clients.length - clientsAdded },
    treatments: { added: treatmentsAdded, existing: set.treatments.length - treatmentsAdded },
    bookings: { added: bookingsAdded, existing: bookingsExisting },
    invoices: { added: invoicesAdded, existing: set.invoices.length - invoicesAdded },
    errors,
  };
}

/** The invoices with their lines as one snapshot each (see above). */
async function writeInvoices(
  db: TenantDb,
  therapistId: Types.ObjectId,
  set: ImportSet,
  clientIds: ReadonlyMap<string, Types.ObjectId>,
  bookingOfInvoice: ReadonlyMap<string, { _id: Types.ObjectId; from: number; to: number }>,
  step: (count: number) => void,
  now: number,
): Promise<number> {
  if (set.invoices.length === 0) return 0;
  const companyId = db.companyId;
  const [company, therapist, clients] = await Promise.all([
    db.Company.findOne({}).lean(),
    db.clinic.Therapist.findById(therapistId, { nameFirst: 1, nameLast: 1 }).lean(),
    db.clinic.Client.find({ _id: { $in: [...new Set(clientIds.values())] } }).lean(),
  ]);
  const clientById = new Map(clients.map((client) => [client._id.toHexString(), client]));
  const linesOf = new Map<string, ImportedInvoiceLine[]>();
  for (const line of set.invoiceLines) linesOf.set(line.invoiceNumber, [...(linesOf.get(line.invoiceNumber) ?? []), line]);
  const docs = set.invoices.map((invoice) => {
    const clientId = clientIds.get(invoice.clientSourceId)!;
    const client = clientById.get(clientId.toHexString());
    const lines = linesOf.get(invoice.number) ?? [];
    const priceOre = lines.reduce((sum, line) => sum + line.priceOre, 0) || invoice.subtotalOre;
    const discountOre = lines.reduce((sum, line) => sum + line.discountOre, 0);
    const vatOre = lines.reduce((sum, line) => sum + line.vatOre, 0);
    const booking = bookingOfInvoice.get(invoice.sourceId);
    const cpr = client ? `${client.CPR6Digit}-${client.CPRLast4Digit}` : '';
    const snapshot: InvoiceSnapshot = {
      number: invoice.number,
      issuedAt: invoice.date,
      therapist: { nameFirst: therapist?.nameFirst ?? '', nameLast: therapist?.nameLast ?? '' },
      company: {
        companyName: company?.companyName ?? '',
        address: company?.address ?? '',
        post: company?.post ?? '',
        town: company?.town ?? '',
        email: company?.email ?? '',
        phone: company?.phone ?? '',
        CVR: company?.CVR ?? '',
        regNumber: company?.regNumber ?? '',
        accountNumber: company?.accountNumber ?? '',
        mobilePay: company?.mobilePay ?? '',
        logo: null,
      },
      client: { nameFirst: client?.nameFirst ?? '', nameLast: client?.nameLast ?? '', address: client?.address ?? '', post: client?.post ?? '', town: client?.town ?? '', email: client?.email ?? '', CPR: cpr },
      treatment: { name: lines.map((line) => line.text).filter(Boolean).join(', ') || 'Faktura', duration: booking ? Math.round((booking.to - booking.from) / 1000) : 0, price: priceOre },
      booking: { from: booking?.from ?? invoice.date, to: booking?.to ?? invoice.date },
      journal: null,
      stamJournal: [],
      upComing: [],
      settings: { type: true, discount: 0, moms: vatOre > 0, treatmentText: false, aktuelBehandling: false, followUpText: false },
      amounts: { priceOre, discountOre, netOre: priceOre - discountOre, vatOre, totalOre: invoice.subtotalOre },
      creditFor: null,
    };
    const _id = importedId(companyId, 'invoice', invoice.sourceId);
    return {
      _id,
      // Issued by the old system, under no claim of ours: its own (models/invoices.ts; unique).
      claimId: ownClaimId(_id),
      therapistId,
      clientId,
      bookingId: booking?._id ?? null,
      bookingFrom: booking?.from ?? null,
      year: Number(copenhagenDateKey(invoice.date).slice(0, 4)),
      // Outside our sequence: the next number of the year is above the highest `seq`, and 0 is never that.
      seq: 0,
      imported: true,
      number: invoice.number,
      nameFirst: snapshot.client.nameFirst,
      nameLast: snapshot.client.nameLast,
      CPR: cpr,
      totalOre: invoice.subtotalOre,
      snapshots: [snapshot],
      createdBy: therapistId,
      createdAt: invoice.createdAt ?? invoice.date,
    };
  });
  return insertNew((chunk) => db.clinic.Invoice.insertMany(chunk, PLAIN), withSchemaDefaults(schemaOf('Invoice'), docs, now), BATCH, step, IN_FLIGHT);
}

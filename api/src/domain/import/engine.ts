/**
 * Writing an import: the records mapping.ts accepted, into one clinic, for the therapist the import is for. Run twice,
 * it writes nothing twice; cut off half-way, the next run finishes it
 * (docs/decisions/0019-resumable-import-by-source-ids.md). `_id` uniqueness at insert is the one atomic guarantee
 * FerretDB 1.24 gives (docs/decisions/0004-concurrency-by-id-claims.md), so what a record is across runs is decided by
 * an id made from the old system's ID:
 *
 * - Clients, treatments and bookings get `_id` `importedId(clinic, kind, old ID)`. Clients, treatments and past
 *   bookings go in by unordered insertMany whose duplicate-key refusals count as 'already there'.
 * - A client whose CPR number the clinic already has (entered by hand, or by an earlier import under another ID) is
 *   not written: the import's rows refer to that client, and the report counts it as existing.
 * - Every booking is checked in memory against the therapist's bookings already in the clinic (binary search); one at
 *   the same time as an existing booking is reported, not written. Past bookings are written without slot claims
 *   (nobody can book the past, and 100,000 old bookings would be close to a million claim documents); future ones go
 *   in one at a time through their slot claims (data/concurrency/slot-claims.ts), like any booking, so an import cannot
 *   double-book a time the online page offers.
 * - Invoices go in before the bookings, so a booking that names its invoice (Fakturaer) links the `_id` the invoice
 *   got. They keep their old numbers, are `imported` and are never sent to the accounting system. Their lines become
 *   one snapshot, each line with its own VAT (mapping.ts `importedInvoiceLines`), so /Faktura lists and prints them
 *   like any invoice.
 * - An old number with a place in the clinic's yearly sequence ('41', '0041', '0041-26' in 2026: core
 *   `invoiceSequenceOf`) holds that place as one of ours does: the invoice's `_id` is the number's (`invoiceIdFor`),
 *   not its old ID's, and its `seq` the place, so the next number the clinic issues is above it and the number is never
 *   issued again. Of an issue and the import racing for one number exactly one insert succeeds; the issue then walks on
 *   (numbering.ts). Which record an invoice is across runs is told by its `claimId`, derived from the old ID
 *   (`ownClaimId`): an invoice an earlier run wrote is found by it before anything is inserted, and an insert refused
 *   as a duplicate is looked up by it: found, it is the same record written meanwhile; not found, the number is held by
 *   another invoice (issued here first, or by another import), and the row is reported rather than stored as a second
 *   invoice with that number. The year's highest imported number goes in first, so an issue that starts during the
 *   import is above all of them at once. Any other number ('F-2026-41') stays outside the sequence with `seq` 0 and an
 *   `_id` from its old ID.
 */
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { copenhagenDateKey, formatInvoiceNumber, invoiceSequenceOf, invoiceTotals, type InvoiceSnapshot } from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';
import { insertNew, withSchemaDefaults } from '../../data/insert-new.js';
import { isDuplicateKeyError } from '../../errors.js';
import { schemaOf } from '../../models/index.js';
import { ownClaimId } from '../../models/invoices.js';
import { counterOf, invoiceIdFor } from '../invoices/numbering.js';
import { cprHash } from '../../security/encryption.js';
import { importedInvoiceLines, type ImportedInvoiceLine, type ImportFileKind, type ImportSet, type RowError } from './mapping.js';

/** The `_id` of an imported record: the same clinic, kind and old ID give the same id, in every run. */
export function importedId(companyId: Types.ObjectId, kind: ImportFileKind, sourceId: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`import:${companyId.toHexString()}:${kind}:${sourceId}`).digest('hex').slice(0, 24));
}

export const engineTexts = {
  bookingTaken: 'Terapeuten har allerede en booking på dette tidspunkt',
  invoiceNumberTaken: (number: string) => `Fakturanummer ${number} er allerede brugt af en anden faktura i klinikken, så fakturaen er ikke importeret (et fakturanummer må kun findes én gang)`,
  invoiceSameNumber: (number: string, row: number) => `Fakturanummer ${number} er samme nummer som fakturaen i række ${row}`,
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
  /** The clinic's next invoice number ('0041-26') when this run's invoices raised it; null when they did not. */
  nextInvoiceNumber: string | null;
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
    (await db.clinic('import').Client.find({}, { cprKey: 1, nameFirst: 1, nameLast: 1, email: 1 }).lean()).map((client) => [
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
  const clientsAdded = await insertNew((docs) => db.clinic('import').Client.insertMany(docs, PLAIN), withSchemaDefaults(schemaOf('Client'), newClients, now), BATCH, step, IN_FLIGHT);
  step(set.clients.length - newClients.length);

  const treatmentDocs = set.treatments.map((treatment) => ({
    _id: importedId(companyId, 'treatment', treatment.sourceId),
    therapistId,
    name: treatment.name,
    duration: treatment.duration * 60,
    pause: treatment.pause * 60,
    priceOre: treatment.priceOre,
  }));
  const treatmentsAdded = await insertNew((docs) => db.Treatment.insertMany(docs, PLAIN), withSchemaDefaults(schemaOf('Treatment'), treatmentDocs, now), BATCH, step, IN_FLIGHT);
  const treatments = new Map(set.treatments.map((treatment, index) => [treatment.sourceId, treatmentDocs[index]!]));

  const invoiceSourceIds = new Set(set.invoices.map((invoice) => invoice.sourceId));
  const bookingOfInvoice = new Map<string, { _id: Types.ObjectId; from: number; to: number }>();
  // Each booking's invoice by its old ID: linked once the invoices are in (an invoice refused for its number is not).
  const invoiceOfBooking = new Map<Record<string, unknown>, string>();

  // Bookings: an imported one that is already there (an earlier run) is left as it is; one at the time of another
  // existing booking of the therapist is refused.
  const existing = (await db.clinic('import').Booking.find({ therapistId }, { _id: 1, from: 1, to: 1 }).lean()).sort((a, b) => a.from - b.from);
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
      invoiceId: null as Types.ObjectId | null,
      createdAt: booking.createdAt ?? now,
    };
    if (invoiceSourceId) {
      bookingOfInvoice.set(invoiceSourceId, doc);
      invoiceOfBooking.set(doc, invoiceSourceId);
    }
    if (booking.from < now) pastDocs.push(doc);
    else future.push({ doc, row: booking.row });
  }
  step(set.bookings.length - pastDocs.length - future.length);

  // The invoices before the bookings: a booking links the invoice's `_id`, which its number decides.
  const invoices = await writeInvoices(db, therapistId, set, clientIds, bookingOfInvoice, step, now);
  errors.push(...invoices.errors);
  for (const [doc, sourceId] of invoiceOfBooking) doc.invoiceId = invoices.ids.get(sourceId) ?? null;

  let bookingsAdded = await insertNew((docs) => db.clinic('import').Booking.insertMany(docs, PLAIN), withSchemaDefaults(schemaOf('Booking'), pastDocs, now), BATCH, step, IN_FLIGHT);
  for (const { doc, row } of future) {
    try {
      await db.slots.claimFor(therapistId, { from: doc.from, to: doc.to }, doc._id, 'booking', now, () => db.clinic('import').Booking.create(doc));
      bookingsAdded += 1;
    } catch (error) {
      if (isDuplicateKeyError(error)) bookingsExisting += 1;
      else if ((error as { status?: number }).status === 409) errors.push({ file: 'booking', row, message: engineTexts.bookingTaken });
      else throw error;
    }
    step(1);
  }

  return {
    clients: { added: clientsAdded, existing: set.clients.length - clientsAdded },
    treatments: { added: treatmentsAdded, existing: set.treatments.length - treatmentsAdded },
    bookings: { added: bookingsAdded, existing: bookingsExisting },
    invoices: { added: invoices.added, existing: invoices.existing },
    errors,
    nextInvoiceNumber: invoices.nextInvoiceNumber,
  };
}

interface InvoicesWritten extends ImportCounts {
  /** Each invoice's `_id` in the clinic by its old ID: written now or before; not there when it was refused. */
  ids: Map<string, Types.ObjectId>;
  errors: RowError[];
  nextInvoiceNumber: string | null;
}

/** The invoices with their lines as one snapshot each, their numbers held as the clinic's own (see above). */
async function writeInvoices(
  db: TenantDb,
  therapistId: Types.ObjectId,
  set: ImportSet,
  clientIds: ReadonlyMap<string, Types.ObjectId>,
  bookingOfInvoice: ReadonlyMap<string, { _id: Types.ObjectId; from: number; to: number }>,
  step: (count: number) => void,
  now: number,
): Promise<InvoicesWritten> {
  const ids = new Map<string, Types.ObjectId>();
  const errors: RowError[] = [];
  if (set.invoices.length === 0) return { added: 0, existing: 0, ids, errors, nextInvoiceNumber: null };
  const companyId = db.companyId;
  const thisYear = Number(copenhagenDateKey(now).slice(0, 4));
  const [company, therapist, clients, present] = await Promise.all([
    db.Company.findOne({}).lean(),
    db.Therapist.findById(therapistId, { nameFirst: 1, nameLast: 1 }).lean(),
    db.clinic('import').Client.find({ _id: { $in: [...new Set(clientIds.values())] } }).lean(),
    // What an earlier run wrote, by the claim its old ID gives (under the number's `_id` or, for runs before imported invoices were numbered, the old ID's).
    db.clinic('import').Invoice.find({ imported: true }, { claimId: 1 }).lean(),
  ]);
  const countBefore = await counterOf(db, company!, thisYear);
  const presentByClaim = new Map(present.map((invoice) => [invoice.claimId, invoice._id]));
  const clientById = new Map(clients.map((client) => [client._id.toHexString(), client]));
  const linesOf = new Map<string, ImportedInvoiceLine[]>();
  for (const line of set.invoiceLines) linesOf.set(line.invoiceNumber, [...(linesOf.get(line.invoiceNumber) ?? []), line]);
  type Planned = { doc: Record<string, unknown> & { _id: Types.ObjectId; claimId: string; year: number; seq: number }; sourceId: string; row: number; number: string };
  const planned: Planned[] = [];
  const places = new Map<string, number>();
  let existing = 0;
  for (const invoice of set.invoices) {
    const year = Number(copenhagenDateKey(invoice.date).slice(0, 4));
    const seq = invoiceSequenceOf(invoice.number, year);
    // '41' and '0041-26' are one number: the first row keeps it (mapping.ts already refused the same text twice).
    const place = seq === null ? null : `${year}:${seq}`;
    const earlier = place === null ? undefined : places.get(place);
    if (earlier !== undefined) {
      errors.push({ file: 'invoice', row: invoice.row, message: engineTexts.invoiceSameNumber(invoice.number, earlier) });
      step(1);
      continue;
    }
    if (place !== null) places.set(place, invoice.row);
    const ownId = importedId(companyId, 'invoice', invoice.sourceId);
    const claimId = ownClaimId(ownId);
    const already = presentByClaim.get(claimId);
    if (already) {
      ids.set(invoice.sourceId, already);
      existing += 1;
      step(1);
      continue;
    }
    const clientId = clientIds.get(invoice.clientSourceId)!;
    const client = clientById.get(clientId.toHexString());
    const lines = linesOf.get(invoice.number) ?? [];
    // Each line with its own VAT; an invoice without lines is its subtotal, without VAT, as before.
    const printed = lines.length ? importedInvoiceLines(lines, invoice.subtotalOre) : null;
    const amounts = printed ? invoiceTotals(printed) : { priceOre: invoice.subtotalOre, discountOre: 0, netOre: invoice.subtotalOre, vatOre: 0, totalOre: invoice.subtotalOre };
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
      treatment: { name: lines.map((line) => line.text).filter(Boolean).join(', ') || 'Faktura', duration: booking ? Math.round((booking.to - booking.from) / 1000) : 0, price: amounts.priceOre },
      booking: { from: booking?.from ?? invoice.date, to: booking?.to ?? invoice.date },
      journal: null,
      stamJournal: [],
      upComing: [],
      settings: { type: true, discount: 0, moms: amounts.vatOre !== 0, treatmentText: false, aktuelBehandling: false, followUpText: false },
      amounts,
      creditFor: null,
      ...(printed ? { lines: printed } : {}),
    };
    planned.push({
      sourceId: invoice.sourceId,
      row: invoice.row,
      number: invoice.number,
      doc: {
        // A number with a place in the sequence is held by the `_id` every invoice of that number has (numbering.ts).
        _id: seq === null ? ownId : invoiceIdFor(companyId, year, seq),
        // Issued by the old system, under no claim of ours: its own, from its old ID (models/invoices.ts; unique).
        claimId,
        therapistId,
        clientId,
        bookingId: booking?._id ?? null,
        bookingFrom: booking?.from ?? null,
        year,
        // 0: outside the sequence (the next number of the year is above the highest `seq`, and 0 is never that).
        seq: seq ?? 0,
        imported: true,
        number: invoice.number,
        nameFirst: snapshot.client.nameFirst,
        nameLast: snapshot.client.nameLast,
        CPR: cpr,
        totalOre: amounts.totalOre,
        snapshots: [snapshot],
        createdBy: therapistId,
        createdAt: invoice.createdAt ?? invoice.date,
      },
    });
  }

  // This year's highest number first, on its own: an issue that reads the counter after it is above every one.
  const highest = planned.reduce<Planned | null>((top, item) => (item.doc.year === thisYear && item.doc.seq > (top?.doc.seq ?? 0) ? item : top), null);
  const order = highest ? [[highest], planned.filter((item) => item !== highest)] : [planned];
  const refused: Planned[] = [];
  let added = 0;
  for (const group of order) {
    const docs = withSchemaDefaults(schemaOf('Invoice'), group.map((item) => item.doc), now);
    const plannedOf = new Map(group.map((item) => [item.doc._id.toHexString(), item]));
    const onDuplicate = (doc: { _id: Types.ObjectId }) => refused.push(plannedOf.get(doc._id.toHexString())!);
    added += await insertNew((chunk) => db.clinic('import').Invoice.insertMany(chunk, PLAIN), docs, BATCH, step, IN_FLIGHT, onDuplicate);
  }
  const refusedIds = new Set(refused.map((item) => item.sourceId));
  for (const item of planned) if (!refusedIds.has(item.sourceId)) ids.set(item.sourceId, item.doc._id);
  // A refused insert is the same record written meanwhile (its claim is there) or a number another invoice holds.
  const claimed = new Map(
    (refused.length ? await db.clinic('import').Invoice.find({ claimId: { $in: refused.map((item) => item.doc.claimId) } }, { claimId: 1 }).lean() : []).map((invoice) => [invoice.claimId, invoice._id]),
  );
  for (const item of refused) {
    const id = claimed.get(item.doc.claimId);
    if (id) {
      ids.set(item.sourceId, id);
      existing += 1;
    } else errors.push({ file: 'invoice', row: item.row, message: engineTexts.invoiceNumberTaken(item.number) });
  }

  // Said in the report when this run's numbers moved the clinic's next number.
  const raised = planned.some((item) => item.doc.year === thisYear && item.doc.seq > countBefore && !refusedIds.has(item.sourceId));
  const nextInvoiceNumber = raised ? formatInvoiceNumber((await counterOf(db, company!, thisYear)) + 1, thisYear) : null;
  return { added, existing, ids, errors, nextInvoiceNumber };
}

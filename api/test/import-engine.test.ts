/**
 * Writing an import (api/src/domain/import/engine.ts) against the real database: the records land in the
 * clinic and are seen through the product's own actions; a second run writes nothing; a client the clinic already
 * has is matched by CPR; an export of several batches reports exactly what it wrote; past bookings claim no time,
 * future ones do, and one at an existing booking's time is refused; the same old IDs in another clinic make that
 * clinic's own records and touch nothing of the first.
 */
import { Types } from 'mongoose';
import { DAY_MS, copenhagenWallTime, formatDanishDate, formatCopenhagenTime, formatInvoiceNumber, invoiceSequenceOf, startOfCopenhagenDay } from '@klinik/core';
import { tenantDb } from '../src/data/tenant-db.js';
import { engineTexts, importedId, overlapCheck, writeImport } from '../src/domain/import/engine.js';
import { highestSequence, invoiceIdFor } from '../src/domain/invoices/numbering.js';
import { copenhagenYear } from '../src/domain/invoices/views.js';
import { mapImport, type ImportFileKind, type SourceRow } from '../src/domain/import/mapping.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { stallNextInvoiceInsert } from './support/stall-insert.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const rows = (...list: Record<string, string>[]): SourceRow[] => list.map((cells, index) => ({ row: index + 2, cells }));
/** 'DD-MM-YYYY HH:MM' of an instant, as an old system writes it. */
const stamp = (at: number) => `${formatDanishDate(at).replace(/\./g, '-')} ${formatCopenhagenTime(at)}`;

function exportOf(at: { past: number; future: number }): Record<ImportFileKind, SourceRow[]> {
  return {
    client: rows(
      { ID: '11', Navn: 'Anne Marie Sørensen', CPR: '120385-1234', 'E-mail': 'anne@example.dk', Telefonnummer: '20304050', Adresse: 'Vestergade 3, 8000 Aarhus C' },
      { ID: '12', Navn: 'Bo Jensen', CPR: '010190-1234', 'E-mail': '', Telefonnummer: '', Adresse: '' },
    ),
    treatment: rows({ ID: '7', Navn: 'Fysioterapi', Pris: '550,00', Tid: '45', Spærretid: '15' }),
    booking: rows(
      { 'Klient ID': '11', 'Ydelse ID': '7', Start: stamp(at.past), Slut: stamp(at.past + 45 * 60_000), Fakturaer: '501', Oprettet: '', Produktnavne: 'Fysioterapi', Subtotal: '550,00' },
      { 'Klient ID': '12', 'Ydelse ID': '7', Start: stamp(at.future), Slut: stamp(at.future + 45 * 60_000), Fakturaer: '', Oprettet: '', Produktnavne: 'Fysioterapi', Subtotal: '550,00' },
    ),
    invoice: rows({ ID: '501', 'Klient ID': '11', Subtotal: '600,00', Nummer: '1001', Dato: stamp(at.past).slice(0, 10), Oprettet: '' }),
    invoiceLine: rows(
      { ID: '1', Rabat: '0,00', Fakturanummer: '1001', Pris: '550,00', Moms: '0,00', Tekst: 'Fysioterapi' },
      { ID: '2', Rabat: '0,00', Fakturanummer: '1001', Pris: '40,00', Moms: '10,00', Tekst: 'Elastik' },
    ),
  };
}

/** A past and a future time on whole hours, on a weekday in the clinic's hours. */
function times(): { past: number; future: number } {
  const base = t.clock.now();
  const day = (offsetDays: number, hour: number) => {
    const date = new Date(base + offsetDays * DAY_MS);
    return copenhagenWallTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, 0);
  };
  return { past: day(-30, 10), future: day(9, 13) };
}

async function importInto(owner: SignedInOwner, files: Record<ImportFileKind, SourceRow[]>) {
  const { set, errors } = mapImport(files);
  expect(errors).toEqual([]);
  const db = tenantDb(t.api.services.models, new Types.ObjectId(owner.companyId));
  return writeImport(db, new Types.ObjectId(owner.therapistId), set, t.clock.now());
}

it('writes clients, treatments and bookings the product shows; a second run writes nothing', async () => {
  const owner = await clinicWithTrial(t);
  const at = times();
  const progress: number[] = [];
  const { set } = mapImport(exportOf(at));
  const db = tenantDb(t.api.services.models, new Types.ObjectId(owner.companyId));
  const first = await writeImport(db, new Types.ObjectId(owner.therapistId), set, t.clock.now(), ({ done, total }) => progress.push(done / total));
  // Old number 1001 holds 1001 of its year; the report says so when that year is this one.
  const year = copenhagenYear(at.past);
  const raised = year === copenhagenYear(t.clock.now()) ? formatInvoiceNumber(1002, year) : null;
  expect(first).toEqual({ clients: { added: 2, existing: 0 }, treatments: { added: 1, existing: 0 }, bookings: { added: 2, existing: 0 }, invoices: { added: 1, existing: 0 }, errors: [], nextInvoiceNumber: raised });
  expect(progress.at(-1)).toBe(1);

  // Through the product's own actions: the clients with their CPR, the treatment in seconds, both bookings.
  const clients = await t.call('getAllClient', { search: 'Sørensen' }, owner.token);
  expect(clients.body.data).toEqual([expect.objectContaining({ nameFirst: 'Anne Marie', nameLast: 'Sørensen' })]);
  const client = await t.call('getClient', { id: clients.body.data[0]!.id }, owner.token);
  expect(client.body.data).toMatchObject({ email: 'anne@example.dk', CPR6Digit: '120385', address: 'Vestergade 3', post: '8000', town: 'Aarhus C' });
  const treatments = await t.call('getTreatmentsFromTherapist', {}, owner.token);
  expect(JSON.stringify(treatments.body)).toContain('Fysioterapi');
  expect(await t.models.Treatment.findById(importedId(new Types.ObjectId(owner.companyId), 'treatment', '7')).lean()).toMatchObject({ duration: 2700, pause: 900, priceOre: 55_000 });
  const week = await t.call('getBookingsFromTherapist', { from: at.future - DAY_MS, to: at.future + DAY_MS }, owner.token);
  expect(JSON.stringify(week.body)).toContain(String(at.future));
  // The booking carries its client's name, as the calendar shows it.
  expect(await t.models.Booking.findById(importedId(new Types.ObjectId(owner.companyId), 'booking', `12@${at.future}`)).lean()).toMatchObject({ nameFirst: 'Bo', nameLast: 'Jensen' });
  // The future booking holds its time; the past one claims none.
  const claims = (from: number) => t.models.SlotClaim.countDocuments({ _id: { $regex: `^${owner.companyId}:${owner.therapistId}:${from}` } });
  expect(await claims(at.future)).toBe(1);
  expect(await claims(at.past)).toBe(0);
  const taken = await t.call('addBooking', { treatmentId: importedId(new Types.ObjectId(owner.companyId), 'treatment', '7').toHexString(), from: at.future, client: newClient('4321') }, owner.token);
  expect(taken.status).toBe(409);

  // The old invoice with its old number and its lines, linked to its booking both ways; its number is held in the
  // clinic's own sequence of its year, under the `_id` an invoice of that number has.
  const invoices = await t.call('getAllInvoice', {}, owner.token);
  expect(invoices.status).toBe(200);
  const old = invoices.body.result.find((invoice) => invoice.number === '1001');
  expect(old).toMatchObject({ id: invoiceIdFor(new Types.ObjectId(owner.companyId), year, 1001).toHexString(), totalOre: 60_000, bookingId: importedId(new Types.ObjectId(owner.companyId), 'booking', `11@${at.past}`).toHexString() });
  expect(await t.models.Booking.findById(importedId(new Types.ObjectId(owner.companyId), 'booking', `11@${at.past}`)).lean()).toMatchObject({ invoiceId: new Types.ObjectId(old!.id) });
  expect(old!.image[0]).toMatchObject({ treatment: { name: 'Fysioterapi, Elastik' }, amounts: { vatOre: 1000, totalOre: 60_000 } });
  expect(await highestSequence(db, year)).toBe(1001);

  // As the database has them (written as plain documents, engine.ts PLAIN): the schema's defaults are there, and
  // the CPR numbers are encrypted in the client and in the invoice's snapshot.
  const raw = t.models.Client.db;
  const companyId = new Types.ObjectId(owner.companyId);
  const rawClient = await raw.collection('clients').findOne({ _id: importedId(companyId, 'client', '11') });
  expect(rawClient).toMatchObject({ companyId, nameLast: 'Sørensen' });
  expect([rawClient!.CPR6Digit, rawClient!.CPRLast4Digit].map((value) => String(value).startsWith('enc1:'))).toEqual([true, true]);
  expect(JSON.stringify(rawClient)).not.toContain('120385');
  const rawBooking = await raw.collection('bookings').findOne({ _id: importedId(companyId, 'booking', `11@${at.past}`) });
  expect(rawBooking).toMatchObject({ companyId, version: 0, firstBooking: false, hasStamjournal: false, reason: '', journalId: null, source: 'import' });
  const rawInvoice = await raw.collection('invoices').findOne({ number: '1001', companyId });
  expect(JSON.stringify(rawInvoice)).not.toContain('120385');

  const counts = async () => [await t.models.Client.countDocuments({ companyId: owner.companyId }), await t.models.Booking.countDocuments({ companyId: owner.companyId }), await t.models.Treatment.countDocuments({ companyId: owner.companyId })];
  const before = await counts();
  expect(await importInto(owner, exportOf(at))).toEqual({
    clients: { added: 0, existing: 2 },
    treatments: { added: 0, existing: 1 },
    bookings: { added: 0, existing: 2 },
    invoices: { added: 0, existing: 1 },
    errors: [],
    nextInvoiceNumber: null,
  });
  expect(await counts()).toEqual(before);
});

it('counts every batch of a large export: what it reports written is what the clinic has, and a second run finds it all', async () => {
  // More than two batches of 500 in flight at once (engine.ts BATCH, IN_FLIGHT): each batch's count must add up.
  const total = 1_201;
  const client = (index: number) => ({
    ID: String(50_000 + index),
    Navn: `Klient Nummer${index}`,
    CPR: `${String(1 + (index % 28)).padStart(2, '0')}${String(1 + (Math.floor(index / 28) % 12)).padStart(2, '0')}80-${String(1_000 + index).padStart(4, '0')}`,
    'E-mail': '',
    Telefonnummer: '',
    Adresse: '',
  });
  const files = { client: rows(...Array.from({ length: total }, (_, index) => client(index))), treatment: [], booking: [], invoice: [], invoiceLine: [] };
  const owner = await clinicWithTrial(t);
  expect((await importInto(owner, files)).clients).toEqual({ added: total, existing: 0 });
  expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(total);
  expect((await importInto(owner, files)).clients).toEqual({ added: 0, existing: total });
  expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(total);
});

it('matches a client the clinic already has by CPR, and refuses a booking at the time of an existing one', async () => {
  const owner = await clinicWithTrial(t);
  const at = times();
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  // Bo Jensen (010190-1234) is already a client, with a booking at the future time.
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from: at.future, client: newClient('1234') }, owner.token);
  expect(booked.status).toBe(200);
  const { set } = mapImport(exportOf(at));
  const result = await writeImport(tenantDb(t.api.services.models, new Types.ObjectId(owner.companyId)), new Types.ObjectId(owner.therapistId), set, t.clock.now());
  expect(result.clients).toEqual({ added: 1, existing: 1 });
  expect(result.bookings).toEqual({ added: 1, existing: 0 });
  expect(result.invoices).toEqual({ added: 1, existing: 0 });
  expect(result.errors).toEqual([{ file: 'booking', row: 3, message: engineTexts.bookingTaken }]);
  expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(2);
});

it("makes another clinic's own records from the same old IDs, touching nothing of the first", async () => {
  const first = await clinicWithTrial(t);
  const second = await clinicWithTrial(t);
  const at = times();
  await importInto(first, exportOf(at));
  const firstClients = await t.models.Client.find({ companyId: first.companyId }).lean();
  const result = await importInto(second, exportOf(at));
  expect(result.clients).toEqual({ added: 2, existing: 0 });
  expect(await t.models.Client.find({ companyId: first.companyId }).lean()).toEqual(firstClients);
  const secondIds = (await t.models.Client.find({ companyId: second.companyId }, { _id: 1 }).lean()).map((client) => client._id.toHexString());
  expect(secondIds.some((id) => firstClients.some((client) => client._id.toHexString() === id))).toBe(false);
});

describe('invoice numbers across systems', () => {
  const HOUR = 3_600_000;
  const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
  const SETTINGS = { type: true, discount: 0, moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false };

  /** A clinic that can issue invoices: its profile, a treatment, and `bookings` booked of one client with an address. */
  async function invoicingClinic(bookings: number) {
    const owner = await clinicWithTrial(t);
    expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
    const treatment = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token)).body.data.id;
    const start = startOfCopenhagenDay(t.clock.now() + 2 * DAY_MS);
    const ids: string[] = [];
    let clientId: string | undefined;
    for (let index = 0; index < bookings; index += 1) {
      const from = start + (6 + (index % 14)) * HOUR + Math.floor(index / 14) * DAY_MS;
      const booked = await t.call('addBooking', { treatmentId: treatment, from, ...(clientId ? { clientId } : { client: newClient('4321') }) }, owner.token);
      expect(booked.status).toBe(200);
      if (!clientId) {
        clientId = booked.body.data.clientId;
        await t.call('setClient', { id: clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
      }
      ids.push(booked.body.data.id);
    }
    return { owner, bookings: ids };
  }

  const issue = (owner: SignedInOwner, bookingId: string) => t.call('addInvoice', { bookingId, settings: SETTINGS }, owner.token);

  /** An old system's invoices of today, numbered as given, for one client. */
  function invoicesNumbered(numbers: string[]): Record<ImportFileKind, SourceRow[]> {
    const today = stamp(t.clock.now()).slice(0, 10);
    return {
      client: rows({ ID: '11', Navn: 'Anne Marie Sørensen', CPR: '120385-1234', 'E-mail': '', Telefonnummer: '', Adresse: '' }),
      treatment: [],
      booking: [],
      invoice: rows(...numbers.map((number, index) => ({ ID: String(900 + index), 'Klient ID': '11', Subtotal: '100,00', Nummer: number, Dato: today, Oprettet: '' }))),
      invoiceLine: [],
    };
  }

  /** Every number the clinic's invoices of `year` hold, as the sequence counts them, with how often. */
  async function heldNumbers(owner: SignedInOwner, year: number): Promise<Map<number, number>> {
    const held = new Map<number, number>();
    for (const invoice of await t.models.Invoice.find({ companyId: owner.companyId, isMerged: false }, { number: 1 }).lean()) {
      const seq = invoiceSequenceOf(invoice.number, year);
      if (seq !== null) held.set(seq, (held.get(seq) ?? 0) + 1);
    }
    return held;
  }

  it('imports 1..40 of this year, then issues 0041: the next number is above them and says so', async () => {
    const { owner, bookings } = await invoicingClinic(1);
    const year = copenhagenYear(t.clock.now());
    const result = await importInto(owner, invoicesNumbered(Array.from({ length: 40 }, (_, index) => String(index + 1))));
    expect(result.invoices).toEqual({ added: 40, existing: 0 });
    expect(result.nextInvoiceNumber).toBe(formatInvoiceNumber(41, year));
    expect((await t.call('getCvrFromNumber', { CVR: '12345678' }, owner.token)).body.data).toMatchObject({ count: 40, year });
    const issued = await issue(owner, bookings[0]!);
    expect(issued.status).toBe(200);
    expect(issued.body.data.number).toBe(formatInvoiceNumber(41, year));
    expect([...(await heldNumbers(owner, year)).values()].every((count) => count === 1)).toBe(true);
  });

  it('refuses an old invoice whose number the clinic already issued, or another row has; other numbers stay outside', async () => {
    const { owner, bookings } = await invoicingClinic(4);
    const year = copenhagenYear(t.clock.now());
    const yy = String(year % 100).padStart(2, '0');
    for (const bookingId of bookings.slice(0, 3)) expect((await issue(owner, bookingId)).status).toBe(200);
    // Rows 2..8: three numbers issued here already, one number written two ways, a later one, one of no sequence.
    const files = invoicesNumbered(['1', '0002', `0003-${yy}`, `0004-${yy}`, '4', '10', 'F-77']);
    const refusals = [
      { file: 'invoice', row: 2, message: engineTexts.invoiceNumberTaken('1') },
      { file: 'invoice', row: 3, message: engineTexts.invoiceNumberTaken('0002') },
      { file: 'invoice', row: 4, message: engineTexts.invoiceNumberTaken(`0003-${yy}`) },
      { file: 'invoice', row: 6, message: engineTexts.invoiceSameNumber('4', 5) },
    ];
    const first = await importInto(owner, files);
    expect(first.invoices).toEqual({ added: 3, existing: 0 });
    expect(first.errors.sort((a, b) => a.row - b.row)).toEqual(refusals);
    expect(first.nextInvoiceNumber).toBe(formatInvoiceNumber(11, year));
    expect((await issue(owner, bookings[3]!)).body.data.number).toBe(formatInvoiceNumber(11, year));
    expect(Object.fromEntries(await heldNumbers(owner, year))).toEqual({ 1: 1, 2: 1, 3: 1, 4: 1, 10: 1, 11: 1 });
    expect(await t.models.Invoice.countDocuments({ companyId: owner.companyId, number: 'F-77', seq: 0, imported: true })).toBe(1);

    // Again: the same three are there, the same rows refused, and nothing moved.
    const again = await importInto(owner, files);
    expect(again.invoices).toEqual({ added: 0, existing: 3 });
    expect(again.errors.sort((a, b) => a.row - b.row)).toEqual(refusals);
    expect(again.nextInvoiceNumber).toBeNull();
    expect(await t.models.Invoice.countDocuments({ companyId: owner.companyId })).toBe(7);
  });

  /** Holds the import's first insert of invoices until released (the next number's own insert passes). */
  function stallImportInvoices() {
    const Invoice = t.api.services.models.Invoice as unknown as Record<string, unknown> & { insertMany: (...args: unknown[]) => Promise<unknown> };
    const original = Invoice.insertMany;
    const own = Object.hasOwn(Invoice, 'insertMany');
    let reached!: () => void;
    const atInsert = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    Invoice.insertMany = async function (this: unknown, ...args: unknown[]) {
      if (!held) {
        held = true;
        reached();
        await released;
      }
      return original.apply(this, args);
    };
    return { atInsert, release, restore: () => (own ? (Invoice.insertMany = original) : Reflect.deleteProperty(Invoice, 'insertMany')) };
  }

  const importOf = (owner: SignedInOwner, numbers: string[]) => {
    const { set } = mapImport(invoicesNumbered(numbers));
    return writeImport(tenantDb(t.api.services.models, new Types.ObjectId(owner.companyId)), new Types.ObjectId(owner.therapistId), set, t.clock.now());
  };

  it('never gives one number twice when an import and an issue race, whichever inserts first', async () => {
    const year = copenhagenYear(t.clock.now());
    const numbers = Array.from({ length: 100 }, (_, index) => formatInvoiceNumber(index + 1, year));

    // An issue that read the counter before the import began inserts after it: 0001 is held, so it walks on past 0100.
    const early = await invoicingClinic(1);
    const stalledIssue = stallNextInvoiceInsert(t, early.bookings[0]!);
    try {
      const issuing = issue(early.owner, early.bookings[0]!);
      await stalledIssue.atInsert;
      const result = await importOf(early.owner, numbers);
      expect([result.invoices.added, result.errors, result.nextInvoiceNumber]).toEqual([100, [], formatInvoiceNumber(101, year)]);
      stalledIssue.release();
      expect((await issuing).body.data.number).toBe(formatInvoiceNumber(101, year));
    } finally {
      stalledIssue.release();
      stalledIssue.restore();
    }
    expect([...(await heldNumbers(early.owner, year)).values()].filter((count) => count > 1)).toEqual([]);

    // An issue that inserts while the import waits at its insert takes 0001 first: the old 0001 is refused and reported.
    const late = await invoicingClinic(2);
    const stalledImport = stallImportInvoices();
    try {
      const importing = importOf(late.owner, numbers);
      await stalledImport.atInsert;
      expect((await issue(late.owner, late.bookings[0]!)).body.data.number).toBe(formatInvoiceNumber(1, year));
      stalledImport.release();
      const result = await importing;
      expect([result.invoices.added, result.errors, result.nextInvoiceNumber]).toEqual([99, [{ file: 'invoice', row: 2, message: engineTexts.invoiceNumberTaken(numbers[0]!) }], formatInvoiceNumber(101, year)]);
    } finally {
      stalledImport.release();
      stalledImport.restore();
    }
    expect((await issue(late.owner, late.bookings[1]!)).body.data.number).toBe(formatInvoiceNumber(101, year));
    const held = await heldNumbers(late.owner, year);
    expect([...held.values()].filter((count) => count > 1)).toEqual([]);
    expect(held.size).toBe(101);
  });

  it('never gives one number twice when an import and several issues run at once', async () => {
    const { owner, bookings } = await invoicingClinic(6);
    const year = copenhagenYear(t.clock.now());
    const numbers = Array.from({ length: 100 }, (_, index) => formatInvoiceNumber(index + 1, year));
    const [result, ...issued] = await Promise.all([importOf(owner, numbers), ...bookings.map((bookingId) => issue(owner, bookingId))]);
    expect(issued.map((answer) => answer.status)).toEqual(bookings.map(() => 200));
    // Each old invoice is in, or refused because an issue took its number first; nothing else.
    expect(result.invoices.added + result.errors.length).toBe(numbers.length);
    expect(result.errors.every((error) => error.message === engineTexts.invoiceNumberTaken(numbers[error.row - 2]!))).toBe(true);
    const held = await heldNumbers(owner, year);
    expect([...held.values()].filter((count) => count > 1)).toEqual([]);
    expect(held.size).toBe(result.invoices.added + bookings.length);
    expect((await t.call('getCvrFromNumber', { CVR: '12345678' }, owner.token)).body.data.count).toBe(Math.max(...held.keys()));
  });
});

it('finds overlaps among sorted bookings by binary search', () => {
  const check = overlapCheck([
    { from: 0, to: 10 },
    { from: 5, to: 100 },
    { from: 20, to: 30 },
    { from: 200, to: 210 },
  ]);
  expect(check(100, 200)).toBe(false);
  expect(check(99, 101)).toBe(true);
  expect(check(150, 205)).toBe(true);
  expect(check(210, 220)).toBe(false);
  expect(check(-5, 0)).toBe(false);
  expect(overlapCheck([])(0, 1)).toBe(false);
});

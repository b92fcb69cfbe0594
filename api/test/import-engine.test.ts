/**
 * Writing an import (issue 17, api/src/domain/import/engine.ts) against the real database: the records land in the
 * clinic and are seen through the product's own actions; a second run writes nothing; a client the clinic already
 * has is matched by CPR; an export of several batches reports exactly what it wrote; past bookings claim no time,
 * future ones do, and one at an existing booking's time is refused; the same old IDs in another clinic make that
 * clinic's own records and touch nothing of the first.
 */
import { Types } from 'mongoose';
import { DAY_MS, copenhagenWallTime, formatDanishDate, formatCopenhagenTime } from '@klinik/core';
import { tenantDb } from '../src/data/tenant-db.js';
import { engineTexts, importedId, overlapCheck, writeImport } from '../src/domain/import/engine.js';
import { highestSequence } from '../src/domain/invoices/numbering.js';
import { mapImport, type ImportFileKind, type SourceRow } from '../src/domain/import/mapping.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
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
  expect(first).toEqual({ clients: { added: 2, existing: 0 }, treatments: { added: 1, existing: 0 }, bookings: { added: 2, existing: 0 }, invoices: { added: 1, existing: 0 }, errors: [] });
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

  // The old invoice with its old number and its lines, linked to its booking; our own sequence is not moved by it.
  const invoices = await t.call('getAllInvoice', {}, owner.token);
  expect(invoices.status).toBe(200);
  const old = invoices.body.result.find((invoice) => invoice.number === '1001');
  expect(old).toMatchObject({ totalOre: 60_000, bookingId: importedId(new Types.ObjectId(owner.companyId), 'booking', `11@${at.past}`).toHexString() });
  expect(old!.image[0]).toMatchObject({ treatment: { name: 'Fysioterapi, Elastik' }, amounts: { vatOre: 1000, totalOre: 60_000 } });
  const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(at.past));
  expect(await highestSequence(db, year)).toBe(0);

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

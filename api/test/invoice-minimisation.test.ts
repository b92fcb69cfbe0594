/**
 * An invoice snapshot holds what the invoice prints and nothing more (docs/security.md, 'Health data goes only
 * where it must'): the Stamjournal fields, journal texts and upcoming times the chosen settings do not print are
 * neither stored nor answered, and older invoices are reduced by a start-up migration (idempotent).
 */
import { copenhagenWallTime } from '@klinik/core';
import { reencryptAll } from '../src/migrations/encrypt-at-rest.js';
import { minimiseInvoiceSnapshots } from '../src/migrations/invoice-snapshots.js';
import { clinicWithTrial, newClient } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
  t.clock.set(copenhagenWallTime(2026, 11, 23, 12, 0));
});
afterAll(async () => {
  await t.close();
});

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const HEALTH = /Sygdomshistorie-tekst|Medicin-tekst|Massage af nakke|Om to uger|Årsagen/;

async function invoicedClient(settings: Record<string, unknown>) {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from: copenhagenWallTime(2026, 12, 1, 9, 0), client: newClient() }, owner.token);
  const { clientId, id: bookingId } = booked.body.data;
  await t.call('setClient', { id: clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
  await t.call('addBooking', { treatmentId: treatment.body.data.id, from: copenhagenWallTime(2026, 12, 8, 9, 0), clientId }, owner.token);
  await t.call('addJournal', { bookingId }, owner.token);
  await t.call('setJournal', { id: bookingId, version: 0, changes: { treatment: 'Massage af nakke', followUp: 'Om to uger' } }, owner.token);
  const fields = await t.call('getCustomFieldsFromClientIsNotJournal', { clientId }, owner.token);
  const values: Record<string, string> = { 'Årsag til henvendelse': 'Årsagen', 'Aktuel behandling': 'Aktuel tekst', Sygdomshistorie: 'Sygdomshistorie-tekst', Medicin: 'Medicin-tekst' };
  for (const field of fields.body.data) {
    if (values[field.name]) expect((await t.call('setCustomField', { id: field.id, version: field.version ?? 0, value: values[field.name] }, owner.token)).status).toBe(200);
  }
  const issued = await t.call('addInvoice', { bookingId, settings: { type: true, discount: '0', moms: true, ...settings } }, owner.token);
  expect(issued.status).toBe(200);
  return { owner, clientId, bookingId, invoice: issued.body.data };
}

it('stores and answers only what the chosen settings print', async () => {
  const { owner, clientId, bookingId, invoice } = await invoicedClient({ treatmentText: false, aktuelBehandling: true, followUpText: false });
  expect(invoice.image[0]).toMatchObject({ stamJournal: [{ name: 'Aktuel behandling', value: 'Aktuel tekst' }], journal: null, upComing: [] });

  const raw = await t.api.services.models.Invoice.db.collection('invoices').findOne({ _id: new (await import('mongoose')).Types.ObjectId(invoice.id) });
  expect(JSON.stringify(raw)).not.toMatch(HEALTH);
  // The CPR number it prints is stored encrypted (and answered as printed).
  expect(JSON.stringify(raw)).not.toContain('010190');
  expect(String(raw?.CPR)).toMatch(/^enc1:test1:/);
  expect(invoice).toMatchObject({ CPR: '010190-1234', image: [{ client: { CPR: '010190-1234' } }] });
  expect((await t.call('getAllInvoice', { search: '010190-1234' }, owner.token)).body.result.map((row) => row.id)).toEqual([invoice.id]);
  expect((await t.call('getAllInvoice', { search: invoice.number }, owner.token)).body.result.map((row) => row.id)).toEqual([invoice.id]);
  const answers = [
    invoice,
    await t.call('getInvoice', { id: invoice.id }, owner.token),
    await t.call('getAllInvoice', {}, owner.token),
    await t.call('getInvoicesByBookingIds', { bookingIds: [bookingId] }, owner.token),
    await t.call('getMergedInvoicesByClient', { clientId }, owner.token),
    await t.call('getInvoicePreview', { bookingId, settings: { type: true, discount: '0', moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false } }, owner.token),
  ];
  for (const answer of answers) expect(JSON.stringify(answer)).not.toMatch(HEALTH);
  expect(JSON.stringify(answers[1])).toContain('Aktuel tekst');
});

it('keeps the journal texts an invoice prints, and nothing of the Stamjournal when Aktuel behandling is off', async () => {
  const { invoice } = await invoicedClient({ treatmentText: true, aktuelBehandling: false, followUpText: false });
  expect(invoice.image[0]).toMatchObject({ stamJournal: [], journal: { treatment: 'Massage af nakke', followUp: '' }, upComing: [] });
});

it('reduces invoices stored by an older version, idempotently', async () => {
  const { invoice, owner } = await invoicedClient({ treatmentText: false, aktuelBehandling: false, followUpText: false });
  const invoices = t.api.services.models.Invoice.db.collection('invoices');
  const { Types } = await import('mongoose');
  const id = new Types.ObjectId(invoice.id);
  // The old shape: every Stamjournal field, both journal texts and the upcoming times, whatever was printed.
  const old = {
    ...invoice.image[0]!,
    journal: { treatment: 'Massage af nakke', followUp: 'Om to uger' },
    stamJournal: [{ name: 'Sygdomshistorie', value: 'Sygdomshistorie-tekst' }, { name: 'Aktuel behandling', value: 'Aktuel tekst' }],
    upComing: [{ from: 1 }],
  };
  await invoices.updateOne({ _id: id }, { $set: { snapshots: [old] } });
  expect(await minimiseInvoiceSnapshots(t.api.services.models.Invoice.db)).toBeGreaterThanOrEqual(1);
  const once = await invoices.findOne({ _id: id });
  expect(JSON.stringify(once)).not.toMatch(HEALTH);
  expect((once?.snapshots as unknown[])[0]).toMatchObject({ journal: null, stamJournal: [], upComing: [], number: invoice.number, amounts: invoice.image[0]!.amounts });
  expect(await minimiseInvoiceSnapshots(t.api.services.models.Invoice.db)).toBe(0);
  expect(await invoices.findOne({ _id: id })).toEqual(once);
  // A CPR number stored in plain text by an older version is encrypted by the start-up encryption pass.
  await invoices.updateOne({ _id: id }, { $set: { CPR: '010190-1234', 'snapshots.0.client.CPR': '010190-1234' } });
  await reencryptAll(t.api.services.models.Invoice.db);
  expect(JSON.stringify(await invoices.findOne({ _id: id }))).not.toContain('010190');
  expect((await t.call('getInvoice', { id: invoice.id }, owner.token)).body.data).toMatchObject({ CPR: '010190-1234', image: [{ client: { CPR: '010190-1234' } }] });
});

it('erasing a client removes everything but the invoices, which keep only what bookkeeping needs', async () => {
  const { owner, clientId, invoice } = await invoicedClient({ treatmentText: true, aktuelBehandling: true, followUpText: true });
  expect(JSON.stringify(invoice.image)).toContain('Massage af nakke');
  await t.call('saveFieldComment', { clientId, journalId: invoice.bookingId, customFieldName: 'effect', value: 'Kommentar-tekst' } as never, owner.token);
  t.clock.set(copenhagenWallTime(2026, 12, 20, 12, 0));
  const erased = await t.call('deleteClient', { id: clientId }, owner.token);
  expect(erased.status).toBe(200);

  // A raw look at every collection: the client's id remains only on its invoices (and their claims) and in the access log.
  await t.api.services.accessLog.flush();
  const db = t.api.services.models.Client.db;
  const collections = (await db.listCollections()).map((info) => info.name);
  const left: Record<string, number> = {};
  for (const name of collections) {
    // This clinic's documents and anything naming the client or its booking (other tests' clinics hold look-alikes).
    const docs = (await db.collection(name).find({}).toArray()).filter((doc) => [owner.companyId, clientId, invoice.bookingId ?? clientId].some((id) => JSON.stringify(doc).includes(id)));
    const text = JSON.stringify(docs);
    expect([name, text.match(HEALTH)?.[0] ?? text.match(/Kommentar-tekst|Aktuel tekst|signe@example\.dk/)?.[0] ?? null]).toEqual([name, null]);
    const count = docs.filter((doc) => JSON.stringify(doc).includes(clientId)).length;
    if (count) left[name] = count;
  }
  // The access log keeps who read the record (ids, names of the readers, networks; no health data) for its five years.
  expect(Object.keys(left).sort()).toEqual(['accesslogs', 'invoices']);
  const kept = await db.collection('invoices').findOne({ clientId: new (await import('mongoose')).Types.ObjectId(clientId) });
  expect(kept).toMatchObject({ number: invoice.number, nameFirst: 'Signe', totalOre: invoice.totalOre });
  expect((kept?.snapshots as unknown[])[0]).toMatchObject({ client: { nameFirst: 'Signe', address: 'Åvej 2', email: '' }, amounts: invoice.image[0]!.amounts, journal: null, stamJournal: [] });
  // The CPR number it printed stays, encrypted, and is answered to the clinic as printed.
  const answered = await t.call('getInvoice', { id: invoice.id }, owner.token);
  expect(answered.body.data).toMatchObject({ CPR: '010190-1234', image: [{ client: { CPR: '010190-1234', email: '' }, journal: null }] });
});

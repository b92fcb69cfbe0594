/**
 * Invoices through the real endpoint: the required data with the '||' format, numbers 1..50 without
 * gaps under concurrency, the year rollover, the counter, credit notes, snapshots that never change, VAT and
 * discount to the øre, merged statements, tenancy, and the mail with the server-built PDF read back by MuPDF.
 */
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { invoicePdfBytes } from '@klinik/core/invoice-pdf';
import { copenhagenWallTime, DAY_MS, type InvoiceSnapshot } from '@klinik/core';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { stallNextInvoiceInsert } from './support/stall-insert.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApi({ smtpUrl: smtp.url, uploadFileLimitBytes: 10 * 1024 * 1024 });
  t.clock.set(copenhagenWallTime(2026, 11, 23, 12, 0));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const HOUR = 3_600_000;
const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const ADDRESS = { address: 'Åvej 2', post: '4000', town: 'Roskilde' };
const SETTINGS = { type: true, discount: '12,50', moms: true, treatmentText: true, aktuelBehandling: true, followUpText: true };

async function readyClinic(priceDkk = 450): Promise<SignedInOwner & { treatmentId: string }> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const treatment = await t.call('addTreatment', { name: 'Massage', price: priceDkk, duration: 45 * 60, pause: 0 }, owner.token);
  return { ...owner, treatmentId: treatment.body.data.id };
}

let slot = 0;
/** Clients already created, per clinic and CPR: a second booking of the same person books the existing client. */
const known = new Map<string, string>();
async function bookingFor(clinic: SignedInOwner & { treatmentId: string }, cprLast4 = '1234') {
  slot += 1;
  const from = copenhagenWallTime(2026, 12, 1, 6, 0) + (slot % 17) * HOUR + Math.floor(slot / 17) * DAY_MS;
  const key = `${clinic.companyId}:${cprLast4}`;
  const existing = known.get(key);
  const booked = await t.call('addBooking', { treatmentId: clinic.treatmentId, from, ...(existing ? { clientId: existing } : { client: newClient(cprLast4) }) }, clinic.token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  if (!existing) {
    known.set(key, booked.body.data.clientId);
    await t.call('setClient', { id: booked.body.data.clientId, changes: ADDRESS }, clinic.token);
  }
  return booked.body.data;
}

describe('required data', () => {
  it("lists what is missing as '||'-separated alerts, checked by the server", async () => {
    const owner = await clinicWithTrial(t);
    const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
    const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from: copenhagenWallTime(2026, 12, 2, 9, 0), client: newClient() }, owner.token);
    const refused = await t.call('addInvoice', { bookingId: booked.body.data.id, settings: SETTINGS }, owner.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Du mangler at udfylde (Firmaindstillinger: Reg.nr., Kontonummer)||Du mangler at udfylde (Klientdata: Adresse, Postnummer, By)');
    expect((await t.call('getInvoicePreview', { bookingId: booked.body.data.id, settings: SETTINGS }, owner.token)).body.message).toBe(refused.body.message);
    expect(await t.models.Invoice.countDocuments({ companyId: owner.companyId })).toBe(0);
  });

  it('keeps the company profile to the owner and to the spec rules', async () => {
    const owner = await clinicWithTrial(t);
    const colleague = await colleagueOf(t, owner);
    expect((await t.call('setCompany', COMPANY, colleague.token)).status).toBe(403);
    expect((await t.call('getCompany', {}, colleague.token)).body.data.companyName).toBe('Fysio Ærø');
    expect((await t.call('setCompany', { ...COMPANY, regNumber: '12345' }, owner.token)).body.message).toBe('Reg.nr. skal være et tal med højst 4 cifre');
    expect((await t.call('setCompany', { ...COMPANY, accountNumber: '12a' }, owner.token)).status).toBe(400);
    expect((await t.call('setCompany', { ...COMPANY, companyName: ' ' }, owner.token)).status).toBe(400);
  });

  it('enforces every rule of the shared schema on the server, with the messages /Settings shows', async () => {
    const owner = await clinicWithTrial(t);
    const colleague = await colleagueOf(t, owner);
    const refused = async (changes: Record<string, unknown>) => {
      const answer = await t.call('setCompany', { ...COMPANY, ...changes }, owner.token);
      expect(answer.status).toBe(400);
      return answer.body.errors as Record<string, string>;
    };
    expect((await refused({ CVR: '1234567a' })).CVR).toBe('CVR skal være et heltal på højst 8 cifre');
    expect((await refused({ CVR: '123456789' })).CVR).toBe('CVR skal være et heltal på højst 8 cifre');
    expect((await refused({ mobilePay: 'ring på 12345' })).mobilePay).toBe('MobilePay skal være et tal med højst 100 cifre');
    expect((await refused({ mobilePay: '1'.repeat(101) })).mobilePay).toBe('MobilePay skal være et tal med højst 100 cifre');
    expect((await refused({ email: '' })).email).toBe('Personlige oplysninger i e-mail påkrævet');
    expect((await refused({ email: 'kontakt@' })).email).toBe('Ugyldigt e-mailadresseformat');
    expect((await refused({ phone: '1'.repeat(21) })).phone).toBe('Telefonnummer må højst være 20 tegn');
    expect((await refused({ post: '123456789' })).post).toBe('Postnummer skal være et heltal på højst 8 cifre');
    expect((await refused({ town: 'x'.repeat(101) })).town).toBe('By må højst være 100 tegn');
    expect((await refused({ CVR: { $gt: '' } })).CVR).toBeDefined();
    expect((await refused({ logo: 'data:image/png;base64,AAAA' }))).toBeDefined();
    // Nothing of the refused attempts was stored; a valid one is, with MobilePay's spaces dropped.
    expect((await t.call('getCompany', {}, owner.token)).body.data.CVR).not.toBe('1234567a');
    const saved = await t.call('setCompany', { ...COMPANY, mobilePay: '12 34 56', CVR: '' }, owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ mobilePay: '123456', CVR: '' });
    // The colleague reads the profile and can change neither it nor the logo.
    expect((await t.call('setCompany', { ...COMPANY, companyName: 'Overtaget' }, colleague.token)).status).toBe(403);
    expect((await t.call('getCompany', {}, colleague.token)).body.data).toMatchObject({ companyName: COMPANY.companyName, mobilePay: '123456' });
  });
});

describe('issuing', () => {
  it('computes discount before VAT to the øre, snapshots the records, and never changes an issued invoice', async () => {
    const clinic = await readyClinic(449.99);
    const booking = await bookingFor(clinic);
    await t.call('addJournal', { bookingId: booking.id }, clinic.token);
    await t.call('setJournal', { id: booking.id, version: 0, changes: { treatment: 'Massage af nakke', followUp: 'Om to uger' } }, clinic.token);
    const later = await bookingFor(clinic);
    const preview = await t.call('getInvoicePreview', { bookingId: booking.id, settings: SETTINGS }, clinic.token);
    // 449,99 − 12,50 = 437,49; VAT 25 % = 109,3725 → 109,37; total 546,86.
    expect(preview.body.data.amounts).toEqual({ priceOre: 44999, discountOre: 1250, netOre: 43749, vatBaseOre: 43749, vatFreeOre: 0, vatOre: 10937, totalOre: 54686 });
    expect(preview.body.data.number).toBe('Udkast');
    const issued = await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token);
    expect(issued.status).toBe(200);
    const invoice = issued.body.data;
    expect(invoice).toMatchObject({ number: '0001-26', isCredit: false, totalOre: 54686, nameFirst: 'Signe', CPR: '010190-1234' });
    expect(invoice.image[0]).toMatchObject({
      number: '0001-26',
      journal: { treatment: 'Massage af nakke', followUp: 'Om to uger' },
      upComing: [{ from: later.from }],
      client: { address: 'Åvej 2', town: 'Roskilde' },
      company: { CVR: '12345678', regNumber: '1234' },
    });
    expect((await t.call('getBooking', { id: booking.id }, clinic.token)).body.data).toMatchObject({ invoiceId: invoice.id, state: 'invoiced' });

    await t.call('setClient', { id: booking.clientId, changes: { address: 'Ny vej 9' } }, clinic.token);
    await t.call('setTreatment', { id: clinic.treatmentId, name: 'Ny pris', price: 999, duration: 45 * 60, pause: 0 }, clinic.token);
    const again = await t.call('getInvoice', { id: invoice.id }, clinic.token);
    expect(again.body.data.image).toEqual(invoice.image);
    expect((await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).status).toBe(409);
    expect((await t.call('deleteInvoice', { id: invoice.id }, clinic.token)).status).toBe(403);
  });

  it('stores and answers only what the invoice prints: no Stamjournal field, journal text or appointment beyond the settings', async () => {
    const clinic = await readyClinic();
    const booking = await bookingFor(clinic, '4100');
    await t.call('addJournal', { bookingId: booking.id }, clinic.token);
    await t.call('setJournal', { id: booking.id, version: 0, changes: { treatment: 'Hemmelig behandlingstekst', followUp: 'Hemmelig opfølgning' } }, clinic.token);
    const fields = (await t.call('getCustomFieldsFromClientIsNotJournal', { clientId: booking.clientId }, clinic.token)).body.data;
    for (const field of fields.filter((f) => f.value !== undefined).slice(0, 4)) {
      await t.call('setCustomField', { id: field.id, version: field.version, value: `Hemmelig ${field.name}` }, clinic.token);
    }
    await bookingFor(clinic, '4100');
    const secret = /Hemmelig/;
    const nothing = { ...SETTINGS, treatmentText: false, aktuelBehandling: false, followUpText: false };
    const preview = await t.call('getInvoicePreview', { bookingId: booking.id, settings: nothing }, clinic.token);
    expect(JSON.stringify(preview.body)).not.toMatch(secret);
    const issued = await t.call('addInvoice', { bookingId: booking.id, settings: { ...nothing, aktuelBehandling: true } }, clinic.token);
    expect(issued.status).toBe(200);
    // Only the one Stamjournal field the setting prints; no journal text, no next appointments.
    expect(issued.body.data.image[0]).toMatchObject({ journal: null, upComing: [], stamJournal: [{ name: 'Aktuel behandling', value: 'Hemmelig Aktuel behandling' }] });
    const stored = await t.models.Invoice.findById(issued.body.data.id).lean();
    expect(JSON.stringify(stored).match(/Hemmelig[^"]*/g)).toEqual(['Hemmelig Aktuel behandling']);
    const listed = await t.call('getAllInvoice', { search: '' }, clinic.token);
    expect(JSON.stringify(listed.body).match(/Hemmelig[^"]*/g)).toEqual(['Hemmelig Aktuel behandling']);
  });

  it('cuts the snapshots stored before the rule to what they print, once, at start', async () => {
    const { minimiseInvoiceSnapshots } = await import('../src/migrations/invoice-snapshots.js');
    const clinic = await readyClinic();
    const booking = await bookingFor(clinic, '4200');
    const issued = await t.call('addInvoice', { bookingId: booking.id, settings: { ...SETTINGS, treatmentText: true, aktuelBehandling: false, followUpText: false } }, clinic.token);
    const id = issued.body.data.id;
    // As stored before the rule: the whole Stamjournal, both journal texts and the next appointment.
    const old = { ...issued.body.data.image[0], journal: { treatment: 'Massage', followUp: 'Gammel opfølgning' }, stamJournal: [{ name: 'Aktuel behandling', value: 'Ondt i ryggen' }, { name: 'Diagnose', value: 'Diskusprolaps' }], upComing: [{ from: booking.from + 86_400_000 }] };
    await t.models.Invoice.updateOne({ _id: id }, { $set: { snapshots: [old] } });
    const conn = t.api.services.models.Invoice.db;
    expect(await minimiseInvoiceSnapshots(conn)).toBeGreaterThanOrEqual(1);
    const cut = (await t.models.Invoice.findById(id).lean())!.snapshots[0] as Record<string, unknown>;
    expect(cut).toMatchObject({ journal: { treatment: 'Massage', followUp: '' }, stamJournal: [], upComing: [] });
    // Run again, it changes nothing (idempotent).
    expect(await minimiseInvoiceSnapshots(conn)).toBe(0);
  });

  it('VAT without discount, no VAT, and a discount larger than the price', async () => {
    const clinic = await readyClinic(0.05);
    const tiny = await bookingFor(clinic);
    // 0,05 × 25 % = 0,0125 → 0,01 (half up on øre).
    expect((await t.call('getInvoicePreview', { bookingId: tiny.id, settings: { ...SETTINGS, discount: 0 } }, clinic.token)).body.data.amounts).toEqual({ priceOre: 5, discountOre: 0, netOre: 5, vatBaseOre: 5, vatFreeOre: 0, vatOre: 1, totalOre: 6 });
    expect((await t.call('getInvoicePreview', { bookingId: tiny.id, settings: { ...SETTINGS, discount: 0, moms: false } }, clinic.token)).body.data.amounts.totalOre).toBe(5);
    expect((await t.call('getInvoicePreview', { bookingId: tiny.id, settings: { ...SETTINGS, discount: 10 } }, clinic.token)).body.data.amounts).toMatchObject({ discountOre: 5, totalOre: 0 });
    expect((await t.call('getInvoicePreview', { bookingId: tiny.id, settings: { ...SETTINGS, discount: '1,234' } }, clinic.token)).status).toBe(400);
  });

  it('gives 50 concurrent invoices of one clinic the numbers 1..50 without gaps; one booking is invoiced once', async () => {
    const clinic = await readyClinic();
    const bookings = [];
    for (let i = 0; i < 50; i += 1) bookings.push(await bookingFor(clinic, String(2000 + i)));
    const answers = await Promise.all(bookings.map((booking) => t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)));
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
    const numbers = answers.map((answer) => answer.body.data.number).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `${String(i + 1).padStart(4, '0')}-26`));

    const one = await bookingFor(clinic, '3000');
    const race = await Promise.all([1, 2, 3].map(() => t.call('addInvoice', { bookingId: one.id, settings: SETTINGS }, clinic.token)));
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect(race.find((answer) => answer.status === 200)!.body.data.number).toBe('0051-26');
  });

  it('links an invoice a crashed request issued instead of issuing it again, however old its claim', async () => {
    const clinic = await readyClinic();
    const booking = await bookingFor(clinic, '3100');
    const issued = await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token);
    expect(issued.status).toBe(200);
    // As if the request had crashed right after the invoice was written: neither the claim nor the booking point at it,
    // and the claim is long past the orphan age.
    const claimId = `${booking.id}:0:inv`;
    await t.models.InvoiceClaim.updateOne({ _id: claimId }, { $set: { invoiceId: null, createdAt: t.clock.now() - 10 * 60_000 } });
    await t.models.Booking.updateOne({ _id: booking.id }, { $set: { invoiceId: null } });

    const again = await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token);
    expect(again.status).toBe(409);
    expect(await t.models.Invoice.countDocuments({ bookingId: booking.id })).toBe(1);
    expect((await t.models.InvoiceClaim.findById(claimId).lean())?.invoiceId?.toString()).toBe(issued.body.data.id);
    expect((await t.models.Booking.findById(booking.id).lean())?.invoiceId?.toString()).toBe(issued.body.data.id);

    // A claim whose request crashed before any invoice was written is taken over once it is a minute old.
    const other = await bookingFor(clinic, '3101');
    await t.models.InvoiceClaim.create({ _id: `${other.id}:0:inv`, companyId: clinic.companyId, createdAt: t.clock.now() - 10 * 60_000, holder: 'crashed' });
    const taken = await t.call('addInvoice', { bookingId: other.id, settings: SETTINGS }, clinic.token);
    expect(taken.status).toBe(200);
    expect(await t.models.Invoice.countDocuments({ bookingId: other.id })).toBe(1);
  });

  it('refuses the insert of a request stalled past the takeover of its claim: the claim is unique on the invoice', async () => {
    const clinic = await readyClinic();
    const booking = await bookingFor(clinic, '3200');
    const stall = stallNextInvoiceInsert(t, booking.id);
    const stalledFor = 2 * 60_000;
    let first: ReturnType<typeof t.call<'addInvoice'>> | undefined;
    try {
      first = t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token);
      // Past its claim check, at its insert, it stalls for over a minute: its claim now looks left over by a crash.
      await stall.atInsert;
      t.clock.advance(stalledFor);
      const second = await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token);
      expect(second.status).toBe(200);
      expect((await t.models.InvoiceClaim.findById(`${booking.id}:0:inv`).lean())?.invoiceId?.toString()).toBe(second.body.data.id);
      stall.release();
      const stalled = await first;
      expect([stalled.status, stalled.body.message]).toEqual([409, 'Bookingen er allerede faktureret']);
      expect(await t.models.Invoice.countDocuments({ bookingId: booking.id })).toBe(1);
      expect((await t.models.Booking.findById(booking.id).lean())?.invoiceId?.toString()).toBe(second.body.data.id);
      // The refused insert used no number.
      const next = await t.call('addInvoice', { bookingId: (await bookingFor(clinic, '3201')).id, settings: SETTINGS }, clinic.token);
      expect(parseInt(next.body.data.number, 10)).toBe(parseInt(second.body.data.number, 10) + 1);
    } finally {
      stall.release();
      await first?.catch(() => undefined);
      stall.restore();
      t.clock.advance(-stalledFor);
    }
  });

  it('gives every invoice stored before the rule a claim of its own, once, at start, then builds the unique index', async () => {
    const { Types } = await import('mongoose');
    const { runStartupMigrations } = await import('../src/migrations/index.js');
    const { giveEveryInvoiceAClaim } = await import('../src/migrations/invoice-claims.js');
    const { createLogger } = await import('../src/logger.js');
    const conn = t.api.services.models.Invoice.db;
    const invoices = conn.collection('invoices');
    const clinic = await readyClinic();
    const booking = await bookingFor(clinic, '3300');
    const invoice = (await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data;
    const credit = (await t.call('addInvoice', { bookingId: booking.id, settings: { ...SETTINGS, type: false } }, clinic.token)).body.data;
    const merged = (await t.call('addMergedInvoice', { clientId: booking.clientId, from: booking.from - HOUR, to: booking.from + HOUR, invoiceIds: [invoice.id] }, clinic.token)).body.data;
    // Every invoice document carries a claim of its own: an invoice and its credit note their claims, a statement its id.
    const claimOf = async (id: string): Promise<unknown> => (await invoices.findOne({ _id: new Types.ObjectId(id) }))?.claimId;
    expect([await claimOf(invoice.id), await claimOf(credit.id), await claimOf(merged.id)]).toEqual([`${booking.id}:0:inv`, `${booking.id}:0:cred`, `own-${merged.id}`]);

    // An older database: no index, invoices without a claim (a missing field, a null), and one booking invoiced twice
    // under one claim, the fault the index closes.
    await invoices.dropIndex('claimId_unique');
    const older = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];
    const base = { companyId: new Types.ObjectId(clinic.companyId), therapistId: new Types.ObjectId(clinic.therapistId), clientId: new Types.ObjectId(booking.clientId), year: 2020, seq: 0, number: 'gammel', createdBy: new Types.ObjectId(clinic.therapistId), createdAt: 1 };
    await invoices.insertMany([
      { ...base, _id: older[0] },
      { ...base, _id: older[1], claimId: null },
      { ...base, _id: older[2], claimId: 'dobbelt:0:inv' },
      { ...base, _id: older[3], claimId: 'dobbelt:0:inv' },
    ]);
    await conn.collection('migrations').deleteOne({ _id: 'invoice-claims-unique' as never });
    expect(await runStartupMigrations(conn, createLogger('silent'))).toEqual(['invoice-claims-unique']);
    const after = await invoices.find({ _id: { $in: older } }).sort({ _id: 1 }).toArray();
    expect(after.map((doc): unknown => doc.claimId).sort()).toEqual([`own-${older[0]!.toHexString()}`, `own-${older[1]!.toHexString()}`, 'dobbelt:0:inv', `own-${older[3]!.toHexString()}`].sort());
    expect((await invoices.indexes()).find((index) => index.name === 'claimId_unique')).toMatchObject({ key: { claimId: 1 }, unique: true });
    // Again: nothing more to do.
    expect(await runStartupMigrations(conn, createLogger('silent'))).toEqual([]);
    expect(await giveEveryInvoiceAClaim(conn)).toEqual({ given: 0, doubles: 0 });
    await expect(invoices.insertOne({ ...base, _id: new Types.ObjectId(), claimId: `${booking.id}:0:inv` })).rejects.toMatchObject({ code: 11000 });
  });

  it('starts again at 0001 in a new year, and continues from a counter set by the owner', async () => {
    const clinic = await readyClinic();
    const first = await bookingFor(clinic);
    expect((await t.call('addInvoice', { bookingId: first.id, settings: SETTINGS }, clinic.token)).body.data.number).toBe('0001-26');
    expect((await t.call('getCvrFromNumber', { CVR: '12345678' }, clinic.token)).body.data).toMatchObject({ count: 1, year: 2026 });
    expect((await t.call('setCvrCounter', { CVR: '12345678', count: 0 }, clinic.token)).status).toBe(409);
    expect((await t.call('setCvrCounter', { CVR: '87654321', count: 5 }, clinic.token)).status).toBe(404);
    expect((await t.call('setCvrCounter', { CVR: '12345678', count: 99 }, clinic.token)).status).toBe(200);
    const second = await bookingFor(clinic);
    expect((await t.call('addInvoice', { bookingId: second.id, settings: SETTINGS }, clinic.token)).body.data.number).toBe('0100-26');

    // The free trial would have run out by then: this clinic pays for pro.
    await t.models.Company.updateOne({ _id: clinic.companyId }, { $set: { planType: 'pro', status: 'active' } });
    const newYear = copenhagenWallTime(2027, 1, 1, 0, 5) - t.clock.now();
    t.clock.advance(newYear);
    try {
      const third = await bookingFor(clinic);
      expect((await t.call('addInvoice', { bookingId: third.id, settings: SETTINGS }, clinic.token)).body.data.number).toBe('0001-27');
      expect((await t.call('getCvrFromNumber', { CVR: '12345678' }, clinic.token)).body.data).toMatchObject({ count: 1, year: 2027 });
    } finally {
      t.clock.advance(-newYear);
    }
  });
});

describe('the next invoice number', () => {
  it('moves only up: a lower one is refused in Danish and changes nothing; the owner alone sets it', async () => {
    const clinic = await readyClinic();
    const colleague = await colleagueOf(t, clinic);
    const set = (count: number, token = clinic.token) => t.call('setCvrCounter', { CVR: '12345678', count }, token);
    expect((await set(40)).body.data).toMatchObject({ count: 40, year: 2026 });
    const lower = await set(39);
    expect([lower.status, lower.body.message]).toEqual([409, 'Næste fakturanummer kan kun sættes op: det skal være 0041-26 eller højere, så intet fakturanummer bruges to gange']);
    expect((await set(50, colleague.token)).status).toBe(403);
    expect((await t.call('getCvrFromNumber', { CVR: '12345678' }, clinic.token)).body.data).toMatchObject({ count: 40, year: 2026 });
    expect((await set(40)).status).toBe(200);
    const booking = await bookingFor(clinic);
    expect((await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data.number).toBe('0041-26');
    // Issued, 0041 is used: setting the counter back to 40 would offer it again.
    expect((await set(40)).body.message).toBe('Næste fakturanummer kan kun sættes op: det skal være 0042-26 eller højere, så intet fakturanummer bruges to gange');
  });

  it('raises the next number above the numbers a clinic imported this year before the rule, once, at start', async () => {
    const clinic = await readyClinic();
    const { raiseFloorsAboveImportedNumbers } = await import('../src/migrations/imported-invoice-numbers.js');
    const conn = t.api.services.models.Invoice.db;
    // As an import left them before VAT per line: outside the sequence (seq 0), under ids of their own.
    const { Types } = await import('mongoose');
    const imported = (number: string, year: number) => ({ _id: new Types.ObjectId(), companyId: new Types.ObjectId(clinic.companyId), therapistId: new Types.ObjectId(clinic.therapistId), number, year, seq: 0, imported: true, isMerged: false, isCredit: false, claimId: `import-${number}-${year}`, snapshots: [] });
    await conn.collection('invoices').insertMany([imported('0038-26', 2026), imported('40', 2026), imported('F-2026-90', 2026), imported('0077-25', 2025)]);
    expect(await raiseFloorsAboveImportedNumbers(conn, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await raiseFloorsAboveImportedNumbers(conn, t.clock.now())).toBe(0);
    const booking = await bookingFor(clinic);
    expect((await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data.number).toBe('0041-26');
  });
});

describe('credit notes', () => {
  it('credit the invoice with the next number and negated amounts; the booking can be invoiced again', async () => {
    const clinic = await readyClinic();
    const booking = await bookingFor(clinic);
    const invoice = (await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data;
    const credit = await t.call('addInvoice', { bookingId: booking.id, settings: { ...SETTINGS, type: false } }, clinic.token);
    expect(credit.body.data).toMatchObject({ number: '0002-26', isCredit: true, creditForId: invoice.id, totalOre: -invoice.totalOre });
    expect(credit.body.data.image[0]).toMatchObject({ creditFor: '0001-26', settings: { type: false } });
    expect((await t.call('getBooking', { id: booking.id }, clinic.token)).body.data.invoiceId).toBeNull();
    expect((await t.call('addInvoice', { bookingId: booking.id, settings: { ...SETTINGS, type: false } }, clinic.token)).status).toBe(409);
    expect((await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data.number).toBe('0003-26');
    const uninvoiced = await bookingFor(clinic);
    expect((await t.call('addInvoice', { bookingId: uninvoiced.id, settings: { ...SETTINGS, type: false } }, clinic.token)).body.message).toBe('Bookingen har ingen faktura at kreditere');
  });
});

describe('lists, merged statements and tenancy', () => {
  it('lists with search and pages; merges a period; another clinic sees nothing', async () => {
    const clinic = await readyClinic();
    const a = await bookingFor(clinic);
    const b = await bookingFor(clinic);
    const ia = (await t.call('addInvoice', { bookingId: a.id, settings: SETTINGS }, clinic.token)).body.data;
    const ib = (await t.call('addInvoice', { bookingId: b.id, settings: SETTINGS }, clinic.token)).body.data;
    const list = await t.call('getAllInvoice', { page: 1, size: 5, search: '' }, clinic.token);
    expect(list.body).toMatchObject({ totalCount: 2 });
    expect(list.body.result.map((invoice) => invoice.number)).toEqual(['0002-26', '0001-26']);
    expect((await t.call('getAllInvoice', { search: '0002' }, clinic.token)).body.result.map((invoice) => invoice.id)).toEqual([ib.id]);
    expect((await t.call('getAllInvoice', { search: 'signe kjær' }, clinic.token)).body.totalCount).toBe(2);
    expect((await t.call('getInvoicesByBookingIds', { bookingIds: [a.id] }, clinic.token)).body).toMatchObject({ total: 1, data: [{ id: ia.id }] });

    const day = copenhagenWallTime(2026, 12, 1, 0, 0);
    const month = copenhagenWallTime(2027, 1, 1, 0, 0) - 1;
    expect((await t.call('getInvoicesForPeriod', { clientId: a.clientId, from: day - 30 * DAY_MS, to: day - 1 }, clinic.token)).body.total).toBe(0);
    const period = await t.call('getInvoicesForPeriod', { clientId: a.clientId, from: day, to: month }, clinic.token);
    expect(period.body.data.map((invoice) => invoice.id).sort()).toEqual([ia.id, ib.id].sort());
    const merged = await t.call('addMergedInvoice', { clientId: a.clientId, from: day, to: month, invoiceIds: [ia.id] }, clinic.token);
    expect(merged.body.data).toMatchObject({ isMerged: true, totalOre: ia.totalOre, number: 'Samlet opgørelse 01-12-2026–31-12-2026' });
    const updated = await t.call('setMergedInvoice', { id: merged.body.data.id, invoiceIds: [ia.id, ib.id] }, clinic.token);
    expect(updated.body.data.image.map((snapshot) => snapshot.number)).toEqual(['0001-26', '0002-26']);
    expect((await t.call('getMergedInvoicesByClient', { clientId: a.clientId }, clinic.token)).body.total).toBe(1);
    expect((await t.call('addMergedInvoice', { clientId: a.clientId, from: day, to: day + DAY_MS, invoiceIds: [] }, clinic.token)).body.message).toBe('Vælg mindst én faktura');

    const other = await readyClinic();
    const foreign: [string, Record<string, unknown>][] = [
      ['getInvoice', { id: ia.id }],
      ['getInvoicePreview', { bookingId: a.id, settings: SETTINGS }],
      ['addInvoice', { bookingId: a.id, settings: { ...SETTINGS, type: false } }],
      ['deleteInvoice', { id: merged.body.data.id }],
      ['setMergedInvoice', { id: merged.body.data.id, invoiceIds: [ia.id] }],
      ['invoiceMail', { id: ia.id, to: 'x@example.dk' }],
      ['getMergedInvoicesByClient', { clientId: a.clientId }],
      ['getInvoicesForPeriod', { clientId: a.clientId, from: day, to: day + DAY_MS }],
    ];
    for (const [action, input] of foreign) expect([action, (await t.call(action as 'getInvoice', input as never, other.token)).status]).toEqual([action, 404]);
    expect((await t.call('getAllInvoice', {}, other.token)).body.totalCount).toBe(0);
    expect((await t.call('getInvoicesByBookingIds', { bookingIds: [a.id] }, other.token)).body.total).toBe(0);
    expect((await t.call('addMergedInvoice', { clientId: (await bookingFor(other)).clientId, from: day, to: day + DAY_MS, invoiceIds: [ia.id] }, other.token)).status).toBe(400);
    expect((await t.call('getCvrFromNumber', { CVR: '99999999' }, other.token)).status).toBe(404);

    expect((await t.call('deleteInvoice', { id: merged.body.data.id }, clinic.token)).status).toBe(200);
    expect((await t.call('getMergedInvoicesByClient', { clientId: a.clientId }, clinic.token)).body.total).toBe(0);
  });

  it('a colleague sees only their own invoices; the owner picks a therapist', async () => {
    const clinic = await readyClinic();
    const booking = await bookingFor(clinic);
    const invoice = (await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data;
    const colleague = await colleagueOf(t, clinic);
    expect((await t.call('getAllInvoice', {}, colleague.token)).body.totalCount).toBe(0);
    expect((await t.call('getInvoice', { id: invoice.id }, colleague.token)).status).toBe(404);
    expect((await t.call('getAllInvoice', { therapistId: colleague.therapistId }, clinic.token)).body.totalCount).toBe(0);
    expect((await t.call('getAllInvoice', { therapistId: clinic.therapistId }, clinic.token)).body.totalCount).toBe(1);
  });
});

describe('mail', () => {
  it('sends Faktura.pdf built on the server; the PDF is A4 with the Danish text whole and inside the page', async () => {
    const clinic = await readyClinic();
    const booking = await bookingFor(clinic);
    const invoice = (await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data;
    expect((await t.call('invoiceMail', { id: invoice.id, to: 'a@example.dk, ikke-en-mail' }, clinic.token)).status).toBe(400);
    const sent = await t.call('invoiceMail', { id: invoice.id, to: 'signe@example.dk, bogholder@example.dk', message: 'Tak for besøget.' }, clinic.token);
    expect(sent.status).toBe(200);
    const mail = await smtp.waitForMail('bogholder@example.dk');
    expect(mail.to.sort()).toEqual(['bogholder@example.dk', 'signe@example.dk']);
    expect(mail.text).toContain('Tak for besøget.');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ filename: 'Faktura.pdf', contentType: 'application/pdf' });

    const doc = mupdf.Document.openDocument(new Uint8Array(pdf!.content), 'application/pdf');
    expect(doc.countPages()).toBe(1);
    const page = doc.loadPage(0);
    const [x0, y0, x1, y1] = page.getBounds();
    // A4 portrait: 595 × 842 points.
    expect([Math.round(x1 - x0), Math.round(y1 - y0)]).toEqual([595, 842]);
    const text = page.toStructuredText("preserve-whitespace").asText();
    for (const expected of ['Faktura', 'Fysio Ærø', '5970 Ærøskøbing', 'CVR: 12345678', 'Signe Kjær', 'Åvej 2', 'Fakturanr.:', '0001-26', 'Massage (45 min.)', 'Rabat', '-12,50 kr.', 'Moms 25 %', '109,38 kr.', '546,88 kr.', 'reg.nr. 1234', 'kontonr. 0012345678', 'MobilePay 12345', 'Mette Ørsted']) {
      expect(text).toContain(expected);
    }
    const blocks = (JSON.parse(page.toStructuredText('preserve-whitespace').asJSON()) as { blocks: { bbox: { x: number; y: number; w: number; h: number } }[] }).blocks;
    for (const { bbox } of blocks) {
      expect(bbox.x).toBeGreaterThanOrEqual(20);
      expect(bbox.y).toBeGreaterThanOrEqual(20);
      expect(bbox.x + bbox.w).toBeLessThanOrEqual(575);
      expect(bbox.y + bbox.h).toBeLessThanOrEqual(822);
    }
    // Rendered as an image, the page is not blank.
    const pixmap = page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceGray, false, true);
    const samples = pixmap.getPixels();
    expect(samples.filter((value) => value < 128).length).toBeGreaterThan(2000);
  });
});

describe('the logo', () => {
  async function uploadLogo(token: string, name: string, data: Buffer) {
    const form = new FormData();
    form.set('action', 'uploadCompanyLogo');
    form.set('token', token);
    form.append('logo', new Blob([new Uint8Array(data)]), name);
    const response = await fetch(t.url, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as { message: string; data: { logo: string | null } } };
  }

  it('takes a JPG or PNG (by content) up to 5 MB from the owner, and prints it on the invoice', async () => {
    const clinic = await readyClinic();
    const colleague = await colleagueOf(t, clinic);
    const png = await sharp({ create: { width: 1200, height: 400, channels: 4, background: { r: 53, g: 64, b: 142, alpha: 1 } } }).png().toBuffer();
    expect((await uploadLogo(colleague.token, 'logo.png', png)).status).toBe(403);
    expect((await uploadLogo(clinic.token, 'logo.png', Buffer.from('MZ not an image'))).body.message).toBe('Logoet skal være en JPG, JPEG eller PNG fil');
    expect((await uploadLogo(clinic.token, 'logo.gif', await sharp(png).gif().toBuffer())).status).toBe(400);
    // Spec 3 §8: one byte over 5,120,000 is refused with the spec's text; a GIF renamed .png by its content.
    const oversize = await uploadLogo(clinic.token, 'logo.png', Buffer.concat([png, Buffer.alloc(5_120_001 - png.length)]));
    expect(oversize).toEqual({ status: 400, body: { message: 'Fejl: Filstørrelsen er for stor. Upload fil mindre end 5 MB.', errors: { logo: 'Fejl: Filstørrelsen er for stor. Upload fil mindre end 5 MB.' } } });
    // Beyond the whole-upload limit (10 MiB here) the parser stops it, and still says the spec's text.
    expect((await uploadLogo(clinic.token, 'logo.png', Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]))).body.message).toBe('Fejl: Filstørrelsen er for stor. Upload fil mindre end 5 MB.');
    expect((await uploadLogo(clinic.token, 'logo.png', await sharp(png).gif().toBuffer())).body.message).toBe('Logoet skal være en JPG, JPEG eller PNG fil');
    expect((await uploadLogo(clinic.token, 'logo.jpg', await sharp(png).jpeg().toBuffer())).status).toBe(200);
    expect((await t.call('getCompany', {}, colleague.token)).body.data.logo).toMatch(/^data:image\/png;base64,/);
    const saved = await uploadLogo(clinic.token, 'logo.png', png);
    expect(saved.status).toBe(200);
    const stored = Buffer.from(saved.body.data.logo!.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 600, height: 200 });

    const booking = await bookingFor(clinic);
    const invoice = (await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data;
    expect(invoice.image[0]!.company.logo).toBe(saved.body.data.logo);
    const page = mupdf.Document.openDocument(invoicePdfBytes(invoice.image), 'application/pdf').loadPage(0);
    const blocks = (JSON.parse(page.toStructuredText('preserve-images').asJSON()) as { blocks: { type: string; bbox: { x: number; y: number } }[] }).blocks;
    const image = blocks.find((block) => block.type === 'image');
    // Drawn at the left margin (20 mm = 56.7 pt), at the top.
    expect(image).toBeDefined();
    expect(Math.abs(image!.bbox.x - 56.7)).toBeLessThan(1.5);
    expect(image!.bbox.y).toBeLessThan(60);
    expect(page.toStructuredText('preserve-whitespace').asText()).toContain('Faktura');
  });
});

describe('VAT per treatment, due date and payment details', () => {
  const textOf = (image: Parameters<typeof invoicePdfBytes>[0]): string[] => {
    const doc = mupdf.Document.openDocument(invoicePdfBytes(image), 'application/pdf');
    return Array.from({ length: doc.countPages() }, (_, index) => doc.loadPage(index).toStructuredText('preserve-whitespace').asText());
  };
  /** The page's words in order, whatever the lines wrap at. */
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  const EXEMPT = 'Momsfri ydelse, jf. momslovens § 13, stk. 1, nr. 1';
  const times = (text: string, part: string) => flat(text).split(part).length - 1;

  async function mixedClinic() {
    const clinic = await readyClinic();
    const physio = await t.call('addTreatment', { name: 'Fysioterapi', price: 500, duration: 30 * 60, pause: 0, vatExempt: true }, clinic.token);
    expect(physio.body.data.vatExempt).toBe(true);
    return { ...clinic, physioId: physio.body.data.id };
  }

  it('gives each treatment its VAT kind, new ones from the clinic\'s default, and keeps it when changed without one', async () => {
    const clinic = await readyClinic();
    const massage = (await t.call('getTreatment', { id: clinic.treatmentId }, clinic.token)).body.data;
    // 'Momsregistreret' (the default): a new treatment carries VAT.
    expect(massage.vatExempt).toBe(false);
    expect((await t.call('setTreatment', { id: clinic.treatmentId, name: 'Massage', price: 450, duration: 45 * 60, pause: 0, vatExempt: true }, clinic.token)).body.data.vatExempt).toBe(true);
    expect((await t.call('setTreatment', { id: clinic.treatmentId, name: 'Massage', price: 460, duration: 45 * 60, pause: 0 }, clinic.token)).body.data).toMatchObject({ price: 460, vatExempt: true });
    expect((await t.call('setTreatment', { id: clinic.treatmentId, name: 'Massage', price: 460, duration: 45 * 60, pause: 0, vatExempt: 'ja' } as never, clinic.token)).status).toBe(400);
    // A clinic that is not VAT registered: its new treatments are exempt unless said otherwise.
    expect((await t.call('setCompany', { ...COMPANY, moms: false }, clinic.token)).status).toBe(200);
    expect((await t.call('addTreatment', { name: 'Psykoterapi', price: 900, duration: 50 * 60, pause: 0 }, clinic.token)).body.data.vatExempt).toBe(true);
    expect((await t.call('addTreatment', { name: 'Olie', price: 100, duration: 5 * 60, pause: 0, vatExempt: false }, clinic.token)).body.data.vatExempt).toBe(false);
  });

  it('issues a mixed invoice: VAT per line, totals to the øre, the exemption text once, the due date and how to pay; its credit note mirrors it', async () => {
    const clinic = await mixedClinic();
    const booking = await bookingFor(clinic, '4300');
    const settings = { ...SETTINGS, treatmentText: false, aktuelBehandling: false, followUpText: false };
    const issued = await t.call('addInvoice', { bookingId: booking.id, settings, extraTreatmentIds: [clinic.physioId] }, clinic.token);
    expect(issued.status).toBe(200);
    const invoice = issued.body.data;
    const snapshot = invoice.image[0]!;
    // 450 + 500 less 12,50 spread by price (5,92 and 6,58): 25 % on 444,08 is 111,02; the physiotherapy carries none.
    expect(snapshot.lines!.map((line) => [line.name, line.priceOre, line.discountOre, line.netOre, line.vatExempt, line.vatPercent, line.vatOre, line.totalOre])).toEqual([
      ['Massage', 45_000, 592, 44_408, false, 25, 11_102, 55_510],
      ['Fysioterapi', 50_000, 658, 49_342, true, 0, 0, 49_342],
    ]);
    expect(snapshot.amounts).toEqual({ priceOre: 95_000, discountOre: 1_250, netOre: 93_750, vatBaseOre: 44_408, vatFreeOre: 49_342, vatOre: 11_102, totalOre: 104_852 });
    expect(invoice.totalOre).toBe(104_852);
    // Issued on 23-11-2026 with the default 'Betalingsfrist' of 8 days.
    expect(snapshot.dueDate).toBe('2026-12-01');
    const [page, ...more] = textOf(invoice.image);
    expect(more).toEqual([]);
    for (const expected of ['Massage (45 min.)', 'Fysioterapi', '25 %', 'Momsfri', 'Momsgrundlag', '444,08 kr.', 'Momsfrit beløb', '493,42 kr.', 'Moms 25 %', '111,02 kr.', 'I alt', '1.048,52 kr.', 'Forfaldsdato:', '01-12-2026']) {
      expect(page).toContain(expected);
    }
    expect(times(page!, EXEMPT)).toBe(1);
    expect(flat(page!)).toContain('Betales senest 01-12-2026 til reg.nr. 1234, kontonr. 0012345678 eller MobilePay 12345. Angiv fakturanummer 0001-26 som reference.');

    const credit = (await t.call('addInvoice', { bookingId: booking.id, settings: { ...settings, type: false }, extraTreatmentIds: [] }, clinic.token)).body.data;
    const mirrored = credit.image[0]!;
    expect(mirrored.lines!.map((line) => [line.vatExempt, line.vatPercent, line.netOre, line.vatOre, line.totalOre])).toEqual([
      [false, 25, -44_408, -11_102, -55_510],
      [true, 0, -49_342, 0, -49_342],
    ]);
    expect(mirrored.amounts).toEqual({ priceOre: -95_000, discountOre: -1_250, netOre: -93_750, vatBaseOre: -44_408, vatFreeOre: -49_342, vatOre: -11_102, totalOre: -104_852 });
    expect(credit.totalOre).toBe(-104_852);
    expect(mirrored.dueDate).toBeUndefined();
    const creditPage = textOf(credit.image)[0]!;
    expect(times(creditPage, EXEMPT)).toBe(1);
    for (const expected of ['Kreditnota', 'Krediterer faktura:', 'Momsfri', '-111,02 kr.', 'Krediteret i alt', '-1.048,52 kr.']) expect(creditPage).toContain(expected);
    expect(creditPage).not.toContain('Forfaldsdato');
    expect(creditPage).not.toContain('Betales senest');
  });

  it('refuses a treatment as a further line that the clinic does not have, and more than ten', async () => {
    const clinic = await mixedClinic();
    const other = await mixedClinic();
    const booking = await bookingFor(clinic, '4310');
    const foreign = await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS, extraTreatmentIds: [other.physioId] }, clinic.token);
    expect([foreign.status, foreign.body.message]).toEqual([400, 'En af de valgte ekstra ydelser findes ikke']);
    const many = await t.call('getInvoicePreview', { bookingId: booking.id, settings: SETTINGS, extraTreatmentIds: Array.from({ length: 11 }, () => clinic.physioId) }, clinic.token);
    expect([many.status, many.body.message]).toEqual([400, 'Højst 10 ekstra ydelser på en faktura']);
    expect(await t.models.Invoice.countDocuments({ companyId: clinic.companyId })).toBe(0);
    // The same treatment twice is two lines.
    const twice = await t.call('getInvoicePreview', { bookingId: booking.id, settings: { ...SETTINGS, discount: 0 }, extraTreatmentIds: [clinic.physioId, clinic.physioId] }, clinic.token);
    expect(twice.body.data.amounts).toMatchObject({ vatBaseOre: 45_000, vatFreeOre: 100_000, vatOre: 11_250, totalOre: 156_250 });
  });

  it("prints 'Betalingsfrist' as the clinic sets it; a profile saved without it keeps it", async () => {
    const clinic = await readyClinic();
    expect((await t.call('getCompany', {}, clinic.token)).body.data.dueDays).toBe(8);
    const refused = await t.call('setCompany', { ...COMPANY, dueDays: 91 }, clinic.token);
    expect([refused.status, refused.body.errors]).toEqual([400, { dueDays: 'Betalingsfrist skal være et helt antal dage fra 0 til 90' }]);
    expect((await t.call('setCompany', { ...COMPANY, dueDays: '14' }, clinic.token)).body.data.dueDays).toBe(14);
    expect((await t.call('setCompany', COMPANY, clinic.token)).body.data.dueDays).toBe(14);
    const booking = await bookingFor(clinic, '4320');
    const invoice = (await t.call('addInvoice', { bookingId: booking.id, settings: SETTINGS }, clinic.token)).body.data;
    expect(invoice.image[0]!.dueDate).toBe('2026-12-07');
    expect(flat(textOf(invoice.image)[0]!)).toContain('Betales senest 07-12-2026 til reg.nr. 1234, kontonr. 0012345678 eller MobilePay 12345.');
  });

  it('adds up a merged statement by VAT kind, an invoice issued before VAT per line among them', async () => {
    const clinic = await mixedClinic();
    const mixed = await bookingFor(clinic, '4330');
    const plain = await bookingFor(clinic, '4330');
    const settings = { ...SETTINGS, treatmentText: false, aktuelBehandling: false, followUpText: false };
    const a = (await t.call('addInvoice', { bookingId: mixed.id, settings, extraTreatmentIds: [clinic.physioId] }, clinic.token)).body.data;
    const b = (await t.call('addInvoice', { bookingId: plain.id, settings: { ...settings, discount: 0, moms: false } }, clinic.token)).body.data;
    // As issued before VAT per line: one treatment, no lines, no due date (450,00 without VAT).
    const { lines: _lines, dueDate: _due, ...older } = b.image[0]!;
    await t.models.Invoice.updateOne({ _id: b.id }, { $set: { snapshots: [{ ...older, amounts: { priceOre: 45_000, discountOre: 0, netOre: 45_000, vatOre: 0, totalOre: 45_000 } }] } });
    const day = copenhagenWallTime(2026, 12, 1, 0, 0);
    const merged = (await t.call('addMergedInvoice', { clientId: mixed.clientId, from: day, to: day + 40 * DAY_MS, invoiceIds: [a.id, b.id] }, clinic.token)).body.data;
    expect(merged.totalOre).toBe(104_852 + 45_000);
    const [summary, first, second] = textOf(merged.image);
    expect(summary).toContain('Samlet opgørelse');
    for (const expected of ['Momsgrundlag', '444,08 kr.', 'Momsfrit beløb', '943,42 kr.', 'Moms 25 %', '111,02 kr.', '1.498,52 kr.']) expect(summary).toContain(expected);
    expect(times(summary!, EXEMPT)).toBe(1);
    expect(times(first!, EXEMPT)).toBe(1);
    // The older invoice's page as it always printed.
    expect(second).toContain('Der er ikke beregnet moms');
    expect(times(second!, EXEMPT)).toBe(0);
  });

  it('prints an invoice issued before VAT per line exactly as it printed then (its PDF text unchanged)', () => {
    const from = copenhagenWallTime(2025, 3, 4, 10, 0);
    const old: InvoiceSnapshot = {
      number: '0007-25',
      issuedAt: copenhagenWallTime(2025, 3, 4, 12, 0),
      therapist: { nameFirst: 'Mette', nameLast: 'Ørsted' },
      company: { companyName: 'Fysio Ærø', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345', logo: null },
      client: { nameFirst: 'Signe', nameLast: 'Kjær', address: 'Åvej 2', post: '4000', town: 'Roskilde', email: 'signe@example.dk', CPR: '010190-1234' },
      treatment: { name: 'Massage', duration: 2700, price: 45000 },
      booking: { from, to: from + 2_700_000 },
      journal: { treatment: 'Massage af nakke', followUp: 'Om to uger' },
      stamJournal: [{ name: 'Aktuel behandling', value: 'Ondt i nakken' }],
      upComing: [{ from: from + 14 * DAY_MS }],
      settings: { type: true, discount: 1250, moms: true, treatmentText: true, aktuelBehandling: true, followUpText: true },
      amounts: { priceOre: 45000, discountOre: 1250, netOre: 43750, vatOre: 10938, totalOre: 54688 },
      creditFor: null,
    };
    const noVat: InvoiceSnapshot = { ...old, settings: { ...old.settings, moms: false, discount: 0 }, amounts: { priceOre: 45000, discountOre: 0, netOre: 45000, vatOre: 0, totalOre: 45000 }, company: { ...old.company, mobilePay: '' } };
    const credit: InvoiceSnapshot = { ...old, number: '0008-25', settings: { ...old.settings, type: false }, amounts: { priceOre: -45000, discountOre: -1250, netOre: -43750, vatOre: -10938, totalOre: -54688 }, creditFor: '0007-25' };
    // The text the renderer gave these snapshots before VAT per line, read back the same way.
    const before = {
  invoice: ["Faktura", "", "Fysio Ærø", "Havnegade 1", "5970 Ærøskøbing", "CVR: 12345678", "", "Tlf.: 62521234", "kontakt@fysio-aeroe.test", "Til", "Signe Kjær", "Åvej 2", "4000 Roskilde", "CPR: 010190-1234", "", "Fakturanr.:", "0007-25", "Dato:", "04-03-2025", "Behandler:", "Mette Ørsted", "", "Ydelse", "Beløb", "", "Massage (45 min.)", "450,00 kr.", "", "04-03-2025 kl. 10:00–10:45", "", "Rabat", "-12,50 kr.", "Beløb uden moms", "437,50 kr.", "Moms 25 %", "109,38 kr.", "", "I alt", "546,88 kr.", "", "Aktuel behandling", "Ondt i nakken", "", "Behandling", "Massage af nakke", "", "Opfølgning", "Om to uger", "", "Kommende tider", "18-03-2025 kl. 10:00", "", "Betaling til reg.nr. 1234, kontonr. 0012345678 eller MobilePay 12345. Angiv fakturanummer 0007-25.", "", ""],
  noVat: ["Faktura", "", "Fysio Ærø", "Havnegade 1", "5970 Ærøskøbing", "CVR: 12345678", "", "Tlf.: 62521234", "kontakt@fysio-aeroe.test", "Til", "Signe Kjær", "Åvej 2", "4000 Roskilde", "CPR: 010190-1234", "", "Fakturanr.:", "0007-25", "Dato:", "04-03-2025", "Behandler:", "Mette Ørsted", "", "Ydelse", "Beløb", "", "Massage (45 min.)", "450,00 kr.", "", "04-03-2025 kl. 10:00–10:45", "", "Beløb uden moms", "450,00 kr.", "Moms", "Der er ikke beregnet moms", "", "I alt", "450,00 kr.", "", "Aktuel behandling", "Ondt i nakken", "", "Behandling", "Massage af nakke", "", "Opfølgning", "Om to uger", "", "Kommende tider", "18-03-2025 kl. 10:00", "", "Betaling til reg.nr. 1234, kontonr. 0012345678. Angiv fakturanummer 0007-25.", "", ""],
  credit: ["Kreditnota", "", "Fysio Ærø", "Havnegade 1", "5970 Ærøskøbing", "CVR: 12345678", "", "Tlf.: 62521234", "kontakt@fysio-aeroe.test", "Til", "Signe Kjær", "Åvej 2", "4000 Roskilde", "CPR: 010190-1234", "", "Kreditnotanr.:", "0008-25", "Dato:", "04-03-2025", "Behandler:", "Mette Ørsted", "Krediterer faktura:", "0007-25", "", "Ydelse", "Beløb", "", "Massage (45 min.)", "-450,00 kr.", "", "04-03-2025 kl. 10:00–10:45", "", "Rabat", "12,50 kr.", "Beløb uden moms", "-437,50 kr.", "Moms 25 %", "-109,38 kr.", "", "Krediteret i alt", "-546,88 kr.", "", "Aktuel behandling", "Ondt i nakken", "", "Behandling", "Massage af nakke", "", "Opfølgning", "Om to uger", "", "Kommende tider", "18-03-2025 kl. 10:00", "", "Beløbet tilbageføres til den konto, betalingen kom fra.", "", ""],
    };
    expect(textOf(old)).toEqual([before.invoice.join('\n')]);
    expect(textOf(noVat)).toEqual([before.noVat.join('\n')]);
    expect(textOf(credit)).toEqual([before.credit.join('\n')]);
  });
});

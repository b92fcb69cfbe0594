/**
 * /Statistik's figures through the real endpoint, against a clinic with known invoices (mixed VAT, no VAT, a credit
 * note, paid and unpaid), bookings, opening hours and SMS: every figure compared to the øre; the kept monthly counts
 * follow a payment, a booking's change and an SMS made after they were counted; a therapist sees only their own; the
 * exports hold the same figures, and the year statement's PDF reads back.
 */
import * as mupdf from 'mupdf';
import * as XLSX from '@e965/xlsx';
import { Types } from 'mongoose';
import { copenhagenWallTime, emptyRevenue, type RevenueFigures } from '@klinik/core';
import { setIssuedMonths } from '../src/migrations/invoice-issued-months.js';
import { clinicWithTrial, colleagueOf, newClient, registerAndLogin, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const WITH_VAT = { type: true, discount: '12,50', moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false };
const ADDRESS = { address: 'Åvej 2', post: '4000', town: 'Roskilde' };
type Caller = { token: string; therapistId: string };

async function book(caller: Caller, treatmentId: string, from: number, client: { cpr4: string } | { clientId: string }) {
  const booked = await t.call('addBooking', { treatmentId, from, ...('clientId' in client ? { clientId: client.clientId } : { client: newClient(client.cpr4) }) }, caller.token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  if (!('clientId' in client)) await t.call('setClient', { id: booked.body.data.clientId, changes: ADDRESS }, caller.token);
  return booked.body.data;
}

async function invoice(caller: Caller, bookingId: string, settings: typeof WITH_VAT, extraTreatmentIds: string[] = []) {
  const issued = await t.call('addInvoice', { bookingId, settings, extraTreatmentIds }, caller.token);
  if (issued.status !== 200) throw new Error(JSON.stringify(issued.body));
  return issued.body.data;
}

const revenue = (figures: Partial<RevenueFigures>): RevenueFigures => ({ ...emptyRevenue(), ...figures });

/**
 * March 2026: the owner's mixed invoice I1 (massage 450 with 25 % VAT and physiotherapy 500 exempt, 12,50 off), the
 * colleague's I2 without VAT (300, unpaid), the owner's I3 (massage 450 with VAT, paid). April: I1's credit note, and
 * the first client's second visit.
 */
async function knownClinic() {
  const owner: SignedInOwner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const colleague = await colleagueOf(t, owner);
  const massage = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token)).body.data.id;
  const physio = (await t.call('addTreatment', { name: 'Fysioterapi', price: 500, duration: 30 * 60, pause: 0, vatExempt: true }, owner.token)).body.data.id;
  const zone = (await t.call('addTreatment', { name: 'Zoneterapi', price: 300, duration: 60 * 60, pause: 0 }, colleague.token)).body.data.id;

  t.clock.set(copenhagenWallTime(2026, 3, 10, 9, 0));
  const b1 = await book(owner, massage, copenhagenWallTime(2026, 3, 12, 10, 0), { cpr4: '5101' });
  const b2 = await book(colleague, zone, copenhagenWallTime(2026, 3, 13, 10, 0), { cpr4: '5102' });
  const b3 = await book(owner, massage, copenhagenWallTime(2026, 3, 20, 10, 0), { cpr4: '5103' });
  const i1 = await invoice(owner, b1.id, WITH_VAT, [physio]);
  const i2 = await invoice(colleague, b2.id, { ...WITH_VAT, discount: '0', moms: false });
  const i3 = await invoice(owner, b3.id, { ...WITH_VAT, discount: '0' });
  expect((await t.call('addOpeningHours', { from: copenhagenWallTime(2026, 3, 12, 8, 0), to: copenhagenWallTime(2026, 3, 12, 16, 0) }, owner.token)).status).toBe(200);
  t.clock.set(copenhagenWallTime(2026, 3, 25, 9, 0));
  expect((await t.call('setInvoicePaid', { id: i3.id, paidOn: '2026-03-25', method: 'bank' }, owner.token)).status).toBe(200);

  t.clock.set(copenhagenWallTime(2026, 4, 5, 9, 0));
  const credit = await invoice(owner, b1.id, { ...WITH_VAT, type: false });
  const b4 = await book(owner, massage, copenhagenWallTime(2026, 4, 15, 10, 0), { clientId: b1.clientId });
  return { owner, colleague, i1, i2, i3, credit, b1, b2, b3, b4 };
}

const MARCH = revenue({ netOre: 168_750, vatOre: 22_352, totalOre: 191_102, vatBaseOre: 89_408, exemptOre: 49_342, noVatOre: 30_000, invoices: 3, paidOre: 56_250, outstandingOre: 30_000 });
const APRIL = revenue({
  netOre: -93_750,
  vatOre: -11_102,
  totalOre: -104_852,
  vatBaseOre: -44_408,
  exemptOre: -49_342,
  creditNetOre: -93_750,
  creditVatOre: -11_102,
  creditTotalOre: -104_852,
  creditNotes: 1,
});

describe('getStatistics', () => {
  it('adds up the invoices and credit notes of the period to the øre, with bookings, clients, utilisation and SMS', async () => {
    const clinic = await knownClinic();
    const { owner, colleague } = clinic;
    // The invoices themselves, as the sums below are made of them.
    expect([clinic.i1.totalOre, clinic.i2.totalOre, clinic.i3.totalOre, clinic.credit.totalOre]).toEqual([104_852, 30_000, 56_250, -104_852]);
    await t.models.SmsUsage.insertMany([
      { _id: `sms-a-${colleague.therapistId}`, companyId: owner.companyId, therapistId: colleague.therapistId, month: '2026-03', year: 2026, kind: 'booking', free: true, priceOre: 0, sentAt: copenhagenWallTime(2026, 3, 12, 8, 0) },
      { _id: `sms-b-${colleague.therapistId}`, companyId: owner.companyId, therapistId: colleague.therapistId, month: '2026-03', year: 2026, kind: 'booking', free: false, priceOre: 50, sentAt: copenhagenWallTime(2026, 3, 13, 8, 0) },
    ]);

    const answer = await t.call('getStatistics', { from: '2026-03', to: '2026-04' }, owner.token);
    expect(answer.status).toBe(200);
    const stats = answer.body.data;
    expect(stats.therapistId).toBeNull();
    expect(stats.months.map((month) => month.month)).toEqual(['2026-03', '2026-04']);
    expect(stats.months[0]!.revenue).toEqual(MARCH);
    expect(stats.months[1]!.revenue).toEqual(APRIL);
    const total = emptyRevenue();
    for (const key of Object.keys(total) as (keyof RevenueFigures)[]) total[key] = MARCH[key] + APRIL[key];
    expect(stats.total).toEqual(total);
    expect(stats.previousYear.map((month) => [month.month, month.revenue, month.bookings.count])).toEqual([
      ['2025-03', emptyRevenue(), 0],
      ['2025-04', emptyRevenue(), 0],
    ]);
    expect(stats.byTherapist).toEqual([
      { therapistId: owner.therapistId, name: 'Mette Ørsted', netOre: 45_000, vatOre: 11_250, totalOre: 56_250 },
      { therapistId: colleague.therapistId, name: 'Jonas Bæk', netOre: 30_000, vatOre: 0, totalOre: 30_000 },
    ]);
    expect(stats.byTreatment).toEqual([
      { name: 'Massage', netOre: 45_000, vatOre: 11_250, totalOre: 56_250, lines: 1 },
      { name: 'Zoneterapi', netOre: 30_000, vatOre: 0, totalOre: 30_000, lines: 1 },
      { name: 'Fysioterapi', netOre: 0, vatOre: 0, totalOre: 0, lines: 0 },
    ]);
    expect(stats.months.map((month) => [month.bookings, month.clients, month.messages])).toEqual([
      [{ count: 3, online: 0, bookedMinutes: 45 + 60 + 45 }, { new: 3, returning: 0 }, { sms: 2, smsCostOre: 50 }],
      [{ count: 1, online: 0, bookedMinutes: 45 }, { new: 0, returning: 1 }, { sms: 0, smsCostOre: 0 }],
    ]);
    // The first client came back 34 days later; the other two did not.
    expect(stats.rebooked).toEqual({ clients: 3, rebooked: 1 });
    // 12 March is in week 11: 8 opening hours, the massage booked; the 20th in week 12.
    expect(stats.utilisation).toEqual([
      { week: '2026-W11', therapistId: owner.therapistId, bookedMinutes: 45, openMinutes: 480 },
      { week: '2026-W11', therapistId: colleague.therapistId, bookedMinutes: 60, openMinutes: 0 },
      { week: '2026-W12', therapistId: owner.therapistId, bookedMinutes: 45, openMinutes: 0 },
      { week: '2026-W16', therapistId: owner.therapistId, bookedMinutes: 45, openMinutes: 0 },
    ]);
    expect([stats.cancellations, stats.noShows]).toEqual([null, 0]);
  });

  it('keeps the months it counted, and counts a month again after a payment, a booking change or an SMS in it', async () => {
    const { owner, colleague, i2, b3 } = await knownClinic();
    const march = async () => (await t.call('getStatistics', { from: '2026-03', to: '2026-03' }, owner.token)).body.data.months[0]!;
    expect((await march()).revenue).toEqual(MARCH);
    const kept = await t.models.StatisticsMonth.findOne({ _id: `${owner.companyId}:2026-03` }).lean();
    expect(kept?.month).toBe('2026-03');

    expect((await t.call('setInvoicePaid', { id: i2.id, paidOn: '2026-04-05', method: 'cash' }, colleague.token)).status).toBe(200);
    expect((await march()).revenue).toEqual({ ...MARCH, paidOre: 86_250, outstandingOre: 0 });

    // A write past the API's actions (as an import or the online page makes): an update of a counted field.
    await t.models.Booking.updateOne({ _id: b3.id }, { $set: { source: 'online' } });
    expect((await march()).bookings).toEqual({ count: 3, online: 1, bookedMinutes: 150 });
    const massage = (await t.models.Treatment.findOne({ companyId: owner.companyId, name: 'Massage' }).lean())!._id.toString();
    const added = await book(owner, massage, copenhagenWallTime(2026, 3, 27, 10, 0), { cpr4: '5104' });
    expect([(await march()).bookings.count, (await march()).clients]).toEqual([4, { new: 4, returning: 0 }]);
    expect((await t.call('deleteBooking', { id: added.id }, owner.token)).status).toBe(200);
    expect((await march()).bookings.count).toBe(3);
    await t.models.SmsUsage.create({ _id: `sms-c-${owner.therapistId}`, companyId: owner.companyId, therapistId: owner.therapistId, month: '2026-03', year: 2026, kind: 'booking', free: false, priceOre: 45, sentAt: copenhagenWallTime(2026, 3, 14, 8, 0) });
    expect((await march()).messages).toEqual({ sms: 1, smsCostOre: 45 });
  });

  it("shows a therapist their own figures only, refuses a colleague's, and lets the owner pick one", async () => {
    const { owner, colleague } = await knownClinic();
    const own = await t.call('getStatistics', { from: '2026-03', to: '2026-04' }, colleague.token);
    expect(own.status).toBe(200);
    expect(own.body.data.therapistId).toBe(colleague.therapistId);
    expect(own.body.data.months.map((month) => [month.revenue, month.bookings.count])).toEqual([
      [revenue({ netOre: 30_000, totalOre: 30_000, noVatOre: 30_000, invoices: 1, outstandingOre: 30_000 }), 1],
      [emptyRevenue(), 0],
    ]);
    expect(own.body.data.byTherapist.map((row) => row.therapistId)).toEqual([colleague.therapistId]);
    expect(own.body.data.utilisation.every((row) => row.therapistId === colleague.therapistId)).toBe(true);
    const picked = await t.call('getStatistics', { from: '2026-03', to: '2026-04', therapistId: colleague.therapistId }, owner.token);
    expect(picked.body.data).toEqual(own.body.data);

    const refused = await t.call('getStatistics', { from: '2026-03', to: '2026-04', therapistId: owner.therapistId }, colleague.token);
    expect([refused.status, refused.body.message]).toEqual([403, 'Du kan kun se dine egne tal']);
    expect((await t.call('exportStatistics', { from: '2026-03', to: '2026-04', therapistId: owner.therapistId, format: 'xlsx' }, colleague.token)).status).toBe(403);
    expect((await t.call('getYearStatement', { year: 2026 }, colleague.token)).status).toBe(403);
    const stranger = await registerAndLogin(t);
    const foreign = await t.call('getStatistics', { from: '2026-03', to: '2026-04', therapistId: stranger.therapistId }, owner.token);
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Behandleren findes ikke i klinikken']);
  });

  it('refuses a period that is not whole months in order, or too long', async () => {
    const owner = await clinicWithTrial(t);
    const bad: Record<string, unknown>[] = [{ from: '2026-13' }, { from: '2026-3' }, { from: { $gt: '' } }, { to: '2026-02' }, { to: '2029-04' }, { therapistId: { $ne: null } }, { extra: 1 }];
    for (const change of bad) {
      const answer = await t.post({ action: 'getStatistics', token: owner.token, from: '2026-03', to: '2026-04', ...change });
      expect([change, answer.status]).toEqual([change, 400]);
    }
    expect(await t.models.StatisticsMonth.countDocuments({ companyId: owner.companyId })).toBe(0);
  });
});

describe('exports', () => {
  it('writes the tables as Excel and CSV with the same figures, and the year statement as a PDF for the accountant', async () => {
    const { owner } = await knownClinic();
    const excel = await t.call('exportStatistics', { from: '2026-03', to: '2026-04', format: 'xlsx' }, owner.token);
    expect(excel.status).toBe(200);
    expect(excel.body.data.filename).toBe('statistik-2026-03-2026-04.xlsx');
    const book = XLSX.read(Buffer.from(excel.body.data.content, 'base64'), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Omsætning pr. måned', 'Bookinger pr. måned', 'Klienter pr. måned', 'SMS pr. måned', 'Omsætning pr. behandler', 'Omsætning pr. ydelse', 'Belægning pr. uge']);
    const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets['Omsætning pr. måned']!, { header: 1 });
    expect(rows).toEqual([
      ['Måned', 'Ekskl. moms', 'Moms', 'I alt', 'Heraf kreditnotaer', 'Betalt', 'Udestående', 'Fakturaer', 'Kreditnotaer'],
      ['marts 2026', 1687.5, 223.52, 1911.02, 0, 562.5, 300, 3, 0],
      ['april 2026', -937.5, -111.02, -1048.52, -1048.52, 0, 0, 0, 1],
    ]);

    const csv = await t.call('exportStatistics', { from: '2026-03', to: '2026-04', format: 'csv', table: 'revenue' }, owner.token);
    expect(csv.body.data.filename).toBe('statistik-2026-03-2026-04-revenue.csv');
    expect(Buffer.from(csv.body.data.content, 'base64').toString('utf8')).toBe(
      '\uFEFFMåned;Ekskl. moms;Moms;I alt;Heraf kreditnotaer;Betalt;Udestående;Fakturaer;Kreditnotaer\r\n' +
        'marts 2026;1687,50;223,52;1911,02;0,00;562,50;300,00;3;0\r\n' +
        'april 2026;-937,50;-111,02;-1048,52;-1048,52;0,00;0,00;0;1\r\n',
    );
    expect((await t.call('exportStatistics', { from: '2026-03', to: '2026-04', format: 'csv' }, owner.token)).status).toBe(400);

    const statement = await t.call('getYearStatement', { year: 2026 }, owner.token);
    expect(statement.status).toBe(200);
    expect(statement.body.data).toMatchObject({ filename: 'aarsopgoerelse-2026.pdf', contentType: 'application/pdf' });
    const doc = mupdf.Document.openDocument(Buffer.from(statement.body.data.content, 'base64'), 'application/pdf');
    const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
    for (const expected of ['Årsopgørelse 2026', 'Fysio Ærø, CVR 12345678', 'marts 2026 894,08 493,42 300,00 223,52 1.911,02 0,00', 'april 2026 -444,08 -493,42 0,00 -111,02 -1.048,52 -1.048,52', 'I alt 450,00 0,00 300,00 112,50 862,50 -1.048,52', 'Udestående pr. 31.12.2026', '1 faktura, i alt 300,00 kr.']) {
      expect(text).toContain(expected);
    }
  });
});

describe('the month key of invoices stored before it', () => {
  it("gives each its Copenhagen month once, and leaves a month it has alone", async () => {
    const owner = await clinicWithTrial(t);
    const companyId = new Types.ObjectId(owner.companyId);
    const raw = (createdAt: number, issuedMonth?: string) => ({ _id: new Types.ObjectId(), companyId, createdAt, ...(issuedMonth ? { issuedMonth } : {}) });
    // 23:30 in Copenhagen on the last day of a month is still that month (UTC is an hour or two behind).
    const docs = [raw(copenhagenWallTime(2026, 1, 31, 23, 30)), raw(copenhagenWallTime(2026, 3, 31, 23, 30)), raw(copenhagenWallTime(2026, 4, 1, 0, 30)), raw(copenhagenWallTime(2026, 5, 5, 12, 0), '2026-05')];
    await t.models.Invoice.collection.insertMany(docs);
    expect(await setIssuedMonths(t.models.Invoice.db)).toBeGreaterThanOrEqual(3);
    const months = (await t.models.Invoice.collection.find({ _id: { $in: docs.map((doc) => doc._id) } }, { projection: { issuedMonth: 1 } }).toArray()) as { _id: Types.ObjectId; issuedMonth?: string }[];
    expect(docs.map((doc) => months.find((month) => String(month._id) === String(doc._id))?.issuedMonth)).toEqual(['2026-01', '2026-03', '2026-04', '2026-05']);
    expect(await setIssuedMonths(t.models.Invoice.db)).toBe(0);
  });
});

/**
 * No-shows, no-show fees and refunds of booking payments through the real endpoint, against the payment sandbox as
 * the clinic's merchant account: 'Udeblevet' only for a booking that has started (a therapist their own, the owner
 * any), shown in the calendar's answer, on the client's page and in /Statistik; the fee once per booking, from the
 * saved card (an invoice issued as paid) or else as an invoice; refunds of part or all of what was paid, each with a
 * credit note of the amount, never more than is left, one of two simultaneous refunds of the rest.
 *
 * The payment at booking is set up as the booking payment flow leaves it (a settled sandbox charge `bp<booking>`, the
 * booking's paid invoice, the payment recorded as paid, which the flow's own settling then leaves alone).
 */
import { randomUUID } from 'node:crypto';
import { copenhagenWallTime, type ActionInput, type ActionName, type ActionOutput } from '@klinik/core';
import type { AccountingSandbox } from '@klinik/devkit';
import { payWithCard } from './support/sandbox-checkout.js';

const { Types } = await import('mongoose');
const { tenantDb } = await import('../src/data/tenant-db.js');
const { merchantOf } = await import('../src/domain/payment-account/gateway.js');
const { runAccountingTransfers } = await import('../src/jobs/accounting-transfers.js');
const { clinicWithTrial, colleagueOf, newClient } = await import('./support/fixtures.js');
const { until } = await import('./support/until.js');
const { startTestApi } = await import('./support/test-api.js');
type TestApi = Awaited<ReturnType<typeof startTestApi>>;
type Owner = Awaited<ReturnType<typeof clinicWithTrial>>;

let t: TestApi;
let origin: string;
beforeAll(async () => {
  t = await startTestApi();
  origin = t.url.replace(/\/api$/, '');
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const NOW = copenhagenWallTime(2026, 11, 23, 12, 0);
beforeEach(() => t.clock.set(NOW));

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const SETTINGS = { type: true, discount: '0', moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false };
/** 400 kr. + 25 % VAT: what the client pays at booking. */
const PAID_ORE = 50_000;
const FEE_ORE = 20_000;

type Clinic = Owner & { treatmentId: string };
type Caller = { token: string };

async function ok<A extends ActionName>(action: A, input: ActionInput<A>, caller: Caller): Promise<ActionOutput<A>> {
  const answer = await t.call(action, input, caller.token);
  if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function readyClinic(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  await ok('setCompany', COMPANY, owner);
  await ok('setClinicPaymentAccount', { provider: 'sandbox' }, owner);
  const treatment = await ok('addTreatment', { name: 'Massage', price: 400, duration: 3600, pause: 0, noShowFeeOre: FEE_ORE }, owner);
  return { ...owner, treatmentId: treatment.data.id };
}

let slot = 0;
/** A booking of a new client that started `hoursAgo` ago (negative: later), in `caller`'s calendar. */
async function booking(clinic: Clinic, caller: Caller & { treatmentId?: string } = clinic, hoursAgo = 2) {
  slot += 1;
  // Past bookings lie further back, later ones further ahead, a day apart: none collide.
  const from = NOW - hoursAgo * HOUR + Math.sign(-hoursAgo) * (slot % 40) * 24 * HOUR;
  const booked = await ok('addBooking', { treatmentId: caller.treatmentId ?? clinic.treatmentId, from, client: newClient(String(1000 + slot)) }, caller);
  await ok('setClient', { id: booked.data.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, caller);
  return booked.data;
}

async function gatewayOf(clinic: Clinic) {
  return (await merchantOf(t.api.services, tenantDb(t.api.services.models, new Types.ObjectId(clinic.companyId))))!;
}

/** What the booking payment flow leaves for a booking paid at booking: a settled charge and a paid invoice. */
async function paidAtBooking(clinic: Clinic, bookingId: string, options: { saveCard: boolean }) {
  const gateway = await gatewayOf(clinic);
  const handle = `bp${bookingId}`;
  const customer = `c${randomUUID().slice(0, 8)}`;
  const session = await gateway.createCheckout({
    handle,
    customer: { handle: customer, email: 'klient@example.dk', name: 'Klient' },
    amountOre: PAID_ORE,
    ordertext: 'Massage',
    methods: ['card', 'mobilepay'],
    saveCard: options.saveCard,
    acceptUrl: 'http://localhost:3000/booking/betalt',
    cancelUrl: 'http://localhost:3000/booking/annulleret',
    origin,
    expiresAt: t.clock.now() + 15 * 60_000,
  });
  const paid = await payWithCard(session.url);
  expect(paid.status).toBeLessThan(400);
  const charge = (await gateway.getCharge(handle))!;
  expect(charge.state).toBe('settled');
  const invoice = await ok('addInvoice', { bookingId, settings: SETTINGS }, clinic);
  expect(invoice.data.totalOre).toBe(PAID_ORE);
  await ok('setInvoicePaid', { id: invoice.data.id, paidOn: '2026-11-23', method: 'card' }, clinic);
  const view = (await ok('getBooking', { id: bookingId }, clinic)).data;
  await t.models.BookingPayment.create({
    _id: new Types.ObjectId(bookingId),
    companyId: new Types.ObjectId(clinic.companyId),
    therapistId: new Types.ObjectId(view.therapistId),
    bookingId: new Types.ObjectId(bookingId),
    clientId: new Types.ObjectId(view.clientId),
    treatmentId: new Types.ObjectId(clinic.treatmentId),
    treatmentName: 'Massage',
    from: view.from,
    to: view.to,
    kind: 'full',
    amountOre: PAID_ORE,
    priceOre: PAID_ORE,
    netPriceOre: 40_000,
    chargeVat: true,
    duration: 3600,
    state: 'paid',
    holdUntil: NOW,
    chargeHandle: handle,
    customerHandle: charge.customer,
    method: 'card',
    cardId: charge.cardId,
    maskedCard: charge.maskedCard,
    paidAt: NOW,
    acceptance: { text: 'Afbestilling senest 24 timer før tiden: du får pengene tilbage.', at: NOW, saveCard: options.saveCard },
    invoiceId: new Types.ObjectId(invoice.data.id),
    tokenHash: randomUUID(),
  });
  return { gateway, handle, invoiceId: invoice.data.id, cardId: charge.cardId };
}

const invoicesOf = (bookingId: string) => t.models.Invoice.find({ bookingId: new Types.ObjectId(bookingId) }).sort({ seq: 1 }).lean();

describe('markNoShow', () => {
  it("marks a started booking 'Udeblevet' (the calendar, the client's page and /Statistik show it), refuses one not begun, and takes the mark away", async () => {
    const clinic = await readyClinic();
    const later = await booking(clinic, clinic, -3);
    const early = await t.call('markNoShow', { bookingId: later.id, noShow: true }, clinic.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Bookingen er ikke begyndt endnu, så klienten kan ikke være udeblevet');
    expect((await t.models.Booking.findById(later.id).lean())?.noShow).toBeUndefined();

    const past = await booking(clinic);
    // /Statistik has counted the month before the mark: the mark counts it again.
    const month = new Date(past.from).toISOString().slice(0, 7);
    expect((await ok('getStatistics', { from: month, to: month }, clinic)).data.noShows).toBe(0);
    const marked = await ok('markNoShow', { bookingId: past.id, noShow: true }, clinic);
    expect(marked.message).toBe('Bookingen er markeret som udeblevet');
    expect(marked.data).toMatchObject({ id: past.id, noShow: true, payment: null, noShowFee: { amountOre: FEE_ORE, state: 'open' } });

    const week = await ok('getBookingsFromTherapist', { from: past.from - HOUR, to: past.from + HOUR }, clinic);
    expect(week.data.find((row) => row.id === past.id)).toMatchObject({ noShow: true, awaitingPayment: false, noShowFee: { amountOre: FEE_ORE, state: 'open' } });
    expect((await ok('getClient', { id: past.clientId }, clinic)).data.noShows).toBe(1);
    expect((await ok('getStatistics', { from: month, to: month }, clinic)).data.noShows).toBe(1);

    const cleared = await ok('markNoShow', { bookingId: past.id, noShow: false }, clinic);
    expect(cleared.data.noShow).toBe(false);
    expect((await ok('getClient', { id: past.clientId }, clinic)).data.noShows).toBe(0);
  });

  it("lets a therapist mark their own bookings and the owner any, never a colleague's or another clinic's", async () => {
    const clinic = await readyClinic();
    const colleague = await colleagueOf(t, clinic);
    const treatment = await ok('addTreatment', { name: 'Zoneterapi', price: 300, duration: 3600, pause: 0 }, colleague);
    const theirs = await booking(clinic, { ...colleague, treatmentId: treatment.data.id });
    const owners = await booking(clinic);

    expect((await t.call('markNoShow', { bookingId: owners.id, noShow: true }, colleague.token)).status).toBe(404);
    const other = await readyClinic();
    expect((await t.call('markNoShow', { bookingId: theirs.id, noShow: true }, other.token)).status).toBe(404);
    expect((await t.call('chargeNoShowFee', { bookingId: owners.id }, colleague.token)).status).toBe(404);
    expect((await t.call('refundBookingPayment', { bookingId: owners.id, amountOre: 100 }, other.token)).status).toBe(404);
    expect((await t.models.Booking.findById(owners.id).lean())?.noShow).toBeUndefined();

    expect((await t.call('markNoShow', { bookingId: theirs.id, noShow: true }, colleague.token)).status).toBe(200);
    expect((await t.call('markNoShow', { bookingId: owners.id, noShow: true }, clinic.token)).status).toBe(200);
    // The owner may undo a colleague's mark.
    expect((await t.call('markNoShow', { bookingId: theirs.id, noShow: false }, clinic.token)).status).toBe(200);
    expect((await t.models.Booking.findById(theirs.id).lean())?.noShow).toBe(false);
  });
});

describe('chargeNoShowFee', () => {
  it('charges the fee once from the card the client saved at booking, with an invoice issued as paid by card', async () => {
    const clinic = await readyClinic();
    const past = await booking(clinic);
    const { gateway, cardId } = await paidAtBooking(clinic, past.id, { saveCard: true });
    expect(cardId).toMatch(/^ca_/);

    const notYet = await t.call('chargeNoShowFee', { bookingId: past.id }, clinic.token);
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('Gebyret kan kun opkræves, når bookingen er markeret som udeblevet');
    expect(await gateway.getCharge(`nf${past.id}`)).toBeNull();

    await ok('markNoShow', { bookingId: past.id, noShow: true }, clinic);
    const [first, second] = await Promise.all([
      t.call('chargeNoShowFee', { bookingId: past.id }, clinic.token),
      t.call('chargeNoShowFee', { bookingId: past.id }, clinic.token),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const charged = first.status === 200 ? first : second;
    expect(charged.body.data).toMatchObject({ method: 'card', amountOre: FEE_ORE });
    expect(charged.body.message).toBe('Gebyret på 200,00 kr. er trukket på klientens gemte kort');
    expect(await gateway.getCharge(`nf${past.id}`)).toMatchObject({ state: 'settled', amountOre: FEE_ORE, cardId });
    expect(await t.models.SandboxMerchantCharge.countDocuments({ handle: `nf${past.id}` })).toBe(1);

    const invoice = (await ok('getInvoice', { id: charged.body.data.invoiceId }, clinic)).data;
    expect(invoice).toMatchObject({ isCredit: false, bookingId: past.id, totalOre: FEE_ORE });
    expect(invoice.payment).toMatchObject({ status: 'paid', method: 'card' });
    expect(invoice.image[0]!.lines).toEqual([expect.objectContaining({ name: 'Gebyr for udeblivelse: Massage', totalOre: FEE_ORE, netOre: 16_000, vatOre: 4_000 })]);

    const again = await t.call('chargeNoShowFee', { bookingId: past.id }, clinic.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Udeblivelsesgebyret er allerede opkrævet');
    const unmark = await t.call('markNoShow', { bookingId: past.id, noShow: false }, clinic.token);
    expect(unmark.status).toBe(409);
    // The paid invoice is not credited by hand (the money would stay with the clinic), but by a refund.
    const byHand = await t.call('addInvoice', { bookingId: past.id, settings: { ...SETTINGS, type: false } }, clinic.token);
    expect(byHand.status).toBe(409);
    expect(byHand.body.message).toBe('Fakturaen er betalt ved online booking. Brug Refundér på bookingen: så får klienten pengene tilbage, og der laves en kreditnota.');
    await ok('refundBookingPayment', { bookingId: past.id, amountOre: PAID_ORE }, clinic);
    // Nor does the booking go while its fee is there.
    const deleted = await t.call('deleteBooking', { id: past.id }, clinic.token);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe('Bookingen har et udeblivelsesgebyr og kan ikke slettes');
    // The paid invoice, the fee's and the paid invoice's credit note.
    expect((await invoicesOf(past.id)).length).toBe(3);
    expect((await ok('getBooking', { id: past.id }, clinic)).data).toMatchObject({ invoiceId: null, noShowFee: { amountOre: FEE_ORE, state: 'charged' }, payment: { feeOre: FEE_ORE, canChargeCard: true } });
  });

  it('sends an invoice for the fee when the client saved no card, or the booking was not paid at booking', async () => {
    const clinic = await readyClinic();
    const unsaved = await booking(clinic);
    const { gateway } = await paidAtBooking(clinic, unsaved.id, { saveCard: false });
    const calendarOnly = await booking(clinic);
    for (const { id } of [unsaved, calendarOnly]) {
      await ok('markNoShow', { bookingId: id, noShow: true }, clinic);
      const fee = await ok('chargeNoShowFee', { bookingId: id }, clinic);
      expect(fee.data).toMatchObject({ method: 'invoice', amountOre: FEE_ORE });
      expect(fee.message).toBe('Der er lavet en faktura på gebyret på 200,00 kr.');
      const invoice = (await ok('getInvoice', { id: fee.data.invoiceId }, clinic)).data;
      expect(invoice).toMatchObject({ totalOre: FEE_ORE, bookingId: id });
      expect(invoice.payment?.status).toBe('unpaid');
      expect((await ok('getBooking', { id }, clinic)).data.noShowFee).toEqual({ amountOre: FEE_ORE, state: 'invoiced' });
    }
    expect(await gateway.getCharge(`nf${unsaved.id}`)).toBeNull();
  });

  it('charges the card of a client who booked online without an address; an invoice needs the address, and may be made once it is there', async () => {
    const clinic = await readyClinic();
    const online = await booking(clinic);
    const { gateway } = await paidAtBooking(clinic, online.id, { saveCard: true });
    const calendarOnly = await booking(clinic);
    for (const { clientId } of [online, calendarOnly]) await t.models.Client.updateOne({ _id: clientId }, { $set: { address: '', post: '', town: '' } });
    for (const { id } of [online, calendarOnly]) await ok('markNoShow', { bookingId: id, noShow: true }, clinic);

    expect((await ok('chargeNoShowFee', { bookingId: online.id }, clinic)).data.method).toBe('card');
    expect(await gateway.getCharge(`nf${online.id}`)).toMatchObject({ state: 'settled', amountOre: FEE_ORE });
    const refused = await t.call('chargeNoShowFee', { bookingId: calendarOnly.id }, clinic.token);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Du mangler at udfylde (Klientdata: Adresse, Postnummer, By)');
    expect(await invoicesOf(calendarOnly.id)).toEqual([]);
    // Nothing was decided by the refusal: with the address, the fee is invoiced.
    await ok('setClient', { id: calendarOnly.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, clinic);
    expect((await ok('chargeNoShowFee', { bookingId: calendarOnly.id }, clinic)).data.method).toBe('invoice');
  });

  it('invoices the fee when the clinic has disconnected its payment account since the client saved the card', async () => {
    const clinic = await readyClinic();
    const past = await booking(clinic);
    const { gateway } = await paidAtBooking(clinic, past.id, { saveCard: true });
    await ok('markNoShow', { bookingId: past.id, noShow: true }, clinic);
    expect((await ok('getBooking', { id: past.id }, clinic)).data.payment?.canChargeCard).toBe(true);
    await ok('setClinicPaymentAccount', { provider: 'none' }, clinic);
    expect((await ok('getBooking', { id: past.id }, clinic)).data.payment?.canChargeCard).toBe(false);
    expect((await ok('chargeNoShowFee', { bookingId: past.id }, clinic)).data.method).toBe('invoice');
    expect(await gateway.getCharge(`nf${past.id}`)).toBeNull();
  });

  it('refuses a treatment without a fee', async () => {
    const clinic = await readyClinic();
    const free = await ok('addTreatment', { name: 'Samtale', price: 200, duration: 3600, pause: 0 }, clinic);
    const past = await booking(clinic, { ...clinic, treatmentId: free.data.id });
    await ok('markNoShow', { bookingId: past.id, noShow: true }, clinic);
    const answer = await t.call('chargeNoShowFee', { bookingId: past.id }, clinic.token);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Behandlingen har intet gebyr ved udeblivelse');
    expect(await invoicesOf(past.id)).toEqual([]);
  });
});

describe('refundBookingPayment', () => {
  it('refunds part, then the rest, each with a credit note of the amount; more than is left changes nothing', async () => {
    const clinic = await readyClinic();
    const past = await booking(clinic);
    const { gateway, handle, invoiceId } = await paidAtBooking(clinic, past.id, { saveCard: false });

    const part = await ok('refundBookingPayment', { bookingId: past.id, amountOre: 12_500 }, clinic);
    expect(part.message).toBe('125,00 kr. er refunderet, og der er lavet en kreditnota');
    expect(part.data).toMatchObject({ refundedOre: 12_500, leftOre: 37_500 });
    expect(await gateway.getCharge(handle)).toMatchObject({ refundedOre: 12_500 });
    const credit = (await ok('getInvoice', { id: part.data.creditNoteId }, clinic)).data;
    expect(credit).toMatchObject({ isCredit: true, creditForId: invoiceId, bookingId: past.id, totalOre: -12_500 });
    expect(credit.image[0]!.lines).toEqual([expect.objectContaining({ name: 'Refusion: Massage', totalOre: -12_500, netOre: -10_000, vatOre: -2_500, vatPercent: 25 })]);
    // A part refunded leaves the booking invoiced.
    expect((await ok('getBooking', { id: past.id }, clinic)).data).toMatchObject({ invoiceId, payment: { state: 'paid', amountOre: PAID_ORE, refundedOre: 12_500 } });

    const documents = (await invoicesOf(past.id)).length;
    for (const amountOre of [37_501, 1_000_000]) {
      const tooMuch = await t.call('refundBookingPayment', { bookingId: past.id, amountOre }, clinic.token);
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.message).toBe('Der kan højst refunderes 375,00 kr.');
    }
    for (const amountOre of [0, -5, 1.5, '100'] as unknown as number[]) {
      expect((await t.call('refundBookingPayment', { bookingId: past.id, amountOre }, clinic.token)).status).toBe(400);
    }
    expect((await invoicesOf(past.id)).length).toBe(documents);
    expect(await gateway.getCharge(handle)).toMatchObject({ refundedOre: 12_500 });

    const rest = await ok('refundBookingPayment', { bookingId: past.id, amountOre: 37_500 }, clinic);
    expect(rest.data).toMatchObject({ refundedOre: PAID_ORE, leftOre: 0 });
    expect(await gateway.getCharge(handle)).toMatchObject({ refundedOre: PAID_ORE });
    // Refunded whole: the booking is no longer invoiced.
    expect((await ok('getBooking', { id: past.id }, clinic)).data).toMatchObject({ invoiceId: null, payment: { state: 'refunded', refundedOre: PAID_ORE } });
    const nothing = await t.call('refundBookingPayment', { bookingId: past.id, amountOre: 1 }, clinic.token);
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe('Hele betalingen er allerede refunderet');
    const all = await invoicesOf(past.id);
    expect(all.reduce((sum, invoice) => sum + (invoice.totalOre ?? 0), 0)).toBe(0);
  });

  it('of two refunds of the rest at the same moment, exactly one goes through', async () => {
    const clinic = await readyClinic();
    const past = await booking(clinic);
    const { gateway, handle } = await paidAtBooking(clinic, past.id, { saveCard: false });
    const held = meetAtMarker(2);
    const answers = await Promise.all([0, 1].map(() => t.call('refundBookingPayment', { bookingId: past.id, amountOre: PAID_ORE }, clinic.token)));
    held.restore();
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('Betalingen er lige blevet ændret. Hent bookingen igen, og prøv derefter igen.');
    expect(await gateway.getCharge(handle)).toMatchObject({ refundedOre: PAID_ORE });
    expect(await t.models.SandboxMerchantRefund.countDocuments({ chargeHandle: handle })).toBe(1);
    expect((await invoicesOf(past.id)).filter((invoice) => invoice.isCredit)).toHaveLength(1);
  });

  it('finishes a refund whose request was cut off after deciding it, before the next, and never refunds it twice', async () => {
    const clinic = await readyClinic();
    const past = await booking(clinic);
    const { gateway, handle } = await paidAtBooking(clinic, past.id, { saveCard: false });
    const db = tenantDb(t.api.services.models, new Types.ObjectId(clinic.companyId));
    // Refund 1 of 100 kr. was decided two minutes ago by a request that stopped there.
    await db.bookingPaymentMarkers.claim(new Types.ObjectId(past.id), 'refund:1', `10000:therapist:${clinic.therapistId}:${NOW - 2 * 60_000}`);
    const next = await t.call('refundBookingPayment', { bookingId: past.id, amountOre: 5_000 }, clinic.token);
    expect(next.status).toBe(409);
    expect(next.body.message).toBe('Betalingen er lige blevet ændret. Hent bookingen igen, og prøv derefter igen.');
    expect(await gateway.getCharge(handle)).toMatchObject({ refundedOre: 10_000 });
    expect((await t.models.BookingPayment.findById(past.id).lean())).toMatchObject({ refundedOre: 10_000, refunds: [{ amountOre: 10_000, reason: 'therapist' }] });
    expect((await invoicesOf(past.id)).filter((invoice) => invoice.isCredit).map((invoice) => invoice.totalOre)).toEqual([-10_000]);
    // Asked again, the therapist's refund is refund 2.
    expect((await ok('refundBookingPayment', { bookingId: past.id, amountOre: 5_000 }, clinic)).data).toMatchObject({ refundedOre: 15_000 });
    expect(await gateway.getCharge(handle)).toMatchObject({ refundedOre: 15_000 });
  });

  it('refuses a payment without an invoice to credit (a request still waiting for approval), before any money moves', async () => {
    const clinic = await readyClinic();
    const past = await booking(clinic);
    const { gateway, handle } = await paidAtBooking(clinic, past.id, { saveCard: false });
    await t.models.BookingPayment.updateOne({ _id: past.id }, { $set: { invoiceId: null } });
    const answer = await t.call('refundBookingPayment', { bookingId: past.id, amountOre: 100 }, clinic.token);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('Betalingen har ingen faktura at lave en kreditnota til. En anmodning, der venter på godkendelse, refunderes, når den afvises.');
    expect(await gateway.getCharge(handle)).toMatchObject({ refundedOre: 0 });
    expect(await t.models.BookingPaymentMarker.countDocuments({ _id: { $regex: past.id } })).toBe(0);
  });

  it('refuses a booking that was not paid at booking', async () => {
    const clinic = await readyClinic();
    const past = await booking(clinic);
    const answer = await t.call('refundBookingPayment', { bookingId: past.id, amountOre: 100 }, clinic.token);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('Bookingen har ingen betaling at refundere');
  });
});

describe('the accounting system', () => {
  /** The owner's consent at the sandbox's page ('Tillad'), as accounting.test.ts walks it. */
  async function connectAccounting(clinic: Clinic): Promise<string> {
    await t.models.Company.updateOne({ _id: clinic.companyId }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: t.clock.now() + 30 * 24 * HOUR } });
    await ok('freeAddOnWithProPlan', { id: 'accounting' }, clinic);
    const url = new URL((await ok('getVismaConnectUrl', { allDataFlag: true }, clinic)).url);
    const form = new URLSearchParams({ client_id: url.searchParams.get('client_id')!, redirect_uri: url.searchParams.get('redirect_uri')!, state: url.searchParams.get('state')!, organization: 'Klinikkens regnskab', answer: 'allow' });
    const answer = await fetch(`${url.origin}/sandbox/accounting/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
    const back = new URL(answer.headers.get('location')!);
    await ok('updateClientDineroData', { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }, clinic);
    await runAccountingTransfers(t.api.services, 'test-runner');
    return (await t.models.Company.findById(clinic.companyId).lean())!.dineroOrgId!;
  }

  it('books the fee invoice and every refund credit note as they are issued, each with its amount, VAT and the invoice it credits', async () => {
    const clinic = await readyClinic();
    const organization = await connectAccounting(clinic);
    const past = await booking(clinic);
    const { invoiceId } = await paidAtBooking(clinic, past.id, { saveCard: true });
    await ok('markNoShow', { bookingId: past.id, noShow: true }, clinic);
    const fee = await ok('chargeNoShowFee', { bookingId: past.id }, clinic);
    const refund = await ok('refundBookingPayment', { bookingId: past.id, amountOre: 12_500 }, clinic);

    const numbers = async (id: string) => (await t.models.Invoice.findById(id).lean())!.number;
    const [paidNumber, feeNumber, creditNumber] = [await numbers(invoiceId), await numbers(fee.data.invoiceId), await numbers(refund.data.creditNoteId)];
    const records = () => (t.api.services.accounting as AccountingSandbox).records(organization, 'invoice');
    await until(async () => (await records()).length === 3, 'the three documents in the accounting system');
    const booked = await records();
    const byNumber = new Map(booked.map((record) => [record.data.number, record]));
    const linesOf = (number: string) => (byNumber.get(number)!.data.lines as { amountOre: number; withVat: boolean }[]).map(({ amountOre, withVat }) => ({ amountOre, withVat }));
    // Net amounts, each on the account of its VAT kind: the treatment paid at booking, the fee, the refund.
    expect(linesOf(paidNumber)).toEqual([{ amountOre: 40_000, withVat: true }]);
    expect(linesOf(feeNumber)).toEqual([{ amountOre: 16_000, withVat: true }]);
    expect(linesOf(creditNumber)).toEqual([{ amountOre: 10_000, withVat: true }]);
    expect(byNumber.get(creditNumber)!.data.creditFor).toBe(byNumber.get(paidNumber)!.id);
    expect(byNumber.get(feeNumber)!.data.creditFor).toBeNull();
    await until(async () => (await t.models.AccountingPending.countDocuments({ companyId: clinic.companyId })) === 0, 'nothing left waiting for the accounting system');
  });
});

/**
 * Holds the first `count` inserts of booking payment markers until all of them have arrived: that many requests past
 * their checks at the same moment, whatever the machine's speed.
 */
function meetAtMarker(count: number): { restore: () => void } {
  const model = t.api.services.models.BookingPaymentMarker as unknown as Record<string, unknown> & { create: (...args: unknown[]) => Promise<unknown> };
  const original = model.create;
  const waiting: (() => void)[] = [];
  model.create = async function (this: unknown, ...args: unknown[]) {
    if (waiting.length < count) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === count) for (const go of waiting) go();
      });
    }
    return original.apply(this, args);
  };
  return { restore: () => (model.create = original) };
}

/**
 * 'Mine tider' and payment at online booking, through the real endpoint with the payment sandbox as the clinic's
 * merchant account: a booking paid at booking shows what was paid and the rule the client accepted, and may be
 * cancelled there (its own paid invoice does not keep it, as the clinic's own invoice would); after the cancellation
 * the page shows it refunded nowhere (the booking is gone) and the credit note among the invoices. 'Book ny tid'
 * never books a treatment paid at booking unpaid.
 */
import { Types } from 'mongoose';
import { bookingPaymentMessages, copenhagenWallTime } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';
import { payWithCard } from './support/sandbox-checkout.js';

let t: TestApi;
beforeAll(async () => {
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  t = await startTestApi({ rateLimits: generous });
  t.clock.set(at(1, 10));
});
afterAll(async () => {
  await t.close();
});

/** December 2026, Copenhagen time; 'now' is Tuesday the 1st at 10:00. */
const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);
const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345', moms: true };
const RULE = 'Afbestilling senest 24 timer før tiden: du får pengene tilbage. Ved senere afbestilling eller udeblivelse opkræves et gebyr på 200,00 kr.';

interface Clinic extends SignedInOwner {
  prepaidId: string;
  plainId: string;
}

/** The sandbox connected; 'Massage' (500 kr. with VAT) paid in full at booking with a 200 kr. fee, 'Samtale' not; open 08–12 on the 2nd to the 4th. */
async function payingClinic(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  expect((await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token)).status).toBe(200);
  const prepaid = await t.call('addTreatment', { name: 'Massage', price: 400, duration: 45 * 60, pause: 15 * 60, vatExempt: false, paymentAtBooking: 'full', noShowFeeOre: 20_000 }, owner.token);
  expect(prepaid.status).toBe(200);
  const plain = await t.call('addTreatment', { name: 'Samtale', price: 300, duration: 45 * 60, pause: 15 * 60 }, owner.token);
  expect(plain.status).toBe(200);
  for (const date of [2, 3, 4]) await t.call('addOpeningHours', { from: at(date, 8), to: at(date, 12) }, owner.token);
  return { ...owner, prepaidId: prepaid.body.data.id, plainId: plain.body.data.id };
}

const client = { ...newClient('4321'), email: 'signe@example.dk' };

async function paidBooking(clinic: Clinic, from: number): Promise<string> {
  const started = await t.call('startBookingPayment', { therapistId: clinic.therapistId, treatmentId: clinic.prepaidId, from, reason: 'Ondt i nakken', consent: true, acceptRule: true, saveCard: true, client });
  expect(started.status).toBe(200);
  const paid = await payWithCard(started.body.data.checkoutUrl);
  expect(paid.status).toBe(303);
  expect((await t.call('getBookingPayment', { paymentToken: started.body.data.paymentToken })).body.data.state).toBe('paid');
  const payment = await t.models.BookingPayment.findOne({ companyId: clinic.companyId, from }).lean();
  return payment!._id.toHexString();
}

async function signIn(therapistId: string, email: string): Promise<string> {
  const mails = () => t.models.OutboxMail.find({ to: email }).sort({ createdAt: 1 }).lean();
  const before = (await mails()).length;
  expect((await t.call('requestClientPortalLink', { therapistId, email })).status).toBe(200);
  await until(async () => (await mails()).length > before, `the link mail to ${email}`);
  const linkToken = /#link=([A-Za-z0-9_-]+)/.exec((await mails()).at(-1)!.text)![1]!;
  const session = await t.call('clientPortalSignIn', { linkToken });
  expect(session.status).toBe(200);
  return session.body.data.portalToken;
}

describe("'Mine tider' and payment at booking", () => {
  it('a paid booking shows what was paid and the accepted rule, and may be cancelled (its own invoice does not keep it); the credit note follows', async () => {
    const clinic = await payingClinic();
    const bookingId = await paidBooking(clinic, at(3, 9));
    const portalToken = await signIn(clinic.therapistId, client.email);

    const shown = (await t.call('getClientPortal', { portalToken })).body.data;
    expect(shown.upcoming).toHaveLength(1);
    expect(shown.upcoming[0]).toMatchObject({
      id: bookingId,
      mayChange: true,
      mayCancel: true,
      payment: { state: 'paid', kind: 'full', amountOre: 50_000, priceOre: 50_000, refundedOre: 0, method: 'card', rule: RULE },
    });
    expect(shown.invoices).toMatchObject([{ kind: 'invoice', totalOre: 50_000, paid: true }]);

    // Moved, it is still the paid booking it was.
    const moved = await t.call('clientPortalMoveBooking', { portalToken, bookingId, from: at(4, 9) });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ from: at(4, 9), mayCancel: true, payment: { state: 'paid', amountOre: 50_000 } });

    expect((await t.call('clientPortalCancelBooking', { portalToken, bookingId })).status).toBe(200);
    const after = (await t.call('getClientPortal', { portalToken })).body.data;
    expect(after.upcoming).toEqual([]);
    expect(after.invoices.map((invoice: { kind: string; totalOre: number }) => [invoice.kind, invoice.totalOre]).sort()).toEqual([
      ['creditNote', -50_000],
      ['invoice', 50_000],
    ]);
  });

  it('a booking the clinic invoiced itself is kept for the clinic, paid or not; an unpaid one shows no payment', async () => {
    const clinic = await payingClinic();
    const paidId = await paidBooking(clinic, at(3, 9));
    // The clinic's own invoice on the paid booking (its usual invoice, besides the payment's): the clinic's to cancel.
    await t.models.Booking.updateOne({ _id: paidId }, { $set: { invoiceId: new Types.ObjectId() } });
    const plain = await t.call('clientAddBooking', { therapistId: clinic.therapistId, treatmentId: clinic.plainId, from: at(4, 9), reason: 'Samtale', consent: true, client });
    expect(plain.status).toBe(200);
    const portalToken = await signIn(clinic.therapistId, client.email);
    const shown = (await t.call('getClientPortal', { portalToken })).body.data;
    expect(shown.upcoming.map((booking: { treatmentName: string; mayCancel: boolean; payment: unknown }) => [booking.treatmentName, booking.mayCancel, booking.payment === null])).toEqual([
      ['Massage', false, false],
      ['Samtale', true, true],
    ]);
  });

  it("'Book ny tid' refuses a treatment paid at booking and books nothing; another treatment books as before", async () => {
    const clinic = await payingClinic();
    const plain = await t.call('clientAddBooking', { therapistId: clinic.therapistId, treatmentId: clinic.plainId, from: at(2, 9), reason: 'Samtale', consent: true, client });
    expect(plain.status).toBe(200);
    const portalToken = await signIn(clinic.therapistId, client.email);
    const before = await t.models.Booking.countDocuments({ companyId: clinic.companyId });
    const refused = await t.call('clientPortalAddBooking', { portalToken, therapistId: clinic.therapistId, treatmentId: clinic.prepaidId, from: at(3, 9), reason: 'Ondt i ryggen' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(bookingPaymentMessages.portalRequiresPayment);
    expect(await t.models.Booking.countDocuments({ companyId: clinic.companyId })).toBe(before);
    const booked = await t.call('clientPortalAddBooking', { portalToken, therapistId: clinic.therapistId, treatmentId: clinic.plainId, from: at(3, 9), reason: 'Ondt i ryggen' });
    expect(booked.status).toBe(200);
    expect(booked.body.data).toMatchObject({ payment: null, mayCancel: true });
  });
});

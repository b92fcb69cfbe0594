/**
 * Payment at online booking through the real endpoint, with the payment sandbox as the clinic's own merchant account
 * (driven over HTTP as a client's browser drives its checkout): the time held while the client pays, the amount from
 * the treatment, the paid invoice (VAT per line; a deposit as an invoice of its own), the decision between a payment
 * and its hold's expiry (one outcome, money never kept for a booking that does not exist), replayed webhooks, another
 * clinic's token, cancelling in 'Mine tider' before the notice (refund and credit note), clientAddBooking refused for
 * a prepaid treatment, and the same answer for a new, a matched and a held person.
 */
import { Types } from 'mongoose';
import { BOOKING_PAYMENT_HOLD_MS, bookingPaymentMessages, copenhagenWallTime, DAY_MS } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { PublicContext } from '../src/context.js';
import { tenantDb } from '../src/data/tenant-db.js';
import { expireHold } from '../src/domain/booking-payments/expire.js';
import { settleBookingPaymentCharge } from '../src/domain/booking-payments/settle.js';
import { startBookingPayment } from '../src/domain/booking-payments/start.js';
import { sweepStaleSubmissions } from '../src/domain/online-booking/stale-submissions.js';
import { merchantOf } from '../src/domain/payment-account/gateway.js';
import { expireBookingPaymentHolds } from '../src/jobs/booking-payment-holds.js';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';
import { payWithCard, payWithMobilePay } from './support/sandbox-checkout.js';

let t: TestApi;
let origin: string;
beforeAll(async () => {
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  t = await startTestApi({ rateLimits: generous });
  origin = t.url.replace(/\/api$/, '');
  t.clock.set(NOW);
});
afterAll(async () => {
  await t.close();
});

const at = (date: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, date, hour, minute);
/** Tuesday 1 December 2026, 10:00 Copenhagen time. */
const NOW = at(1, 10);
const COMPANY = {
  companyName: 'Fysio Ærø',
  email: 'kontakt@fysio-aeroe.test',
  phone: '62521234',
  CVR: '12345678',
  address: 'Havnegade 1',
  post: '5970',
  town: 'Ærøskøbing',
  regNumber: '1234',
  accountNumber: '0012345678',
  mobilePay: '12345',
  moms: true,
};

let people = 0;
/** A person the clinic has never seen (a CPR number of their own). */
const freshPerson = () => {
  people += 1;
  return { ...newClient(String(1000 + people)), email: `klient-${people}@example.dk` };
};

interface Clinic extends SignedInOwner {
  treatmentId: string;
}

/**
 * A VAT-registered clinic with the sandbox connected, a 45-minute treatment at 400 kr. excl. VAT (500 kr. with VAT)
 * paid at booking as `payment` says, and opening hours 08–12 on the 2nd to the 4th.
 */
async function payingClinic(payment: { paymentAtBooking: 'full' | 'deposit'; depositOre?: number; noShowFeeOre?: number } = { paymentAtBooking: 'full' }): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  expect((await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token)).status).toBe(200);
  const added = await t.call('addTreatment', { name: 'Massage', price: 400, duration: 45 * 60, pause: 15 * 60, vatExempt: false, ...payment }, owner.token);
  expect(added.status).toBe(200);
  for (const date of [2, 3, 4]) await t.call('addOpeningHours', { from: at(date, 8), to: at(date, 12) }, owner.token);
  return { ...owner, treatmentId: added.body.data.id };
}

const request = (clinic: Clinic, from: number, client = freshPerson()) => ({
  therapistId: clinic.therapistId,
  treatmentId: clinic.treatmentId,
  from,
  reason: 'Ondt i nakken',
  consent: true as const,
  acceptRule: true as const,
  saveCard: false,
  client,
});

async function start(clinic: Clinic, from: number, client = freshPerson()) {
  const answer = await t.call('startBookingPayment', request(clinic, from, client));
  expect(answer.status).toBe(200);
  return answer.body.data;
}


const status = async (token: string) => {
  const answer = await t.call('getBookingPayment', { paymentToken: token });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
};
const paymentsOf = (clinic: Clinic) => t.models.BookingPayment.find({ companyId: clinic.companyId }).lean();
const invoicesOf = (clinic: Clinic) => t.models.Invoice.find({ companyId: clinic.companyId }).sort({ seq: 1 }).lean();
const gatewayOf = async (clinic: Clinic) => (await merchantOf(t.api.services, tenantDb(t.api.services.models, new Types.ObjectId(clinic.companyId))))!;

describe('paying at booking', () => {
  it('shows the price and rule, holds the time, and a card payment confirms the booking with a paid invoice', async () => {
    const clinic = await payingClinic({ paymentAtBooking: 'full', noShowFeeOre: 30_000 });
    const treatments = (await t.call('clientGetTreatmentsFromTherapist', { therapistId: clinic.therapistId })).body.data;
    expect(treatments[0]!.payment).toEqual({
      atBooking: 'full',
      payNowOre: 50_000,
      priceOre: 50_000,
      noShowFeeOre: 30_000,
      rule: 'Afbestilling senest 24 timer før tiden: du får pengene tilbage. Ved senere afbestilling eller udeblivelse opkræves et gebyr på 300,00 kr.',
    });

    const before = t.clock.now();
    const started = await start(clinic, at(2, 9));
    expect(started.holdUntil).toBeGreaterThanOrEqual(before + BOOKING_PAYMENT_HOLD_MS);
    expect(started.holdUntil).toBeLessThanOrEqual(t.clock.now() + BOOKING_PAYMENT_HOLD_MS);
    expect(started.checkoutUrl).toMatch(new RegExp(`^${origin}/sandbox/merchant/`));
    expect(await status(started.paymentToken)).toEqual({ state: 'pending', from: at(2, 9), treatmentName: 'Massage', amountOre: 50_000, holdUntil: started.holdUntil });
    // Held: in the calendar as awaiting payment, and off the booking page.
    const calendar = (await t.call('getBookingsFromTherapist', { from: at(2, 0), to: at(3, 0) }, clinic.token)).body.data;
    expect(calendar).toMatchObject([{ from: at(2, 9), awaitingPayment: true, invoiceId: null }]);
    const free = (await t.call('clientGetAvailable', { therapistId: clinic.therapistId, from: at(2, 0), to: at(3, 0), duration: 45 * 60_000, pause: 15 * 60_000 })).body.data;
    expect(free).not.toContain(at(2, 9));
    const [pending] = await paymentsOf(clinic);
    expect(pending).toMatchObject({ state: 'pending', kind: 'full', amountOre: 50_000, chargeHandle: `bp${pending!._id.toHexString()}`, acceptance: { text: treatments[0]!.payment!.rule, saveCard: false } });
    expect(pending!.acceptance.at).toBeGreaterThanOrEqual(NOW);
    expect(pending!.tokenHash).not.toContain(started.paymentToken);

    const paid = await payWithCard(started.checkoutUrl);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toContain(`/OnlineBooking?therapistId=${clinic.therapistId}`);
    expect((await status(started.paymentToken)).state).toBe('paid');
    const [booking] = (await t.call('getBookingsFromTherapist', { from: at(2, 0), to: at(3, 0) }, clinic.token)).body.data;
    expect(booking).toMatchObject({ from: at(2, 9), awaitingPayment: false });
    const [invoice] = await invoicesOf(clinic);
    expect(booking!.invoiceId).toBe(invoice!._id.toHexString());
    expect(invoice).toMatchObject({ totalOre: 50_000, paymentMethod: 'card', paidOn: '2026-12-01', isCredit: false });
    expect(invoice!.number).toBe('0001-26');
    const snapshot = invoice!.snapshots[0] as { lines: { name: string; netOre: number; vatOre: number; totalOre: number }[] };
    expect(snapshot.lines).toMatchObject([{ name: 'Massage', netOre: 40_000, vatOre: 10_000, totalOre: 50_000 }]);
    const shown = await t.call('getInvoice', { id: invoice!._id.toHexString() }, clinic.token);
    expect(shown.body.data.payment).toMatchObject({ status: 'paid', method: 'card' });
    expect((await paymentsOf(clinic))[0]).toMatchObject({ state: 'paid', method: 'card', maskedCard: '4111XXXXXXXX1111', invoiceId: invoice!._id });
  });

  it('MobilePay pays the same way', async () => {
    const clinic = await payingClinic();
    const started = await start(clinic, at(2, 10));
    expect((await payWithMobilePay(started.checkoutUrl)).status).toBe(303);
    expect((await status(started.paymentToken)).state).toBe('paid');
    expect(await invoicesOf(clinic)).toMatchObject([{ totalOre: 50_000, paymentMethod: 'mobilepay' }]);
  });

  it('a deposit is its own paid invoice; the booking stays open for its final invoice', async () => {
    const clinic = await payingClinic({ paymentAtBooking: 'deposit', depositOre: 10_000 });
    const treatments = (await t.call('clientGetTreatmentsFromTherapist', { therapistId: clinic.therapistId })).body.data;
    expect(treatments[0]!.payment).toMatchObject({ atBooking: 'deposit', payNowOre: 10_000 });
    const started = await start(clinic, at(2, 9));
    expect((await payWithCard(started.checkoutUrl)).status).toBe(303);
    const [invoice] = await invoicesOf(clinic);
    expect(invoice).toMatchObject({ totalOre: 10_000, paymentMethod: 'card' });
    expect((invoice!.snapshots[0] as { lines: unknown[] }).lines).toMatchObject([{ name: 'Depositum: Massage', netOre: 8_000, vatOre: 2_000, totalOre: 10_000 }]);
    const [booking] = (await t.call('getBookingsFromTherapist', { from: at(2, 0), to: at(3, 0) }, clinic.token)).body.data;
    expect(booking).toMatchObject({ awaitingPayment: false, invoiceId: null });
    expect((await paymentsOf(clinic))[0]).toMatchObject({ kind: 'deposit', state: 'paid', amountOre: 10_000, priceOre: 50_000, invoiceId: invoice!._id });

    // After the visit the booking's own invoice has the whole price and deducts the deposit paid on account.
    await t.call('setClient', { id: booking!.clientId, changes: { address: 'Vestergade 2', post: '5970', town: 'Ærøskøbing' } }, clinic.token);
    const final = await t.call('addInvoice', { bookingId: booking!.id, settings: { type: true, discount: 0, moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false } }, clinic.token);
    expect(final.status).toBe(200);
    expect(final.body.data.totalOre).toBe(40_000);
    const finalLines = ((await t.models.Invoice.findById(final.body.data.id).lean())!.snapshots[0] as { lines: unknown[] }).lines;
    expect(finalLines).toMatchObject([
      { name: 'Massage', totalOre: 50_000 },
      { name: `Betalt depositum (faktura ${invoice!.number})`, netOre: -8_000, vatOre: -2_000, totalOre: -10_000 },
    ]);
  });

  it("a treatment's payment rule: a deposit within the price, a fee at most the price, payment only with the account connected", async () => {
    const owner = await clinicWithTrial(t);
    const massage = { name: 'Massage', price: 400, duration: 45 * 60, pause: 0 };
    const unconnected = await t.call('addTreatment', { ...massage, paymentAtBooking: 'full' }, owner.token);
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.message).toBe(bookingPaymentMessages.accountRequired);
    expect((await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token)).status).toBe(200);
    for (const depositOre of [0, 40_001]) {
      const refused = await t.call('addTreatment', { ...massage, paymentAtBooking: 'deposit', depositOre }, owner.token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(bookingPaymentMessages.depositRange);
    }
    expect((await t.call('addTreatment', { ...massage, noShowFeeOre: 40_001 }, owner.token)).body.message).toBe(bookingPaymentMessages.feeRange);
    expect((await t.call('addTreatment', { ...massage, depositOre: -1 }, owner.token)).status).toBe(400);
    const added = await t.call('addTreatment', { ...massage, paymentAtBooking: 'deposit', depositOre: 10_000, noShowFeeOre: 20_000 }, owner.token);
    expect(added.body.data).toMatchObject({ paymentAtBooking: 'deposit', depositOre: 10_000, noShowFeeOre: 20_000 });
    // Disconnected: the treatment keeps its rule and can still be edited; nothing is paid on the page meanwhile.
    expect((await t.call('setClinicPaymentAccount', { provider: 'none' }, owner.token)).status).toBe(200);
    const renamed = await t.call('setTreatment', { id: added.body.data.id, ...massage, name: 'Sportsmassage' }, owner.token);
    expect(renamed.body.data).toMatchObject({ name: 'Sportsmassage', paymentAtBooking: 'deposit', depositOre: 10_000 });
    expect(await t.models.Treatment.countDocuments({ companyId: owner.companyId })).toBe(1);
  });

  it('the amount is never the browser’s, and a clinic without an account cannot be paid', async () => {
    const clinic = await payingClinic();
    const tampered = await t.call('startBookingPayment', { ...request(clinic, at(2, 9)), amountOre: 100 } as never);
    expect(tampered.status).toBe(400);
    expect((await t.call('startBookingPayment', { ...request(clinic, at(2, 9)), acceptRule: false } as never)).body.message).toBe(bookingPaymentMessages.acceptRule);
    expect(await paymentsOf(clinic)).toEqual([]);
    expect(await t.models.Booking.countDocuments({ companyId: clinic.companyId })).toBe(0);

    expect((await t.call('setClinicPaymentAccount', { provider: 'none' }, clinic.token)).status).toBe(200);
    const refused = await t.call('startBookingPayment', request(clinic, at(2, 9)));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(bookingPaymentMessages.notConnected);
    expect((await t.call('clientGetTreatmentsFromTherapist', { therapistId: clinic.therapistId })).body.data[0]!.payment).toBeNull();
    expect(await t.models.Booking.countDocuments({ companyId: clinic.companyId })).toBe(0);
  });

  it('a checkout the provider cannot open leaves no hold, no payment and no client behind', async () => {
    const clinic = await payingClinic();
    const real = t.api.services.merchants;
    const failing = {
      ...t.api.services,
      merchants: {
        sandboxAvailable: real.sandboxAvailable,
        forAccount: (companyId: string, account: Parameters<typeof real.forAccount>[1]) => ({
          ...real.forAccount(companyId, account),
          createCheckout: () => Promise.reject(new Error('provider down')),
        }),
      },
    };
    const ctx = new PublicContext(failing, { ip: '127.0.0.1', files: [], origin });
    await expect(startBookingPayment(ctx, request(clinic, at(2, 9)))).rejects.toMatchObject({ status: 503, message: bookingPaymentMessages.checkoutFailed });
    expect(await paymentsOf(clinic)).toEqual([]);
    expect(await t.models.Booking.countDocuments({ companyId: clinic.companyId })).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: clinic.companyId })).toBe(0);
    expect((await start(clinic, at(2, 9))).checkoutUrl).toBeTruthy();
  });

  it('clientAddBooking refuses a prepaid treatment (nobody books it without paying)', async () => {
    const clinic = await payingClinic();
    const { acceptRule: _a, saveCard: _s, ...plain } = request(clinic, at(2, 9));
    const refused = await t.call('clientAddBooking', plain);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(bookingPaymentMessages.requiresPayment);
    expect(await t.models.Booking.countDocuments({ companyId: clinic.companyId })).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: clinic.companyId })).toBe(0);
  });
});

describe('once and only once', () => {
  it('a replayed webhook, settles at once and a second payment make one invoice of one charge', async () => {
    const clinic = await payingClinic();
    const started = await start(clinic, at(2, 9));
    expect((await payWithCard(started.checkoutUrl)).status).toBe(303);
    const [payment] = await paymentsOf(clinic);
    await Promise.all(Array.from({ length: 5 }, () => settleBookingPaymentCharge(t.api.services, clinic.companyId, payment!.chargeHandle)));
    await Promise.all([status(started.paymentToken), status(started.paymentToken)]);
    expect(await invoicesOf(clinic)).toHaveLength(1);
    // The checkout is closed once paid: no second charge.
    expect((await payWithCard(started.checkoutUrl)).status).toBe(409);
    expect(await (await gatewayOf(clinic)).getCharge(payment!.chargeHandle)).toMatchObject({ state: 'settled', amountOre: 50_000, refundedOre: 0 });
    // Nor a second booking of the time.
    expect((await t.call('startBookingPayment', request(clinic, at(2, 9)))).status).toBe(409);
  });

  it('another clinic’s charge handle and a made-up token reach nothing', async () => {
    const clinic = await payingClinic();
    const other = await payingClinic();
    const started = await start(clinic, at(2, 9));
    expect((await payWithCard(started.checkoutUrl)).status).toBe(303);
    const [payment] = await paymentsOf(clinic);
    // The other clinic's webhook naming this clinic's charge: looked up in the other clinic, where it is not.
    await settleBookingPaymentCharge(t.api.services, other.companyId, payment!.chargeHandle);
    expect(await invoicesOf(other)).toEqual([]);
    expect(await paymentsOf(other)).toEqual([]);
    // This clinic's token with the other clinic's id in it: looked up in the other clinic, where it is not.
    const forged = await t.call('getBookingPayment', { paymentToken: `${other.companyId}${started.paymentToken.slice(24)}` });
    expect(forged.status).toBe(404);
    const unknown = await t.call('getBookingPayment', { paymentToken: 'x'.repeat(32) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(bookingPaymentMessages.tokenInvalid);
    expect((await t.post({ action: 'getBookingPayment', paymentToken: { $ne: '' } })).status).toBe(400);
  });
});

describe('the hold', () => {
  it('unpaid after 15 minutes: the booking, its claims and the client it made go; the time is free again', async () => {
    const clinic = await payingClinic();
    const started = await start(clinic, at(2, 9));
    const [payment] = await paymentsOf(clinic);
    await expireBookingPaymentHolds(t.api.services, started.holdUntil - 1);
    expect((await t.models.BookingPayment.findById(payment!._id).lean())!.state).toBe('pending');
    expect(await t.models.Booking.countDocuments({ companyId: clinic.companyId })).toBe(1);
    expect(await expireBookingPaymentHolds(t.api.services, started.holdUntil)).toBeGreaterThanOrEqual(1);
    expect(await t.models.Booking.countDocuments({ companyId: clinic.companyId })).toBe(0);
    expect(await t.models.SlotClaim.countDocuments({ ref: payment!._id })).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: clinic.companyId })).toBe(0);
    expect((await status(started.paymentToken)).state).toBe('expired');
    // Again: nothing more happens.
    await expireBookingPaymentHolds(t.api.services, started.holdUntil + 60_000);
    expect((await t.models.BookingPayment.findById(payment!._id).lean())!.state).toBe('expired');
    expect((await start(clinic, at(2, 9))).checkoutUrl).toBeTruthy();
  });

  it('a payment landing after its hold expired and the time went is refunded in full, and the client is told', async () => {
    const clinic = await payingClinic();
    const client = freshPerson();
    const started = await start(clinic, at(2, 9), client);
    const [payment] = await paymentsOf(clinic);
    // The hold expires (the provider's checkout is still open a moment), and someone else takes the time.
    await expireBookingPaymentHolds(t.api.services, started.holdUntil);
    await start(clinic, at(2, 9));
    expect((await payWithCard(started.checkoutUrl)).status).toBe(303);
    expect(await (await gatewayOf(clinic)).getCharge(payment!.chargeHandle)).toMatchObject({ state: 'settled', amountOre: 50_000, refundedOre: 50_000 });
    expect((await status(started.paymentToken)).state).toBe('refunded');
    expect((await t.models.BookingPayment.findById(payment!._id).lean())!.refunds).toMatchObject([{ amountOre: 50_000, reason: 'late', creditNoteId: null }]);
    expect(await invoicesOf(clinic)).toEqual([]);
    await until(async () => (await t.models.OutboxMail.countDocuments({ to: client.email, subject: 'Din betaling til Fysio Ærø er refunderet' })) === 1, 'the refund mail');
  });

  it('the hold expiring exactly as the payment lands: one outcome, never money kept for a booking that does not exist', async () => {
    const clinic = await payingClinic();
    const gateway = await gatewayOf(clinic);
    // The expiry as it runs when it read the charge a moment before the provider settled it: it then decides
    // 'expired' at the same time as the payment's webhook decides 'paid'.
    const real = t.api.services.merchants;
    const stale = {
      ...t.api.services,
      merchants: {
        sandboxAvailable: real.sandboxAvailable,
        forAccount: (companyId: string, account: Parameters<typeof real.forAccount>[1]) => {
          const gatewayNow = real.forAccount(companyId, account);
          return { ...gatewayNow, getCharge: async (handle: string) => ({ ...(await gatewayNow.getCharge(handle))!, state: 'pending' as const }) };
        },
      },
    };
    const db = tenantDb(t.api.services.models, new Types.ObjectId(clinic.companyId));
    for (let round = 0; round < 12; round += 1) {
      const from = at(2 + (round % 3), 8 + Math.floor(round / 3));
      const started = await start(clinic, from);
      const payment = (await t.models.BookingPayment.findOne({ companyId: clinic.companyId, from }).lean())!;
      const paying = payWithCard(started.checkoutUrl);
      // The moment the provider has the money (its webhook on its way to the clinic), the hold runs out.
      while ((await gateway.getCharge(payment.chargeHandle))?.state !== 'settled');
      await Promise.all([paying, expireHold({ db, services: stale, now: () => started.holdUntil }, payment)]);
      // Whatever is left is finished by the next run of the job.
      await expireBookingPaymentHolds(t.api.services, started.holdUntil);

      const after = (await t.models.BookingPayment.findById(payment._id).lean())!;
      const booking = await t.models.Booking.findById(payment._id).lean();
      const charge = (await gateway.getCharge(payment.chargeHandle))!;
      const invoices = await t.models.Invoice.find({ companyId: clinic.companyId, bookingId: payment._id }).lean();
      expect(charge.state).toBe('settled');
      if (after.state === 'paid') {
        expect(booking).toMatchObject({ from });
        expect(booking!.awaitingPayment).toBeUndefined();
        expect(charge.refundedOre).toBe(0);
        expect(invoices).toHaveLength(1);
      } else {
        // Expired won: no booking, no invoice, and every øre back.
        expect(after.state).toBe('refunded');
        expect(booking).toBeNull();
        expect(await t.models.SlotClaim.countDocuments({ ref: payment._id })).toBe(0);
        expect(invoices).toEqual([]);
        expect(charge.refundedOre).toBe(charge.amountOre);
      }
    }
  });
});

describe("cancelling in 'Mine tider'", () => {
  const mailsTo = (address: string) => t.models.OutboxMail.find({ to: address }).sort({ createdAt: 1 }).lean();
  async function signIn(therapistId: string, email: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    expect((await t.call('requestClientPortalLink', { therapistId, email })).status).toBe(200);
    await until(async () => (await mailsTo(email)).length > before, `the link mail to ${email}`);
    const token = /#link=([A-Za-z0-9_-]+)/.exec((await mailsTo(email)).at(-1)!.text)![1]!;
    const session = await t.call('clientPortalSignIn', { linkToken: token });
    expect(session.status).toBe(200);
    return session.body.data.portalToken;
  }

  it('before the notice: cancelled, the whole payment refunded, a credit note mirroring the invoice; inside it: refused', async () => {
    const clinic = await payingClinic();
    const client = freshPerson();
    const early = await start(clinic, at(3, 9), client);
    expect((await payWithCard(early.checkoutUrl)).status).toBe(303);
    const late = await start(clinic, at(2, 9), client);
    expect((await payWithCard(late.checkoutUrl)).status).toBe(303);
    const [earlyPayment, latePayment] = await t.models.BookingPayment.find({ companyId: clinic.companyId }).sort({ from: -1 }).lean();
    const portalToken = await signIn(clinic.therapistId, client.email);

    const inside = await t.call('clientPortalCancelBooking', { portalToken, bookingId: latePayment!._id.toHexString() });
    expect(inside.status).toBe(409);
    expect((await t.models.BookingPayment.findById(latePayment!._id).lean())!.state).toBe('paid');

    const cancelled = await t.call('clientPortalCancelBooking', { portalToken, bookingId: earlyPayment!._id.toHexString() });
    expect(cancelled.status).toBe(200);
    expect(await t.models.Booking.findById(earlyPayment!._id).lean()).toBeNull();
    expect(await (await gatewayOf(clinic)).getCharge(earlyPayment!.chargeHandle)).toMatchObject({ refundedOre: 50_000 });
    const after = (await t.models.BookingPayment.findById(earlyPayment!._id).lean())!;
    expect(after).toMatchObject({ state: 'refunded', refundedOre: 50_000, refunds: [{ amountOre: 50_000, reason: 'cancelled' }] });
    const credit = await t.models.Invoice.findOne({ companyId: clinic.companyId, isCredit: true }).lean();
    expect(credit).toMatchObject({ creditForId: after.invoiceId, totalOre: -50_000 });
    expect(after.refunds[0]!.creditNoteId).toEqual(credit!._id);
    // The time is free again on the booking page.
    const free = (await t.call('clientGetAvailable', { therapistId: clinic.therapistId, from: at(3, 0), to: at(4, 0), duration: 45 * 60_000, pause: 15 * 60_000 })).body.data;
    expect(free).toContain(at(3, 9));
  });
});

describe('who pays', () => {
  it('a new, a matched and a held person get the same answer; the held one is booked with its invoice on accept, refunded on reject', async () => {
    const clinic = await payingClinic();
    const known = freshPerson();
    // On record from an earlier booking by the clinic.
    expect((await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(4, 8), client: known }, clinic.token)).status).toBe(200);
    const answers = await Promise.all([
      t.call('startBookingPayment', request(clinic, at(2, 8), freshPerson())),
      t.call('startBookingPayment', request(clinic, at(2, 10), known)),
      t.call('startBookingPayment', request(clinic, at(3, 8), { ...known, nameFirst: 'Anden' })),
      t.call('startBookingPayment', request(clinic, at(3, 10), { ...known, email: 'fremmed@example.dk', CPRLast4Digit: known.CPRLast4Digit })),
    ]);
    const shapes = answers.map((answer) => ({ status: answer.status, keys: Object.keys(answer.body.data).sort(), url: /^http.*\/sandbox\/merchant\/[^/]+$/.test(answer.body.data.checkoutUrl) }));
    expect(new Set(shapes.map((shape) => JSON.stringify(shape))).size).toBe(1);
    expect(shapes[0]).toEqual({ status: 200, keys: ['checkoutUrl', 'holdUntil', 'paymentToken'], url: true });

    // The two held ones pay; one is accepted onto the client on record, the other rejected.
    for (const answer of answers.slice(2)) expect((await payWithCard(answer.body.data.checkoutUrl)).status).toBe(303);
    const held = await t.models.BookingPayment.find({ companyId: clinic.companyId, submissionId: { $ne: null } }).sort({ from: 1 }).lean();
    expect(held.map((payment) => payment.state)).toEqual(['paid', 'paid']);
    expect((await status(answers[2].body.data.paymentToken)).state).toBe('paid');
    const client = await t.models.Client.findOne({ companyId: clinic.companyId, email: known.email }).lean();
    const accepted = await t.call('acceptPublicSubmission', { id: held[0]!._id.toHexString(), clientId: client!._id.toHexString() }, clinic.token);
    expect(accepted.status).toBe(200);
    const booking = await t.models.Booking.findById(held[0]!._id).lean();
    expect(booking).toMatchObject({ clientId: client!._id, from: at(3, 8) });
    const invoice = await t.models.Invoice.findById(booking!.invoiceId).lean();
    expect(invoice).toMatchObject({ totalOre: 50_000, paymentMethod: 'card', clientId: client!._id });

    expect((await t.call('rejectPublicSubmission', { id: held[1]!._id.toHexString() }, clinic.token)).status).toBe(200);
    expect((await t.models.BookingPayment.findById(held[1]!._id).lean())).toMatchObject({ state: 'refunded', refundedOre: 50_000, refunds: [{ reason: 'therapist' }] });
    expect(await (await gatewayOf(clinic)).getCharge(held[1]!.chargeHandle)).toMatchObject({ refundedOre: 50_000 });
  });

  it('a held paid request nobody answers: kept from the sweeper, refunded in full when its time comes', async () => {
    const clinic = await payingClinic();
    const known = freshPerson();
    expect((await t.call('addBooking', { treatmentId: clinic.treatmentId, from: at(4, 8), client: known }, clinic.token)).status).toBe(200);
    const started = await start(clinic, at(2, 10), { ...known, nameFirst: 'Anden' });
    expect((await payWithCard(started.checkoutUrl)).status).toBe(303);
    const payment = (await t.models.BookingPayment.findOne({ companyId: clinic.companyId, submissionId: { $ne: null } }).lean())!;
    expect(payment.state).toBe('paid');
    // Weeks later the sweeper would remove an unanswered request; a paid one stays for its refund.
    await sweepStaleSubmissions(t.api.services.models, at(2, 10) + 30 * DAY_MS);
    expect(await t.models.PublicSubmission.countDocuments({ _id: payment._id })).toBe(1);
    await expireBookingPaymentHolds(t.api.services, at(2, 10) - 1);
    expect((await t.models.BookingPayment.findById(payment._id).lean())!.state).toBe('paid');
    await expireBookingPaymentHolds(t.api.services, at(2, 10));
    expect(await t.models.BookingPayment.findById(payment._id).lean()).toMatchObject({ state: 'refunded', refundedOre: 50_000, submissionId: null, refunds: [{ reason: 'late' }] });
    expect(await t.models.PublicSubmission.countDocuments({ _id: payment._id })).toBe(0);
    expect(await (await gatewayOf(clinic)).getCharge(payment.chargeHandle)).toMatchObject({ refundedOre: 50_000 });
    await until(async () => (await t.models.OutboxMail.countDocuments({ to: known.email, subject: 'Din betaling til Fysio Ærø er refunderet' })) === 1, 'the refund mail');
  });
});

/**
 * The payment sandbox as every clinic's own merchant account (devkit/src/payments/merchant.ts): its hosted checkout
 * over HTTP (card, 3-D Secure, MobilePay's approval page), saving the card, the checkout's time limit, a saved card's
 * charge, refunds (partial, idempotent by key, never more than settled), signed webhooks to the clinic's own endpoint,
 * and one clinic's charges out of another's reach. The settling of a booking payment is replaced by a recorder here:
 * what it does is the booking payments' own test; this one checks what reaches it.
 */
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { SANDBOX_CARDS } from '@klinik/core';
import { formPost as form, payWithCard } from './support/sandbox-checkout.js';

const settled: { companyId: string; handle: string }[] = [];
const actualSettle = await import('../src/domain/booking-payments/settle.js');
jest.unstable_mockModule('../src/domain/booking-payments/settle.js', () => ({
  ...actualSettle,
  settleBookingPaymentCharge: async (_services: unknown, companyId: string, handle: string) => {
    settled.push({ companyId, handle });
  },
}));

const { Types } = await import('mongoose');
const { MerchantRefundRefusedError } = await import('../src/adapters/payments/merchant.js');
const { ChargeHandleTakenError, PaymentDeclinedError } = await import('../src/adapters/payments/provider.js');
const { signBody } = await import('../src/adapters/payments/signature.js');
const { tenantDb } = await import('../src/data/tenant-db.js');
const { merchantOf } = await import('../src/domain/payment-account/gateway.js');
const { runPaymentsTick } = await import('../src/jobs/payments.js');
const { clinicWithTrial } = await import('./support/fixtures.js');
const { startTestApi } = await import('./support/test-api.js');
type TestApi = Awaited<ReturnType<typeof startTestApi>>;
type Owner = Awaited<ReturnType<typeof clinicWithTrial>>;
type Gateway = NonNullable<Awaited<ReturnType<typeof merchantOf>>>;

let t: TestApi;
let origin: string;
beforeAll(async () => {
  t = await startTestApi();
  origin = t.url.replace(/\/api$/, '');
});
afterAll(async () => {
  await t.close();
});

const MINUTE = 60_000;
const typeOf = (body: string) => (JSON.parse(body) as { event_type: string }).event_type;

/** A clinic with the sandbox connected as its merchant account, and its gateway. */
async function connectedClinic(): Promise<{ owner: Owner; gateway: Gateway }> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token)).status).toBe(200);
  const gateway = await merchantOf(t.api.services, tenantDb(t.api.services.models, new Types.ObjectId(owner.companyId)));
  expect(gateway?.kind).toBe('sandbox');
  return { owner, gateway: gateway! };
}

async function checkout(gateway: Gateway, options: { handle?: string; amountOre?: number; saveCard?: boolean; expiresInMs?: number; customer?: string } = {}) {
  const handle = options.handle ?? `bp${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  const session = await gateway.createCheckout({
    handle,
    customer: { handle: options.customer ?? 'k1', email: 'klient@example.dk', name: 'Klient' },
    amountOre: options.amountOre ?? 50_000,
    ordertext: 'Massage 60 min',
    methods: ['card', 'mobilepay'],
    saveCard: options.saveCard ?? false,
    acceptUrl: 'http://localhost:3000/booking/betalt?token=abc',
    cancelUrl: 'http://localhost:3000/booking/annulleret',
    origin,
    expiresAt: t.clock.now() + (options.expiresInMs ?? 15 * MINUTE),
  });
  expect(session.url).toBe(`${origin}/sandbox/merchant/${session.id}`);
  return { handle, url: session.url };
}

describe('the hosted checkout', () => {
  it('a test card pays: the charge settles, the browser returns, the clinic is told with a signed webhook', async () => {
    const { owner, gateway } = await connectedClinic();
    const { handle, url } = await checkout(gateway);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Massage 60 min');
    expect(page).toContain('MobilePay');
    expect(page).toContain('Kortnummer');
    expect((await gateway.getCharge(handle))?.state).toBe('pending');

    const declined = await payWithCard(url, SANDBOX_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Betalingen blev afvist af kortudstederen');
    expect((await gateway.getCharge(handle))?.state).toBe('pending');

    const paid = await payWithCard(url);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://localhost:3000/booking/betalt');
    expect(back.searchParams.get('token')).toBe('abc');
    expect(back.searchParams.get('invoice')).toBe(handle);
    expect(await gateway.getCharge(handle)).toMatchObject({ state: 'settled', amountOre: 50_000, refundedOre: 0, method: 'card', cardId: null, maskedCard: '4111XXXXXXXX1111', customer: 'k1' });
    // Delivered before the browser came back, to this clinic's endpoint, and verified there.
    expect(settled).toContainEqual({ companyId: owner.companyId, handle });
    const events = await t.models.SandboxMerchantEvent.find({ account: owner.companyId }).lean();
    expect(events.map((event) => [typeOf(event.body), event.delivered])).toEqual([['invoice_settled', true]]);
    // Paid once: the page is closed, a second payment is refused.
    expect((await payWithCard(url)).status).toBe(409);
  });

  it('a 3-D Secure card pays after its confirmation page', async () => {
    const { gateway } = await connectedClinic();
    const { handle, url } = await checkout(gateway);
    const asked = await payWithCard(url, SANDBOX_CARDS.threeDSecure);
    expect(asked.status).toBe(303);
    expect(await (await fetch(url)).text()).toContain('Bekræft betalingen');
    expect((await fetch(`${url}/3ds`, form({ answer: 'reject' }))).status).toBe(402);
    expect((await gateway.getCharge(handle))?.state).toBe('pending');
    await payWithCard(url, SANDBOX_CARDS.threeDSecure);
    expect((await fetch(`${url}/3ds`, form({ answer: 'approve' }))).status).toBe(303);
    expect((await gateway.getCharge(handle))?.state).toBe('settled');
  });

  it('MobilePay: the approval page takes a phone number; refused in the app nothing is paid, approved it is', async () => {
    const { owner, gateway } = await connectedClinic();
    const { handle, url } = await checkout(gateway, { saveCard: true });
    const approval = await fetch(`${url}/mobilepay`);
    const text = await approval.text();
    expect(text).toContain('Godkend i MobilePay');
    expect(text).toContain('Mobilnummer');
    expect(text).toContain('Afvis');

    const rejected = await fetch(`${url}/mobilepay`, form({ phone: '20123456', answer: 'reject' }));
    expect(rejected.status).toBe(402);
    expect(await rejected.text()).toContain('Betalingen blev afvist i MobilePay.');
    expect((await fetch(`${url}/mobilepay`, form({ phone: '123', answer: 'approve' }))).status).toBe(400);
    expect((await gateway.getCharge(handle))?.state).toBe('pending');

    const approved = await fetch(`${url}/mobilepay`, form({ phone: '+45 20 12 34 56', answer: 'approve' }));
    expect(approved.status).toBe(303);
    expect(new URL(approved.headers.get('location')!).searchParams.get('invoice')).toBe(handle);
    // MobilePay saves no card, whatever was agreed.
    expect(await gateway.getCharge(handle)).toMatchObject({ state: 'settled', method: 'mobilepay', cardId: null });
    expect(settled).toContainEqual({ companyId: owner.companyId, handle });
  });

  it('the same handle twice is one charge; a handle with another amount is refused', async () => {
    const { gateway } = await connectedClinic();
    const first = await checkout(gateway, { handle: 'bpsame1' });
    const again = await checkout(gateway, { handle: 'bpsame1' });
    expect(again.url).toBe(first.url);
    await expect(checkout(gateway, { handle: 'bpsame1', amountOre: 1 })).rejects.toBeInstanceOf(ChargeHandleTakenError);
  });

  it('after its time the checkout is closed: the page says so, paying is refused, the charge reads cancelled', async () => {
    const { owner, gateway } = await connectedClinic();
    const { handle, url } = await checkout(gateway, { expiresInMs: 15 * MINUTE });
    t.clock.advance(15 * MINUTE + 1);
    const page = await fetch(url);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Tiden til at betale er udløbet');
    expect((await payWithCard(url)).status).toBe(410);
    expect((await fetch(`${url}/mobilepay`, form({ phone: '20123456', answer: 'approve' }))).status).toBe(410);
    expect(await gateway.getCharge(handle)).toMatchObject({ state: 'cancelled', method: null });
    // The tick records the lapse and tells the clinic.
    await runPaymentsTick(t.api.services, t.clock.now());
    const events = await t.models.SandboxMerchantEvent.find({ account: owner.companyId }).lean();
    expect(events.map((event) => typeOf(event.body))).toEqual(['invoice_cancelled']);
  });
});

describe('saved cards and refunds', () => {
  it('saveCard keeps the card on the customer, and a fee is charged on it once per handle', async () => {
    const { gateway } = await connectedClinic();
    const { handle: unsaved, url: unsavedUrl } = await checkout(gateway, { saveCard: false, customer: 'k2' });
    await payWithCard(unsavedUrl);
    expect((await gateway.getCharge(unsaved))?.cardId).toBeNull();

    const { handle, url } = await checkout(gateway, { saveCard: true, customer: 'k2' });
    expect(await (await fetch(url)).text()).toContain('Kortet gemmes hos klinikken');
    await payWithCard(url);
    const charge = await gateway.getCharge(handle);
    expect(charge?.cardId).toMatch(/^ca_/);

    const fee = await gateway.chargeSavedCard('k2', charge!.cardId!, { handle: 'nf1', amountOre: 30_000, ordertext: 'Udeblivelsesgebyr' });
    expect(fee).toMatchObject({ handle: 'nf1', state: 'settled', amountOre: 30_000, method: 'card', cardId: charge!.cardId });
    const again = await gateway.chargeSavedCard('k2', charge!.cardId!, { handle: 'nf1', amountOre: 30_000, ordertext: 'Udeblivelsesgebyr' });
    expect(again.settledAt).toBe(fee.settledAt);
    expect(await t.models.SandboxMerchantCharge.countDocuments({ handle: 'nf1' })).toBe(1);
    // Another customer's card is not this customer's.
    await expect(gateway.chargeSavedCard('k3', charge!.cardId!, { handle: 'nf2', amountOre: 100, ordertext: 'x' })).rejects.toBeInstanceOf(PaymentDeclinedError);
  });

  it('refunds: partial, idempotent by key, never more than settled, also when two race', async () => {
    const { gateway } = await connectedClinic();
    const { handle, url } = await checkout(gateway, { amountOre: 50_000 });
    await expect(gateway.refund(handle, 100, 'before-paid')).rejects.toBeInstanceOf(MerchantRefundRefusedError);
    await payWithCard(url);

    const part = await gateway.refund(handle, 10_000, 'r1');
    expect(part).toMatchObject({ chargeHandle: handle, amountOre: 10_000, state: 'refunded' });
    expect((await gateway.refund(handle, 10_000, 'r1')).id).toBe(part.id);
    expect((await gateway.getCharge(handle))?.refundedOre).toBe(10_000);
    await expect(gateway.refund(handle, 40_001, 'r2')).rejects.toBeInstanceOf(MerchantRefundRefusedError);
    await expect(gateway.refund(handle, 0, 'r2')).rejects.toBeInstanceOf(MerchantRefundRefusedError);

    // Two refunds of 30 000 racing for the 40 000 left: one goes through.
    const raced = await Promise.allSettled([gateway.refund(handle, 30_000, 'a'), gateway.refund(handle, 30_000, 'b')]);
    expect(raced.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusals = raced.flatMap((result): unknown[] => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toBeInstanceOf(MerchantRefundRefusedError);
    await gateway.refund(handle, 10_000, 'rest');
    expect((await gateway.getCharge(handle))?.refundedOre).toBe(50_000);
    await expect(gateway.refund(handle, 1, 'more')).rejects.toBeInstanceOf(MerchantRefundRefusedError);
  });
});

describe('webhooks and clinics apart', () => {
  it("the clinic's endpoint takes only its own account's signature; nothing is settled otherwise", async () => {
    const a = await connectedClinic();
    const b = await connectedClinic();
    const secretOf = async (owner: Owner): Promise<string> => (await t.models.ClinicPaymentAccount.findById(owner.companyId).lean())?.webhookSecret ?? '';
    const body = JSON.stringify({ id: 'ev_test1', event_type: 'invoice_settled', timestamp: t.clock.now(), account: a.owner.companyId, invoice: 'bpx' });
    const post = (companyId: string, raw: string, signature: string) =>
      fetch(`${origin}/webhooks/booking-payments/${companyId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signature }, body: raw });
    const before = settled.length;

    expect((await post(a.owner.companyId, body, 'sha256=00')).status).toBe(401);
    expect((await post(a.owner.companyId, body, signBody(await secretOf(b.owner), body))).status).toBe(401);
    // B's own secret on B's endpoint, but the body names A's account: refused.
    expect((await post(b.owner.companyId, body, signBody(await secretOf(b.owner), body))).status).toBe(401);
    expect((await post(new Types.ObjectId().toHexString(), body, signBody(await secretOf(a.owner), body))).status).toBe(401);
    expect((await post('not-an-id', body, signBody(await secretOf(a.owner), body))).status).toBe(401);
    expect(settled.length).toBe(before);

    const good = await post(a.owner.companyId, body, signBody(await secretOf(a.owner), body));
    expect(good.status).toBe(200);
    expect(settled.slice(before)).toEqual([{ companyId: a.owner.companyId, handle: 'bpx' }]);
  });

  it("one clinic's handle is unreadable, unpayable and unrefundable by another; the same handle there is its own", async () => {
    const a = await connectedClinic();
    const b = await connectedClinic();
    const { handle, url } = await checkout(a.gateway, { handle: 'bpshared' });
    await payWithCard(url);
    expect(await b.gateway.getCharge(handle)).toBeNull();
    await expect(b.gateway.refund(handle, 100, 'x')).rejects.toBeInstanceOf(MerchantRefundRefusedError);
    const own = await checkout(b.gateway, { handle: 'bpshared', amountOre: 1_000 });
    expect(own.url).not.toBe(url);
    expect(await b.gateway.getCharge(handle)).toMatchObject({ state: 'pending', amountOre: 1_000 });
    expect(await a.gateway.getCharge(handle)).toMatchObject({ state: 'settled', amountOre: 50_000, refundedOre: 0 });
  });
});

/**
 * Buying and keeping Pro through the sandbox payment provider: its real checkout page over HTTP, its signed
 * webhooks, renewals on the API's clock, idempotent purchases, and every clinic kept to its own subscriptions.
 */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { FREE_TRIAL_MS, SANDBOX_CARDS, commerceMessages, formatDanishDate } from '@klinik/core';
import { addMonth } from '@klinik/devkit';
import { signBody } from '../src/adapters/payments/signature.js';
import { tenantDb } from '../src/data/tenant-db.js';
import { recordSms } from '../src/domain/contact/sms-ledger.js';
import { runPaymentsTick } from '../src/jobs/payments.js';
import { billSmsMonths } from '../src/jobs/sms-billing.js';
import { clinicWithTrial, colleagueOf, registerAndLogin, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let origin: string;
beforeAll(async () => {
  t = await startTestApi();
  origin = t.url.replace(/\/api$/, '');
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;
const key = () => randomUUID();

/** Fills the sandbox's checkout page as a browser would; answers the status, the redirect and the page text. */
async function payOnPage(url: string, card: string, expiry = '12/39', cvc = '123') {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Kortnummer');
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: card, expiry, cvc }).toString(),
    redirect: 'manual',
  });
  return { status: answer.status, location: answer.headers.get('location'), text: await answer.text() };
}

async function plan(owner: SignedInOwner) {
  return (await t.call('getTherapist', {}, owner.token)).body.data.company;
}

async function expiredTrial(): Promise<SignedInOwner> {
  const owner = await clinicWithTrial(t);
  t.clock.advance(31 * DAY);
  expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'expired' });
  // Locked out of the clinic's pages, but never out of paying.
  expect((await t.call('getAllEvent', {}, owner.token)).status).toBe(403);
  return owner;
}

async function buyProOnPage(owner: SignedInOwner, card: string = SANDBOX_CARDS.succeeds) {
  const started = await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, owner.token);
  expect(started.status).toBe(200);
  expect(started.body.url).toMatch(/\/sandbox\/checkout\/cs_/);
  return { url: started.body.url!, page: await payOnPage(started.body.url!, card) };
}

describe('buying Pro', () => {
  it('a clinic whose trial expired buys Pro on the checkout page, returns, and its pages open', async () => {
    const owner = await expiredTrial();
    const { page } = await buyProOnPage(owner);
    expect(page.status).toBe(303);
    const back = new URL(page.location!);
    expect(back.origin + back.pathname).toBe('http://localhost:3000/payment/success');
    expect(back.searchParams.get('customer')).toBe(`c${owner.companyId}`);
    const invoice = back.searchParams.get('invoice')!;
    // The webhook landed before the browser came back: the server already knows.
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });
    expect((await t.call('getAllEvent', {}, owner.token)).status).toBe(200);
    const returned = await t.call('registerInvoice', { invoice }, owner.token);
    expect(returned.body.data).toMatchObject({ state: 'settled', ordertext: 'Pro abonnement', amount: 18_625, plan: { planType: 'pro', status: 'active' } });
    // The card is saved, masked; the transaction lists it with VAT apart.
    const cards = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data;
    expect(cards.map((card) => card.card.masked_card)).toEqual(['4111XXXXXXXX1111']);
    const listed = (await t.call('getCustomerAllTransaction', {}, owner.token)).body;
    expect(listed.content.map((row) => [row.order_lines[0]?.ordertext, row.amount_ex_vat, row.amount_vat, row.amount, row.state])).toEqual([['Pro abonnement', 14_900, 3_725, 18_625, 'settled']]);
    expect(listed.content[0]!.transactions[0]!.card_transaction.masked_card).toBe('4111XXXXXXXX1111');
    expect((await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, owner.token)).body.message).toBe(commerceMessages.alreadyPro);
  });

  it('a declined card is refused on the page in Danish, and the plan is unchanged', async () => {
    const owner = await expiredTrial();
    const { page } = await buyProOnPage(owner, SANDBOX_CARDS.declined);
    expect(page.status).toBe(402);
    expect(page.text).toContain('Betalingen blev afvist af kortudstederen. Prøv et andet kort.');
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'expired' });
    expect((await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data).toEqual([]);
    const wrong = await payOnPage((await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, owner.token)).body.url!, '4111111111111112');
    expect(wrong.text).toContain('Kortnummeret er ugyldigt.');
  });

  it('a 3-D Secure card completes after its confirmation page, and not when it is rejected there', async () => {
    const owner = await expiredTrial();
    const { url, page } = await buyProOnPage(owner, SANDBOX_CARDS.threeDSecure);
    expect(page.status).toBe(303);
    const confirmation = await fetch(new URL(page.location!, url));
    expect(await confirmation.text()).toContain('Bekræft betalingen');
    const rejected = await fetch(`${url}/3ds`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'answer=reject', redirect: 'manual' });
    expect(rejected.status).toBe(402);
    expect(await plan(owner)).toMatchObject({ status: 'expired' });
    await payOnPage(url, SANDBOX_CARDS.threeDSecure);
    const approved = await fetch(`${url}/3ds`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'answer=approve', redirect: 'manual' });
    expect(approved.status).toBe(303);
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });
  });

  it('two requests with one idempotency key make one charge; a saved card is charged at once', async () => {
    const owner = await expiredTrial();
    await buyProOnPage(owner);
    await t.call('cancelProPlanSubscription', {}, owner.token);
    t.clock.advance(32 * DAY);
    await t.api.services.payments.tick(t.clock.now());
    expect(await plan(owner)).toMatchObject({ status: 'expired' });

    const [cardId] = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data.map((card) => card.id);
    const shared = key();
    const answers = await Promise.all([1, 2, 3].map(() => t.call('purchasedProPlanSubscription', { cardId: cardId!, idempotencyKey: shared }, owner.token)));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => (answer.status === 200 && answer.body.message === commerceMessages.proActive) || answer.body.message === commerceMessages.purchaseInProgress)).toBe(true);
    const charges = (await t.call('getCustomerAllTransaction', {}, owner.token)).body.content.filter((row) => row.state === 'settled');
    expect(charges).toHaveLength(2);
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });
    // The same key again answers what the first request answered, without a charge; a new key is refused now.
    const again = await t.call('purchasedProPlanSubscription', { cardId: cardId!, idempotencyKey: shared }, owner.token);
    expect(again.body).toMatchObject({ message: commerceMessages.proActive, data: { status: 'active' } });
    expect((await t.call('purchasedProPlanSubscription', { cardId: cardId!, idempotencyKey: key() }, owner.token)).body.message).toBe(commerceMessages.alreadyPro);
    expect((await t.call('getCustomerAllTransaction', {}, owner.token)).body.content).toHaveLength(2);
  });
});

describe('purchase keys and charge handles', () => {
  it("a key from the page cannot spell another charge's handle: Pro's renewal is charged; a handle held by another charge is refused", async () => {
    const owner = await expiredTrial();
    const proKey = key();
    const started = await t.call('purchasedProPlanSubscription', { idempotencyKey: proKey }, owner.token);
    const firstInvoice = new URL((await payOnPage(started.body.url!, SANDBOX_CARDS.succeeds)).location!).searchParams.get('invoice')!;
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });
    const [pro] = (await t.call('getTherapistAllPurchasedSubscription', {}, owner.token)).body.data;
    const periodEnd = (await t.models.SandboxSubscription.findById(pro!.id).lean())!.periodTo;
    const [card] = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data;
    // The drive add-on bought with the key `<Pro's key>-<period end>`: with the key itself in the handle, its first
    // invoice had the handle of Pro's first renewal, and the renewal found it done.
    expect((await t.call('createSubscription', { id: 'drive', cardId: card!.id, idempotencyKey: `${proKey}-${periodEnd}` }, owner.token)).status).toBe(200);
    t.clock.advance(32 * DAY);
    await t.api.services.payments.tick(t.clock.now());
    expect((await t.models.SandboxSubscription.findById(pro!.id).lean())!.periodTo).toBeGreaterThan(periodEnd);
    const paid = (await t.call('getCustomerAllTransaction', {}, owner.token)).body.content.filter((row) => row.state === 'settled' && row.order_lines[0]?.ordertext === 'Pro abonnement');
    expect(paid).toHaveLength(2);

    // A charge under a handle the sandbox holds for another charge (here Pro's first month) is refused, not answered
    // as if it were this one.
    const charges = async () => (await t.call('getCustomerAllTransaction', {}, owner.token)).body.content.length;
    const before = await charges();
    const storage = { kind: 'charge' as const, handle: firstInvoice, ordertext: 'Ekstra lagerplads', amountOre: 4_900 };
    await expect(t.api.services.payments.charge(`c${owner.companyId}`, card!.id, storage)).rejects.toMatchObject({ name: 'ChargeHandleTakenError', status: 409 });
    expect(await charges()).toBe(before);
  });
});

describe('renewals and cancelling', () => {
  it('renews each month; a failed renewal is dunning, and pending once the provider gives up', async () => {
    const owner = await expiredTrial();
    await buyProOnPage(owner);
    const [subscription] = (await t.call('getTherapistAllPurchasedSubscription', {}, owner.token)).body.data;
    expect(subscription).toMatchObject({ kind: 'plan', name: 'Pro', state: 'active', priceOre: 14_900 });
    t.clock.advance(32 * DAY);
    await t.api.services.payments.tick(t.clock.now());
    expect((await t.call('getCustomerAllTransaction', {}, owner.token)).body.content.map((row) => row.state)).toEqual(['settled', 'settled']);
    expect(await plan(owner)).toMatchObject({ status: 'active' });

    expect((await fetch(`${origin}/dev/payments/fail-next-renewal`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subscription: subscription!.id }) })).status).toBe(200);
    t.clock.advance(31 * DAY);
    await t.api.services.payments.tick(t.clock.now());
    // Dunning: the clinic keeps working while the provider tries again.
    expect((await t.call('getTherapistAllPurchasedSubscription', {}, owner.token)).body.data[0]).toMatchObject({ state: 'dunning' });
    expect(await plan(owner)).toMatchObject({ status: 'active' });
    // The card now declines every attempt; the provider gives up after three.
    await t.models.SandboxCard.updateMany({ customer: `c${owner.companyId}` }, { $set: { behaviour: 'decline' } });
    for (const _ of [1, 2]) {
      t.clock.advance(DAY + 1000);
      await t.api.services.payments.tick(t.clock.now());
    }
    expect((await t.call('getTherapistAllPurchasedSubscription', {}, owner.token)).body.data[0]).toMatchObject({ state: 'expired' });
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'pending' });
    expect((await t.call('getAllEvent', {}, owner.token)).status).toBe(403);
    expect((await t.call('getCustomerAllTransaction', {}, owner.token)).body.content.filter((row) => row.state === 'failed')).toHaveLength(3);
  });

  it('cancel-all leaves Pro usable until the period ends, then expired; buying again within the period resumes it free', async () => {
    const owner = await expiredTrial();
    await buyProOnPage(owner);
    const cancelled = await t.call('cancelTherapistAllSubscription', {}, owner.token);
    expect(cancelled.body).toMatchObject({ message: 'Abonnementet er blevet opsagt.', data: { planType: 'pro', status: 'cancelled' } });
    const periodEnd = cancelled.body.data.cancelDate!;
    expect(periodEnd).toBeGreaterThan(t.clock.now() + 27 * DAY);
    expect((await t.call('getAllEvent', {}, owner.token)).status).toBe(200);
    expect((await t.call('cancelProPlanSubscription', {}, owner.token)).body.message).toBe(commerceMessages.nothingToCancel);

    const resumed = await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, owner.token);
    expect(resumed.body).toMatchObject({ message: commerceMessages.proResumed, data: { status: 'active' } });
    expect((await t.call('getCustomerAllTransaction', {}, owner.token)).body.content).toHaveLength(1);

    await t.call('cancelProPlanSubscription', {}, owner.token);
    t.clock.set(periodEnd + 1000);
    await t.api.services.payments.tick(t.clock.now());
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'expired' });
    expect((await t.call('getAllEvent', {}, owner.token)).status).toBe(403);
  });
});

describe('webhooks', () => {
  it('refuses a bad signature and changes nothing; applies an event once; never lets an older event undo a newer one', async () => {
    const owner = await expiredTrial();
    await buyProOnPage(owner);
    const events = await t.models.SandboxEvent.find({ body: { $regex: `c${owner.companyId}` } }).sort({ createdAt: 1 }).lean();
    const created = events.find((event) => event.body.includes('"subscription_created"'))!;
    const send = (body: string, signature: string) =>
      fetch(`${origin}/webhooks/payments`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signature }, body });

    await t.call('cancelProPlanSubscription', {}, owner.token);
    expect(await plan(owner)).toMatchObject({ status: 'cancelled' });
    // A forged 'active' event: refused, nothing changes.
    const forged = JSON.stringify({ ...JSON.parse(created.body), id: 'ev_forged', timestamp: t.clock.now() + 1000 });
    expect((await send(forged, signBody('wrong-secret', forged))).status).toBe(401);
    expect((await send(forged, 'sha256=00')).status).toBe(401);
    expect(await plan(owner)).toMatchObject({ status: 'cancelled' });
    // The real 'subscription_created' delivered again: a duplicate, nothing changes.
    const replay = await send(created.body, signBody('test-webhook-secret', created.body));
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    // The same old state under a new event id (out of order): older than the cancellation, so it changes nothing.
    const late = JSON.stringify({ ...JSON.parse(created.body), id: 'ev_late' });
    expect(await (await send(late, signBody('test-webhook-secret', late))).json()).toMatchObject({ outcome: 'applied' });
    expect(await plan(owner)).toMatchObject({ status: 'cancelled' });
  });
});

describe('who may see and change what', () => {
  it('a therapist who is not the owner is refused; another clinic cannot see or change this clinic\'s subscriptions, cards or charges', async () => {
    const owner = await expiredTrial();
    const { page } = await buyProOnPage(owner);
    const invoice = new URL(page.location!).searchParams.get('invoice')!;
    const [subscription] = (await t.call('getTherapistAllPurchasedSubscription', {}, owner.token)).body.data;
    const [card] = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data;
    const settings = await t.call('getSubscriptionSettings', { id: subscription!.id }, owner.token);
    expect(settings.body.data).toMatchObject({ id: subscription!.id, activeCard: card!.id, transactions: [{ state: 'settled' }] });

    const colleague = await colleagueOf(t, owner);
    for (const attempt of [
      t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, colleague.token),
      t.call('cancelProPlanSubscription', {}, colleague.token),
      t.call('getCustomerAllTransaction', {}, colleague.token),
      t.call('getAllCompanyCustomPaymentCards', {}, colleague.token),
    ]) {
      expect((await attempt).status).toBe(403);
    }

    const stranger = await registerAndLogin(t);
    expect((await t.call('getSubscriptionSettings', { id: subscription!.id }, stranger.token)).status).toBe(404);
    expect((await t.call('registerInvoice', { invoice }, stranger.token)).status).toBe(404);
    expect((await t.call('updateSubscriptionPaymentMethod', { id: subscription!.id, cardId: card!.id }, stranger.token)).status).toBe(404);
    expect((await t.call('updateAllPaymentMethod', { cardId: card!.id, confirmAll: true }, stranger.token)).status).toBe(404);
    expect((await t.call('getCustomerAllTransaction', {}, stranger.token)).body.content).toEqual([]);
    expect((await t.call('cancelTherapistAllSubscription', { therapistId: owner.therapistId }, stranger.token)).status).toBe(403);
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });
  });

  it('asks for the checkbox before changing the card of every subscription', async () => {
    const owner = await registerAndLogin(t);
    const refused = await t.call('updateAllPaymentMethod', { cardId: 'ca_0123456789abcdef', confirmAll: false as true }, owner.token);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.confirmAll).toBe('This field is required');
  });
});

describe('transactions', () => {
  it('pages through the transactions newest first with next_page_token', async () => {
    const owner = await expiredTrial();
    await buyProOnPage(owner);
    for (let month = 0; month < 22; month++) {
      t.clock.advance(32 * DAY);
      await t.api.services.payments.tick(t.clock.now());
    }
    const first = (await t.call('getCustomerAllTransaction', {}, owner.token)).body;
    expect(first.content).toHaveLength(20);
    expect(first.next_page_token).toEqual(expect.any(String));
    const second = (await t.call('getCustomerAllTransaction', { next_page_token: first.next_page_token }, owner.token)).body;
    expect(second.content).toHaveLength(3);
    expect(second.next_page_token).toBeNull();
    const created = [...first.content, ...second.content].map((row) => row.created);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(new Set([...first.content, ...second.content].map((row) => row.id)).size).toBe(23);
  });
});

describe('add-ons', () => {
  async function proWithCard(): Promise<{ owner: SignedInOwner; cardId: string }> {
    const owner = await expiredTrial();
    await buyProOnPage(owner);
    const [card] = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data;
    return { owner, cardId: card!.id };
  }

  it('storage adds 5 GB per purchase to the image quota, counted once per charge however often it is reported', async () => {
    const { owner, cardId } = await proWithCard();
    const quota = async () => (await t.call('getStorageUsage', {}, owner.token)).body.data.purchasedBytes;
    const before = await quota();
    const bought = await t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey: key() }, owner.token);
    expect(bought.body).toMatchObject({ message: commerceMessages.storageBought, addOnName: 'Ekstra lagerplads', customer: `c${owner.companyId}` });
    expect(await quota()).toBe(before + 5 * 1024 ** 3);
    // The same charge's webhook again (a retry from the provider under a new event id) adds nothing.
    const settled = (await t.models.SandboxEvent.find({ body: { $regex: bought.body.invoice! } }).lean()).find((event) => event.body.includes('"invoice_settled"'))!;
    const again = JSON.stringify({ ...JSON.parse(settled.body), id: 'ev_again' });
    await fetch(`${origin}/webhooks/payments`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody('test-webhook-secret', again) }, body: again });
    expect(await quota()).toBe(before + 5 * 1024 ** 3);
    // A second purchase, on the provider's page this time, returns to the storage page and adds another 5 GB.
    const viaPage = await t.call('singleTimePayment', { id: 'storage', cardId: null, idempotencyKey: key() }, owner.token);
    const page = await payOnPage(viaPage.body.url!, SANDBOX_CARDS.succeeds);
    const back = new URL(page.location!);
    expect(back.pathname).toBe('/payment/storage-success');
    expect(await quota()).toBe(before + 10 * 1024 ** 3);
    expect((await t.call('singleTimePaymentSuccess', { invoice: back.searchParams.get('invoice')! }, owner.token)).body.data).toMatchObject({ state: 'settled', addOn: 'storage', amount: 6_125 });
    const [storage] = (await t.call('getAllAddOn', {}, owner.token)).body.data;
    expect(storage).toMatchObject({ id: 'storage', status: 'active', purchased: 2, price: 49, text: 'stk', oneTimePurchase: true });
  });

  it('importdata is bought once; the drive add-on follows its subscription; accounting is free with Pro and disconnects when deactivated', async () => {
    const { owner, cardId } = await proWithCard();
    expect((await t.call('singleTimePayment', { id: 'importdata', cardId, idempotencyKey: key() }, owner.token)).body.message).toBe(commerceMessages.importBought);
    expect((await t.models.Company.findById(owner.companyId).lean())?.importDataActive).toBe(true);
    expect((await t.call('singleTimePayment', { id: 'importdata', cardId, idempotencyKey: key() }, owner.token)).body.message).toBe(commerceMessages.addOnAlreadyActive);
    expect((await t.call('singleTimePayment', { id: 'drive', cardId, idempotencyKey: key() }, owner.token)).status).toBe(400);

    expect((await t.call('createSubscription', { id: 'drive', cardId, idempotencyKey: key() }, owner.token)).body.message).toBe(commerceMessages.addOnActive);
    expect((await t.models.Company.findById(owner.companyId).lean())?.driveAddOnActive).toBe(true);
    const drive = (await t.call('getAllAddOn', {}, owner.token)).body.data.find((row) => row.id === 'drive')!;
    expect(drive.status).toBe('active');
    expect(drive.subscriptionHandleId).toMatch(/^s[a-f0-9]{24}-/);
    expect((await t.call('cancelSubscription', { id: 'drive' }, owner.token)).body.message).toBe(commerceMessages.addOnCancelled);
    const cancelled = (await t.call('getAllAddOn', {}, owner.token)).body.data.find((row) => row.id === 'drive')!;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancelDate).toBeGreaterThan(t.clock.now());
    expect((await t.models.Company.findById(owner.companyId).lean())?.driveAddOnActive).toBe(true);
    t.clock.set(cancelled.cancelDate! + 1000);
    await t.api.services.payments.tick(t.clock.now());
    expect((await t.models.Company.findById(owner.companyId).lean())?.driveAddOnActive).toBe(false);

    expect((await t.call('createSubscription', { id: 'accounting', cardId, idempotencyKey: key() }, owner.token)).status).toBe(400);
    expect((await t.call('freeAddOnWithProPlan', { id: 'accounting' }, owner.token)).body.message).toBe(commerceMessages.addOnActive);
    await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { dineroOrgId: '123', dineroRefreshToken: 'secret' } });
    expect((await t.call('cancelFreeAddOnWithProPlan', { id: 'accounting' }, owner.token)).body.message).toBe(commerceMessages.addOnDeactivated);
    expect(await t.models.Company.findById(owner.companyId).lean()).toMatchObject({ accountingAddOnActive: false, dineroOrgId: null, dineroRefreshToken: null });
  });

  it('the accounting add-on needs Pro; a therapist sees the add-ons but may not buy; another clinic cannot see the return of this one', async () => {
    const trial = await clinicWithTrial(t);
    const refused = await t.call('freeAddOnWithProPlan', { id: 'accounting' }, trial.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Kan kun benyttes med Pro version');

    const { owner, cardId } = await proWithCard();
    const bought = await t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey: key() }, owner.token);
    const colleague = await colleagueOf(t, owner);
    const seen = await t.call('getAllAddOn', {}, colleague.token);
    expect(seen.body.isAdmin).toBe(false);
    expect(seen.body.data.map((row) => row.id)).toEqual(['storage', 'importdata', 'drive', 'accounting']);
    expect((await t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey: key() }, colleague.token)).status).toBe(403);
    const stranger = await registerAndLogin(t);
    expect((await t.call('singleTimePaymentSuccess', { invoice: bought.body.invoice! }, stranger.token)).status).toBe(404);
    expect((await t.call('getAllAddOn', {}, stranger.token)).body.data[0]).toMatchObject({ purchased: 0, status: null });
  });
});

/**
 * Billing that stops when it should. The clock is the API's own (the development clock); each day passes as
 * it does in production: the payments ticker (the clinics' subscriptions following their plans, then the provider's
 * renewals) and the SMS billing, once a day.
 */
describe('billing stops with the plan', () => {
  const services = () => t.api.services;
  /** `days` pass in steps of `step` days (a week: the renewals are monthly, and a year of daily runs is slow here). */
  async function passDays(days: number, step = 7) {
    for (let day = 0; day < days; day += step) {
      t.clock.advance(Math.min(step, days - day) * DAY);
      await runPaymentsTick(services());
      await billSmsMonths(services());
    }
  }
  async function chargesOf(owner: SignedInOwner) {
    return (await services().payments.listCharges(`c${owner.companyId}`, null, 500)).content;
  }
  async function saveCard(owner: SignedInOwner): Promise<string> {
    const added = await t.call('addPaymentMethod', {}, owner.token);
    expect((await payOnPage(added.body.url, SANDBOX_CARDS.succeeds)).status).toBe(303);
    return (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data[0]!.id;
  }

  it('ending the plan ends Pro, every add-on and both colleagues\' Pro; a year later nothing was charged after the period end but the SMS sent while it was paid', async () => {
    const owner = await expiredTrial();
    await buyProOnPage(owner);
    const [card] = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data;
    const cardId = card!.id;
    // Every kind of subscription, bought a few days into Pro's month, so their periods end after Pro's.
    t.clock.advance(3 * DAY);
    expect((await t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey: key() }, owner.token)).status).toBe(200);
    expect((await t.call('singleTimePayment', { id: 'importdata', cardId, idempotencyKey: key() }, owner.token)).status).toBe(200);
    expect((await t.call('createSubscription', { id: 'drive', cardId, idempotencyKey: key() }, owner.token)).status).toBe(200);
    expect((await t.call('freeAddOnWithProPlan', { id: 'accounting' }, owner.token)).status).toBe(200);
    const colleagues = [await colleagueOf(t, owner), await colleagueOf(t, owner, { nameFirst: 'Asta', nameLast: 'Holm' })];
    for (const colleague of colleagues) {
      expect((await t.call('adminPurchaseTherapistProSubscription', { therapistId: colleague.therapistId, cardId, idempotencyKey: key() }, owner.token)).status).toBe(200);
    }
    // A paid SMS (beyond the free quota) sent while the plan is paid for: a debt billed once its month is over.
    const db = tenantDb(services().models, new Types.ObjectId(owner.companyId));
    await recordSms(db, { jobId: `debt-${owner.companyId}`, therapistId: new Types.ObjectId(owner.therapistId), kind: 'booking', sentAt: t.clock.now(), quota: 0 });

    // The confirmation names what ends, and 'Deaktiver' ends exactly that.
    const listed = (await t.call('getTherapistAllPurchasedSubscription', {}, owner.token)).body.info.endsWithPlan;
    expect(listed.map((row) => [row.kind, row.name])).toEqual([
      ['plan', 'Pro'],
      ['addOn', 'Backup til Google Drev'],
      ['therapist', 'Pro terapeut: Jonas Bæk'],
      ['therapist', 'Pro terapeut: Asta Holm'],
    ]);
    expect(listed.every((row) => row.endsAt !== null && row.endsAt > t.clock.now())).toBe(true);
    const cancelled = await t.call('cancelProPlanSubscription', {}, owner.token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.ended).toEqual(listed);
    expect((await t.call('getTherapistAllPurchasedSubscription', {}, owner.token)).body.info.endsWithPlan).toEqual([]);
    const periodEnd = cancelled.body.data.cancelDate!;
    const rows = (await t.call('getAllTherapistByCompany', {}, owner.token)).body.data.filter((row) => row.therapistSubscription?.planType === 'pro');
    expect(rows.map((row) => row.therapistSubscription!.status)).toEqual(['cancelled', 'cancelled']);
    const cancelledAt = t.clock.now();
    const before = (await chargesOf(owner)).length;
    expect(before).toBe(6);

    await passDays(366);
    const after = await chargesOf(owner);
    const later = after.filter((charge) => charge.created > cancelledAt);
    // Nothing renewed: the one charge since is the SMS of the month they were sent in, charged once that month ended.
    expect(later.map((charge) => charge.ordertext)).toEqual([expect.stringMatching(/^SMS ud over de gratis, \d{4}-\d{2} \(1 stk\.\)$/)]);
    expect(after.filter((charge) => charge.created > periodEnd && !charge.ordertext.startsWith('SMS'))).toEqual([]);
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'expired' });
    const states = await t.models.SandboxSubscription.find({ customer: `c${owner.companyId}` }, { state: 1 }).lean();
    expect(states).toHaveLength(4);
    expect(states.every((subscription) => subscription.state === 'expired')).toBe(true);
    expect((await t.models.Company.findById(owner.companyId).lean())?.driveAddOnActive).toBe(false);
  }, 120_000);

  it('a trial that runs out without Pro ends the drive backup and a colleague\'s Pro bought during it: nothing is charged to a clinic whose plan is not usable', async () => {
    const owner = await clinicWithTrial(t);
    const cardId = await saveCard(owner);
    t.clock.advance(20 * DAY);
    expect((await t.call('createSubscription', { id: 'drive', cardId, idempotencyKey: key() }, owner.token)).status).toBe(200);
    const colleague = await colleagueOf(t, owner);
    expect((await t.call('adminPurchaseTherapistProSubscription', { therapistId: colleague.therapistId, cardId, idempotencyKey: key() }, owner.token)).status).toBe(200);
    const trialEnd = (await plan(owner)).trial!;
    expect((await chargesOf(owner)).length).toBe(2);

    await passDays(70);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'expired' });
    expect((await chargesOf(owner)).filter((charge) => charge.created >= trialEnd)).toEqual([]);
    // And none starts while the plan is not usable.
    const refused = await t.call('createSubscription', { id: 'drive', cardId, idempotencyKey: key() }, owner.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(commerceMessages.planNotRunning);
    expect((await t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey: key() }, owner.token)).status).toBe(409);
    expect((await chargesOf(owner)).length).toBe(2);
  });

  it('taking a cancelled plan back within its period takes back what ended with it, free', async () => {
    const owner = await expiredTrial();
    await buyProOnPage(owner);
    const [card] = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data;
    expect((await t.call('createSubscription', { id: 'drive', cardId: card!.id, idempotencyKey: key() }, owner.token)).status).toBe(200);
    expect((await t.call('cancelTherapistAllSubscription', {}, owner.token)).body.ended.map((row) => row.name)).toEqual(['Pro', 'Backup til Google Drev']);
    // With the plan ended, a monthly add-on is not started again on its own.
    expect((await t.call('createSubscription', { id: 'drive', cardId: card!.id, idempotencyKey: key() }, owner.token)).status).toBe(409);
    expect((await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, owner.token)).body.message).toBe(commerceMessages.proResumed);
    const drive = (await t.call('getAllAddOn', {}, owner.token)).body.data.find((row) => row.id === 'drive')!;
    expect(drive).toMatchObject({ status: 'active', cancelDate: null });
    expect((await chargesOf(owner)).length).toBe(2);
    // And they renew again, as before.
    await passDays(33);
    expect((await chargesOf(owner)).map((charge) => charge.ordertext).sort()).toEqual(['Backup til Google Drev', 'Backup til Google Drev', 'Pro abonnement', 'Pro abonnement']);
  });
});

describe('Pro bought during the trial', () => {
  async function saveCard(owner: SignedInOwner): Promise<string> {
    const added = await t.call('addPaymentMethod', {}, owner.token);
    expect((await payOnPage(added.body.url, SANDBOX_CARDS.succeeds)).status).toBe(303);
    return (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data[0]!.id;
  }
  const charges = async (owner: SignedInOwner) => (await t.call('getCustomerAllTransaction', {}, owner.token)).body.content;

  it('saves the card and starts the paid period the day the trial ends, charged then by the renewal; no trial day is lost', async () => {
    const owner = await clinicWithTrial(t);
    const cardId = await saveCard(owner);
    t.clock.advance(10 * DAY);
    const trialEnd = (await plan(owner)).trial!;
    const bought = await t.call('purchasedProPlanSubscription', { cardId, idempotencyKey: key() }, owner.token);
    expect(bought.status).toBe(200);
    expect(bought.body.message).toBe(commerceMessages.proScheduled(formatDanishDate(trialEnd)));
    expect(bought.body.data).toMatchObject({ planType: 'freeTrial', status: 'active', proStartsAt: trialEnd });
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'active', trial: trialEnd, proStartsAt: trialEnd });
    expect(await charges(owner)).toEqual([]);
    expect((await t.call('purchasedProPlanSubscription', { cardId, idempotencyKey: key() }, owner.token)).body.message).toBe(commerceMessages.proAlreadyScheduled);

    // The last minute of the trial: still nothing charged.
    t.clock.set(trialEnd - 60_000);
    await runPaymentsTick(t.api.services);
    expect(await charges(owner)).toEqual([]);
    // The trial's end: the first month is charged, and the plan is Pro for a month from then.
    t.clock.set(trialEnd + 1000);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'active' });
    await runPaymentsTick(t.api.services);
    expect((await charges(owner)).map((row) => [row.order_lines[0]?.ordertext, row.amount, row.state])).toEqual([['Pro abonnement', 18_625, 'settled']]);
    const company = await t.models.Company.findById(owner.companyId).lean();
    expect(company).toMatchObject({ planType: 'pro', status: 'active', proStartsAt: null });
    expect(company!.planPeriodEnd).toBe(addMonth(trialEnd));
  });

  it('on the provider\'s page during the trial nothing is charged; cancelled before it starts, it never does', async () => {
    const owner = await clinicWithTrial(t);
    const trialEnd = (await plan(owner)).trial!;
    const started = await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, owner.token);
    const page = await fetch(started.body.url!);
    const text = await page.text();
    expect(text).toContain(`186,25 kr. inkl. moms pr. måned, første gang ${formatDanishDate(trialEnd)}. Der trækkes intet nu.`);
    expect(text).toContain('>Gem kort</button>');
    const paid = await payOnPage(started.body.url!, SANDBOX_CARDS.succeeds);
    expect(paid.status).toBe(303);
    expect(new URL(paid.location!).searchParams.get('invoice')).toBeNull();
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'active', proStartsAt: trialEnd });
    expect(await charges(owner)).toEqual([]);

    const ended = await t.call('cancelProPlanSubscription', {}, owner.token);
    expect(ended.body.ended).toEqual([expect.objectContaining({ kind: 'plan', name: 'Pro', endsAt: null, startsAt: trialEnd })]);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'active', proStartsAt: null });
    t.clock.set(trialEnd + 1000);
    await runPaymentsTick(t.api.services);
    t.clock.advance(40 * DAY);
    await runPaymentsTick(t.api.services);
    expect(await charges(owner)).toEqual([]);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'expired' });
  });
});

describe('the free trial', () => {
  it('runs a month from the day it is chosen, not from registration', async () => {
    const owner = await registerAndLogin(t);
    t.clock.advance(20 * DAY);
    const chosen = t.clock.now();
    const started = await t.call('purchasedFreePlanSubscription', {}, owner.token);
    expect(started.body.data).toMatchObject({ planType: 'freeTrial', status: 'active' });
    // A month from the choice (the test clock runs on with real time between the two readings).
    expect(started.body.data.trial).toBeGreaterThanOrEqual(chosen + FREE_TRIAL_MS);
    expect(started.body.data.trial).toBeLessThanOrEqual(t.clock.now() + FREE_TRIAL_MS);
    t.clock.advance(29 * DAY);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'active' });
    expect((await t.call('getAllEvent', {}, owner.token)).status).toBe(200);
    t.clock.advance(DAY);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'expired' });
  });

  it('tells a clinic with no plan that any plan will do (spec 2 §1)', async () => {
    const owner = await registerAndLogin(t);
    const refused = await t.call('getAllEvent', {}, owner.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Du kan vælge en hvilken som helst plan, og så kan du bruge den');
    expect((await t.call('freeAddOnWithProPlan', { id: 'accounting' }, owner.token)).body.message).toBe('Du kan vælge en hvilken som helst plan, og så kan du bruge den');
  });
});

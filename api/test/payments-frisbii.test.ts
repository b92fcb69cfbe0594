/**
 * The production payment adapter (Frisbii, formerly Reepay) end to end through the product's actions, against a
 * Frisbii-shaped HTTP service (support/frisbii-double.ts) that posts its signed webhooks back to the API: what the
 * adapter sends (key, paths, amounts excluding VAT with 25 % VAT itemised, handles as idempotency keys, no provider
 * trial), how the provider's answers and webhooks become the clinic's plan, and how refusals and outages reach the
 * user (a declined card: the Danish message and nothing changed; the provider down: 503 and nothing written).
 */
import { randomUUID } from 'node:crypto';
import { commerceMessages, copenhagenDateKey, formatCopenhagenTime, formatDanishDate } from '@klinik/core';
import { configFromEnv } from '../src/config.js';
import { signWebhook, WEBHOOK_MAX_AGE_MS } from '../src/adapters/payments/frisbii/provider.js';
import { clinicWithTrial, type SignedInOwner } from './support/fixtures.js';
import { startFrisbiiDouble, type FrisbiiDouble } from './support/frisbii-double.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const PRIVATE_KEY = 'priv_0123456789abcdef0123456789abcdef';
const WEBHOOK_SECRET = 'webhook_secret_for_the_frisbii_test';
let t: TestApi;
let frisbii: FrisbiiDouble;
let origin: string;
let clockNow: () => number = () => Date.now();

beforeAll(async () => {
  frisbii = await startFrisbiiDouble(PRIVATE_KEY, WEBHOOK_SECRET, () => clockNow());
  t = await startTestApi({
    paymentsProvider: 'frisbii',
    paymentsWebhookSecret: WEBHOOK_SECRET,
    frisbii: { privateKey: PRIVATE_KEY, apiUrl: frisbii.apiUrl, checkoutUrl: frisbii.checkoutUrl },
  });
  clockNow = () => t.clock.now();
  origin = t.url.replace(/\/api$/, '');
  frisbii.deliverTo(`${origin}/webhooks/payments`);
});
afterAll(async () => {
  await t.close();
  await frisbii.close();
});

const key = () => randomUUID();
const DAY = 24 * 3600_000;

async function plan(owner: SignedInOwner) {
  return (await t.call('getTherapist', {}, owner.token)).body.data.company;
}
/** A clinic whose trial has run out: Pro bought now is charged at once (during a trial it would start at its end). */
async function afterItsTrial(): Promise<SignedInOwner> {
  const owner = await clinicWithTrial(t);
  t.clock.advance(31 * DAY);
  return owner;
}
const customerOf = (owner: SignedInOwner) => `c${owner.companyId}`;
const sent = (method: string, path: string) => frisbii.requests.filter((request) => request.method === method && request.path === path);

describe('the Frisbii adapter', () => {
  it('buys Pro on the hosted checkout: the session asked for, the customer made, the webhooks turn the clinic Pro', async () => {
    const owner = await clinicWithTrial(t);
    t.clock.advance(31 * DAY);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'expired' });

    const started = await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, owner.token);
    expect(started.status).toBe(200);
    expect(started.body.url).toMatch(/^https:\/\/checkout\.reepay\.com\/#\/cs_/);
    // Every call carries the account's key; the customer is created once, as the clinic.
    expect(frisbii.requests.every((request) => request.authorized)).toBe(true);
    expect(sent('POST', '/api/v1/customer').at(-1)!.body).toMatchObject({ handle: customerOf(owner), country: 'DK' });
    const sessionId = started.body.url!.split('/').at(-1)!;
    const session = frisbii.sessions.get(sessionId)!;
    expect(session.path).toBe('subscription');
    expect(session.body).toMatchObject({
      accept_url: 'http://localhost:3000/payment/success',
      cancel_url: 'http://localhost:3000/payment/cancel',
      locale: 'da_DK',
      prepare_subscription: { customer: customerOf(owner), plan: 'pro', amount: 14_900, amount_incl_vat: false, no_trial: true },
    });
    expect(await plan(owner)).toMatchObject({ status: 'expired' });

    // The customer pays on Frisbii's page; the webhooks land; the browser comes back to the return page.
    const back = new URL(await frisbii.completeSession(sessionId));
    expect(back.pathname).toBe('/payment/success');
    expect(frisbii.webhooks.every((webhook) => webhook.answered === 200)).toBe(true);
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });
    expect((await t.call('getAllEvent', {}, owner.token)).status).toBe(200);
    const returned = await t.call('registerInvoice', { invoice: back.searchParams.get('invoice')! }, owner.token);
    expect(returned.body.data).toMatchObject({ state: 'settled', ordertext: 'Pro abonnement', amount: 18_625 });

    const cards = (await t.call('getAllCompanyCustomPaymentCards', {}, owner.token)).body.data;
    expect(cards.map((card) => card.card.masked_card)).toEqual(['411111XXXXXX1111']);
    const listed = (await t.call('getCustomerAllTransaction', {}, owner.token)).body;
    expect(listed.content.map((row) => [row.amount_ex_vat, row.amount_vat, row.amount, row.state])).toEqual([[14_900, 3_725, 18_625, 'settled']]);
  });

  it('charges a saved card once per idempotency key, however often the request comes', async () => {
    const owner = await clinicWithTrial(t);
    await t.call('getAllCompanyCustomPaymentCards', {}, owner.token);
    const cardId = frisbii.addCard(customerOf(owner));
    const before = sent('POST', '/api/v1/charge').length;
    const idempotencyKey = key();
    const answers = await Promise.all([1, 2, 3].map(() => t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey }, owner.token)));
    await frisbii.settled();
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.body.message === commerceMessages.purchaseInProgress)).toBe(true);
    const charges = sent('POST', '/api/v1/charge').slice(before);
    expect(charges.length).toBeGreaterThanOrEqual(1);
    // Whatever reached the provider carried one handle as its idempotency key, with the catalogue's price excl. VAT.
    expect(new Set(charges.map((charge) => charge.body!.handle)).size).toBe(1);
    expect(charges[0]!.body).toMatchObject({ key: charges[0]!.body!.handle, source: cardId, settle: true, currency: 'DKK', order_lines: [{ amount: 4_900, vat: 0.25, amount_incl_vat: false }] });
    const listed = (await t.call('getCustomerAllTransaction', {}, owner.token)).body;
    expect(listed.content).toHaveLength(1);
    expect(listed.content[0]).toMatchObject({ amount_ex_vat: 4_900, amount_vat: 1_225, amount: 6_125, state: 'settled' });
    // The provider's own guard holds too: a second settle of the handle answers the first charge, not a new one.
    const again = await t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey }, owner.token);
    expect(again.status).toBe(200);
    expect((await t.call('getCustomerAllTransaction', {}, owner.token)).body.content).toHaveLength(1);
  });

  it('a declined card answers the Danish message and changes nothing', async () => {
    const owner = await afterItsTrial();
    await t.call('getAllCompanyCustomPaymentCards', {}, owner.token);
    const cardId = frisbii.addCard(customerOf(owner), { declines: true });
    const answer = await t.call('purchasedProPlanSubscription', { idempotencyKey: key(), cardId }, owner.token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(commerceMessages.declined);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'expired' });
  });

  it("refuses another clinic's card before anything is sent to the provider", async () => {
    const owner = await clinicWithTrial(t);
    const other = await clinicWithTrial(t);
    await t.call('getAllCompanyCustomPaymentCards', {}, other.token);
    const othersCard = frisbii.addCard(customerOf(other));
    const before = frisbii.requests.length;
    const answer = await t.call('purchasedProPlanSubscription', { idempotencyKey: key(), cardId: othersCard }, owner.token);
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe(commerceMessages.cardUnknown);
    // Nothing was charged or subscribed: the card was checked against the clinic's own first.
    expect(frisbii.requests.slice(before).filter((request) => /\/v1\/(charge|subscription)/.test(request.path))).toEqual([]);
  });

  it('a failed renewal: dunning keeps Pro working, the provider giving up makes the plan pending; cancel and take back', async () => {
    const owner = await afterItsTrial();
    await t.call('getAllCompanyCustomPaymentCards', {}, owner.token);
    const cardId = frisbii.addCard(customerOf(owner));
    const bought = await t.call('purchasedProPlanSubscription', { idempotencyKey: key(), cardId }, owner.token);
    expect(bought.status).toBe(200);
    await frisbii.settled();
    expect(sent('POST', '/api/v1/subscription').at(-1)!.body).toMatchObject({ plan: 'pro', source: cardId, signup_method: 'source', conditional_create: true, no_trial: true, amount: 14_900, amount_incl_vat: false });
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });
    const handle = String(sent('POST', '/api/v1/subscription').at(-1)!.body!.handle);

    expect((await t.call('cancelProPlanSubscription', {}, owner.token)).status).toBe(200);
    await frisbii.settled();
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'cancelled' });
    expect((await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, owner.token)).body.message).toBe(commerceMessages.proResumed);
    await frisbii.settled();
    expect(sent('POST', `/api/v1/subscription/${handle}/uncancel`)).toHaveLength(1);
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });

    await frisbii.failRenewal(handle);
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active' });
    const subscription = (await t.call('getSubscriptionSettings', { id: handle }, owner.token)).body.data;
    expect(subscription.state).toBe('dunning');
    await frisbii.giveUp(handle);
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'pending' });
  });

  it('refuses a webhook whose signature does not verify, and applies a replayed one once', async () => {
    const owner = await afterItsTrial();
    await t.call('getAllCompanyCustomPaymentCards', {}, owner.token);
    const cardId = frisbii.addCard(customerOf(owner));
    await t.call('purchasedProPlanSubscription', { idempotencyKey: key(), cardId }, owner.token);
    await frisbii.settled();
    const handle = String(sent('POST', '/api/v1/subscription').at(-1)!.body!.handle);
    await t.call('cancelProPlanSubscription', {}, owner.token);
    await frisbii.settled();
    expect(await plan(owner)).toMatchObject({ status: 'cancelled' });

    const post = (body: string) => fetch(`${origin}/webhooks/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const timestamp = new Date(t.clock.now() + 1000).toISOString();
    const forged = { id: 'wh_forged', event_type: 'subscription_uncancelled', timestamp, customer: customerOf(owner), subscription: handle };
    expect((await post(JSON.stringify({ ...forged, signature: signWebhook('not-the-secret', timestamp, forged.id) }))).status).toBe(401);
    expect((await post(JSON.stringify({ ...forged, signature: 'ab'.repeat(32) }))).status).toBe(401);
    expect((await post(JSON.stringify(forged))).status).toBe(401);
    expect(await plan(owner)).toMatchObject({ status: 'cancelled' });

    const cancelled = frisbii.webhooks.find((webhook) => {
      const sentBody = JSON.parse(webhook.body) as { event_type: string; subscription?: string };
      return sentBody.event_type === 'subscription_cancelled' && sentBody.subscription === handle;
    })!;
    const replay = await post(cancelled.body);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    // An event the product does not use (the customer's creation) was acknowledged, so the provider stops sending it,
    // and recorded: the same webhook again is a duplicate.
    const unused = frisbii.webhooks.find((webhook) => webhook.body.includes('"customer_created"') && webhook.body.includes(`"${customerOf(owner)}"`))!;
    expect(unused).toMatchObject({ answered: 200, outcome: 'ignored' });
    expect(await (await post(unused.body)).json()).toMatchObject({ outcome: 'duplicate' });
    // Signed with the secret, but never sent by the provider: refused.
    const id = 'wh_never_sent';
    expect((await post(JSON.stringify({ id, event_type: 'customer_changed', timestamp, customer: customerOf(owner), signature: signWebhook(WEBHOOK_SECRET, timestamp, id) }))).status).toBe(401);
  });

  it("a webhook's signature vouches only for its id and time: a leaked one is not another event, for another clinic, or late", async () => {
    // One clinic pays Pro; another is on its trial.
    const payer = await afterItsTrial();
    await t.call('getAllCompanyCustomPaymentCards', {}, payer.token);
    const cardId = frisbii.addCard(customerOf(payer));
    expect((await t.call('purchasedProPlanSubscription', { idempotencyKey: key(), cardId }, payer.token)).status).toBe(200);
    await frisbii.settled();
    const handle = String(sent('POST', '/api/v1/subscription').at(-1)!.body!.handle);
    const other = await clinicWithTrial(t);
    const post = (body: unknown) => fetch(`${origin}/webhooks/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const bodyOf = (type: string, customer: string) => {
      const found = frisbii.webhooks.find((webhook) => webhook.body.includes(`"${type}"`) && webhook.body.includes(`"${customer}"`))!;
      return JSON.parse(found.body) as Record<string, string>;
    };

    // The payer's 'customer_created' webhook (a type the product ignores) has leaked: its signed id and time, sent
    // as the payer's Pro subscription being created for the other clinic, or with another real event's id, are refused.
    const leaked = bodyOf('customer_created', customerOf(payer));
    const signed = { id: leaked.id, timestamp: leaked.timestamp, signature: leaked.signature };
    expect((await post({ ...signed, event_type: 'subscription_created', customer: customerOf(other), subscription: handle })).status).toBe(401);
    expect((await post({ ...signed, event_id: bodyOf('subscription_created', customerOf(payer)).event_id })).status).toBe(401);
    expect(await plan(other)).toMatchObject({ planType: 'freeTrial', status: 'active' });
    expect(await t.models.Subscription.countDocuments({ companyId: other.companyId })).toBe(0);
    // As sent, it is spent: a duplicate.
    expect(await (await post(leaked)).json()).toMatchObject({ outcome: 'duplicate' });

    // A genuine webhook that arrives more than five minutes after it was signed is refused, and changes nothing.
    frisbii.holdWebhooks(true);
    try {
      expect((await t.call('cancelProPlanSubscription', {}, payer.token)).status).toBe(200);
    } finally {
      frisbii.holdWebhooks(false);
    }
    const late = bodyOf('subscription_cancelled', customerOf(payer));
    t.clock.advance(WEBHOOK_MAX_AGE_MS + 1000);
    expect((await post(late)).status).toBe(401);
    expect(await plan(payer)).toMatchObject({ planType: 'pro', status: 'active' });
  });

  it('Pro bought during the trial is created with the trial\'s end as its start date: nothing is invoiced until the provider starts it', async () => {
    const owner = await clinicWithTrial(t);
    t.clock.advance(10 * DAY);
    const trialEnd = (await plan(owner)).trial!;
    const startsAt = Math.ceil(trialEnd / 1000) * 1000;
    await t.call('getAllCompanyCustomPaymentCards', {}, owner.token);
    const cardId = frisbii.addCard(customerOf(owner));
    const bought = await t.call('purchasedProPlanSubscription', { idempotencyKey: key(), cardId }, owner.token);
    expect(bought.status).toBe(200);
    expect(bought.body.message).toBe(commerceMessages.proScheduled(formatDanishDate(trialEnd)));
    await frisbii.settled();
    const created = sent('POST', '/api/v1/subscription').at(-1)!.body!;
    // Copenhagen wall time, as the account's time zone reads it.
    expect(created).toMatchObject({ plan: 'pro', source: cardId, signup_method: 'source', no_trial: true, start_date: `${copenhagenDateKey(startsAt)}T${formatCopenhagenTime(startsAt)}:${String(new Date(startsAt).getUTCSeconds()).padStart(2, '0')}` });
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'active', proStartsAt: startsAt });
    expect((await t.call('getCustomerAllTransaction', {}, owner.token)).body.content).toEqual([]);

    // The provider's clock reaches the start: the first month is invoiced, and the webhooks make the plan Pro.
    t.clock.set(startsAt);
    await frisbii.reachStart(String(created.handle));
    expect(await plan(owner)).toMatchObject({ planType: 'pro', status: 'active', proStartsAt: null });
    expect((await t.call('getCustomerAllTransaction', {}, owner.token)).body.content.map((row) => [row.amount, row.state])).toEqual([[18_625, 'settled']]);

    // On the hosted page during a trial: the same start date, and nothing invoiced there either.
    const other = await clinicWithTrial(t);
    const otherEnd = (await plan(other)).trial!;
    const started = await t.call('purchasedProPlanSubscription', { idempotencyKey: key() }, other.token);
    const sessionId = started.body.url!.split('/').at(-1)!;
    const prepared = frisbii.sessions.get(sessionId)!.body.prepare_subscription as Record<string, unknown>;
    expect(prepared).toMatchObject({ plan: 'pro', no_trial: true });
    expect(prepared.start_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const back = new URL(await frisbii.completeSession(sessionId));
    expect(back.searchParams.get('invoice')).toBeNull();
    expect(await plan(other)).toMatchObject({ planType: 'freeTrial', status: 'active', proStartsAt: Math.ceil(otherEnd / 1000) * 1000 });
    expect((await t.call('getCustomerAllTransaction', {}, other.token)).body.content).toEqual([]);
  });

  it('never answers a charge under a handle that is not this one', async () => {
    const owner = await clinicWithTrial(t);
    await t.call('getAllCompanyCustomPaymentCards', {}, owner.token);
    const cardId = frisbii.addCard(customerOf(owner));
    expect((await t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey: key() }, owner.token)).status).toBe(200);
    await frisbii.settled();
    const handle = String(sent('POST', '/api/v1/charge').at(-1)!.body!.handle);
    const storage = { kind: 'charge' as const, handle, ordertext: 'Ekstra lagerplads', amountOre: 4_900 };
    const payments = t.api.services.payments;
    // The same charge again is answered; the handle for another amount, or another clinic, is refused.
    await expect(payments.charge(customerOf(owner), cardId, storage)).resolves.toMatchObject({ handle, state: 'settled' });
    await expect(payments.charge(customerOf(owner), cardId, { ...storage, amountOre: 49_900 })).rejects.toMatchObject({ name: 'ChargeHandleTakenError', status: 409 });
    const other = await clinicWithTrial(t);
    await expect(payments.charge(customerOf(other), frisbii.addCard(customerOf(other)), storage)).rejects.toMatchObject({ name: 'ChargeHandleTakenError', status: 409 });
  });

  it('answers 503 with the Danish text when the provider is down, and writes nothing', async () => {
    const owner = await clinicWithTrial(t);
    const purchasesBefore = await t.models.Purchase.countDocuments({ companyId: owner.companyId });
    frisbii.breakFor(5);
    const answerKey = key();
    const answer = await t.call('purchasedProPlanSubscription', { idempotencyKey: answerKey }, owner.token);
    frisbii.breakFor(0);
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe(commerceMessages.providerUnavailable);
    expect(await plan(owner)).toMatchObject({ planType: 'freeTrial', status: 'active' });
    expect(await t.models.Purchase.countDocuments({ companyId: owner.companyId })).toBe(purchasesBefore);
    // Back up: the same key goes through (the outage did not spend it).
    const retried = await t.call('purchasedProPlanSubscription', { idempotencyKey: answerKey }, owner.token);
    expect(retried.status).toBe(200);
    expect(retried.body.url).toMatch(/checkout\.reepay\.com/);
  });

  it('pages the transactions with the provider’s cursor', async () => {
    const owner = await clinicWithTrial(t);
    await t.call('getAllCompanyCustomPaymentCards', {}, owner.token);
    const cardId = frisbii.addCard(customerOf(owner));
    for (let i = 0; i < 3; i += 1) expect((await t.call('singleTimePayment', { id: 'storage', cardId, idempotencyKey: key() }, owner.token)).status).toBe(200);
    await frisbii.settled();
    const first = (await t.call('getCustomerAllTransaction', {}, owner.token)).body;
    expect(sent('GET', '/api/v1/list/invoice').at(-1)!.query).toMatchObject({ customer: customerOf(owner) });
    const all = [...first.content];
    let token = first.next_page_token;
    while (token) {
      const page = (await t.call('getCustomerAllTransaction', { next_page_token: token }, owner.token)).body;
      all.push(...page.content);
      token = page.next_page_token;
    }
    expect(all).toHaveLength(3);
    expect(new Set(all.map((row) => row.id)).size).toBe(3);
  });
});

describe('configuration', () => {
  it('refuses Frisbii without its key or a webhook secret of its own', () => {
    expect(() => configFromEnv({ PAYMENTS_PROVIDER: 'frisbii', PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'y'.repeat(20) }, '/tmp')).toThrow(/FRISBII_PRIVATE_KEY/);
    expect(() => configFromEnv({ PAYMENTS_PROVIDER: 'frisbii', FRISBII_PRIVATE_KEY: PRIVATE_KEY, JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'y'.repeat(20) }, '/tmp')).toThrow(/PAYMENTS_WEBHOOK_SECRET/);
    const config = configFromEnv({ NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`, CPR_HASH_KEY: Buffer.alloc(32, 4).toString('base64'), PAYMENTS_PROVIDER: 'frisbii', FRISBII_PRIVATE_KEY: PRIVATE_KEY, PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET, JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'y'.repeat(20) }, '/tmp');
    expect(config).toMatchObject({ paymentsProvider: 'frisbii', frisbii: { privateKey: PRIVATE_KEY, apiUrl: 'https://api.reepay.com', checkoutUrl: 'https://checkout-api.reepay.com' } });
  });
});

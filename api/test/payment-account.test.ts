/**
 * The clinic's own payment account ('Betaling ved booking' on /Settings): the owner connects the sandbox or the
 * clinic's Frisbii account (the key tried with a call first, against a local stand-in of Frisbii's account endpoint),
 * disconnects it keeping the record; the key and the secret are stored encrypted and never answered; a colleague
 * only reads; one clinic's account is not another's.
 */
import { createServer, type Server } from 'node:http';
import { Types } from 'mongoose';
import { paymentAccountMessages } from '@klinik/core';
import { tenantDb } from '../src/data/tenant-db.js';
import { merchantOf } from '../src/domain/payment-account/gateway.js';
import { clinicWithTrial, colleagueOf } from './support/fixtures.js';
import { listenLocally } from './support/local-server.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const GOOD_KEY = 'priv_0123456789abcdef';
const SECRET = 'whsec_the_clinics_own_webhook_secret';

let t: TestApi;
let origin: string;
let frisbii: Server;
const accountCalls: string[] = [];
beforeAll(async () => {
  // Frisbii's GET /v1/account: 200 for the one key it knows, 401 for any other (basic auth, the key as user name).
  frisbii = createServer((request, response) => {
    const user = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':')[0] ?? '';
    accountCalls.push(`${request.method} ${request.url} ${user}`);
    const known = request.method === 'GET' && request.url === '/v1/account' && user === GOOD_KEY;
    response.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(known ? { handle: 'klinik-account', name: 'Klinikken' } : { code: 1, error: 'Unauthorized' }));
  });
  const frisbiiUrl = await listenLocally(frisbii);
  t = await startTestApi({ merchantFrisbii: { apiUrl: frisbiiUrl, checkoutUrl: frisbiiUrl } });
  origin = t.url.replace(/\/api$/, '');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => frisbii.close(resolve));
});

const stored = (companyId: string) => t.models.ClinicPaymentAccount.collection.findOne({ _id: companyId as never });
const gatewayOf = (companyId: string) => merchantOf(t.api.services, tenantDb(t.api.services.models, new Types.ObjectId(companyId)));

describe('connecting the clinic’s payment account', () => {
  it('the owner connects the sandbox: connected, its webhook address, a secret of its own stored encrypted and never answered', async () => {
    const owner = await clinicWithTrial(t);
    const before = await t.call('getClinicPaymentAccount', {}, owner.token);
    expect(before.body.data).toMatchObject({ connected: false, provider: null, connectedAt: null, webhookUrl: `${origin}/webhooks/booking-payments/${owner.companyId}` });
    expect(await gatewayOf(owner.companyId)).toBeNull();

    const connected = await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token);
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({ message: paymentAccountMessages.connected, data: { connected: true, provider: 'sandbox', connectedAt: expect.any(Number) as unknown, sandboxAvailable: true } });
    const raw = await stored(owner.companyId);
    expect(raw?.webhookSecret).toMatch(/^enc1:/);
    const secret = (await t.models.ClinicPaymentAccount.findById(owner.companyId).lean())!.webhookSecret!;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(connected.body)).not.toContain(secret);
    expect(JSON.stringify((await t.call('getClinicPaymentAccount', {}, owner.token)).body)).not.toContain(secret);
    expect((await gatewayOf(owner.companyId))?.kind).toBe('sandbox');
  });

  it("connects the clinic's Frisbii account only after Frisbii accepted the key; a refused key changes nothing", async () => {
    const owner = await clinicWithTrial(t);
    await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token);
    const sandboxSecret = (await t.models.ClinicPaymentAccount.findById(owner.companyId).lean())!.webhookSecret;

    const refused = await t.call('setClinicPaymentAccount', { provider: 'frisbii', privateKey: 'priv_wrongkey', webhookSecret: SECRET }, owner.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: paymentAccountMessages.refused, errors: { privateKey: paymentAccountMessages.refused } });
    expect(accountCalls).toContain('GET /v1/account priv_wrongkey');
    expect(await t.models.ClinicPaymentAccount.findById(owner.companyId).lean()).toMatchObject({ provider: 'sandbox', privateKey: null, webhookSecret: sandboxSecret });

    const missing = await t.call('setClinicPaymentAccount', { provider: 'frisbii', privateKey: GOOD_KEY }, owner.token);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ webhookSecret: paymentAccountMessages.webhookSecretRequired });
    const injected = await t.post({ action: 'setClinicPaymentAccount', token: owner.token, provider: 'frisbii', privateKey: { $gt: '' }, webhookSecret: SECRET });
    expect(injected.status).toBe(400);

    const connected = await t.call('setClinicPaymentAccount', { provider: 'frisbii', privateKey: GOOD_KEY, webhookSecret: SECRET }, owner.token);
    expect(connected.status).toBe(200);
    expect(connected.body.data).toMatchObject({ connected: true, provider: 'frisbii' });
    const answered = JSON.stringify(connected.body) + JSON.stringify((await t.call('getClinicPaymentAccount', {}, owner.token)).body);
    expect(answered).not.toContain(GOOD_KEY);
    expect(answered).not.toContain(SECRET);
    const raw = await stored(owner.companyId);
    expect(raw?.privateKey).toMatch(/^enc1:/);
    expect(raw?.webhookSecret).toMatch(/^enc1:/);
    expect(JSON.stringify(raw)).not.toContain(GOOD_KEY);
    expect((await gatewayOf(owner.companyId))?.kind).toBe('frisbii');
  });

  it('disconnecting stops the gateway and its webhooks, drops the secrets and keeps the record', async () => {
    const owner = await clinicWithTrial(t);
    await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token);
    const secret = (await t.models.ClinicPaymentAccount.findById(owner.companyId).lean())!.webhookSecret!;
    const { signBody } = await import('../src/adapters/payments/signature.js');
    const body = JSON.stringify({ id: 'ev_x', event_type: 'invoice_settled', timestamp: 1, account: owner.companyId, invoice: 'bp-none' });

    const disconnected = await t.call('setClinicPaymentAccount', { provider: 'none' }, owner.token);
    expect(disconnected.body).toMatchObject({ message: paymentAccountMessages.disconnected, data: { connected: false, provider: null, connectedAt: null } });
    expect(await t.models.ClinicPaymentAccount.findById(owner.companyId).lean()).toMatchObject({ provider: null, privateKey: null, webhookSecret: null, connectedBy: new Types.ObjectId(owner.therapistId), disconnectedAt: expect.any(Number) as unknown });
    expect(await gatewayOf(owner.companyId)).toBeNull();
    const webhook = await fetch(`${origin}/webhooks/booking-payments/${owner.companyId}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody(secret, body) }, body });
    expect(webhook.status).toBe(401);
    // And back again, with a new secret.
    await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token);
    expect((await t.models.ClinicPaymentAccount.findById(owner.companyId).lean())!.webhookSecret).not.toBe(secret);
  });
});

describe('who may', () => {
  it('a colleague sees whether the account is connected, and may not connect or disconnect it', async () => {
    const owner = await clinicWithTrial(t);
    const colleague = await colleagueOf(t, owner);
    expect((await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, colleague.token)).status).toBe(403);
    expect((await t.call('getClinicPaymentAccount', {}, colleague.token)).body.data.connected).toBe(false);
    await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, owner.token);
    expect((await t.call('getClinicPaymentAccount', {}, colleague.token)).body.data).toMatchObject({ connected: true, provider: 'sandbox' });
    expect((await t.call('setClinicPaymentAccount', { provider: 'none' }, colleague.token)).status).toBe(403);
    expect((await t.call('getClinicPaymentAccount', {}, owner.token)).body.data.connected).toBe(true);
  });

  it("one clinic's account is its own: another clinic connecting or disconnecting leaves it as it is", async () => {
    const a = await clinicWithTrial(t);
    const b = await clinicWithTrial(t);
    await t.call('setClinicPaymentAccount', { provider: 'frisbii', privateKey: GOOD_KEY, webhookSecret: SECRET }, a.token);
    expect((await t.call('getClinicPaymentAccount', {}, b.token)).body.data).toMatchObject({ connected: false, webhookUrl: `${origin}/webhooks/booking-payments/${b.companyId}` });
    await t.call('setClinicPaymentAccount', { provider: 'sandbox' }, b.token);
    await t.call('setClinicPaymentAccount', { provider: 'none' }, b.token);
    expect((await t.call('getClinicPaymentAccount', {}, a.token)).body.data).toMatchObject({ connected: true, provider: 'frisbii' });
    expect((await gatewayOf(a.companyId))?.kind).toBe('frisbii');
    expect(await gatewayOf(b.companyId)).toBeNull();
  });
});

/**
 * The production accounting adapter (Dinero through Visma Connect) through the real endpoint, against a Dinero-shaped
 * HTTP service (support/dinero-double.ts): the authorize url, the code and the rotated refresh tokens, the wire shapes
 * of contacts, products, invoices and credit notes (PascalCase, no CPR number, booked with their Timestamp), nothing
 * written twice, a draft left unbooked by a failure booked by the next transfer, and the errors as the product's.
 */
import { accountingMessages, copenhagenWallTime, DAY_MS } from '@klinik/core';
import { clinicWithTrial, newClient, type SignedInOwner } from './support/fixtures.js';
import { DOUBLE_CLIENT, DOUBLE_ORGANIZATION, startDineroDouble, type DineroDouble } from './support/dinero-double.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let dinero: DineroDouble;
beforeAll(async () => {
  dinero = await startDineroDouble();
  t = await startTestApi({
    accountingProvider: 'dinero',
    dinero: { ...DOUBLE_CLIENT, connectUrl: dinero.url, apiUrl: dinero.url, accountWithVat: 1000, accountWithoutVat: 1010 },
  });
  t.clock.set(copenhagenWallTime(2026, 11, 23, 12, 0));
});
afterAll(async () => {
  await t.close();
  await dinero.close();
});

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const SETTINGS = { type: true, discount: '50', moms: true, treatmentText: true, aktuelBehandling: true, followUpText: true };

async function clinic(): Promise<SignedInOwner & { treatment: string }> {
  const owner = await clinicWithTrial(t);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: t.clock.now() + 30 * DAY_MS, accountingAddOnActive: true } });
  await t.call('setCompany', COMPANY, owner.token);
  const treatment = (await t.call('addTreatment', { name: 'Massage', price: 450, duration: 2700, pause: 0 }, owner.token)).body.data.id;
  return { ...owner, treatment };
}

let slot = 0;
async function invoice(owner: SignedInOwner & { treatment: string }, cprLast4: string, credit = false) {
  slot += 1;
  const booked = await t.call('addBooking', { treatmentId: owner.treatment, from: copenhagenWallTime(2026, 12, 1, 6, 0) + slot * 3_600_000, client: newClient(cprLast4) }, owner.token);
  await t.call('setClient', { id: booked.body.data.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
  expect((await t.call('addInvoice', { bookingId: booked.body.data.id, settings: SETTINGS }, owner.token)).status).toBe(200);
  if (credit) expect((await t.call('addInvoice', { bookingId: booked.body.data.id, settings: { ...SETTINGS, type: false } }, owner.token)).status).toBe(200);
}

async function connect(owner: SignedInOwner) {
  const started = await t.call('getVismaConnectUrl', { allDataFlag: true }, owner.token);
  const url = new URL(started.body.url);
  return t.call('updateClientDineroData', { code: dinero.issueCode(), state: url.searchParams.get('state')! }, owner.token);
}

const posts = (path: string) => dinero.requests.filter((request) => request.method === 'POST' && request.path === path);

it('connects through Visma Connect and writes Dinero records in its shapes, once each', async () => {
  const owner = await clinic();
  await invoice(owner, '1234');
  await invoice(owner, '5678', true);

  const started = await t.call('getVismaConnectUrl', { allDataFlag: true }, owner.token);
  const url = new URL(started.body.url);
  expect(`${url.origin}${url.pathname}`).toBe(`${dinero.url}/connect/authorize`);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    client_id: DOUBLE_CLIENT.clientId,
    response_type: 'code',
    scope: 'dineropublicapi:read dineropublicapi:write offline_access',
    redirect_uri: 'http://localhost:3000/payment/dinero-verification',
    ui_locales: 'da-DK',
  });

  const first = await connect(owner);
  expect(first.status).toBe(200);
  expect(first.body.data).toMatchObject({
    dineroOrgId: String(DOUBLE_ORGANIZATION),
    invoice: { success: 3, total: 3, fail: 0 },
    contact: { success: 2, total: 2 },
    product: { success: 1, total: 1 },
  });
  // The code exchange sent the registered redirect address; the stored refresh token is the latest rotated one.
  const exchange = dinero.requests.find((request) => request.path === '/connect/token' && (request.body as Record<string, string>).grant_type === 'authorization_code')!;
  expect((exchange.body as Record<string, string>).redirect_uri).toBe('http://localhost:3000/payment/dinero-verification');
  const refreshes = dinero.requests.filter((request) => request.path === '/connect/token' && (request.body as Record<string, string>).grant_type === 'refresh_token');
  expect(refreshes).toHaveLength(1);
  expect((await t.models.Company.findById(owner.companyId).lean())?.dineroRefreshToken).not.toBe((refreshes[0]!.body as Record<string, string>).refresh_token);

  const contact = posts(`/v1/${DOUBLE_ORGANIZATION}/contacts`)[0]!.body as Record<string, unknown>;
  expect(Object.keys(contact).sort()).toEqual(['City', 'CountryKey', 'Email', 'ExternalReference', 'IsPerson', 'Name', 'Phone', 'Street', 'ZipCode']);
  expect(contact).toMatchObject({ Name: 'Signe Kjær', Street: 'Åvej 2', ZipCode: '4000', City: 'Roskilde', CountryKey: 'DK', IsPerson: true });
  expect(JSON.stringify(dinero.requests.map((request) => request.body))).not.toMatch(/010190/);
  expect(posts(`/v1/${DOUBLE_ORGANIZATION}/products`)[0]!.body).toMatchObject({ Name: 'Massage', BaseAmountValue: 450, Quantity: 1, AccountNumber: 1000, Unit: 'session' });
  const invoices = [...dinero.invoices.values()];
  expect(invoices).toHaveLength(2);
  expect(invoices.every((doc) => doc.Status === 'Booked')).toBe(true);
  expect(invoices[0]!.body).toMatchObject({ Currency: 'DKK', Language: 'da-DK', Date: '2026-11-23', ShowLinesInclVat: false });
  // 450 kr. less 50 kr. discount, excluding VAT.
  expect((invoices[0]!.body.ProductLines as Array<Record<string, unknown>>)[0]).toMatchObject({ BaseAmountValue: 400, Quantity: 1, AccountNumber: 1000, LineType: 'Product', Discount: 0 });
  const [creditNote] = [...dinero.creditNotes.values()];
  expect(creditNote?.Status).toBe('Booked');
  expect(invoices.map((doc) => doc.Guid)).toContain(creditNote!.body.CreditNoteFor);

  // Transfers share the access token while it is valid: the rotating refresh token is spent once, not per transfer.
  const synced = await t.call('syncDinero', {}, owner.token);
  expect(synced.body.data.invoice.alreadyAdded).toBe(3);
  expect(dinero.requests.filter((request) => request.path === '/connect/token' && (request.body as Record<string, string>).grant_type === 'refresh_token')).toHaveLength(1);

  // The access token expired and two transfers need a new one at once: one refresh (a second use of the rotated
  // refresh token would be refused, and can cost the whole grant at Visma Connect).
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { dineroAccessTokenExpiresAt: 0 } });
  const raced = await Promise.all([t.call('syncDinero', {}, owner.token), t.call('syncDinero', {}, owner.token)]);
  expect(raced.map((answer) => answer.status)).toEqual([200, 200]);
  expect(dinero.requests.filter((request) => request.path === '/connect/token' && (request.body as Record<string, string>).grant_type === 'refresh_token')).toHaveLength(2);

  const before = dinero.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v1/')).length;
  const second = await connect(owner);
  expect(second.body.data).toMatchObject({ invoice: { success: 0, alreadyAdded: 3 }, contact: { success: 0, alreadyAdded: 2 }, product: { success: 0, alreadyAdded: 1 } });
  expect(dinero.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v1/')).length).toBe(before);
});

it('books a draft a failure left behind on the next transfer; a refused contact counts as failed; a lost grant is 409', async () => {
  const owner = await clinic();
  await invoice(owner, '1111');
  dinero.failNext(`/v1/${DOUBLE_ORGANIZATION}/invoices/`, 503);
  const broken = await connect(owner);
  expect(broken.status).toBe(503);
  expect(broken.body.message).toBe(accountingMessages.unavailable);
  const drafts = [...dinero.invoices.values()].filter((doc) => doc.Status === 'Draft');
  expect(drafts).toHaveLength(1);
  const again = await connect(owner);
  expect(again.body.data.invoice).toMatchObject({ success: 0, alreadyAdded: 1, fail: 0 });
  expect(dinero.invoices.get(drafts[0]!.Guid)?.Status).toBe('Booked');

  // A client without invoices (nothing is transferred in the background for it), refused once by Dinero.
  expect((await t.call('addClient', { client: { ...newClient('2222'), address: 'Åvej 2', post: '4000', town: 'Roskilde' }, ids: [] }, owner.token)).status).toBe(200);
  dinero.failNext(`/v1/${DOUBLE_ORGANIZATION}/contacts`, 400);
  const refused = await connect(owner);
  expect(refused.body.status).toBe('failed');
  expect(refused.body.message).toBe(accountingMessages.transferPartly);
  expect(refused.body.data.contact).toMatchObject({ fail: 1, alreadyAdded: 1, total: 2, error: accountingMessages.entityFailed });
  expect((await connect(owner)).body.data.contact).toMatchObject({ success: 1, alreadyAdded: 1, fail: 0 });

  // Visma Connect unreachable at the exchange: 503, and the same code works once it answers again.
  const retried = await t.call('getVismaConnectUrl', { allDataFlag: true }, owner.token);
  const retry = { code: dinero.issueCode(), state: new URL(retried.body.url).searchParams.get('state')! };
  dinero.failNext('/connect/token', 503);
  expect((await t.call('updateClientDineroData', retry, owner.token)).status).toBe(503);
  expect((await t.call('updateClientDineroData', retry, owner.token)).status).toBe(200);

  // The stored grant no longer valid (revoked at Visma Connect): the reloaded return page answers 409.
  const started = await t.call('getVismaConnectUrl', { allDataFlag: true }, owner.token);
  const state = new URL(started.body.url).searchParams.get('state')!;
  const code = dinero.issueCode();
  expect((await t.call('updateClientDineroData', { code, state }, owner.token)).status).toBe(200);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { dineroRefreshToken: 'rt-revoked', dineroAccessTokenExpiresAt: 0 } });
  const lost = await t.call('updateClientDineroData', { code, state }, owner.token);
  expect(lost.status).toBe(409);
  expect(lost.body.message).toBe(accountingMessages.connectionExpired);
});

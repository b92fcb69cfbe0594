/**
 * The production accounting adapter (Dinero through Visma Connect) through the real endpoint, against a Dinero-shaped
 * HTTP service (support/dinero-double.ts): the authorize url, the code and the rotated refresh tokens, the wire shapes
 * of contacts, products, invoices and credit notes (PascalCase, no CPR number, booked with their Timestamp), nothing
 * written twice, a draft left unbooked by a failure booked by the next transfer, and the errors as the product's.
 */
import { accountingMessages, copenhagenWallTime, DAY_MS, type AccountingTransfer, type TransferResult } from '@klinik/core';
import { tenantDb } from '../src/data/tenant-db.js';
import { openRun } from '../src/domain/accounting/transfer.js';
import { runAccountingTick } from '../src/jobs/accounting.js';
import { runAccountingTransfers } from '../src/jobs/accounting-transfers.js';
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

interface Transferred {
  status: number;
  /** The run's result as the return page shows it (the error's body when the start was refused). */
  body: TransferResult & { message?: string };
  run: AccountingTransfer | null;
}

/** A started transfer, done by the transfer job, read back as the page follows it. */
async function finished(started: { status: number; body: { message?: string; data?: { number: number } } }, token: string): Promise<Transferred> {
  if (started.status !== 200) return { status: started.status, body: started.body as never, run: null };
  await runAccountingTransfers(t.api.services, 'test-runner');
  const followed = await t.call('getAccountingTransfer', { number: started.body.data!.number }, token);
  return { status: followed.status, body: followed.body.data!.result!, run: followed.body.data };
}

async function connect(owner: SignedInOwner) {
  const started = await t.call('getVismaConnectUrl', { allDataFlag: true }, owner.token);
  const url = new URL(started.body.url);
  return finished(await t.call('updateClientDineroData', { code: dinero.issueCode(), state: url.searchParams.get('state')! }, owner.token), owner.token);
}

const sync = async (owner: SignedInOwner) => finished(await t.call('syncDinero', {}, owner.token), owner.token);
const refreshes = () => dinero.requests.filter((request) => request.path === '/connect/token' && (request.body as Record<string, string>).grant_type === 'refresh_token');

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
  expect(refreshes()).toHaveLength(1);
  expect((await t.models.Company.findById(owner.companyId).lean())?.dineroRefreshToken).not.toBe((refreshes()[0]!.body as Record<string, string>).refresh_token);

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
  const synced = await sync(owner);
  expect(synced.body.data.invoice.alreadyAdded).toBe(3);
  expect(refreshes()).toHaveLength(1);

  // The access token expired, and the background transfer and the accounting ticker (an invoice waiting) need a new
  // one at once: one refresh (a second use of the rotated refresh token would be refused, and can cost the whole
  // grant at Visma Connect).
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { dineroAccessTokenExpiresAt: 0 } });
  const waiting = (await t.models.Invoice.findOne({ companyId: owner.companyId }).lean())!;
  await t.models.AccountingPending.create({ _id: `${owner.companyId}:${waiting._id.toString()}`, companyId: owner.companyId, invoiceId: waiting._id, nextAttemptAt: 0 });
  const racing = await t.call('syncDinero', {}, owner.token);
  await Promise.all([runAccountingTransfers(t.api.services, 'test-runner'), runAccountingTick(t.api.services)]);
  expect((await t.call('getAccountingTransfer', { number: racing.body.data.number }, owner.token)).body.data).toMatchObject({ status: 'done', result: { status: 'success' } });
  expect(await t.models.AccountingPending.countDocuments({ companyId: owner.companyId })).toBe(0);
  expect(refreshes()).toHaveLength(2);

  const before = dinero.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v1/')).length;
  const second = await connect(owner);
  expect(second.body.data).toMatchObject({ invoice: { success: 0, alreadyAdded: 3 }, contact: { success: 0, alreadyAdded: 2 }, product: { success: 0, alreadyAdded: 1 } });
  expect(dinero.requests.filter((request) => request.method === 'POST' && request.path.startsWith('/v1/')).length).toBe(before);
});

it('never spends a rotated refresh token: a transfer that read the clinic before another refreshed uses the new access token', async () => {
  const owner = await clinic();
  await invoice(owner, '2468');
  expect((await connect(owner)).status).toBe(200);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { dineroAccessTokenExpiresAt: 0 } });
  // Read with the expired access token, as a transfer starting now would…
  const stale = (await t.models.Company.findById(owner.companyId).lean())!;
  const spent = refreshes().length;
  // …while another transfer refreshes (rotating the refresh token) and lets its claim go.
  expect((await sync(owner)).status).toBe(200);
  expect(refreshes()).toHaveLength(spent + 1);
  const db = tenantDb(t.models, stale._id);
  const run = await openRun({ accounting: t.api.services.accounting, now: () => t.clock.now(), logger: t.api.services.logger }, db, stale);
  expect(run).toBeTruthy();
  // No second refresh with the spent token (the double refuses it, as Visma Connect may by revoking the grant).
  expect(refreshes()).toHaveLength(spent + 1);
  expect((await sync(owner)).body.status).toBe('success');
});

it('books a draft a failure left behind on the next transfer; a refused contact counts as failed; a lost grant stops the transfer', async () => {
  const owner = await clinic();
  await invoice(owner, '1111');
  dinero.failNext(`/v1/${DOUBLE_ORGANIZATION}/invoices/`, 503);
  // Dinero unreachable mid-transfer: the run stops with why, and the page shows it.
  const broken = await connect(owner);
  expect([broken.run?.status, broken.run?.message, broken.body.status, broken.body.message]).toEqual(['failed', accountingMessages.unavailable, 'failed', accountingMessages.unavailable]);
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
  expect((await finished(await t.call('updateClientDineroData', retry, owner.token), owner.token)).run?.status).toBe('done');

  // The stored grant no longer valid (revoked at Visma Connect): the next transfer stops with 'connect again'; the
  // reloaded return page still shows the result its own transfer had.
  const started = await t.call('getVismaConnectUrl', { allDataFlag: true }, owner.token);
  const state = new URL(started.body.url).searchParams.get('state')!;
  const code = dinero.issueCode();
  const kept = await finished(await t.call('updateClientDineroData', { code, state }, owner.token), owner.token);
  expect(kept.run?.status).toBe('done');
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { dineroRefreshToken: 'rt-revoked', dineroAccessTokenExpiresAt: 0 } });
  const lost = await sync(owner);
  expect([lost.run?.status, lost.body.status, lost.body.message]).toEqual(['failed', 'failed', accountingMessages.connectionExpired]);
  const reloaded = await t.call('updateClientDineroData', { code, state }, owner.token);
  expect([reloaded.status, reloaded.body.data.number, reloaded.body.data.result?.status]).toEqual([200, kept.run?.number, 'success']);
});

it('posts each line of a mixed invoice, and of its credit note, to the sales account of its VAT kind', async () => {
  const owner = await clinic();
  const physio = (await t.call('addTreatment', { name: 'Fysioterapi', price: 500, duration: 1800, pause: 0, vatExempt: true }, owner.token)).body.data.id;
  slot += 1;
  const booked = await t.call('addBooking', { treatmentId: owner.treatment, from: copenhagenWallTime(2026, 12, 1, 6, 0) + slot * 3_600_000, client: newClient('4400') }, owner.token);
  await t.call('setClient', { id: booked.body.data.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, owner.token);
  const issued = await t.call('addInvoice', { bookingId: booked.body.data.id, settings: SETTINGS, extraTreatmentIds: [physio] }, owner.token);
  expect(issued.status).toBe(200);
  const credited = await t.call('addInvoice', { bookingId: booked.body.data.id, settings: { ...SETTINGS, type: false } }, owner.token);
  expect(credited.status).toBe(200);
  expect((await connect(owner)).body.data.invoice).toMatchObject({ success: 2, fail: 0 });

  const sent = (store: typeof dinero.invoices, id: string) => [...store.values()].find((doc) => doc.body.ExternalReference === `klinik-${owner.companyId}-invoice-${id}`)!;
  const lines = (doc: ReturnType<typeof sent>) => (doc.body.ProductLines as Array<Record<string, unknown>>).map((line) => [String(line.Description).split(' ')[0], line.BaseAmountValue, line.AccountNumber]);
  // 450 kr. (25 %) and 500 kr. (exempt) less 50 kr. spread by price: 426,32 kr. on the account with VAT, 473,68 kr. without.
  expect(lines(sent(dinero.invoices, issued.body.data.id))).toEqual([
    ['Massage', 426.32, 1000],
    ['Fysioterapi', 473.68, 1010],
  ]);
  expect(lines(sent(dinero.creditNotes, credited.body.data.id))).toEqual([
    ['Massage', 426.32, 1000],
    ['Fysioterapi', 473.68, 1010],
  ]);
  // The exempt treatment's product books to the account without VAT.
  expect(posts(`/v1/${DOUBLE_ORGANIZATION}/products`).map((request) => request.body as Record<string, unknown>).find((body) => body.Name === 'Fysioterapi')).toMatchObject({ BaseAmountValue: 500, AccountNumber: 1010 });
});

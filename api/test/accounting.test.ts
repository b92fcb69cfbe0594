/**
 * The accounting integration through the real endpoint and the sandbox accounting system over HTTP (issue 13): the
 * consent page, the code exchanged once, the transfer's counts, a second transfer that adds nothing twice, the
 * period's required dates, invoices transferred as they are issued (and never blocked by the accounting system),
 * disconnecting, who may do what, and the refresh token never in any answer.
 */
import { accountingMessages, copenhagenWallTime, DAY_MS } from '@klinik/core';
import { runAccountingTick } from '../src/jobs/accounting.js';
import type { AccountingSandbox } from '../src/adapters/accounting/sandbox/provider.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
/** Every answer body of the API and the sandbox's pages, to prove the refresh token is in none of them. */
const seen: string[] = [];
beforeAll(async () => {
  t = await startTestApi();
  t.clock.set(copenhagenWallTime(2026, 11, 23, 12, 0));
  const call = t.call.bind(t);
  t.call = (async (action, input, token) => {
    const answer = await call(action, input, token);
    seen.push(JSON.stringify(answer.body));
    return answer;
  });
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const ADDRESS = { address: 'Åvej 2', post: '4000', town: 'Roskilde' };
const SETTINGS = { type: true, discount: '0', moms: true, treatmentText: true, aktuelBehandling: true, followUpText: true };
const sandbox = () => t.api.services.accounting as AccountingSandbox;

async function fetchText(url: string, init?: RequestInit) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  seen.push(text);
  return { status: response.status, location: response.headers.get('location'), text };
}

interface Clinic extends SignedInOwner {
  treatments: string[];
}

/** A clinic with Pro (as the payment webhook leaves it), its invoice details, two treatments and the add-on active. */
async function proClinic(activate = true): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: t.clock.now() + 30 * DAY_MS } });
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const treatments: string[] = [];
  for (const [name, price] of [['Massage', 450], ['Akupunktur', 500]] as const) {
    treatments.push((await t.call('addTreatment', { name, price, duration: 45 * 60, pause: 0 }, owner.token)).body.data.id);
  }
  if (activate) expect((await t.call('freeAddOnWithProPlan', { id: 'accounting' }, owner.token)).status).toBe(200);
  return { ...owner, treatments };
}

let slot = 0;
async function client(clinic: Clinic, cprLast4: string): Promise<string> {
  slot += 1;
  const from = copenhagenWallTime(2026, 12, 1, 6, 0) + slot * HOUR;
  const booked = await t.call('addBooking', { treatmentId: clinic.treatments[0]!, from, client: newClient(cprLast4) }, clinic.token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  await t.call('setClient', { id: booked.body.data.clientId, changes: ADDRESS }, clinic.token);
  await t.call('deleteBooking', { id: booked.body.data.id }, clinic.token);
  return booked.body.data.clientId;
}

/** Books the client for the treatment and invoices it. */
async function invoiced(clinic: Clinic, clientId: string, treatment = 0): Promise<string> {
  slot += 1;
  const from = copenhagenWallTime(2026, 12, 1, 6, 0) + slot * HOUR;
  const booked = await t.call('addBooking', { treatmentId: clinic.treatments[treatment]!, from, clientId }, clinic.token);
  if (booked.status !== 200) throw new Error(JSON.stringify(booked.body));
  const issued = await t.call('addInvoice', { bookingId: booked.body.data.id, settings: SETTINGS }, clinic.token);
  if (issued.status !== 200) throw new Error(JSON.stringify(issued.body));
  return issued.body.data.id;
}

/** The owner's way through: the connection url, the sandbox's consent page, 'Tillad', and back with code and state. */
async function consent(clinic: SignedInOwner, settings: { allDataFlag: boolean; fromDate?: string; toDate?: string } = { allDataFlag: true }, organization = 'Testregnskab') {
  const started = await t.call('getVismaConnectUrl', settings, clinic.token);
  expect(started.status).toBe(200);
  const url = new URL(started.body.url);
  expect(url.pathname).toBe('/sandbox/accounting/authorize');
  const page = await fetchText(url.toString());
  expect(page.status).toBe(200);
  expect(page.text).toContain('Tillad');
  expect(page.text).toContain('Afvis');
  const form = new URLSearchParams({
    client_id: url.searchParams.get('client_id')!,
    redirect_uri: url.searchParams.get('redirect_uri')!,
    state: url.searchParams.get('state')!,
    organization,
    answer: 'allow',
  });
  const answer = await fetchText(`${url.origin}/sandbox/accounting/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  expect(answer.status).toBe(303);
  const back = new URL(answer.location!);
  expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/payment/dinero-verification');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>): Promise<T> {
  for (let tries = 0; tries < 250; tries++) {
    const value = await probe();
    if (value) return value;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('waited too long');
}

const company = (clinic: SignedInOwner) => t.models.Company.findById(clinic.companyId).lean();

describe('connecting and transferring', () => {
  it('transfers clients, treatments and invoices with the right counts; a second transfer reports them as already added', async () => {
    const clinic = await proClinic();
    const signe = await client(clinic, '1234');
    const bo = await client(clinic, '5678');
    await client(clinic, '9012');
    await invoiced(clinic, signe, 0);
    await invoiced(clinic, bo, 1);
    await invoiced(clinic, signe, 0);
    // Issued before the connection: nothing waits (they go with the first transfer).
    expect(await t.models.AccountingPending.countDocuments({ companyId: clinic.companyId })).toBe(0);

    const first = await t.call('updateClientDineroData', { ...(await consent(clinic)), therapistId: clinic.therapistId }, clinic.token);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('success');
    expect(first.body.data.invoice).toEqual({ success: 3, fail: 0, total: 3, alreadyAdded: 0, error: null });
    expect(first.body.data.contact).toEqual({ success: 3, fail: 0, total: 3, alreadyAdded: 0, error: null });
    expect(first.body.data.product).toEqual({ success: 2, fail: 0, total: 2, alreadyAdded: 0, error: null });
    const stored = await company(clinic);
    expect(stored?.dineroOrgId).toBe(first.body.data.dineroOrgId);
    expect(stored?.dineroRefreshToken).toMatch(/^rt_/);

    // What reached the accounting system: names, addresses, e-mail, phone; never a CPR number or health data.
    const contacts = await sandbox().records(first.body.data.dineroOrgId, 'contact');
    expect(contacts).toHaveLength(3);
    for (const contact of contacts) {
      expect(Object.keys(contact.data).sort()).toEqual(['city', 'countryKey', 'email', 'externalReference', 'id', 'isPerson', 'name', 'phone', 'street', 'zipCode']);
      expect(JSON.stringify(contact.data)).not.toMatch(/010190|1234|5678|9012/);
    }
    expect(contacts.map((contact) => contact.data.name)).toContain('Signe Kjær');
    const invoices = await sandbox().records(first.body.data.dineroOrgId, 'invoice');
    expect(invoices).toHaveLength(3);
    expect(invoices.every((invoice) => invoice.data.booked === true)).toBe(true);
    expect((invoices[0]!.data.lines as Array<{ amountOre: number; withVat: boolean }>)[0]).toMatchObject({ amountOre: 45000, withVat: true });

    const second = await t.call('updateClientDineroData', await consent(clinic), clinic.token);
    expect(second.body.status).toBe('success');
    expect(second.body.data.invoice).toEqual({ success: 0, fail: 0, total: 3, alreadyAdded: 3, error: null });
    expect(second.body.data.contact).toEqual({ success: 0, fail: 0, total: 3, alreadyAdded: 3, error: null });
    expect(second.body.data.product).toEqual({ success: 0, fail: 0, total: 2, alreadyAdded: 2, error: null });
    expect(await sandbox().records(first.body.data.dineroOrgId, 'invoice')).toHaveLength(3);

    // Two transfers racing write each record once.
    const [a, b] = await Promise.all([consent(clinic), consent(clinic)]);
    const raced = await Promise.all([t.call('updateClientDineroData', a, clinic.token), t.call('updateClientDineroData', b, clinic.token)]);
    expect(raced.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await sandbox().records(first.body.data.dineroOrgId, 'contact')).toHaveLength(3);

    // The return page reloaded: the code is not exchanged again; the transfer only confirms what is there.
    const reload = await t.call('updateClientDineroData', a, clinic.token);
    expect(reload.body.data.invoice.alreadyAdded).toBe(3);
    // A code never issued is refused.
    const forged = await t.call('updateClientDineroData', { code: 'code_forged', state: a.state }, clinic.token);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(accountingMessages.codeInvalid);

    // The shell's sync icon: everything again, nothing added twice.
    const synced = await t.call('syncDinero', {}, clinic.token);
    expect(synced.body.data.contact).toEqual({ success: 0, fail: 0, total: 3, alreadyAdded: 3, error: null });

    const status = await t.call('getDineroStatus', {}, clinic.token);
    expect(status.body.data).toEqual({ addOnActive: true, connected: true, dineroOrgId: first.body.data.dineroOrgId, pendingInvoices: 0, provider: 'sandbox' });
    const colleague = await colleagueOf(t, clinic);
    expect((await t.call('getDineroStatus', {}, colleague.token)).body.data.connected).toBe(true);
    await t.call('getTherapist', {}, clinic.token);

    // The refresh token is in no answer of the whole flow, nor on any page.
    const secrets = (await company(clinic))!;
    const token = secrets.dineroRefreshToken!;
    expect(secrets.dineroAccessToken).toMatch(/^at_/);
    expect(seen.length).toBeGreaterThan(20);
    for (const body of seen) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(secrets.dineroAccessToken);
      expect(body).not.toMatch(/at_[A-Za-z0-9_-]{20}|dineroAccessToken/);
      expect(body).not.toMatch(/rt_[A-Za-z0-9_-]{20}/);
      expect(body).not.toMatch(/dineroRefreshToken/);
    }
  });

  it("a period needs both dates ('Feltet er påkrævet.') and transfers only what was issued in it", async () => {
    const clinic = await proClinic();
    for (const settings of [{ allDataFlag: false, fromDate: '2026-11-01' }, { allDataFlag: false, toDate: '2026-11-30' }, { allDataFlag: false }]) {
      const refused = await t.call('getVismaConnectUrl', settings, clinic.token);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Feltet er påkrævet.');
      expect(Object.values(refused.body.errors ?? {})).toContain('Feltet er påkrævet.');
    }
    expect((await t.call('getVismaConnectUrl', { allDataFlag: false, fromDate: '2026-12-01', toDate: '2026-11-01' }, clinic.token)).body.message).toBe(accountingMessages.periodOrder);
    expect((await t.call('getVismaConnectUrl', { allDataFlag: false, fromDate: { $gt: '' }, toDate: '2026-11-01' } as never, clinic.token)).status).toBe(400);

    const signe = await client(clinic, '1234');
    const bo = await client(clinic, '5678');
    await invoiced(clinic, signe); // issued 23-11-2026
    t.clock.advance(3 * DAY_MS);
    await invoiced(clinic, bo, 1); // issued 26-11-2026
    const result = await t.call('updateClientDineroData', await consent(clinic, { allDataFlag: false, fromDate: '2026-11-24', toDate: '2026-11-30' }, 'Periode ApS'), clinic.token);
    expect(result.body.data.invoice).toMatchObject({ success: 1, total: 1 });
    expect(result.body.data.contact).toMatchObject({ success: 1, total: 1 });
    expect(result.body.data.product).toMatchObject({ success: 1, total: 1 });
    const everything = await t.call('updateClientDineroData', await consent(clinic, { allDataFlag: true }, 'Periode ApS'), clinic.token);
    expect(everything.body.data.invoice).toMatchObject({ success: 1, alreadyAdded: 1, total: 2 });
  });

  it('transfers a new invoice as it is issued; a failing accounting system never blocks issuing, and the ticker retries', async () => {
    const clinic = await proClinic();
    const signe = await client(clinic, '1234');
    const connected = await t.call('updateClientDineroData', await consent(clinic, undefined, 'Løbende ApS'), clinic.token);
    const organization = connected.body.data.dineroOrgId;
    const invoiceId = await invoiced(clinic, signe);
    await waitFor(async () => (await t.models.AccountingLink.findOne({ companyId: clinic.companyId, kind: 'invoice', localId: invoiceId, externalId: { $ne: null } }).lean()) ?? null);
    await waitFor(async () => (await t.models.AccountingPending.countDocuments({ companyId: clinic.companyId })) === 0);

    // The grant breaks: issuing still works, the invoice waits with its failure noted.
    const good = (await company(clinic))!.dineroRefreshToken;
    // (revoked at the accounting system: the refresh token no longer works, and the access token has expired)
    await t.models.Company.updateOne({ _id: clinic.companyId }, { $set: { dineroRefreshToken: 'rt_broken_broken_broken_broken', dineroAccessTokenExpiresAt: 0 } });
    const waiting = await invoiced(clinic, signe, 1);
    const pending = await waitFor(async () => (await t.models.AccountingPending.findOne({ companyId: clinic.companyId, invoiceId: waiting, attempts: { $gte: 1 } }).lean()) ?? null);
    expect(pending.lastError).toBe(accountingMessages.connectionExpired);
    expect((await t.call('getDineroStatus', {}, clinic.token)).body.data.pendingInvoices).toBe(1);

    await t.models.Company.updateOne({ _id: clinic.companyId }, { $set: { dineroRefreshToken: good } });
    t.clock.advance(2 * 60_000);
    await runAccountingTick(t.api.services);
    expect(await t.models.AccountingPending.countDocuments({ companyId: clinic.companyId })).toBe(0);
    expect(await sandbox().records(organization, 'invoice')).toHaveLength(2);
  });
});

describe('who may do what', () => {
  it('refuses every owner action to a therapist, to another clinic, and without the add-on; disconnecting removes the link', async () => {
    const clinic = await proClinic();
    const colleague = await colleagueOf(t, clinic);
    const returned = await consent(clinic, undefined, 'Adgang ApS');
    for (const [action, input] of [
      ['getVismaConnectUrl', { allDataFlag: true }],
      ['updateClientDineroData', returned],
      ['disconnectDinero', {}],
      ['syncDinero', {}],
    ] as const) {
      expect({ action, status: (await t.call(action, input as never, colleague.token)).status }).toEqual({ action, status: 403 });
    }

    // Another clinic's owner cannot use this clinic's state (nor its code) and sees nothing of its connection.
    const stranger = await proClinic();
    const stolen = await t.call('updateClientDineroData', returned, stranger.token);
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe(accountingMessages.stateInvalid);
    expect((await t.call('updateClientDineroData', { ...returned, therapistId: clinic.therapistId }, stranger.token)).status).toBe(403);
    // A forged state is refused too.
    const [payload] = returned.state.split('.');
    expect((await t.call('updateClientDineroData', { code: returned.code, state: `${payload}.AAAA` }, clinic.token)).status).toBe(403);

    expect((await t.call('updateClientDineroData', returned, clinic.token)).status).toBe(200);
    expect((await t.call('getDineroStatus', {}, stranger.token)).body.data).toMatchObject({ connected: false, dineroOrgId: null });
    expect((await t.call('syncDinero', {}, stranger.token)).status).toBe(409);
    expect((await t.call('disconnectDinero', {}, stranger.token)).status).toBe(200);
    expect((await company(clinic))?.dineroRefreshToken).toMatch(/^rt_/);

    // Without the add-on: refused.
    const without = await proClinic(false);
    const inactive = await t.call('getVismaConnectUrl', { allDataFlag: true }, without.token);
    expect(inactive.status).toBe(409);
    expect(inactive.body.message).toBe(accountingMessages.addOnInactive);
    expect((await t.call('updateClientDineroData', { code: 'code_x', state: returned.state }, without.token)).status).toBe(403);

    // Disconnect after confirmation (the page asks): the token goes, status follows.
    expect((await t.call('disconnectDinero', {}, clinic.token)).body.message).toBe(accountingMessages.disconnected);
    expect(await company(clinic)).toMatchObject({ dineroOrgId: null, dineroRefreshToken: null });
    expect((await t.call('getDineroStatus', {}, clinic.token)).body.data).toMatchObject({ connected: false, addOnActive: true });

    // Deactivating the add-on disconnects as well, and the actions are refused afterwards.
    expect((await t.call('updateClientDineroData', await consent(clinic, undefined, 'Adgang ApS'), clinic.token)).status).toBe(200);
    expect((await t.call('cancelFreeAddOnWithProPlan', { id: 'accounting' }, clinic.token)).status).toBe(200);
    expect(await company(clinic)).toMatchObject({ accountingAddOnActive: false, dineroOrgId: null, dineroRefreshToken: null });
    expect((await t.call('getVismaConnectUrl', { allDataFlag: true }, clinic.token)).status).toBe(409);
  });

  it("the sandbox's consent page refuses a foreign return address, and 'Afvis' returns without a code", async () => {
    const clinic = await proClinic();
    const url = new URL((await t.call('getVismaConnectUrl', { allDataFlag: true }, clinic.token)).body.url);
    const foreign = new URL(url);
    foreign.searchParams.set('redirect_uri', 'https://evil.example/steal');
    expect((await fetchText(foreign.toString())).status).toBe(400);
    const posted = await fetchText(`${url.origin}/sandbox/accounting/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'klinik-sandbox', redirect_uri: 'https://evil.example/steal', state: 'x', answer: 'allow' }).toString(),
    });
    expect(posted.status).toBe(400);
    const denied = await fetchText(`${url.origin}/sandbox/accounting/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: url.searchParams.get('client_id')!, redirect_uri: url.searchParams.get('redirect_uri')!, state: url.searchParams.get('state')!, answer: 'deny' }).toString(),
    });
    const back = new URL(denied.location!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('production', () => {
  it('refuses the sandbox in production; without an accounting system the connection url is "something went wrong" (503)', async () => {
    await expect(startTestApi({ production: true, paymentsProvider: 'none', accountingProvider: 'sandbox' })).rejects.toThrow(/sandbox accounting system refuses to start/);
    const p = await startTestApi({ production: true, paymentsProvider: 'none', accountingProvider: 'none' });
    try {
      expect((await fetch(p.url.replace(/\/api$/, '/sandbox/accounting/authorize'))).status).toBe(404);
      const owner = await clinicWithTrial(p);
      await p.models.Company.updateOne({ _id: owner.companyId }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: Date.now() + 30 * DAY_MS, accountingAddOnActive: true } });
      const answer = await p.call('getVismaConnectUrl', { allDataFlag: true }, owner.token);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(accountingMessages.noConnectionUrl);
    } finally {
      await p.close();
    }
  });
});

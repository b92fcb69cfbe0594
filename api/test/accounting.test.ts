/**
 * The accounting integration through the real endpoint and the sandbox accounting system over HTTP: the
 * consent page, the code exchanged once, the transfer's counts, a second transfer that adds nothing twice, the
 * period's required dates, invoices transferred as they are issued (and never blocked by the accounting system),
 * disconnecting, who may do what, and the refresh token never in any answer. The transfer runs in the background
 *: started by the page, done by the transfer job, followed with getAccountingTransfer; a run whose process
 * died is taken over without sending or counting a record twice.
 */
import { accountingMessages, copenhagenWallTime, DAY_MS, type AccountingTransfer, type ActionInput, type TransferResult } from '@klinik/core';
import type { AccountingSandbox } from '@klinik/devkit';
import { runAccountingTick } from '../src/jobs/accounting.js';
import { MAX_ATTEMPTS, runAccountingTransfers, STALE_MS, TransferRunner } from '../src/jobs/accounting-transfers.js';
import { tenantDb } from '../src/data/tenant-db.js';
import { openRun, type Tally } from '../src/domain/accounting/transfer.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';

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

const runJob = () => runAccountingTransfers(t.api.services, 'test-runner');

interface Transferred {
  status: number;
  /** The run's result as the return page shows it (the error's body when the start was refused). */
  body: TransferResult & { message?: string };
  run: AccountingTransfer | null;
}

/** A transfer as the pages make it: started, done by the transfer job, then read back as the page follows it. */
async function transferred<A extends 'updateClientDineroData' | 'syncDinero'>(action: A, input: ActionInput<A>, token: string): Promise<Transferred> {
  const started = await t.call(action, input, token);
  if (started.status !== 200) return { status: started.status, body: started.body as never, run: null };
  await runJob();
  const followed = await t.call('getAccountingTransfer', { number: started.body.data.number }, token);
  expect(followed.status).toBe(200);
  return { status: 200, body: followed.body.data!.result!, run: followed.body.data };
}

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
    // An invoice imported from the old system was booked there: it never goes to this one (import/engine.ts).
    const { Types } = await import('mongoose');
    await t.models.Invoice.collection.insertOne({
      _id: new Types.ObjectId(),
      companyId: new Types.ObjectId(clinic.companyId),
      therapistId: new Types.ObjectId(clinic.therapistId),
      clientId: new Types.ObjectId(signe),
      number: 'F-2019-7',
      year: 2019,
      seq: 0,
      imported: true,
      isMerged: false,
      isCredit: false,
      claimId: `import-accounting-${clinic.companyId}`,
      snapshots: [],
      createdAt: Date.now() - 86_400_000,
    });

    const first = await transferred('updateClientDineroData', { ...(await consent(clinic)), therapistId: clinic.therapistId }, clinic.token);
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

    const second = await transferred('updateClientDineroData', await consent(clinic), clinic.token);
    expect(second.body.status).toBe('success');
    expect(second.body.data.invoice).toEqual({ success: 0, fail: 0, total: 3, alreadyAdded: 3, error: null });
    expect(second.body.data.contact).toEqual({ success: 0, fail: 0, total: 3, alreadyAdded: 3, error: null });
    expect(second.body.data.product).toEqual({ success: 0, fail: 0, total: 2, alreadyAdded: 2, error: null });
    expect(await sandbox().records(first.body.data.dineroOrgId, 'invoice')).toHaveLength(3);

    // Two starts racing make one run (one at a time per clinic), and two job runners racing for it write each record once.
    const [a, b] = await Promise.all([consent(clinic), consent(clinic)]);
    const raced = await Promise.all([t.call('updateClientDineroData', a, clinic.token), t.call('updateClientDineroData', b, clinic.token)]);
    expect(raced.map((answer) => answer.status)).toEqual([200, 200]);
    expect(raced[0].body.data.number).toBe(raced[1].body.data.number);
    expect(raced.map((answer) => answer.body.message).sort()).toEqual([accountingMessages.transferRunning, accountingMessages.transferStarted].sort());
    await Promise.all([runAccountingTransfers(t.api.services, 'runner-a'), runAccountingTransfers(t.api.services, 'runner-b')]);
    expect(await sandbox().records(first.body.data.dineroOrgId, 'contact')).toHaveLength(3);

    // The return page reloaded: the code is not exchanged again, and no new transfer starts: the page shows the run
    // this code started, with its result.
    const reload = await t.call('updateClientDineroData', a, clinic.token);
    expect(reload.body.data.number).toBe(raced[0].body.data.number);
    expect(reload.body.data.result?.data.invoice.alreadyAdded).toBe(3);
    // A code never issued is refused (with a state of its own: a used state is bound to the code it came back with).
    const forged = await t.call('updateClientDineroData', { code: 'code_forged', state: (await consent(clinic)).state }, clinic.token);
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(accountingMessages.codeInvalid);
    // The used state with another code is a replay (oauth-state.test.ts).
    expect((await t.call('updateClientDineroData', { code: 'code_forged', state: a.state }, clinic.token)).body.message).toBe(accountingMessages.stateInvalid);

    // The shell's sync icon: everything again, nothing added twice.
    const synced = await transferred('syncDinero', {}, clinic.token);
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
    const result = await transferred('updateClientDineroData', await consent(clinic, { allDataFlag: false, fromDate: '2026-11-24', toDate: '2026-11-30' }, 'Periode ApS'), clinic.token);
    expect(result.body.data.invoice).toMatchObject({ success: 1, total: 1 });
    expect(result.body.data.contact).toMatchObject({ success: 1, total: 1 });
    expect(result.body.data.product).toMatchObject({ success: 1, total: 1 });
    const everything = await transferred('updateClientDineroData', await consent(clinic, { allDataFlag: true }, 'Periode ApS'), clinic.token);
    expect(everything.body.data.invoice).toMatchObject({ success: 1, alreadyAdded: 1, total: 2 });
  });

  it('transfers a new invoice as it is issued; a failing accounting system never blocks issuing, and the ticker retries', async () => {
    const clinic = await proClinic();
    const signe = await client(clinic, '1234');
    const connected = await transferred('updateClientDineroData', await consent(clinic, undefined, 'Løbende ApS'), clinic.token);
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

/** Holds the sandbox's invoice writes until `release()`; `reached` once the first one arrived. */
function holdInvoices() {
  const provider = sandbox();
  const original = provider.createBookedInvoice.bind(provider);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const state = { reached: false, release, restore: () => undefined as void };
  provider.createBookedInvoice = async (...args) => {
    state.reached = true;
    await gate;
    return original(...args);
  };
  state.restore = () => {
    provider.createBookedInvoice = original;
    release();
  };
  return state;
}

const runOf = (clinic: SignedInOwner, number: number) => t.models.AccountingRun.findById(`${clinic.companyId}:transfer:${number}`).lean();

describe('the transfer in the background', () => {
  it('answers at once, shows its progress and counts while it runs, is one at a time, and keeps its result', async () => {
    const clinic = await proClinic();
    const signe = await client(clinic, '1234');
    const bo = await client(clinic, '5678');
    await client(clinic, '9012');
    await invoiced(clinic, signe, 0);
    await invoiced(clinic, bo, 1);
    await invoiced(clinic, signe, 0);

    const started = await t.call('updateClientDineroData', await consent(clinic, undefined, 'Baggrund ApS'), clinic.token);
    expect(started.status).toBe(200);
    expect(started.body.message).toBe(accountingMessages.transferStarted);
    expect(started.body.data).toMatchObject({ status: 'queued', source: 'connect', done: 0, result: null });
    const { number } = started.body.data;
    const organization = (await company(clinic))!.dineroOrgId!;
    // Nothing went to the accounting system inside the request.
    expect(await sandbox().records(organization, 'contact')).toHaveLength(0);
    // The shell's sync icon meanwhile: the run under way, not a second one.
    const sync = await t.call('syncDinero', {}, clinic.token);
    expect([sync.body.message, sync.body.data.number]).toEqual([accountingMessages.transferRunning, number]);

    // The accounting system holds the first invoice: the run waits there, and its progress is written meanwhile.
    const hold = holdInvoices();
    try {
      const job = runJob();
      const seen: { run: AccountingTransfer | null } = { run: null };
      await until(async () => {
        seen.run = (await t.call('getAccountingTransfer', {}, clinic.token)).body.data;
        return hold.reached && seen.run?.done === 5;
      }, 'the progress of the treatments and clients');
      expect(seen.run).toMatchObject({
        number,
        status: 'running',
        total: 8,
        result: null,
        counts: { product: { success: 2, total: 2 }, contact: { success: 3, total: 3 }, invoice: { total: 0 } },
      });
      hold.release();
      await job;
    } finally {
      hold.restore();
    }

    // The result is kept: the page reloaded later reads it again. The run's entries are gone, it is closed.
    const over = (await t.call('getAccountingTransfer', { number }, clinic.token)).body.data!;
    expect(over).toMatchObject({ status: 'done', done: 8, total: 8, message: null });
    expect(over.result).toEqual({
      status: 'success',
      message: accountingMessages.transferDone,
      data: {
        dineroOrgId: organization,
        invoice: { success: 3, fail: 0, total: 3, alreadyAdded: 0, error: null },
        contact: { success: 3, fail: 0, total: 3, alreadyAdded: 0, error: null },
        product: { success: 2, fail: 0, total: 2, alreadyAdded: 0, error: null },
      },
    });
    expect(await t.models.AccountingRunEntry.countDocuments({ companyId: clinic.companyId })).toBe(0);
    expect((await runOf(clinic, number))?.closedAt).not.toBeNull();
    // Now a start is a new run.
    const next = await t.call('syncDinero', {}, clinic.token);
    expect([next.body.message, next.body.data.number]).toEqual([accountingMessages.transferStarted, number + 1]);
    await runJob();
    expect((await t.call('getAccountingTransfer', {}, clinic.token)).body.data).toMatchObject({ number: number + 1, status: 'done', source: 'sync' });

    // Another clinic's owner naming this run's number: not found (a number is read within the caller's clinic).
    const stranger = await proClinic();
    const foreign = await t.call('getAccountingTransfer', { number }, stranger.token);
    expect([foreign.status, foreign.body.message]).toEqual([404, accountingMessages.transferNotFound]);
    expect((await t.call('getAccountingTransfer', {}, stranger.token)).body.data).toBeNull();
  });

  it('takes over a run whose process died, and finishes it without sending or counting any record twice', async () => {
    const clinic = await proClinic();
    const clients = [await client(clinic, '1234'), await client(clinic, '5678'), await client(clinic, '9012')];
    for (const id of clients) await invoiced(clinic, id, 0);
    const started = await t.call('updateClientDineroData', await consent(clinic, undefined, 'Nedbrud ApS'), clinic.token);
    const { number } = started.body.data;
    const runId = `${clinic.companyId}:transfer:${number}`;
    const organization = (await company(clinic))!.dineroOrgId!;

    // What the dead process left: both treatments written and noted in the run's entries; the first client written
    // (its link done) after the last progress write; the second written at the accounting system, whose answer never
    // came back (its claim without the accounting system's id).
    const db = tenantDb(t.api.services.models, (await company(clinic))!._id);
    const entries: Array<{ _id: string; companyId: string; runId: string; externalId: string | null; tally: Tally[] }> = [];
    const none = { success: 0, fail: 0, total: 0, alreadyAdded: 0, error: null };
    const dead = await openRun({ accounting: sandbox(), now: () => t.clock.now(), logger: t.api.services.logger }, db, (await company(clinic))!, {
      runId,
      finished: new Map(),
      counts: { invoice: none, contact: none, product: none },
      finish: (key, externalId, tally) => entries.push({ _id: `${runId}:${key}`, companyId: clinic.companyId, runId, externalId, tally }),
    });
    for (const treatment of clinic.treatments) {
      const stored = (await t.models.Treatment.findById(treatment).lean())!;
      await dead.product({ localId: treatment, name: stored.name, priceOre: stored.priceOre });
    }
    await t.models.AccountingRunEntry.insertMany(entries.splice(0));
    await dead.contactById(clients[0]!);
    const second = (await t.models.Client.findById(clients[1]).lean())!;
    const access = (await company(clinic))!.dineroAccessToken!;
    await sandbox().upsertContact(access, organization, { name: `${second.nameFirst} ${second.nameLast}`, street: '', zipCode: '', city: '', email: '', phone: '', externalReference: `klinik-${clinic.companyId}-client-${clients[1]}` });
    await t.models.AccountingLink.create({ _id: `${clinic.companyId}:${organization}:contact:${clients[1]}`, companyId: clinic.companyId, organizationId: organization, kind: 'contact', localId: clients[1], claimedAt: t.clock.now(), holder: 'dead', runId });
    await t.models.MessageLease.create({ _id: `accounting:${runId}#1`, holder: 'dead', until: t.clock.now() });
    await t.models.AccountingRun.updateOne({ _id: runId }, { $set: { status: 'running', phase: 'contacts', leaseSeq: 1, attempts: 1, heartbeatAt: t.clock.now(), done: 2, total: 8 } });

    // Its heartbeat is fresh: nobody takes it over yet.
    expect(await runJob()).toBe(0);
    t.clock.advance(STALE_MS + 1_000);
    expect(await runJob()).toBe(1);
    const over = (await t.call('getAccountingTransfer', { number }, clinic.token)).body.data!;
    expect(over.status).toBe('done');
    expect(over.result?.data).toEqual({
      dineroOrgId: organization,
      invoice: { success: 3, fail: 0, total: 3, alreadyAdded: 0, error: null },
      contact: { success: 3, fail: 0, total: 3, alreadyAdded: 0, error: null },
      product: { success: 2, fail: 0, total: 2, alreadyAdded: 0, error: null },
    });
    for (const [kind, count] of [['contact', 3], ['product', 2], ['invoice', 3]] as const) {
      const records = await sandbox().records(organization, kind);
      expect({ kind, references: new Set(records.map((record) => record.externalReference)).size, records: records.length }).toEqual({ kind, references: count, records: count });
    }
    expect((await runOf(clinic, number))?.attempts).toBe(2);

    // A process that claimed a queued run and died before marking it running: its lease runs out, the next is taken.
    const orphan = (await t.call('syncDinero', {}, clinic.token)).body.data.number;
    await t.models.MessageLease.create({ _id: `accounting:${clinic.companyId}:transfer:${orphan}#1`, holder: 'dead', until: t.clock.now() + STALE_MS });
    expect(await runJob()).toBe(0);
    t.clock.advance(STALE_MS + 1_000);
    expect(await runJob()).toBe(0);
    expect(await runJob()).toBe(1);
    expect((await t.call('getAccountingTransfer', { number: orphan }, clinic.token)).body.data).toMatchObject({ status: 'done', result: { status: 'success' } });

    // A run that died on every attempt is given up, with its reason on the page.
    const doomed = await t.call('syncDinero', {}, clinic.token);
    await t.models.AccountingRun.updateOne({ _id: `${clinic.companyId}:transfer:${doomed.body.data.number}` }, { $set: { status: 'running', leaseSeq: MAX_ATTEMPTS, attempts: MAX_ATTEMPTS, heartbeatAt: 0 } });
    await runJob();
    const given = (await t.call('getAccountingTransfer', {}, clinic.token)).body.data!;
    expect([given.status, given.message, given.result?.status, given.result?.message]).toEqual(['failed', accountingMessages.transferGaveUp, 'failed', accountingMessages.transferGaveUp]);
  });

  it('goes back to the queue when its process stops, and the next process finishes it counting each record once', async () => {
    const clinic = await proClinic();
    const signe = await client(clinic, '1234');
    const bo = await client(clinic, '5678');
    await invoiced(clinic, signe, 0);
    await invoiced(clinic, bo, 0);
    const { number } = (await t.call('updateClientDineroData', await consent(clinic, undefined, 'Stop ApS'), clinic.token)).body.data;
    const hold = holdInvoices();
    try {
      const runner = new TransferRunner(t.api.services, 'stopping-runner');
      expect(await runner.pass()).toBe(1);
      await until(() => hold.reached, 'the first invoice at the accounting system');
      const stopped = runner.stop();
      hold.release();
      await stopped;
    } finally {
      hold.restore();
    }
    // The invoice under way was finished; the run waits for the next process, without an attempt spent.
    expect(await runOf(clinic, number)).toMatchObject({ status: 'queued', attempts: 0, heartbeatAt: 0, done: 5 });
    expect(await runJob()).toBe(1);
    const over = (await t.call('getAccountingTransfer', { number }, clinic.token)).body.data!;
    expect(over.result?.data).toMatchObject({
      invoice: { success: 2, fail: 0, total: 2, alreadyAdded: 0 },
      contact: { success: 2, fail: 0, total: 2, alreadyAdded: 0 },
      product: { success: 2, fail: 0, total: 2, alreadyAdded: 0 },
    });
    expect(await sandbox().records(over.result!.data.dineroOrgId, 'invoice')).toHaveLength(2);
  });

  it('keeps its access to the accounting system through a run longer than an access token lives', async () => {
    const clinic = await proClinic();
    for (const last4 of ['1234', '5678', '9012']) await client(clinic, last4);
    const returned = await consent(clinic, undefined, 'Lang ApS');
    const provider = sandbox();
    const original = provider.upsertContact.bind(provider);
    // Each client takes two hours at the accounting system: the access token (an hour) runs out between them.
    provider.upsertContact = async (...args) => {
      const written = await original(...args);
      t.clock.advance(2 * HOUR);
      return written;
    };
    try {
      const done = await transferred('updateClientDineroData', returned, clinic.token);
      expect(done.run).toMatchObject({ status: 'done', message: null });
      expect(done.body.data.contact).toMatchObject({ success: 3, fail: 0, total: 3 });
    } finally {
      provider.upsertContact = original;
    }
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

/**
 * The accounting transfer outlives its process: a first 'Overfør alt' runs in the background on the API as
 * `npm start` runs it, against a Dinero-shaped service (support/dinero-double.ts). The process is killed (SIGKILL)
 * while Dinero holds an invoice it has already written, without an answer; a new process on the same database takes
 * the run over once its heartbeat is old and finishes it. Every record reaches Dinero once, the counts are those of
 * one clean transfer, and the result stays with the run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import mongoose, { type Connection } from 'mongoose';
import { DAY_MS, type AccountingTransfer } from '@klinik/core';
import { STALE_MS } from '../src/jobs/accounting-transfers.js';
import { createModels } from '../src/models/index.js';
import { callAction, clinicThroughApi, startApiProcess, type ApiProcess } from './support/api-process.js';
import { DOUBLE_CLIENT, DOUBLE_ORGANIZATION, startDineroDouble, type DineroDouble } from './support/dinero-double.js';
import { newClient } from './support/fixtures.js';
import { inspectionModels } from './support/test-api.js';
import { until } from './support/until.js';

const HOUR = 3_600_000;
const SETTINGS = { type: true, discount: '0', moms: true, treatmentText: true, aktuelBehandling: true, followUpText: true };
const INVOICES = `/v1/${DOUBLE_ORGANIZATION}/invoices`;

let dinero: DineroDouble;
let database: Connection;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let port: number;
let api: ApiProcess | null = null;

beforeAll(async () => {
  const databaseUri = process.env.KLINIK_TEST_MONGODB_URI;
  if (!databaseUri) throw new Error('KLINIK_TEST_MONGODB_URI is not set (api/test/support/global-setup.mjs)');
  dinero = await startDineroDouble();
  const dbName = `accounting_kill_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  database = await mongoose.createConnection(databaseUri, { dbName }).asPromise();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-accounting-kill-'));
  port = await getPort();
  // What both processes get alike: the database (not killed with the API), the secrets, Dinero.
  env = {
    ...process.env,
    MONGODB_URI: databaseUri,
    MONGODB_DB: dbName,
    KLINIK_DATA_DIR: dataDir,
    NODE_ENV: 'development',
    KLINIK_DEV_ROUTES: '1',
    RATE_LIMIT_SCALE: '100',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    CPR_HASH_KEY: randomBytes(32).toString('base64'),
    ACCOUNTING_PROVIDER: 'dinero',
    DINERO_CLIENT_ID: DOUBLE_CLIENT.clientId,
    DINERO_CLIENT_SECRET: DOUBLE_CLIENT.clientSecret,
    DINERO_CONNECT_URL: dinero.url,
    DINERO_API_URL: dinero.url,
  };
}, 120_000);

afterAll(async () => {
  await api?.kill();
  await dinero?.close();
  await database?.dropDatabase().catch(() => undefined);
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('finishes a transfer whose API process was killed mid-run, sending and counting every record once', async () => {
  api = await startApiProcess(port, env);
  const origin = `http://127.0.0.1:${port}`;
  const ok = async <T = Record<string, unknown>>(action: string, input: Record<string, unknown>, token: string) => {
    const answer = await callAction<T & { data?: Record<string, unknown> & { id?: string } }>(origin, action, input, token);
    if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  // Two treatments, six clients, six invoices.
  const clinic = await clinicThroughApi(origin, 'accounting-kill');
  const { token } = clinic;
  await ok('addTreatment', { name: 'Akupunktur', price: 500, duration: 30 * 60, pause: 0 }, token);
  const bookings = [clinic.firstBookingId];
  for (let index = 1; index < 6; index += 1) {
    const booked = await ok('addBooking', { treatmentId: clinic.treatmentId, from: clinic.base + index * HOUR, client: newClient(`${1000 + index}`) }, token);
    await ok('setClient', { id: booked.data!.clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, token);
    bookings.push(booked.data!.id!);
  }
  for (const bookingId of bookings) await ok('addInvoice', { bookingId, settings: SETTINGS }, token);
  const models = inspectionModels(createModels(database));
  // Pro with the accounting add-on, as the payment webhook and /Tilføjelser leave it.
  await models.Company.updateOne({ _id: clinic.companyId }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: Date.now() + 30 * DAY_MS, accountingAddOnActive: true } });

  // Dinero writes the third invoice and never answers; the process is killed while it waits.
  const held = dinero.holdPost(INVOICES, 3);
  const url = new URL((await ok<{ url: string }>('getVismaConnectUrl', { allDataFlag: true }, token)).url);
  const started = await ok<{ data: AccountingTransfer }>('updateClientDineroData', { code: dinero.issueCode(), state: url.searchParams.get('state')! }, token);
  expect(started.data).toMatchObject({ status: 'queued', done: 0 });
  const { number } = started.data;
  await held;
  // The page's progress: the treatments, the clients and two invoices are through.
  const follow = async () => (await ok<{ data: AccountingTransfer }>('getAccountingTransfer', { number }, token)).data;
  await until(async () => (await follow()).done === 10, 'the progress before the held invoice');
  expect(await follow()).toMatchObject({
    status: 'running',
    total: 14,
    result: null,
    counts: { product: { success: 2, total: 2 }, contact: { success: 6, total: 6 }, invoice: { success: 2, total: 2 } },
  });
  await api.kill();
  // What the killed process left: an invoice at Dinero (a draft) whose claim here has no Dinero id.
  expect([...dinero.invoices.values()].map((invoice) => invoice.Status)).toEqual(['Booked', 'Booked', 'Draft']);
  expect(await models.AccountingLink.countDocuments({ companyId: clinic.companyId, kind: 'invoice', externalId: null })).toBe(1);

  // eslint-disable-next-line require-atomic-updates -- the one API of this test, stopped above: nothing else starts or reads it meanwhile
  api = await startApiProcess(port, env);
  // Its heartbeat has not yet aged: the new process leaves it until it has.
  expect((await follow()).status).toBe('running');
  const moved = await fetch(`${origin}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: STALE_MS + 60_000 }) });
  expect(moved.status).toBe(200);
  await until(async () => (await follow()).status === 'done', 'the transfer taken over and finished', 60_000);

  const over = await follow();
  expect(over).toMatchObject({ done: 14, total: 14, message: null });
  expect(over.result).toEqual({
    status: 'success',
    message: 'Overførslen er gennemført',
    data: {
      dineroOrgId: String(DOUBLE_ORGANIZATION),
      invoice: { success: 6, fail: 0, total: 6, alreadyAdded: 0, error: null },
      contact: { success: 6, fail: 0, total: 6, alreadyAdded: 0, error: null },
      product: { success: 2, fail: 0, total: 2, alreadyAdded: 0, error: null },
    },
  });
  expect((await models.AccountingRun.findOne({ companyId: clinic.companyId, number }).lean())?.attempts).toBe(2);

  // Never twice: one create per record at Dinero, and every invoice booked once.
  const created = (pathName: string) => {
    const perReference = new Map<string, number>();
    for (const request of dinero.requests) {
      if (request.method !== 'POST' || request.path !== pathName) continue;
      const reference = String((request.body as { ExternalReference?: unknown }).ExternalReference);
      perReference.set(reference, (perReference.get(reference) ?? 0) + 1);
    }
    return [...perReference.values()];
  };
  expect(created(INVOICES)).toEqual([1, 1, 1, 1, 1, 1]);
  expect(created(`/v1/${DOUBLE_ORGANIZATION}/contacts`)).toEqual([1, 1, 1, 1, 1, 1]);
  expect(created(`/v1/${DOUBLE_ORGANIZATION}/products`)).toEqual([1, 1]);
  expect([...dinero.invoices.values()].every((invoice) => invoice.Status === 'Booked')).toBe(true);
  const booked = dinero.requests.filter((request) => request.method === 'POST' && /\/invoices\/[^/]+\/book$/.test(request.path)).map((request) => request.path);
  expect(new Set(booked).size).toBe(6);
  expect(booked).toHaveLength(6);

  // The result stays: the page reloaded (the latest transfer, as the sync icon asks) still shows it.
  expect((await ok<{ data: AccountingTransfer }>('getAccountingTransfer', {}, token)).data).toEqual(over);
}, 240_000);

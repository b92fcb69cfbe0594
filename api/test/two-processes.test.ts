/**
 * Beyond one machine: the whole API as two processes on one database, behind a round-robin proxy (a
 * well-kept proxy library, as a load balancer would sit in front of them), with one shared blob store and one mail
 * server. What the design promises (docs/architecture.md, 'Scale'; docs/deploy.md) is proved here: nothing a second
 * process needs lives in one process's memory. Each request through the proxy goes to the next process in turn, and
 * the proxy says which one answered (`x-served-by`), so every case below shows that both took part.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { createProxyServer } from 'http-proxy-3';
import mongoose, { Types, type Connection } from 'mongoose';
import sharp from 'sharp';
import { copenhagenWallTime, messages } from '@klinik/core';
import { startS3Server, type S3Server } from '@klinik/devkit/blobs';
import { hashPassword } from '../src/domain/accounts/passwords.js';
import { createModels } from '../src/models/index.js';
import { callAction, startApiProcess, type ApiProcess, type CallAnswer } from './support/api-process.js';
import { newClient, registration, uniqueEmail } from './support/fixtures.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';

const HOUR = 3_600_000;

let smtp: SmtpSink;
let s3: S3Server;
let apis: ApiProcess[] = [];
let proxyServer: http.Server;
let proxyOrigin: string;
let dataDirs: string[] = [];
const adminPassword = randomBytes(12).toString('hex');
/** The processes' database, for what the API does not tell (a message waiting to be tried again). */
let database: Connection | null = null;
/** The index of the process that answered each request through the proxy, in order. */
const served: number[] = [];

beforeAll(async () => {
  // MinIO is built once per machine (started early by the global setup); its first build can take minutes.
  [smtp, s3] = await Promise.all([startSmtpSink(), startS3Server({ log: (line) => console.log(`[s3] ${line}`) })]);
  const databaseUri = process.env.KLINIK_TEST_MONGODB_URI;
  if (!databaseUri) throw new Error('KLINIK_TEST_MONGODB_URI is not set (api/test/support/global-setup.mjs)');
  const [proxyPort, ...ports] = await Promise.all([getPort(), getPort(), getPort()]);
  proxyOrigin = `http://127.0.0.1:${proxyPort}`;
  // What a production host gives every process alike: one database, the same secrets, the same outside services.
  const dbName = `two_processes_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  database = await mongoose.createConnection(databaseUri, { dbName }).asPromise();
  const shared: NodeJS.ProcessEnv = {
    MONGODB_URI: databaseUri,
    MONGODB_DB: dbName,
    NODE_ENV: 'development',
    KLINIK_DEV_ROUTES: '1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_PASSWORD: adminPassword,
    DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    CPR_HASH_KEY: randomBytes(32).toString('base64'),
    SMTP_URL: smtp.url,
    APP_URL: proxyOrigin,
    // The proxy appends the caller's address to X-Forwarded-For: the one hop the processes trust.
    TRUST_PROXY: '1',
    // Both runners look for due messages often, so they race for the same ones.
    MESSAGE_JOBS_EVERY_MS: '200',
    // One bucket for both (BLOB_STORE=s3 and S3_*).
    ...s3.env,
  };
  dataDirs = ports.map(() => mkdtempSync(path.join(os.tmpdir(), 'klinik-two-')));
  // Each process its own data folder: only what is shared on purpose is shared.
  apis = await Promise.all(ports.map((port, index) => startApiProcess(port, { ...shared, KLINIK_DATA_DIR: dataDirs[index] })));

  const proxy = createProxyServer({ xfwd: true });
  let next = 0;
  proxyServer = http.createServer((req, res) => {
    const index = next % apis.length;
    next += 1;
    served.push(index);
    res.setHeader('x-served-by', String(index));
    proxy.web(req, res, { target: apis[index]!.origin }, () => {
      res.statusCode = 502;
      res.end();
    });
  });
  await new Promise<void>((resolve) => proxyServer.listen(proxyPort, '127.0.0.1', resolve));
  // The rate limits' windows are fixed (15 minutes for those used here): both clocks move to just past the start of
  // the next one, by the same amount, so no window ends during the test.
  const window = 15 * 60_000;
  await Promise.all(apis.map((api) => moveClock(api, window - (Date.now() % window) + 1000)));
}, 30 * 60_000);

/** `/dev/clock` of one process: moves its clock, then plans and sends the messages that became due. */
async function moveClock(api: ApiProcess, advanceMs: number): Promise<void> {
  const answer = await fetch(`${api.origin}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) });
  if (answer.status !== 200) throw new Error(`/dev/clock: ${answer.status}`);
}

afterAll(async () => {
  if (proxyServer) await new Promise((resolve) => proxyServer.close(resolve));
  await Promise.all(apis.map((api) => api.stop()));
  await smtp?.close();
  await s3?.stop();
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** One call through the proxy, with the index of the process that answered. */
async function call<T = Record<string, unknown>>(action: string, input: Record<string, unknown>, token?: string): Promise<CallAnswer<T> & { by: number }> {
  const answer = await callAction<T>(proxyOrigin, action, input, token);
  return { ...answer, by: Number(answer.headers.get('x-served-by')) };
}

async function ok<T = Record<string, unknown>>(action: string, input: Record<string, unknown>, token?: string): Promise<CallAnswer<T>['body']> {
  const answer = await call<T>(action, input, token);
  if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

interface Clinic {
  email: string;
  token: string;
  treatmentId: string;
}

/** A clinic registered through the proxy, its e-mail confirmed through the link in the real mail, on a trial. */
async function clinic(): Promise<Clinic> {
  const email = uniqueEmail('to-processer');
  await ok('register', registration(email));
  const mail = await smtp.waitForMail(email, 20_000);
  const confirmToken = new URL(/https?:\/\/\S+\/confirm-email\?token=\S+/.exec(mail.text)![0]).searchParams.get('token');
  await ok('confirmEmail', { confirmToken });
  const { token } = await ok<{ token: string }>('login', { username: email, password: 'hemmeligt1' });
  await ok('purchasedFreePlanSubscription', {}, token);
  const treatment = await ok<{ data: { id: string } }>('addTreatment', { name: 'Massage', price: 450, duration: 60 * 60, pause: 0 }, token);
  return { email, token, treatmentId: treatment.data.id };
}

let owner: Clinic;
beforeAll(async () => {
  owner = await clinic();
});

it('signs in through one process and works through the other', async () => {
  const login = await call<{ token: string }>('login', { username: owner.email, password: 'hemmeligt1' });
  expect(login.status).toBe(200);
  const therapist = await call<{ data: { email: string } }>('getTherapist', {}, login.body.token);
  expect(therapist.status).toBe(200);
  expect(therapist.body.data.email).toBe(owner.email);
  expect(therapist.by).not.toBe(login.by);
});

it('counts a rate limit across both processes', async () => {
  // adminCheck allows 10 attempts per address in 15 minutes (config.ts); a new username each time, so only the
  // address's allowance is at stake. Each process alone sees 6 of the 12 and would let every one through.
  const answers: (CallAnswer & { by: number })[] = [];
  for (let attempt = 0; attempt < 12; attempt += 1) {
    answers.push(await call('adminCheck', { username: `gaet-${attempt}`, password: 'forkert-adgangskode' }));
  }
  expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
  expect(answers.slice(10).map((answer) => answer.status)).toEqual([429, 429]);
  expect(new Set(answers.map((answer) => answer.by))).toEqual(new Set([0, 1]));
});

it('counts parallel attempts split over both processes exactly', async () => {
  const therapist = await ok<{ data: { id: string } }>('getTherapist', {}, owner.token);
  const answers = await Promise.all(
    Array.from({ length: 24 }, (_, attempt) => call('getClientsFromTherapistCompanyOnlineBooking', { therapistId: therapist.data.id, CPR: `01019${String(attempt).padStart(5, '0')}` })),
  );
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(10);
  expect(statuses.filter((status) => status === 429)).toHaveLength(14);
});

it('gives one booking when a race for one time is split over both processes', async () => {
  const from = copenhagenWallTime(2027, 5, 3, 10, 0);
  const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => call('addBooking', { treatmentId: owner.treatmentId, from, client: newClient(String(1000 + index)) }, owner.token)));
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
  expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
  expect(new Set(answers.map((answer) => answer.by))).toEqual(new Set([0, 1]));
  const week = await ok<{ data: unknown[] }>('getBookingsFromTherapist', { from: from - 24 * HOUR, to: from + 24 * HOUR }, owner.token);
  expect(week.data).toHaveLength(1);
});

it('serves through one process an image uploaded through the other', async () => {
  const from = copenhagenWallTime(2027, 5, 4, 10, 0);
  const booked = await ok<{ data: { id: string; clientId: string } }>('addBooking', { treatmentId: owner.treatmentId, from, client: newClient('2001') }, owner.token);
  const journal = await ok<{ data: { id: string } }>('addJournal', { bookingId: booked.data.id }, owner.token);
  const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.set('action', 'uploadImages');
  form.set('token', owner.token);
  form.set('clientId', booked.data.clientId);
  form.set('kind', 'journal');
  form.set('journalId', journal.data.id);
  form.append('files', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'knae.jpg');
  const uploaded = await fetch(`${proxyOrigin}/api`, { method: 'POST', body: form });
  expect(uploaded.status).toBe(200);
  const uploadedBy = Number(uploaded.headers.get('x-served-by'));
  const [stored] = ((await uploaded.json()) as { data: { imageUrl: string }[] }).data;
  // The signed address names the proxy (the caller's host), so the next request goes to the other process.
  expect(new URL(stored!.imageUrl).origin).toBe(proxyOrigin);
  const fetched = await fetch(stored!.imageUrl);
  expect(Number(fetched.headers.get('x-served-by'))).not.toBe(uploadedBy);
  expect(fetched.status).toBe(200);
  expect((await sharp(Buffer.from(await fetched.arrayBuffer())).metadata()).width).toBe(900);
});

it('sends each message once while the jobs of both processes race for them', async () => {
  // A clinic of its own: its clients are exactly the recipients.
  const owner = await clinic();
  const base = copenhagenWallTime(2027, 6, 7, 8, 0);
  const recipients: string[] = [];
  for (let index = 0; index < 24; index += 1) {
    const email = `modtager-${index}-${randomBytes(3).toString('hex')}@example.dk`;
    recipients.push(email);
    const booked = await ok<{ data: { clientId: string } }>('addBooking', { treatmentId: owner.treatmentId, from: base + index * HOUR, client: { ...newClient(String(3000 + index)), email } }, owner.token);
    // New clients have newsletters off until someone chooses them.
    await ok('setClient', { id: booked.data.clientId, changes: { newsletter: true } }, owner.token);
  }
  const subject = `Nyhedsbrev ${randomBytes(3).toString('hex')}`;
  const newsletter = await ok<{ data: { id: string } }>('addNewsletter', { subject, message: '<p>Nyt fra klinikken</p>' }, owner.token);
  const sent = await ok<{ data: { recipients: number } }>('sendNewsletterToAll', { id: newsletter.data.id }, owner.token);
  expect(sent.data.recipients).toBe(recipients.length);
  // Besides their own timers (every 200 ms), both runners are started at the same moment, again and again, until
  // every mail has arrived: the race is forced, not left to chance.
  const all = Promise.all(recipients.map((email) => smtp.waitForMail(email, 60_000, subject)));
  let arrived = false;
  void all.then(
    () => (arrived = true),
    () => (arrived = true),
  );
  while (!arrived) {
    // Nothing here should fail and wait for a retry (a minute later on the API's clock, which only the test moves):
    // one that does is a fault, said at once with its reason instead of as jest's timeout.
    const retried = await database!.collection('messagejobs').findOne({ attempts: { $gt: 0 }, state: { $ne: 'sent' } });
    if (retried) throw new Error(`a message failed and waits to be tried again: ${String(retried.reason)}`);
    await Promise.all(apis.map((api) => moveClock(api, 0)));
  }
  await all;
  // Once more on both after everything went out: nothing is sent again.
  await Promise.all(apis.map((api) => moveClock(api, 0)));
  const mails = smtp.mails.filter((mail) => mail.subject === subject);
  expect(mails.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
  const sends = await ok<{ data: { state: string; sent: number }[] }>('getNewsletterSends', { newsletterId: newsletter.data.id }, owner.token);
  expect(sends.data[0]).toMatchObject({ state: 'done', sent: recipients.length });
});

describe('a session ended through one process: refused there at once, and by the other within a second', () => {
  const first = () => apis[0]!.origin;
  const second = () => apis[1]!.origin;
  type Me = { data: { id: string; nameLast: string; company: { id: string } } };

  /** Signs `email` in, and shows that both processes then answer the session from their caches. */
  async function sessionCachedOnBoth(email: string): Promise<{ token: string; therapistId: string; companyId: string }> {
    const login = await callAction<{ token: string }>(first(), 'login', { username: email, password: 'hemmeligt1' });
    expect(login.status).toBe(200);
    const { token } = login.body;
    const loaded = await Promise.all(apis.map((api) => callAction<Me>(api.origin, 'getTherapist', {}, token)));
    expect(loaded.map((answer) => answer.status)).toEqual([200, 200]);
    const { id, nameLast, company } = loaded[0]!.body.data;
    // Written past the models, so no change record says so: a process that reads the record shows the new name, one
    // that answers from its cache the old.
    await database!.collection('therapists').updateOne({ _id: new Types.ObjectId(id) }, { $set: { nameLast: 'Skrevet udenom' } });
    const cached = await Promise.all(apis.map((api) => callAction<Me>(api.origin, 'getTherapist', {}, token)));
    expect(cached.map((answer) => answer.body.data.nameLast)).toEqual([nameLast, nameLast]);
    return { token, therapistId: id, companyId: company.id };
  }

  /**
   * Ends the session through the first process; it refuses `token` on the next call, and the second process within a
   * second of the answer (asked again and again until it does; given up after 5 s so a failure says how long).
   */
  async function expectEnded(token: string, end: () => Promise<CallAnswer>, refusal = 'jwt expired') {
    const ended = await end();
    expect(ended.status).toBe(200);
    const since = performance.now();
    const onFirst = await callAction(first(), 'getTherapist', {}, token);
    expect({ status: onFirst.status, message: onFirst.body.message }).toEqual({ status: 401, message: refusal });
    let onSecond = await callAction(second(), 'getTherapist', {}, token);
    while (onSecond.status === 200 && performance.now() - since < 5000) onSecond = await callAction(second(), 'getTherapist', {}, token);
    const ms = performance.now() - since;
    expect({ status: onSecond.status, message: onSecond.body.message }).toEqual({ status: 401, message: refusal });
    expect(ms).toBeLessThanOrEqual(1000);
  }

  it('sign-out', async () => {
    const { email } = await clinic();
    const { token } = await sessionCachedOnBoth(email);
    await expectEnded(token, () => callAction(first(), 'logout', {}, token));
  });

  it('a new password', async () => {
    const { email } = await clinic();
    const { token } = await sessionCachedOnBoth(email);
    await expectEnded(token, () => callAction(first(), 'setPassword', { oldPassword: 'hemmeligt1', newPassword: 'nytkodeord9' }, token));
  });

  it('a deleted therapist', async () => {
    const clinicOwner = await clinic();
    const { companyId } = await sessionCachedOnBoth(clinicOwner.email);
    const email = uniqueEmail('kollega');
    // A colleague with a password, as accepting the owner's invitation leaves one (the mail journey: therapists.test.ts).
    await createModels(database!).Therapist.create({ companyId, username: email, email, nameFirst: 'Jonas', nameLast: 'Bæk', passwordHash: await hashPassword('hemmeligt1'), isAdmin: false });
    const colleague = await sessionCachedOnBoth(email);
    await expectEnded(colleague.token, () => callAction(first(), 'deleteTherapistByCompany', { id: colleague.therapistId }, clinicOwner.token));
  });

  it('a disabled clinic', async () => {
    const { email } = await clinic();
    const { token, companyId } = await sessionCachedOnBoth(email);
    // From an address of its own: the rate-limit case above has used up 127.0.0.1's sign-in attempts.
    const signIn = await fetch(`${first()}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.44' },
      body: JSON.stringify({ action: 'adminCheck', username: 'admin', password: adminPassword }),
    });
    const { adminToken } = (await signIn.json()) as { adminToken: string };
    await expectEnded(token, () => callAction(first(), 'disableCompany', { companyId, isDisabled: true }, adminToken), messages.companyDisabled);
  });
});

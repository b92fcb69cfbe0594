/**
 * What the access log adds to a read: `getClient` (one row per read) at 10 connections, with the API's real writer
 * (a synchronous append to the journal, batches to the database every 200 ms) and, in the same process on the same
 * database, with the writer replaced by one that journals and stores nothing. The rounds
 * alternate, so a machine busy with something else shows in the spread rather than in one side. The API runs in this
 * process on an embedded database of its own (throw-away), built from api/dist; nothing of the product can switch
 * the log off: the swap is this script's own.
 *
 * Alone: `node bench/src/access-log.mjs` (after `npx tsc -b api`); `BENCH_ACCESS_LOG_ROUNDS=5` for more rounds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure } from './api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = (file) => path.join(root, 'api', 'dist', file);

const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–').padStart(9);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function accessLogFigures({ rounds = Number(process.env.BENCH_ACCESS_LOG_ROUNDS ?? 3), seconds = 6 } = {}) {
  const { launchDatabase } = await import(path.join(root, 'devkit', 'dist', 'database', 'index.js'));
  const { createApi } = await import(dist('app.js'));
  const { DEFAULT_RATE_LIMITS } = await import(dist('config.js'));
  const { connectDatabase } = await import(dist('db/connect.js'));
  const { createLogger } = await import(dist('logger.js'));
  const { parseDataKeyring } = await import(dist('security/encryption.js'));

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-bench-access-log-'));
  const database = await launchDatabase({ dataDir, log: () => undefined });
  const conn = await connectDatabase(database.uri, 'bench_access_log');
  const config = {
    production: false,
    port: 0,
    appUrl: 'http://localhost:3000',
    corsOrigins: [],
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-signing',
    devAdmin: null,
    dataKeyring: parseDataKeyring(`bench1:${Buffer.alloc(32, 1).toString('base64')}`, Buffer.alloc(32, 2).toString('base64')),
    tokenTtlSeconds: 3600,
    resetTokenTtlSeconds: 3600,
    setPasswordTokenTtlSeconds: 3600,
    jsonLimitBytes: 1024 * 1024,
    uploadFileLimitBytes: 1024 * 1024,
    uploadMaxFiles: 5,
    smtpUrl: null,
    mailFrom: 'Klinik <no-reply@klinik.test>',
    logLevel: 'warn',
    rateLimits: { ...DEFAULT_RATE_LIMITS, register: { points: 1000, durationSeconds: 3600 } },
    trustProxyHops: 0,
    devRoutes: false,
    host: '127.0.0.1',
    blobDir: path.join(dataDir, 'blobs'),
    accessLogDir: path.join(dataDir, 'access-log'),
    blobStore: 'local',
    s3: null,
    blobUrlTtlSeconds: 600,
    googleDriveClientId: null,
    driveProvider: 'none',
    driveRedirectUri: 'http://localhost:3000/Klientdata/google-drive',
    googleDrive: null,
    paymentsProvider: 'sandbox',
    paymentsWebhookSecret: 'bench-webhook-secret',
    frisbii: null,
    accountingProvider: 'none',
    accountingRedirectUri: 'http://localhost:3000/payment/dinero-verification',
    dinero: null,
    smsProvider: 'outbox',
    gatewayapi: null,
    smsSender: 'Klinik',
    messageJobs: { everyMs: 0, batchSize: 50, leaseMs: 120_000, concurrency: 5 },
  };
  const api = await createApi({ config, conn, logger: createLogger('silent') });
  const server = createServer(api.app.callback());
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/api`;
  const call = async (body) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
  try {
    const email = `bench-access-log-${Date.now()}@klinik.test`;
    const password = 'bench-kode-1';
    const registered = await call({
      action: 'register',
      therapistInfo: { nameFirst: 'Bente', nameLast: 'Bench', email, phone: '+45 12 34 56 78', password, confirmPassword: password, newsletter: false, termsAccepted: true },
      companyInfo: { companyName: 'Bench Klinik', CVR: '12345678', address: 'Vej 1', post: '5000', town: 'Odense', email, phone: '12345678' },
    });
    const { therapistId, companyId } = registered.data;
    await call({ action: 'confirmEmail', confirmToken: api.services.tokens.signPurpose('confirm-email', { subject: therapistId, companyId }, 3600) });
    const { token } = await call({ action: 'login', username: email, password });
    await call({ action: 'purchasedFreePlanSubscription', token });
    const treatment = await call({ action: 'addTreatment', token, name: 'Massage', price: 450, duration: 2700, pause: 0 });
    const from = Math.ceil((Date.now() + 86_400_000) / 3_600_000) * 3_600_000;
    const booked = await call({ action: 'addBooking', token, treatmentId: treatment.data.id, from, client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: 'signe@example.dk', phonePrivate: '+4520304050' } });
    const read = { action: 'getClient', token, id: booked.data.clientId };
    const check = await call(read);
    if (!check.data) throw new Error(`getClient answered ${JSON.stringify(check).slice(0, 200)}`);

    // Counts the inserts, for the batch size the group commit reaches.
    const model = api.services.models.AccessLog;
    const insertMany = model.insertMany;
    let inserts = 0;
    model.insertMany = function counted(...args) {
      inserts += 1;
      return insertMany.apply(this, args);
    };
    const writer = api.services.accessLog;
    // Journals nothing and stores nothing: the read without the log.
    const storesNothing = { ...writer, write: () => undefined };

    // The part on the request's path: the journal's append, timed around each call.
    const writeTimes = [];
    const timed = {
      ...writer,
      write(rows) {
        const started = process.hrtime.bigint();
        writer.write(rows);
        writeTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
      },
    };

    await measure(url, read, { duration: 2 });
    const figures = {};
    for (const connections of (process.env.BENCH_ACCESS_LOG_CONNECTIONS ?? '1,10').split(',').map(Number)) {
      const logged = [];
      const unlogged = [];
      for (let round = 0; round < rounds; round += 1) {
        api.services.accessLog = storesNothing;
        unlogged.push(await measure(url, read, { connections, duration: seconds }));
        api.services.accessLog = timed;
        await writer.flush();
        const [rowsBefore, insertsBefore] = [writer.stored, inserts];
        const result = await measure(url, read, { connections, duration: seconds });
        await writer.flush();
        logged.push({ ...result, rows: writer.stored - rowsBefore, inserts: inserts - insertsBefore });
      }
      console.log(`getClient, ${String(connections).padEnd(2)} connection(s)   req/s   p50 ms    p95 ms  failures  rows/insert`);
      for (let round = 0; round < rounds; round += 1) {
        const [a, b] = [unlogged[round], logged[round]];
        console.log(`without the log #${round + 1}          ${fmt(a.rps, 0)} ${fmt(a.p50)} ${fmt(a.p95)} ${String(a.failures).padStart(9)}`);
        console.log(`with the log #${round + 1}             ${fmt(b.rps, 0)} ${fmt(b.p50)} ${fmt(b.p95)} ${String(b.failures).padStart(9)} ${fmt(b.rows / Math.max(1, b.inserts))}`);
      }
      const added = median(logged.map((b, round) => b.p95 - unlogged[round].p95));
      console.log(`  p95 added by the access log at ${connections} connection(s) (median over ${rounds} rounds): ${added.toFixed(1)} ms; goal ≤ 2 ms`);
      figures[connections] = { added, logged, unlogged };
    }
    writeTimes.sort((a, b) => a - b);
    const at = (q) => writeTimes[Math.min(writeTimes.length - 1, Math.floor(q * writeTimes.length))];
    console.log(`  the journal's append on the request's path: p50 ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms, max ${writeTimes.at(-1).toFixed(3)} ms over ${writeTimes.length} reads`);
    return figures;
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await api.close();
    await conn.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await accessLogFigures();
}

/**
 * `npm run bench`'s last step, alone with `node scripts/bench.mjs --only ten-year`: the calls of a
 * five-therapist clinic's pages with ten years of its data in the database, next to their goals. The clinic is made
 * once per machine and kept (bench/src/ten-year.mjs); each run works on a copy. On the embedded database by default;
 * with MONGODB_URI set, the stack uses that server (made there on the first run, and again on each run: the cache
 * holds the embedded database's files only).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import { measure, startBareKoa } from '../bench/src/api.mjs';
import { startSmtpSink } from '../bench/src/newsletter.mjs';
import { BENCH_KEYS, BENCH_PORTS, benchApiEnv, withModels } from '../bench/src/stack-options.mjs';
import { TEN_YEAR, copyTenYearData, keepTenYearClinic, readTenYearClinic, seedTenYears, tenYearCache, timeCalls, useBenchKeys } from '../bench/src/ten-year.mjs';
import { root, step } from './lib.mjs';
import { startStack } from './stack.mjs';

const PASSWORD = 'bench-kode';
const external = Boolean(process.env.MONGODB_URI);
const { cacheDir } = await import(path.join(root, 'devkit', 'dist', 'database', 'index.js'));
const cacheRoot = cacheDir();
const count = (value) => value.toLocaleString('en-US');
/** How often each slow call is timed (a week out of 250,000 bookings takes a minute or more on the embedded database). */
const SLOW = Number(process.env.BENCH_TEN_YEAR_SLOW_CALLS ?? 3);
const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`.padStart(10);

const smtp = await startSmtpSink(4226);
const start = (dataDir) =>
  startStack({
    ports: BENCH_PORTS,
    dataDir,
    apiOutput: process.env.BENCH_DEBUG_API ? 'inherit' : 'ignore',
    log: () => undefined,
    apiEnv: benchApiEnv(smtp.url),
  });
const caller = (stack) => async (body) => (await fetch(stack.apiUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();

/**
 * A read by id in the database itself, as the data layer makes it (scoped to the clinic): the '≤ 5 ms' is
 * about the database; the API calls above add the sign-in check's reads and the HTTP round trip.
 */
async function readsById(mongodbUri, clinic) {
  await useBenchKeys(root, BENCH_KEYS);
  return withModels(root, mongodbUri, async (models) => {
    const companyId = new Types.ObjectId(clinic.companyId);
    const booking = () => models.Booking.findOne({ _id: new Types.ObjectId(clinic.bookingId), companyId }).lean();
    const client = () => models.Client.findOne({ _id: new Types.ObjectId(clinic.clientId), companyId }).lean();
    for (let n = 0; n < 10; n++) await Promise.all([booking(), client()]);
    return [
      ['a read by id in the database (a booking)', await timeCalls(booking, 200), '≤ 5 ms'],
      ['a read by id in the database (a client)', await timeCalls(client, 200), '≤ 5 ms'],
    ];
  });
}

/** 'YYYY-MM' `count` months before the current UTC month. */
function monthsAgo(count) {
  const now = new Date();
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * /Statistik's year (the last twelve whole months, with the twelve before for comparison): the first call counts the
 * months from the records and keeps them (timed apart), later ones read the kept months; then calls each after a
 * change in the year's last month (a booking's `source` through the API's models, as an online booking would), which
 * has that month counted again.
 */
async function statisticsFigures(stack, call, token, clinic) {
  const year = { from: monthsAgo(12), to: monthsAgo(1) };
  const first = performance.now();
  const answer = await call({ action: 'getStatistics', token, ...year });
  if (!answer.data) throw new Error(`getStatistics failed: ${answer.message}`);
  const firstMs = performance.now() - first;
  const months = answer.data.months;
  const sum = (pick) => months.reduce((total, month) => total + pick(month), 0);
  console.log(
    `a year of figures, ${year.from} to ${year.to}: ${count(sum((month) => month.revenue.invoices))} invoices, ${count(sum((month) => month.bookings.count))} bookings; the first call (counts ${months.length * 2 + 3} months and keeps them): ${firstMs.toFixed(0)} ms`,
  );
  const kept = await timeCalls(() => call({ action: 'getStatistics', token, ...year }), 20);
  const changed = await withModels(root, stack.mongodbUri, async (models) => {
    const companyId = new Types.ObjectId(clinic.companyId);
    const lastMonth = await models.Booking.findOne({ companyId, bookingDate: `${year.to}-15` }, { _id: 1 }).lean();
    return timeCalls(async (n) => {
      if (lastMonth) await models.Booking.updateOne({ _id: lastMonth._id, companyId }, { $set: { source: n % 2 ? 'calendar' : 'online' } });
      return call({ action: 'getStatistics', token, ...year });
    }, SLOW);
  });
  return [
    ['a year of figures (getStatistics, months kept)', kept, 'p95 ≤ 300 ms'],
    ['a year of figures after a change in one month', changed, '(one month counted again)'],
  ];
}

/** Registers the clinic and writes its decade; returns its facts. */
async function makeClinic(stack) {
  const call = caller(stack);
  const email = `ti-aar-${Date.now()}@klinik.test`;
  await call({
    action: 'register',
    therapistInfo: { nameFirst: 'Ti', nameLast: 'År', email, phone: '12345678', password: PASSWORD, confirmPassword: PASSWORD, newsletter: false, termsAccepted: true },
    companyInfo: { companyName: 'Ti års klinik', address: 'Vej 1', post: '8000', town: 'Aarhus', email: 'k@k.dk', phone: '12345678' },
  });
  const { token } = await call({ action: 'login', username: email, password: PASSWORD });
  const me = await call({ action: 'getTherapist', token });
  const started = Date.now();
  const samples = await seedTenYears(root, stack.mongodbUri, { companyId: me.data.company.id, therapistId: me.data.id, now: Date.now(), keys: BENCH_KEYS, log: (line) => console.log(line) });
  console.log(`  made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { email, companyId: me.data.company.id, therapistId: me.data.id, ...samples };
}

/** Pro, running: the clinic's plan does not run out between runs of a kept clinic. */
function keepPro(mongodbUri, companyId) {
  return withModels(root, mongodbUri, (models) =>
    models.Company.updateOne({ _id: new Types.ObjectId(companyId) }, { $set: { planType: 'pro', status: 'active', planPeriodEnd: Date.now() + 365 * 24 * 3600_000 } }),
  );
}

step(`Ten-year clinic: ${count(TEN_YEAR.bookings)} bookings, ${count(TEN_YEAR.clients)} clients, ${count(TEN_YEAR.journals)} journals, ${count(TEN_YEAR.invoices)} invoices of ${TEN_YEAR.therapists} therapists`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-bench-ten-year-'));
let clinic = external ? null : readTenYearClinic(cacheRoot);
let stack;
try {
  if (clinic) {
    copyTenYearData(cacheRoot, dataDir);
    console.log(`kept clinic from ${tenYearCache(cacheRoot)}`);
    stack = await start(dataDir);
  } else {
    console.log(external ? 'making the clinic in the MONGODB_URI server…' : `making the clinic once (kept in ${tenYearCache(cacheRoot)})…`);
    stack = await start(dataDir);
    clinic = await makeClinic(stack);
    if (!external) {
      await stack.stop();
      keepTenYearClinic(cacheRoot, dataDir, clinic);
      stack = await start(dataDir);
    }
  }
  await keepPro(stack.mongodbUri, clinic.companyId);
  const call = caller(stack);
  const { token } = await call({ action: 'login', username: clinic.email, password: PASSWORD });
  const week = { from: clinic.week, to: clinic.week + 7 * 24 * 3600_000 };
  const weekAnswer = await call({ action: 'getBookingsFromTherapist', token, ...week });
  console.log(`database: ${external ? 'MONGODB_URI' : 'embedded FerretDB (SQLite)'}; the week holds ${weekAnswer.data?.length ?? weekAnswer.message} of the owner's bookings`);

  // The first list query of a clinic on the embedded database makes the collection's list index (klinik_pushdown.go),
  // once: timed apart, so the rows below are what every later visit gets.
  const firstList = performance.now();
  await call({ action: 'getAllClient', token, search: '', page: 1, size: 10 });
  console.log(`the first client list call (makes the list index on the embedded database): ${(performance.now() - firstList).toFixed(0)} ms`);

  const rows = [
    ['the week view (getBookingsFromTherapist, one week)', await timeCalls(() => call({ action: 'getBookingsFromTherapist', token, ...week }), SLOW), 'p95 ≤ 100 ms'],
    ...(await readsById(stack.mongodbUri, clinic)),
    ['a read by id, whole API call (getBooking)', await timeCalls(() => call({ action: 'getBooking', token, id: clinic.bookingId }), 20), '(the read above, the sign-in check, HTTP)'],
    ['a read by id, whole API call (getClient)', await timeCalls(() => call({ action: 'getClient', token, id: clinic.clientId }), 20), '(the read above, the sign-in check, HTTP)'],
    ['the client list search (getAllClient)', await timeCalls((n) => call({ action: 'getAllClient', token, search: ['Hansen', 'Anne', 'Jensen 1', 'Søren'][n % 4], page: 1 + (n % 3), size: 10 }), 20), 'p95 ≤ 200 ms'],
    ['the client list, no search (getAllClient)', await timeCalls((n) => call({ action: 'getAllClient', token, search: '', page: 1 + n * 97, size: 10 }), 20), 'p95 ≤ 200 ms'],
    [
      'a client page (record, journals, bookings)',
      await timeCalls(async () => {
        const answers = await Promise.all([
          call({ action: 'getClient', token, id: clinic.clientId }),
          call({ action: 'getJournalsFromClient', token, clientId: clinic.clientId }),
          call({ action: 'getBookingsFromClient', token, clientId: clinic.clientId }),
        ]);
        return answers.find((answer) => answer.message && !answer.data) ?? answers[0];
      }, SLOW),
      'p95 ≤ 300 ms',
    ],
  ];
  rows.push(...(await statisticsFigures(stack, call, token, clinic)));
  console.log('call                                                  p50         p95   calls  goal');
  for (const [name, figures, goal] of rows) console.log(`${name.padEnd(50)} ${ms(figures.p50)} ${ms(figures.p95)} ${String(figures.count).padStart(6)}  ${goal}`);

  const hello = await startBareKoa(4299);
  try {
    const bare = await measure(hello.url, null);
    const therapist = await measure(stack.apiUrl, { action: 'getTherapist', token });
    console.log(`getTherapist ${therapist.rps.toFixed(0)} req/s (p95 ${therapist.p95.toFixed(1)} ms) against a bare Koa 'hello' ${bare.rps.toFixed(0)} req/s: ${((therapist.rps / bare.rps) * 100).toFixed(1)}% (goal ≥ 30%)`);
  } finally {
    hello.stop();
  }
} finally {
  await stack?.stop();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}

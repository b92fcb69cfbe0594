/**
 * The measuring stick of the embedded database's scale: the data of a five-therapist clinic after ten years (250,000 bookings, 20,000 clients,
 * 250,000 journals, 50,000 invoices) in the embedded database, and the calls its pages make, next to their goals.
 *
 * The clinic is made once and kept (a copy of the stack's data folder under ~/.cache/klinik/bench/, made again when
 * TEN_YEAR_VERSION changes); each run starts a stack on a fresh copy of it. The clinic registers through the API; the
 * rest is written straight into the database through the API's models (encrypted as the API encrypts: the bench's
 * fixed keys), as a decade of daily use would have left it. Bookings are direct writes without their slot claims:
 * this measures reading.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Types } from 'mongoose';
import { copenhagenDateKey } from '@klinik/core';
import { withModels } from './stack-options.mjs';

// v2: bookings carry their Copenhagen date as the product writes it (v1 had the UTC date). v3: invoices carry their
// amounts and lines (a third exempt from VAT), a payment state and their month, as /Statistik counts them.
export const TEN_YEAR_VERSION = 'v3';
export const TEN_YEAR = { therapists: 5, clients: 20_000, bookings: 250_000, journals: 250_000, invoices: 50_000 };
const DAY = 24 * 3600_000;
const YEAR = 365 * DAY;

const FIRST_NAMES = ['Anne', 'Mette', 'Lars', 'Jens', 'Sofie', 'Peter', 'Maria', 'Henrik', 'Camilla', 'Søren', 'Ida', 'Mikkel'];
const LAST_NAMES = ['Hansen', 'Jensen', 'Nielsen', 'Pedersen', 'Andersen', 'Christensen', 'Larsen', 'Sørensen', 'Rasmussen', 'Jørgensen'];

/** Where the made clinic is kept between runs. */
export function tenYearCache(cacheRoot) {
  return path.join(cacheRoot, 'bench', `ten-year-${TEN_YEAR_VERSION}`);
}

/** The kept clinic's facts (its sign-in and sample ids), or null when it has not been made. */
export function readTenYearClinic(cacheRoot) {
  const file = path.join(tenYearCache(cacheRoot), 'clinic.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** Copies the kept clinic's data folder to `dataDir` (a fresh folder for one run's stack). */
export function copyTenYearData(cacheRoot, dataDir) {
  cpSync(path.join(tenYearCache(cacheRoot), 'data'), dataDir, { recursive: true });
}

/** The API's encryption module, with the bench's keys in use in this process (the clinic's health data is under them). */
export async function useBenchKeys(root, keys) {
  const encryption = await import(path.join(root, 'api', 'dist', 'security', 'encryption.js'));
  encryption.useDataKeyring(encryption.parseDataKeyring(keys.data, keys.cprHash));
  return encryption;
}

/**
 * Writes the decade into the running stack's database for the clinic { companyId, therapistId } (its owner), and
 * answers the ids the figures use: a booking, a client and a week in the middle of the decade.
 */
export async function seedTenYears(root, mongodbUri, { companyId, therapistId, now, keys, log }) {
  const encryption = await useBenchKeys(root, keys);
  return withModels(root, mongodbUri, (models) => writeDecade(models, encryption, { companyId, therapistId, now, log }));
}

/** The one line of the n-th invoice: 500 kr., every third exempt from VAT (momslovens § 13), the others with 25 %. */
function invoiceLine(n) {
  const exempt = n % 3 === 0;
  const vatOre = exempt ? 0 : 12_500;
  return { name: 'Fysioterapi', treatmentId: null, duration: 2400, priceOre: 50_000, discountOre: 0, netOre: 50_000, vatExempt: exempt, vatPercent: exempt ? 0 : 25, vatOre, totalOre: 50_000 + vatOre };
}
const amountsOf = (line) => ({ priceOre: line.priceOre, discountOre: 0, netOre: line.netOre, vatOre: line.vatOre, totalOre: line.totalOre });

async function writeDecade(models, encryption, { companyId, therapistId, now, log }) {
  const company = new Types.ObjectId(companyId);
  const owner = new Types.ObjectId(therapistId);
  const therapists = [owner, ...Array.from({ length: TEN_YEAR.therapists - 1 }, () => new Types.ObjectId())];
  const write = async (model, total, make, label) => {
    const started = Date.now();
    for (let from = 0; from < total; from += 2000) {
      const docs = Array.from({ length: Math.min(2000, total - from) }, (_, n) => make(from + n));
      // Through the model: its defaults, its validation and its encryption of health data, as the API writes.
      await model.insertMany(docs, { ordered: false });
    }
    log(`  ${label}: ${total.toLocaleString('en-US')} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  };

  const clientIds = Array.from({ length: TEN_YEAR.clients }, () => new Types.ObjectId());
  await write(
    models.Client,
    TEN_YEAR.clients,
    (n) => {
      const day = String((n % 28) + 1).padStart(2, '0');
      const month = String((n % 12) + 1).padStart(2, '0');
      const cpr6 = `${day}${month}${String(50 + (n % 50)).padStart(2, '0')}`;
      const last4 = String(1000 + (n % 9000));
      return {
        _id: clientIds[n],
        companyId: company,
        createdBy: therapists[n % therapists.length],
        nameFirst: FIRST_NAMES[n % FIRST_NAMES.length],
        nameLast: `${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]} ${n}`,
        email: `klient${n}@example.dk`,
        phonePrivate: String(20_000_000 + n),
        CPR6Digit: cpr6,
        CPRLast4Digit: last4,
        cprKey: encryption.cprHash(`${cpr6}${last4}`),
        cpr6Key: encryption.cpr6Hash(cpr6),
      };
    },
    'clients',
  );

  // Ten years back from `now`: each therapist's k-th booking on day k / 14, 40-minute slots from 07:00, every day.
  const start = now - 10 * YEAR;
  const slotOf = (n) => {
    const k = Math.floor(n / therapists.length);
    return start + Math.floor(k / 14) * DAY + 7 * 3600_000 + (k % 14) * 40 * 60_000;
  };
  const clientOf = (n) => clientIds[(n * 7919) % clientIds.length];
  /** The n-th visit, as its booking and its journal both hold it. */
  const visit = (n) => {
    const from = slotOf(n);
    return { companyId: company, therapistId: therapists[n % therapists.length], clientId: clientOf(n), from, to: from + 40 * 60_000, treatmentName: 'Fysioterapi' };
  };
  const bookingIds = Array.from({ length: TEN_YEAR.bookings }, () => new Types.ObjectId());
  await write(
    models.Booking,
    TEN_YEAR.bookings,
    (n) => {
      const booking = visit(n);
      return {
        ...booking,
        _id: bookingIds[n],
        bookingDate: copenhagenDateKey(booking.from),
        nameFirst: 'Klient',
        nameLast: String(n),
        email: `klient${n}@example.dk`,
        version: 0,
      };
    },
    'bookings',
  );
  await write(
    models.Journal,
    TEN_YEAR.journals,
    (n) => ({
      ...visit(n),
      effect: 'Bedre bevægelighed i skulderen.',
      treatment: 'Mobilisering og øvelser.',
      followUp: 'Hjemmeøvelser dagligt.',
    }),
    'journals',
  );
  await write(
    models.Invoice,
    TEN_YEAR.invoices,
    (n) => {
      const createdAt = slotOf(n * 5);
      const year = new Date(createdAt).getUTCFullYear();
      return {
        companyId: company,
        therapistId: therapists[n % therapists.length],
        clientId: clientOf(n * 5),
        year,
        seq: n + 1,
        number: String(n + 1),
        // Every invoice carries a unique claim (api/src/models/invoices.ts); these were issued under none.
        claimId: `ten-year-${n}`,
        createdBy: therapists[n % therapists.length],
        createdAt,
        totalOre: invoiceLine(n).totalOre,
        snapshots: [{ treatment: { name: 'Fysioterapi', duration: 2400, price: 500 }, amounts: amountsOf(invoiceLine(n)), lines: [invoiceLine(n)] }],
        overdueFrom: createdAt + 9 * DAY,
        paidOn: n % 4 === 0 ? null : copenhagenDateKey(createdAt + 3 * DAY),
      };
    },
    'invoices',
  );
  // A booking, its client and its week, in the middle of the decade, for the figures.
  const middle = Math.floor(TEN_YEAR.bookings / 2);
  return {
    bookingId: bookingIds[middle].toString(),
    clientId: clientOf(middle).toString(),
    week: slotOf(middle) - 3 * DAY,
  };
}

/** Keeps `dataDir` (its stack stopped) as the made clinic, with its facts. */
export function keepTenYearClinic(cacheRoot, dataDir, clinic) {
  const target = tenYearCache(cacheRoot);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(dataDir, path.join(target, 'data'), { recursive: true });
  writeFileSync(path.join(target, 'clinic.json'), JSON.stringify(clinic, null, 2));
}

/**
 * p50 and p95 of `count` calls of `call` one after another (slow queries: a few calls say enough). A call slower than
 * `enoughMs` ends the timing there: its figure says what there is to say, and the bench stays within minutes.
 */
export async function timeCalls(call, count, enoughMs = 30_000) {
  const times = [];
  for (let n = 0; n < count; n++) {
    const started = performance.now();
    const answer = await call(n);
    if (answer?.message && !answer.data) throw new Error(`a timed call failed: ${answer.message}`);
    times.push(performance.now() - started);
    if (times[times.length - 1] > enoughMs) break;
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { p50: at(50), p95: at(95), count: times.length };
}

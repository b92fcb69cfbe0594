/**
 * `npm run samples:import [-- <folder>] [--seed n] [--now YYYY-MM-DD[THH:MM]] [--clients n] [--treatments n]
 * [--bookings n] [--invoices n]`: an old system's export of one clinic as the five CSV files (Windows-1252, ';') and
 * the same five as xlsx, into `samples/import/` unless a folder is given (see api/src/domain/import/samples.ts for
 * what the files hold).
 *
 * `now` is the start of today, Copenhagen time, unless given, so a run gives byte-identical files all day and the
 * calendar ahead starts today; the same seed, now and sizes give the same files on any machine.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { elapsed, root, tsc } from './lib.mjs';

/** A usage mistake: its reason on one line, and exit code 2 (no stack). */
function fail(message) {
  console.error(`samples:import: ${message}`);
  process.exit(2);
}

let values;
let positionals;
try {
  ({ values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      seed: { type: 'string' },
      now: { type: 'string' },
      clients: { type: 'string' },
      treatments: { type: 'string' },
      bookings: { type: 'string' },
      invoices: { type: 'string' },
    },
  }));
} catch (error) {
  fail(error.message);
}

function whole(name) {
  if (values[name] === undefined) return undefined;
  if (!/^\d+$/.test(values[name])) fail(`--${name} must be a whole number, not '${values[name]}'`);
  return Number(values[name]);
}

const folder = path.resolve(process.cwd(), positionals[0] ?? path.join(root, 'samples', 'import'));
const sizes = { seed: whole('seed'), clients: whole('clients'), treatments: whole('treatments'), bookings: whole('bookings'), invoices: whole('invoices') };

await tsc(['-b', 'api']);
const { copenhagenDateKey, copenhagenWallTime } = await import('@klinik/core');
const samples = await import(path.join(root, 'api', 'dist', 'domain', 'import', 'samples.js'));

/** The instant of a Copenhagen date (and time); the start of today without one. */
function parseNow(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(text ?? copenhagenDateKey(Date.now()));
  if (!match) fail(`--now must be YYYY-MM-DD or YYYY-MM-DDTHH:MM (Copenhagen time), not '${text}'`);
  const [, year, month, day, hours = '0', minutes = '0'] = match;
  return copenhagenWallTime(Number(year), Number(month), Number(day), Number(hours), Number(minutes));
}

const now = parseNow(values.now);
const startedAt = Date.now();
// Fewer bookings than the default without a number of invoices: the default's share of them (a quarter), as an
// invoice needs a booking that has ended.
if (sizes.bookings !== undefined && sizes.invoices === undefined) {
  sizes.invoices = Math.min(samples.SAMPLE_DEFAULTS.invoices, Math.floor((sizes.bookings * samples.SAMPLE_DEFAULTS.invoices) / samples.SAMPLE_DEFAULTS.bookings));
}
let sample;
try {
  sample = samples.generateSampleExport({ ...Object.fromEntries(Object.entries(sizes).filter(([, value]) => value !== undefined)), now });
} catch (error) {
  // Sizes that do not fit together (more invoices than ended bookings, …): the reason, not a stack.
  if (!(error instanceof RangeError)) throw error;
  fail(error.message);
}
await mkdir(folder, { recursive: true });
const written = [];
for (const kind of samples.SAMPLE_KINDS) {
  for (const [extension, write] of [
    ['csv', samples.toCsv],
    ['xlsx', samples.toXlsx],
  ]) {
    const file = path.join(folder, `${samples.SAMPLE_FILE_NAMES[kind]}.${extension}`);
    const bytes = write(kind, sample[kind]);
    await writeFile(file, bytes);
    written.push(`${path.relative(process.cwd(), file)} (${sample[kind].length} rows, ${(bytes.length / 1024).toFixed(0)} KB)`);
  }
}

const bookings = sample.booking;
const period = bookings.length ? `bookings ${copenhagenDateKey(bookings[0].from)} to ${copenhagenDateKey(bookings.at(-1).from)}, ` : '';
console.log(written.join('\n'));
console.log(`seed ${sizes.seed ?? samples.SAMPLE_DEFAULTS.seed}, now ${new Date(now).toISOString()}, ${period}${elapsed(startedAt)}`);

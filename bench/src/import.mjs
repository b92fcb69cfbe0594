/**
 * The data-import figure: how long the import of an old system's export takes, from the upload until
 * the run is done, and how much memory the API process holds while it imports. The export is the repository's
 * sample (api/src/domain/import/samples.ts), uploaded as the import page does (a multipart `importCsv`), and
 * followed with `getImport` as the page follows it.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { Types } from 'mongoose';
import { withModels } from './stack-options.mjs';

const POLL_MS = 500;
const SAMPLE_MS = 250;

/** The sample's sizes: the issue's goal, or smaller ones from BENCH_IMPORT_CLIENTS, …_TREATMENTS, …_BOOKINGS, …_INVOICES. */
export function importSizes(env = process.env) {
  const size = (name, fallback) => {
    const text = env[`BENCH_IMPORT_${name}`];
    if (text === undefined || text === '') return fallback;
    if (!/^\d+$/.test(text)) throw new Error(`BENCH_IMPORT_${name} must be a whole number, not '${text}'`);
    return Number(text);
  };
  return { clients: size('CLIENTS', 10_000), treatments: size('TREATMENTS', 30), bookings: size('BOOKINGS', 100_000), invoices: size('INVOICES', 25_000) };
}

/** Switches the clinic's data-import add-on on in its company record (the sandbox payment is refused in production mode). */
export async function enableImportAddOn(root, mongodbUri, companyId) {
  // The company's own `_id` is its scope (tenant-root): the guard lets this through without `crossTenant`.
  const result = await withModels(root, mongodbUri, (models) => models.Company.updateOne({ _id: new Types.ObjectId(companyId) }, { $set: { importDataActive: true } }));
  if (result.matchedCount !== 1) throw new Error(`no company ${companyId} to switch the import on for`);
}

/**
 * The sample export as the five CSV files (Windows-1252, ';'), or one zip of them when a file is over the form's
 * limit per file (zips are accepted in the form's `zip` field).
 */
export async function sampleUpload(root, sizes, now = Date.now()) {
  const samples = await import(path.join(root, 'api', 'dist', 'domain', 'import', 'samples.js'));
  const { IMPORT_FILE_FIELDS, IMPORT_ZIP_FIELD, SUPPORT_IMPORT_MAX_FILE_BYTES } = await import('@klinik/core');
  const startedAt = Date.now();
  const records = samples.generateSampleExport({ seed: 1, ...sizes, now });
  const files = IMPORT_FILE_FIELDS.map((kind) => ({ field: kind, name: `${samples.SAMPLE_FILE_NAMES[kind]}.csv`, rows: records[kind].length, bytes: samples.toCsv(kind, records[kind]) }));
  const oversize = files.filter((file) => file.bytes.length > SUPPORT_IMPORT_MAX_FILE_BYTES);
  let parts = files;
  if (oversize.length > 0) {
    const { zipSync } = await import('fflate');
    parts = [{ field: IMPORT_ZIP_FIELD, name: 'eksport.zip', rows: 0, bytes: Buffer.from(zipSync(Object.fromEntries(files.map((file) => [file.name, file.bytes])))) }];
  }
  const madeMs = Date.now() - startedAt;
  // Making the files held the event loop for seconds, long enough for the API to close idle keep-alive connections
  // (after 5 s) without fetch noticing: a moment for the closes to be seen, or the next request goes out on one of them.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { files, parts, madeMs, limitBytes: SUPPORT_IMPORT_MAX_FILE_BYTES, zipped: oversize.length > 0, oversize };
}

/** The pid of the process listening on `port` (from /proc/net/tcp{,6} and the processes' open sockets), or null. */
export function pidListeningOn(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local_address is ADDR:PORT in hex; state 0A is LISTEN; column 9 the socket's inode.
      if (columns.length > 9 && columns[1].endsWith(`:${hexPort}`) && columns[3] === '0A') inodes.add(`socket:[${columns[9]}]`);
    }
  }
  if (inodes.size === 0) return null;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds;
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (inodes.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) return Number(entry);
      } catch {
        // Closed while we looked.
      }
    }
  }
  return null;
}

/** VmRSS (now) and VmHWM (the most since the process started) of `pid`, in bytes. */
export function processMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * Uploads `parts` as the page does (action and token before the first file, then domain and email, then the files
 * under their fields), then asks `getImport` every 500 ms until the run is done or failed (its slowest answer says how
 * long the import held the API's event loop). The API process's memory is sampled every 250 ms from before the
 * upload until the end.
 */
export async function importFigures(apiUrl, token, parts, { pid, timeoutMs = 30 * 60_000 } = {}) {
  const memory = { before: pid ? processMemory(pid) : null, peakRss: 0, samples: 0, end: null };
  const sample = () => {
    if (!pid) return;
    try {
      memory.peakRss = Math.max(memory.peakRss, processMemory(pid).rss);
      memory.samples += 1;
    } catch {
      // The process is gone: the answer or the poll says so.
    }
  };
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);
  const polls = { count: 0, slowestMs: 0, retried: 0 };
  // A poll whose kept-alive connection the API closed as it went out (the API's timers run late while an import holds
  // its event loop) is asked again on a new one, as a browser does; a process that is gone fails all three.
  const poll = async (body) => {
    for (let attempt = 1; ; attempt++) {
      const sent = Date.now();
      try {
        const answer = await (await fetch(apiUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
        polls.count += 1;
        polls.slowestMs = Math.max(polls.slowestMs, Date.now() - sent);
        return answer;
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        if (attempt === 3) throw new Error(`getImport failed (${error.cause?.code ?? error.message})${pid && !existsSync(`/proc/${pid}`) ? ': the API process is gone' : ''}`, { cause: error });
        polls.retried += 1;
      }
    }
  };
  try {
    const form = new FormData();
    form.append('action', 'importCsv');
    form.append('token', token);
    form.append('domain', 'easypractice');
    form.append('email', 'bench-import@klinik.test');
    for (const part of parts) form.append(part.field, new Blob([part.bytes], { type: part.name.endsWith('.zip') ? 'application/zip' : 'text/csv' }), part.name);
    const startedAt = Date.now();
    const response = await fetch(apiUrl, { method: 'POST', body: form });
    const answer = await response.json();
    const uploadMs = Date.now() - startedAt;
    if (!response.ok || !answer.data?.id) throw new Error(`importCsv answered ${response.status}: ${JSON.stringify(answer).slice(0, 500)}`);
    sample();
    const phases = {};
    let run = answer.data;
    const deadline = startedAt + timeoutMs;
    while (run.status !== 'done' && run.status !== 'failed') {
      if (Date.now() > deadline) throw new Error(`the import was not over after ${timeoutMs / 1000} s: ${JSON.stringify(run).slice(0, 500)}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      sample();
      const polled = await poll({ action: 'getImport', token, id: answer.data.id });
      if (!polled.data) throw new Error(`getImport: ${JSON.stringify(polled).slice(0, 500)}`);
      run = polled.data;
      phases[run.phase] ??= Date.now() - startedAt;
    }
    const doneMs = Date.now() - startedAt;
    sample();
    memory.end = pid ? processMemory(pid) : null;
    return { uploadMs, doneMs, phases, run, memory, polls };
  } finally {
    clearInterval(sampler);
  }
}

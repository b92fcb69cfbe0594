/**
 * Backup and restore of the embedded database under write load: the API runs as its own process on its
 * own data folder while parallel workers book (each booking claims its slot documents), save journals and issue
 * invoices; a backup is taken in the middle of that with the code `npm run backup` runs. The backup restored into a
 * new data folder is a state the product could have been in: every booking holds all its slot claims, invoice numbers
 * run 1..n, every write acknowledged before the backup began is there and none begun after it finished, and the API
 * started on it works and numbers the next invoice n + 1. A damaged backup, and a restore while the API runs, are
 * refused with nothing changed. An image uploaded before the backup is served again from the restored blob folder.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import { ensureSqliteTool, launchDatabase } from '@klinik/devkit/database';
import { createBackup, type BackupResult } from '../src/backup/backup.js';
import { keysInUse, keysOfSecretsFile } from '../src/backup/keys.js';
import { devSecretsFile } from '../src/config.js';
import { restoreBackup } from '../src/backup/restore.js';
import { runRestoreCli } from '../src/cli/backup.js';
import { connectDatabase } from '../src/db/connect.js';
import { slotClaims } from '../src/data/concurrency/slot-claims.js';
import { createModels } from '../src/models/index.js';
import { parseDataKeyring, useDataKeyring } from '../src/security/encryption.js';
import { callAction, clinicThroughApi, startApiProcess, type ApiProcess } from './support/api-process.js';

const HOUR = 3_600_000;

/** The environment of `npm start` in development: keys come from the data folder's secrets.json, not from here. */
const env: NodeJS.ProcessEnv = { ...process.env, MONGODB_URI: '', NODE_ENV: 'development' };
delete env.DATA_ENCRYPTION_KEYS;
delete env.CPR_HASH_KEY;
delete env.BLOB_DIR;

let workDir: string;
let port: number;
let api: ApiProcess | null = null;
beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-backup-'));
  port = await getPort();
  // Built once per machine (like FerretDB); done here so the journey's time is the journey's.
  await ensureSqliteTool(() => undefined);
}, 300_000);
afterAll(async () => {
  await stopApi();
  rmSync(workDir, { recursive: true, force: true });
});

/** The API as `npm start` runs it, with its own embedded database. */
function startApi(dataDir: string): Promise<ApiProcess> {
  return startApiProcess(port, { ...env, KLINIK_DATA_DIR: dataDir, RATE_LIMIT_SCALE: '100' });
}

/** A graceful stop (SIGTERM), waiting for the API and the database it started to be gone. */
async function stopApi(): Promise<void> {
  const running = api;
  api = null;
  await running?.stop();
}

interface Answer {
  status: number;
  body: Record<string, unknown> & { data?: Record<string, unknown> & { id?: string } };
}

/** Requests sent and not yet answered. */
let inFlight = 0;

async function call(action: string, input: Record<string, unknown>, token?: string): Promise<Answer> {
  inFlight += 1;
  try {
    return await callAction<Answer['body']>(`http://127.0.0.1:${port}`, action, input, token);
  } finally {
    inFlight -= 1;
  }
}

async function ok(action: string, input: Record<string, unknown>, token?: string): Promise<Answer['body']> {
  const answer = await call(action, input, token);
  if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function allInvoices(token: string): Promise<{ id: string; number: string }[]> {
  const result: { id: string; number: string }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await ok('getAllInvoice', { page, size: 15, search: '' }, token)) as { result: typeof result; totalCount: number };
    result.push(...answer.result);
    if (result.length >= answer.totalCount || answer.result.length === 0) return result;
  }
}

/** The folder's files and their sizes: "nothing changed" made checkable. */
function listing(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true }).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name))).sort();
}

/** What the restored database holds, read through the models on a database server of the test's own. */
async function withRestoredModels<T>(dataDir: string, work: (models: ReturnType<typeof createModels>) => Promise<T>): Promise<T> {
  const database = await launchDatabase({ dataDir, ignoreEnv: true, log: () => undefined });
  let conn: Connection | null = null;
  try {
    conn = await connectDatabase(database.uri, 'klinik');
    return await work(createModels(conn));
  } finally {
    await conn?.close();
    await database.stop();
  }
}

it('restores a consistent point in time taken while bookings, journals and invoices are written', async () => {
  const liveDir = path.join(workDir, 'live');
  api = await startApi(liveDir);
  const { email, token, companyId, treatmentId, base, clientId, firstBookingId } = await clinicThroughApi(`http://127.0.0.1:${port}`, 'backup');
  // An image in the blob folder, which the backup copies after the database.
  const journalOfFirst = await ok('addJournal', { bookingId: firstBookingId }, token);
  const form = new FormData();
  for (const [key, value] of Object.entries({ action: 'uploadImages', token, clientId, kind: 'journal', journalId: journalOfFirst.data!.id! })) form.set(key, value);
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 120, b: 200 } } }).jpeg().toBuffer();
  form.append('files', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'ryg.jpg');
  const uploaded = (await (await fetch(`http://127.0.0.1:${port}/api`, { method: 'POST', body: form })).json()) as { data: { imageUrl: string }[] };
  const imageUrl = uploaded.data[0]!.imageUrl;
  const storedImage = Buffer.from(await (await fetch(imageUrl)).arrayBuffer());
  expect(storedImage.length).toBeGreaterThan(0);

  /** Each write with when its request began and when its answer came. */
  interface Write { id: string; startedAt: number; ackedAt: number; text?: string }
  const written = { bookings: [] as Write[], journals: [] as Write[], invoices: [] as Write[] };
  let backupStartedAt = Infinity;
  let backupFinishedAt = Infinity;
  let writesUnderWayAtBackup = 0;
  let stop = false;
  const WORKERS = 3;
  /** One worker: book, save the journal, invoice; until told to stop. Each booking claims its own hour. */
  async function worker(index: number) {
    for (let round = 0; !stop; round += 1) {
      const from = base + (index * 500 + round + 1) * HOUR;
      let startedAt = Date.now();
      const booked = await call('addBooking', { treatmentId, from, clientId }, token);
      if (booked.status !== 200) throw new Error(`addBooking: ${booked.status} ${JSON.stringify(booked.body)}`);
      const bookingId = booked.body.data!.id!;
      written.bookings.push({ id: bookingId, startedAt, ackedAt: Date.now() });
      acknowledged();
      const journal = await ok('addJournal', { bookingId }, token);
      const text = `Journal ${index}-${round}: bedre bevægelighed`;
      startedAt = Date.now();
      await ok('setJournal', { id: journal.data!.id, version: journal.data!.version, changes: { effect: text } }, token);
      written.journals.push({ id: bookingId, startedAt, ackedAt: Date.now(), text });
      acknowledged();
      startedAt = Date.now();
      const invoiced = await ok('addInvoice', { bookingId, settings: { type: true, discount: '0', moms: true } }, token);
      written.invoices.push({ id: invoiced.data!.id!, startedAt, ackedAt: Date.now() });
      acknowledged();
    }
  }
  /** Resolves once `predicate` holds, checked after every acknowledged write (no fixed waits). */
  const waiters = new Set<() => void>();
  const acknowledged = () => waiters.forEach((recheck) => recheck());
  const until = (predicate: () => boolean) =>
    new Promise<void>((resolve) => {
      const recheck = () => {
        if (!predicate()) return;
        waiters.delete(recheck);
        resolve();
      };
      waiters.add(recheck);
      recheck();
    });
  const workers = Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));
  let backup!: BackupResult;
  const backupTaken = (async () => {
    await until(() => written.invoices.length >= 6);
    backupStartedAt = Date.now();
    writesUnderWayAtBackup = inFlight;
    backup = await createBackup({ dataDir: liveDir, out: path.join(workDir, 'backups'), keysOut: path.join(workDir, 'keys.json'), env, log: () => undefined });
    backupFinishedAt = Date.now();
    // Writes go on after the backup: some begin only now, and must not be in it.
    await until(() => written.bookings.filter((write) => write.startedAt > backupFinishedAt).length >= WORKERS);
    stop = true;
  })();
  await Promise.all([workers, backupTaken]);
  await stopApi();

  // The writes really overlapped the backup: some were acknowledged while it ran or began after it.
  const before = (writes: Write[]) => writes.filter((write) => write.ackedAt <= backupStartedAt);
  const after = (writes: Write[]) => writes.filter((write) => write.startedAt > backupFinishedAt);
  expect(writesUnderWayAtBackup).toBeGreaterThanOrEqual(WORKERS - 1);
  expect(before(written.invoices).length).toBeGreaterThanOrEqual(6);
  expect(after(written.bookings).length).toBeGreaterThanOrEqual(WORKERS);
  // The keys are beside the backup, not in it.
  expect(readdirSync(backup.folder).sort()).toEqual(['blobs', 'db', 'manifest.json']);
  expect(backup.manifest.keys.dataKeys.map((key) => key.id)).toEqual(['dev1']);

  // Refused, nothing changed: a damaged backup, a folder without a manifest, a missing backup, wrong usage.
  const damaged = path.join(workDir, 'damaged');
  cpSync(backup.folder, damaged, { recursive: true });
  const file = openSync(path.join(damaged, 'db', 'klinik.sqlite'), 'r+');
  const byte = Buffer.alloc(1);
  readSync(file, byte, 0, 1, 5000);
  writeSync(file, Buffer.from([byte[0]! ^ 0xff]), 0, 1, 5000);
  closeSync(file);
  const untouched = path.join(workDir, 'untouched');
  await expect(restoreBackup({ backup: damaged, dataDir: untouched, keysFile: path.join(workDir, 'keys.json'), env, log: () => undefined })).rejects.toThrow(/damaged[\s\S]*db\/klinik\.sqlite differs from its checksum/);
  await expect(restoreBackup({ backup: path.join(damaged, 'db'), dataDir: untouched, env, log: () => undefined })).rejects.toThrow(/no manifest\.json/);
  await expect(restoreBackup({ backup: path.join(workDir, 'nowhere'), dataDir: untouched, env, log: () => undefined })).rejects.toThrow(/No backup at/);
  // Without the keys the data was encrypted with, the restored API could not read it: refused.
  await expect(restoreBackup({ backup: backup.folder, dataDir: untouched, env, log: () => undefined })).rejects.toThrow(/data key "dev1"/);
  const savedDataDir = process.env.KLINIK_DATA_DIR;
  process.env.KLINIK_DATA_DIR = untouched;
  // What the command prints for the operator, kept out of the test's output.
  const printError = console.error;
  const printed: string[] = [];
  console.error = (message: unknown) => void printed.push(String(message));
  try {
    expect(await runRestoreCli([])).toBe(2);
    expect(await runRestoreCli([path.join(workDir, 'nowhere')])).toBe(1);
    expect(printed).toEqual([expect.stringMatching(/^Usage: npm run restore/), expect.stringMatching(/^No backup at .*nowhere/)]);
  } finally {
    console.error = printError;
    if (savedDataDir === undefined) delete process.env.KLINIK_DATA_DIR;
    else process.env.KLINIK_DATA_DIR = savedDataDir;
  }
  expect(existsSync(untouched)).toBe(false);

  // The restore into a new data folder, with the keys file the backup wrote.
  const restoredDir = path.join(workDir, 'restored');
  await restoreBackup({ backup: backup.folder, dataDir: restoredDir, keysFile: path.join(workDir, 'keys.json'), env, log: () => undefined });
  expect(keysOfSecretsFile(devSecretsFile(restoredDir))).toEqual(keysOfSecretsFile(devSecretsFile(liveDir)));
  const keys = keysOfSecretsFile(devSecretsFile(restoredDir))!;
  useDataKeyring(parseDataKeyring(keys.dataEncryptionKeys, keys.cprHashKey));

  const restored = await withRestoredModels(restoredDir, async (models) => {
    const scope = { companyId };
    const bookings = await models.Booking.find(scope, { companyId: 1, therapistId: 1, from: 1, to: 1 }).lean();
    const claims = await models.SlotClaim.find({ _id: { $regex: `^${companyId}:` } }, { ref: 1 }).lean();
    const invoices = await models.Invoice.find(scope, { year: 1, seq: 1, isMerged: 1 }).lean();
    // The claims each booking must hold, keyed as slot-claims.ts keys them (company:therapist:unit start).
    const held = new Set(claims.map((claim) => `${claim._id}|${claim.ref.toString()}`));
    const unclaimed = bookings.flatMap((booking) =>
      slotClaims(models, booking.companyId)
        .ids(booking.therapistId, booking)
        .filter((id) => !held.has(`${id}|${booking._id.toString()}`))
        .map((id) => `${booking._id.toString()} lacks ${id}`),
    );
    return { bookings, invoices, unclaimed, manifestCounts: backup.manifest.database.collections.klinik! };
  });
  // The manifest counted what the restored database holds.
  expect(restored.bookings.length).toBe(restored.manifestCounts.bookings);
  expect(restored.invoices.length).toBe(restored.manifestCounts.invoices);
  // Every booking holds every one of its slot claims (claims are written before their booking; a move claims the
  // new time before it swaps and releases the old after). Claims without a booking may exist: the sweeper's.
  expect(restored.bookings.length).toBeGreaterThan(WORKERS);
  expect(restored.unclaimed).toEqual([]);
  // Invoice numbers run 1..n per year, none missing, none doubled.
  const years = new Map<number, number[]>();
  for (const invoice of restored.invoices.filter((row) => !row.isMerged)) years.set(invoice.year, [...(years.get(invoice.year) ?? []), invoice.seq]);
  for (const seqs of years.values()) expect(seqs.sort((a, b) => a - b)).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  // Everything acknowledged before the backup began is there; nothing begun after it ended is.
  const bookingIds = new Set(restored.bookings.map((booking) => booking._id.toString()));
  const invoiceIds = new Set(restored.invoices.map((invoice) => invoice._id.toString()));
  for (const write of before(written.bookings)) expect(bookingIds.has(write.id)).toBe(true);
  for (const write of before(written.invoices)) expect(invoiceIds.has(write.id)).toBe(true);
  for (const write of after(written.bookings)) expect(bookingIds.has(write.id)).toBe(false);

  // The product runs on the restored folder: sign-in, the bookings, the journals, the next booking and invoice.
  api = await startApi(restoredDir);
  // While it runs, a restore into its folder is refused and changes nothing.
  const beforeRefusal = listing(restoredDir);
  await expect(restoreBackup({ backup: backup.folder, dataDir: restoredDir, env, log: () => undefined })).rejects.toThrow(/is running/);
  expect(listing(restoredDir)).toEqual(beforeRefusal);

  const { token: restoredToken } = (await ok('login', { username: email, password: 'hemmeligt1' })) as { token: string };
  const week = (await ok('getBookingsFromTherapist', { from: base, to: base + 7 * 24 * HOUR }, restoredToken)).data as unknown as { id: string }[];
  const inWeek = restored.bookings.filter((booking) => booking.from < base + 7 * 24 * HOUR).map((booking) => booking._id.toString());
  expect(week.map((booking) => booking.id).sort()).toEqual(inWeek.sort());
  for (const write of before(written.journals)) {
    expect((await ok('getJournalFromBooking', { bookingId: write.id }, restoredToken)).data).toMatchObject({ effect: write.text });
  }
  // The image comes back from the restored blob folder (its signed address was minted with the same secrets).
  const image = await fetch(imageUrl);
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer()).equals(storedImage)).toBe(true);
  expect(backup.manifest.blobs.files).toBe(2);
  const n = restored.invoices.length;
  const next = await ok('addBooking', { treatmentId, from: base + 2000 * HOUR, clientId }, restoredToken);
  const nextInvoice = await ok('addInvoice', { bookingId: next.data!.id, settings: { type: true, discount: '0', moms: true } }, restoredToken);
  const listed = await allInvoices(restoredToken);
  expect(listed).toHaveLength(n + 1);
  expect(Number.parseInt(listed.find((invoice) => invoice.id === nextInvoice.data!.id)!.number, 10)).toBe(n + 1);
  await stopApi();
}, 120_000);

it('names the keys an API would use: each from the environment when set there, else from secrets.json', () => {
  const dataDir = path.join(workDir, 'keys-only');
  const file = devSecretsFile(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const fileKeys = { dataEncryptionKeys: `f1:${Buffer.alloc(32, 3).toString('base64')}`, cprHashKey: Buffer.alloc(32, 4).toString('base64') };
  writeFileSync(file, JSON.stringify(fileKeys));
  const environmentKeys = { DATA_ENCRYPTION_KEYS: `e1:${Buffer.alloc(32, 5).toString('base64')}`, CPR_HASH_KEY: Buffer.alloc(32, 6).toString('base64') };
  expect(keysInUse(env, dataDir)).toEqual({ source: 'secrets.json', ...fileKeys, file });
  expect(keysInUse({ ...env, ...environmentKeys }, dataDir)).toEqual({ source: 'environment', dataEncryptionKeys: environmentKeys.DATA_ENCRYPTION_KEYS, cprHashKey: environmentKeys.CPR_HASH_KEY, file: null });
  // One key in the environment, the other from the file: what config.ts makes of the same setting.
  expect(keysInUse({ ...env, DATA_ENCRYPTION_KEYS: environmentKeys.DATA_ENCRYPTION_KEYS }, dataDir)).toEqual({
    source: 'environment and secrets.json',
    dataEncryptionKeys: environmentKeys.DATA_ENCRYPTION_KEYS,
    cprHashKey: fileKeys.cprHashKey,
    file,
  });
  // Production reads the environment only.
  expect(keysInUse({ ...env, NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: environmentKeys.DATA_ENCRYPTION_KEYS }, dataDir)).toBeNull();
});

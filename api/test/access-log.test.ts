/**
 * The access log through the real endpoint: every kind of read of a client's data writes one row (who, when, what,
 * the client, the caller's network), the owner reads the log (per client and clinic-wide, filtered), a colleague
 * cannot, another clinic's rows never show, no row is changed or deleted but by the five-year sweep, and the
 * client's own export lists who read the record.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DAY_MS, type AccessLogEntry } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { createAccessLogWriter } from '../src/data/access-log-writer.js';
import { ACCESS_LOG_KEPT_MS } from '../src/domain/access-log/sweep.js';
import { sweepOnce } from '../src/jobs/sweeper.js';
import { addressPrefix } from '../src/security/client-address.js';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';
import { until } from './support/until.js';

let t: TestApi;
beforeAll(async () => {
  const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
  t = await startTestApi({ rateLimits: generous });
});
afterAll(async () => {
  await t.close();
});

const COMPANY = { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' };
const SETTINGS = { type: true, discount: '0', moms: true, treatmentText: true, aktuelBehandling: false, followUpText: false };
const EVER = { from: 0, to: 8_640_000_000_000 };

interface Clinic extends SignedInOwner {
  clientId: string;
  bookingId: string;
  journalId: string;
  treatmentId: string;
  email: string;
}

let clients = 0;
/** A clinic with its profile, a client booked tomorrow (with an e-mail of its own) and the booking's journal. */
async function clinic(): Promise<Clinic> {
  const owner = await clinicWithTrial(t);
  expect((await t.call('setCompany', COMPANY, owner.token)).status).toBe(200);
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  const from = Math.ceil((t.clock.now() + DAY_MS) / 3_600_000) * 3_600_000;
  const email = `klient-${(clients += 1)}@example.dk`;
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: { ...newClient(), email } }, owner.token);
  expect(booked.status).toBe(200);
  // An invoice needs the client's address.
  expect((await t.call('setClient', { id: booked.body.data.clientId, changes: { address: 'Vestergade 2', post: '5970', town: 'Ærøskøbing' } }, owner.token)).status).toBe(200);
  const journal = await t.call('addJournal', { bookingId: booked.body.data.id }, owner.token);
  return { ...owner, email, treatmentId: treatment.body.data.id, clientId: booked.body.data.clientId, bookingId: booked.body.data.id, journalId: journal.body.data.id };
}

/** The stored rows of `action` (what the API journalled so far stored first, as its timer would within 200 ms). */
async function rowsOf(companyId: string, action: string) {
  await t.api.services.accessLog.flush();
  return storedRowsOf(companyId, action);
}
const storedRowsOf = (companyId: string, action: string) => t.models.AccessLog.find({ companyId, action }).lean();

async function uploadImage(token: string, clientId: string, journalId: string) {
  const form = new FormData();
  form.set('action', 'uploadImages');
  form.set('token', token);
  form.set('clientId', clientId);
  form.set('kind', 'journal');
  form.set('journalId', journalId);
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'ryg.png');
  expect((await fetch(t.url, { method: 'POST', body: form })).status).toBe(200);
}

/** Signs the client into 'Mine tider' through the mailed link. */
async function portalToken(c: Clinic): Promise<string> {
  const mails = () => t.models.OutboxMail.find({ to: c.email }).lean();
  expect((await t.call('requestClientPortalLink', { therapistId: c.therapistId, email: c.email })).status).toBe(200);
  await until(async () => (await mails()).length > 0, 'the portal link mail');
  const link = /#link=([A-Za-z0-9_-]+)/.exec((await mails()).at(-1)!.text)![1]!;
  const session = await t.call('clientPortalSignIn', { linkToken: link });
  expect(session.status).toBe(200);
  return session.body.data.portalToken;
}

describe('every read of a client writes one row', () => {
  it('for the record, journals, history, images, invoices, a print and the export: who, when, what, the client, the network', async () => {
    const c = await clinic();
    await uploadImage(c.token, c.clientId, c.journalId);
    const preview = await t.call('getInvoicePreview', { bookingId: c.bookingId, settings: SETTINGS }, c.token);
    expect({ status: preview.status, message: preview.body.message }).toEqual({ status: 200, message: undefined });
    const invoice = await t.call('addInvoice', { bookingId: c.bookingId, settings: SETTINGS }, c.token);
    expect(invoice.status).toBe(200);

    const reads = [
      ['getClient', 'client', { id: c.clientId }],
      ['getJournalsFromClient', 'journal', { clientId: c.clientId }],
      ['getJournalFromBooking', 'journal', { bookingId: c.bookingId }],
      ['getCustomFieldsFromClientIsNotJournal', 'journal', { clientId: c.clientId }],
      ['getClientHistory', 'history', { clientId: c.clientId }],
      ['getImages', 'image', { clientId: c.clientId }],
      ['getInvoice', 'invoice', { id: invoice.body.data.id }],
      ['getAllInvoice', 'invoice', { page: 1, size: 10 }],
      ['getInvoicesForPeriod', 'invoice', { clientId: c.clientId, from: 0, to: t.clock.now() + 30 * DAY_MS }],
      ['logClientPrint', 'print', { clientId: c.clientId }],
    ] as const;
    for (const [action, kind, input] of reads) {
      const before = t.clock.now();
      const answer = await t.call(action, input, c.token);
      expect({ action, status: answer.status }).toEqual({ action, status: 200 });
      const rows = await rowsOf(c.companyId, action);
      expect({ action, rows: rows.length }).toEqual({ action, rows: 1 });
      expect(rows[0]).toMatchObject({ kind, readerKind: 'therapist', reader: 'Mette Ørsted', address: '127.0.0.0/24' });
      expect(rows[0]!.clientId.toString()).toBe(c.clientId);
      expect(rows[0]!.therapistId!.toString()).toBe(c.therapistId);
      expect(rows[0]!.at).toBeGreaterThanOrEqual(before);
    }
    // The preview names the client only through its booking: its handler notes the read.
    expect((await rowsOf(c.companyId, 'getInvoicePreview')).map((row) => [row.kind, row.clientId.toString()])).toEqual([['invoice', c.clientId]]);
    // A read that found nothing names nobody.
    const later = await t.call('addBooking', { treatmentId: c.treatmentId, from: Math.ceil((t.clock.now() + 3 * DAY_MS) / 3_600_000) * 3_600_000, clientId: c.clientId }, c.token);
    const other = await t.call('getJournalFromBooking', { bookingId: later.body.data.id }, c.token);
    expect(other.body.data).toBeNull();
    expect(await rowsOf(c.companyId, 'getJournalFromBooking')).toHaveLength(1);
    // A refused read is no read.
    expect((await t.call('getClient', { id: '0123456789abcdef01234567' }, c.token)).status).toBe(404);
    expect(await rowsOf(c.companyId, 'getClient')).toHaveLength(1);

    // The client's own export: logged with the client as reader, and it lists who read the record (not the client).
    await t.api.services.accessLog.flush();
    const exported = await t.call('clientPortalExport', { portalToken: await portalToken(c) });
    expect(exported.status).toBe(200);
    const readBy = exported.body.data.readBy as { at: string; reader: string; what: string }[];
    // The reads above, the preview's and the opening of the journal in the setup (addJournal answers it).
    expect(readBy.length).toBe(reads.length + 2);
    expect(new Set(readBy.map((row) => row.what))).toEqual(new Set(['client', 'journal', 'history', 'image', 'invoice', 'print']));
    expect(readBy.every((row) => row.reader.length > 0 && !Number.isNaN(Date.parse(row.at)))).toBe(true);
    const exportRows = await rowsOf(c.companyId, 'clientPortalExport');
    expect(exportRows.map((row) => [row.kind, row.readerKind, row.clientId.toString(), row.therapistId])).toEqual([['export', 'client', c.clientId, null]]);
  });

  it('keeps only the network of an address: IPv4 per /24, IPv6 per /48', () => {
    expect(addressPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressPrefix('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressPrefix('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(addressPrefix('ikke en adresse')).toBe('');
  });
});

describe('no read answered unlogged', () => {
  it('journals the row before the answer leaves; a process that dies before storing it leaves it for the next start, stored once', async () => {
    const c = await clinic();
    const folder = t.config.accessLogDir;
    const journalled = () =>
      readdirSync(folder)
        .map((name) => readFileSync(path.join(folder, name), 'utf8'))
        .join('')
        .split('\n')
        .filter((line) => line.includes('"getClientHistory"'));
    // A writer whose timer would not store anything for an hour: whatever the answer promises, it promises from the journal.
    const original = t.api.services.accessLog;
    await original.close();
    const dying = createAccessLogWriter(t.api.services.models, folder, { flushEveryMs: 3_600_000 });
    t.api.services.accessLog = dying;
    expect((await t.call('getClientHistory', { clientId: c.clientId }, c.token)).status).toBe(200);
    expect(journalled()).toHaveLength(1);
    expect(JSON.parse(journalled()[0]!)).toMatchObject({ action: 'getClientHistory', kind: 'history', clientId: c.clientId, companyId: c.companyId });
    expect(await storedRowsOf(c.companyId, 'getClientHistory')).toEqual([]);

    // The process dies as kill -9 would: nothing more is stored, and its journal takes no other row, so a read now
    // fails rather than answer unlogged.
    dying.abandon();
    const refused = await t.call('getClientHistory', { clientId: c.clientId }, c.token);
    expect(refused.status).toBe(500);
    expect(JSON.stringify(refused.body)).not.toContain('Kjær');
    const segments = readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name), 'utf8')] as const);

    // The next start stores what the dead process journalled.
    const next = createAccessLogWriter(t.api.services.models, folder);
    t.api.services.accessLog = next;
    expect(await next.replay()).toBe(1);
    expect(await storedRowsOf(c.companyId, 'getClientHistory')).toHaveLength(1);
    expect(journalled()).toEqual([]);
    // A segment stored before whose deletion was cut off is stored again without a second row.
    for (const [name, text] of segments) writeFileSync(path.join(folder, name), text);
    expect(await next.replay()).toBe(1);
    expect(await storedRowsOf(c.companyId, 'getClientHistory')).toHaveLength(1);
  });
});

describe("the owner's log", () => {
  it('shows who read which client, filtered by therapist, client and period; a colleague cannot read it; another clinic sees none of it', async () => {
    const c = await clinic();
    const colleague = await colleagueOf(t, c);
    // The colleague's own client, booked with a treatment of their own.
    const treatment = await t.call('addTreatment', { name: 'Akupunktur', price: 500, duration: 30 * 60, pause: 0 }, colleague.token);
    const mine = await t.call('addBooking', { treatmentId: treatment.body.data.id, from: Math.ceil((t.clock.now() + 2 * DAY_MS) / 3_600_000) * 3_600_000, client: newClient('4321') }, colleague.token);
    expect(mine.status).toBe(200);
    const colleagueClient = mine.body.data.clientId;
    const start = t.clock.now();
    expect((await t.call('getClient', { id: c.clientId }, c.token)).status).toBe(200);
    expect((await t.call('getClient', { id: colleagueClient }, colleague.token)).status).toBe(200);
    t.clock.advance(60_000);
    expect((await t.call('getJournalsFromClient', { clientId: c.clientId }, c.token)).status).toBe(200);
    await t.api.services.accessLog.flush();

    const all = await t.call('getAccessLog', { from: start, to: t.clock.now() + 1 }, c.token);
    expect(all.status).toBe(200);
    expect(all.body.data.map((entry: AccessLogEntry) => entry.action)).toEqual(['getJournalsFromClient', 'getClient', 'getClient']);
    expect(all.body.data[0]).toMatchObject({ kind: 'journal', clientId: c.clientId, clientName: 'Signe Kjær', readerKind: 'therapist', therapistId: c.therapistId, address: '127.0.0.0/24' });
    const byColleague = await t.call('getAccessLog', { ...EVER, therapistId: colleague.therapistId }, c.token);
    expect(byColleague.body.data.map((entry: AccessLogEntry) => [entry.reader, entry.clientId])).toEqual([['Jonas Bæk', colleagueClient]]);
    const ofClient = await t.call('getAccessLog', { ...EVER, clientId: c.clientId }, c.token);
    expect(ofClient.body.data.every((entry: AccessLogEntry) => entry.clientId === c.clientId)).toBe(true);
    const early = await t.call('getAccessLog', { from: start, to: start + 30_000 }, c.token);
    expect(early.body.data.every((entry: AccessLogEntry) => entry.action === 'getClient')).toBe(true);
    const clientLog = await t.call('getClientAccessLog', { clientId: c.clientId, page: 1 }, c.token);
    expect(clientLog.status).toBe(200);
    expect(clientLog.body.total).toBe(ofClient.body.total);
    expect((await t.call('getAccessLog', { from: 10, to: 5 }, c.token)).body.message).toBe('Slutdatoen skal være efter startdatoen');

    // A colleague may not read the log, not even of their own client.
    expect((await t.call('getAccessLog', EVER, colleague.token)).status).toBe(403);
    expect((await t.call('getClientAccessLog', { clientId: colleagueClient, page: 1 }, colleague.token)).status).toBe(403);

    // Another clinic's owner sees none of these rows, by any filter, and cannot open the client's log.
    const stranger = await clinicWithTrial(t);
    expect((await t.call('getClient', { id: c.clientId }, stranger.token)).status).toBe(404);
    const theirs = await t.call('getAccessLog', { ...EVER, clientId: c.clientId }, stranger.token);
    expect({ status: theirs.status, total: theirs.body.total }).toEqual({ status: 200, total: 0 });
    expect((await t.call('getAccessLog', { ...EVER, therapistId: c.therapistId }, stranger.token)).body.total).toBe(0);
    expect((await t.call('getClientAccessLog', { clientId: c.clientId, page: 1 }, stranger.token)).status).toBe(404);
  });
});

describe('append-only, kept five years', () => {
  it('refuses every change and delete of a row; only the sweep option passes, and only the sweep gives it', async () => {
    const c = await clinic();
    expect((await t.call('getClient', { id: c.clientId }, c.token)).status).toBe(200);
    const [row] = await rowsOf(c.companyId, 'getClient');
    const filter = { _id: row!._id };
    await expect(t.models.AccessLog.updateOne(filter, { $set: { reader: 'En anden' } })).rejects.toThrow(/append-only/);
    await expect(t.models.AccessLog.deleteOne(filter)).rejects.toThrow(/append-only/);
    await expect(t.models.AccessLog.deleteMany({ companyId: c.companyId })).rejects.toThrow(/append-only/);
    await expect(t.models.AccessLog.findOneAndUpdate(filter, { $set: { at: 0 } })).rejects.toThrow(/append-only/);
    await expect(t.models.AccessLog.replaceOne(filter, { ...row, reader: 'x' })).rejects.toThrow(/append-only/);
    const doc = await t.models.AccessLog.findById(row!._id);
    doc!.reader = 'En anden';
    await expect(doc!.save()).rejects.toThrow(/append-only/);
    expect((await t.models.AccessLog.findById(row!._id).lean())!.reader).toBe(row!.reader);

    // No code but the sweep names the option that lets a delete through.
    const src = path.resolve(import.meta.dirname, '..', 'src');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((entry) => (statSync(path.join(dir, entry)).isDirectory() ? files(path.join(dir, entry)) : [path.join(dir, entry)]));
    const users = files(src)
      .filter((file) => file.endsWith('.ts') && readFileSync(file, 'utf8').includes('sweepingExpiredAccessLog: true'))
      .map((file) => path.relative(src, file).split(path.sep).join('/'));
    expect(users).toEqual(['domain/access-log/sweep.ts']);
  });

  it('the sweeper removes rows older than five years and keeps younger ones', async () => {
    const c = await clinic();
    expect((await t.call('getClient', { id: c.clientId }, c.token)).status).toBe(200);
    const [read] = await rowsOf(c.companyId, 'getClient');
    t.clock.advance(ACCESS_LOG_KEPT_MS - DAY_MS);
    // A read of a year ago (the clinic's trial is long over by now, so it is written as the endpoint would).
    await t.models.AccessLog.create({ ...read, _id: undefined, action: 'getJournalsFromClient', kind: 'journal', at: t.clock.now() - 365 * DAY_MS });
    const conn = t.api.services.models.AccessLog.db;
    await sweepOnce(t.api.services, conn);
    expect((await rowsOf(c.companyId, 'getClient')).length).toBe(1);
    t.clock.advance(2 * DAY_MS);
    await sweepOnce(t.api.services, conn);
    expect(await rowsOf(c.companyId, 'getClient')).toEqual([]);
    expect((await rowsOf(c.companyId, 'getJournalsFromClient')).length).toBe(1);
  });
});

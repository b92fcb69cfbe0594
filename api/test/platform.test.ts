/**
 * The platform administrator and the support team: the companies table, edit, disable, delete and the
 * purge that follows, users and SMS year to date, the subscriber list, the audit log; the support team's therapist
 * search, upload (stored encrypted, listed for the clinic) and meetings. The authorization matrix proves who may call
 * what; here each behaviour is checked against the database and the blob store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Types } from 'mongoose';
import sharp from 'sharp';
import { DAY_MS, messages, messageSkipReasons, platformMessages, supportMessages } from '@klinik/core';
import { runMessageJobs } from '../src/jobs/messages.js';
import { deactivateTeamUser, createTeamUser } from '../src/domain/accounts/team-users.js';
import { COMPANY_PURGE_GRACE_MS } from '../src/domain/platform/deletion.js';
import { purgeDeletedCompanies } from '../src/jobs/company-purge.js';
import { TENANT_MODEL_NAMES } from '../src/data/tenant-db.js';
import { sweepExpiredInvoices } from '../src/domain/invoices/retention.js';
import { decryptBytes } from '../src/security/encryption.js';
import { clinicWithTrial, colleagueOf, newClient, registerAndLogin, registration, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, TEST_ADMIN, type TestApi } from './support/test-api.js';

let t: TestApi;
let admin: string;
let team: string;
let blobDir: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  blobDir = mkdtempSync(path.join(tmpdir(), 'klinik-platform-blobs-'));
  t = await startTestApi({ blobDir, uploadMaxFiles: 20, uploadFileLimitBytes: 25 * 1024 * 1024 });
  admin = (await t.call('adminCheck', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).body.adminToken;
  await createTeamUser(t.models, 'platform-team@klinik.test', 'team-kodeord-1');
  team = (await t.call('teamLogin', { username: 'platform-team@klinik.test', password: 'team-kodeord-1' })).body.teamToken;
});
afterAll(async () => {
  await t.close();
  rmSync(blobDir, { recursive: true, force: true });
});

/** A clinic with a name no other test uses, so a search finds exactly the ones made here. */
async function namedClinic(name: string, trial = false): Promise<SignedInOwner> {
  const owner = trial ? await clinicWithTrial(t) : await registerAndLogin(t);
  await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { companyName: name } });
  return owner;
}

const companies = (input: Record<string, unknown>) => t.call('getCompaniesSuperadmin', input, admin);
const auditRows = async () => (await t.call('getAdminAuditLog', {}, admin)).body.data;

describe('the companies table', () => {
  it('is searched, sorted by any column and paged 10 at a time on the server; deleted companies are left out', async () => {
    const prefix = `Sorteret ${Date.now().toString(36)}`;
    const made: SignedInOwner[] = [];
    for (const letter of 'ABCDEFGHIJKL') made.push(await namedClinic(`${prefix} ${letter}`));
    // Two more users in clinic C: the users column counts them.
    await colleagueOf(t, made[2]!);
    await colleagueOf(t, made[2]!);

    const first = await companies({ search: prefix, sortColumn: 'companyName', sortType: 'asc', pageNumber: 1 });
    expect(first.status).toBe(200);
    expect(first.body.total.total).toBe(12);
    expect(first.body.data.map((row) => row.companyName.slice(-1))).toEqual([...'ABCDEFGHIJ']);
    const second = await companies({ search: prefix, sortColumn: 'companyName', sortType: 'asc', pageNumber: 2 });
    expect(second.body.data.map((row) => row.companyName.slice(-1))).toEqual(['K', 'L']);
    const descending = await companies({ search: prefix, sortColumn: 'companyName', sortType: 'desc', pageNumber: 1 });
    expect(descending.body.data[0]!.companyName.slice(-1)).toBe('L');
    const byUsers = await companies({ search: prefix, sortColumn: 'users', sortType: 'desc' });
    expect(byUsers.body.data[0]).toMatchObject({ companyName: `${prefix} C`, users: 3 });
    // The row carries the company's fields, never a secret.
    expect(Object.keys(first.body.data[0]!)).not.toContain('dineroRefreshToken');

    expect((await t.call('deleteCompany', { companyId: made[0]!.companyId }, admin)).status).toBe(200);
    const after = await companies({ search: prefix, sortColumn: 'companyName', sortType: 'asc' });
    expect(after.body.total.total).toBe(11);
    expect(after.body.data[0]!.companyName.slice(-1)).toBe('B');
  });

  it('refuses an unknown sort column and a page below 1 with 400', async () => {
    expect((await companies({ sortColumn: 'passwordHash' })).status).toBe(400);
    expect((await companies({ pageNumber: 0 })).status).toBe(400);
  });
});

describe('editing a company', () => {
  const edit = (owner: SignedInOwner, fields: Record<string, unknown>) =>
    t.call(
      'setCompanySuperadmin',
      {
        companyInfo: {
          id: owner.companyId,
          companyName: 'Fysio Ærø',
          CVR: '12345678',
          address: 'Havnegade 1',
          post: '5970',
          town: 'Ærøskøbing',
          email: 'kontakt@fysio-aeroe.test',
          phone: '62521234',
          freeTextsPerMonth: 20,
          ...fields,
        },
      },
      admin,
    );

  it("refuses the spec's rules with their messages and changes nothing", async () => {
    const owner = await registerAndLogin(t);
    const before = await t.models.Company.findById(owner.companyId).lean();
    const badPost = await edit(owner, { post: '123456789' });
    expect(badPost.status).toBe(400);
    expect(badPost.body.errors?.['companyInfo.post']).toBe(messages.postFormat);
    expect((await edit(owner, { post: 'abc' })).status).toBe(400);
    expect((await edit(owner, { address: '  ' })).body.errors?.['companyInfo.address']).toBe(messages.required('Adresse'));
    expect((await edit(owner, { town: 'x'.repeat(101) })).status).toBe(400);
    for (const freeTexts of [-1, 100_000_000, 1.5, 'ti']) {
      const answer = await edit(owner, { freeTextsPerMonth: freeTexts });
      expect({ freeTexts, status: answer.status, message: answer.body.errors?.['companyInfo.freeTextsPerMonth'] }).toEqual({ freeTexts, status: 400, message: platformMessages.freeTextsRange });
    }
    expect(await t.models.Company.findById(owner.companyId).lean()).toEqual(before);
  });

  it("saves the fields and answers the spec's text; the audit says which fields changed", async () => {
    const owner = await registerAndLogin(t);
    const answer = await edit(owner, { post: '0', town: 'Marstal', freeTextsPerMonth: '99999999', contactPersion: 'Mette' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Virksomhed opdateret med succes.');
    expect(answer.body.data).toMatchObject({ post: '0', town: 'Marstal', freeTextsPerMonth: 99_999_999, contactPersion: 'Mette', users: 1 });
    expect(await t.models.Company.findById(owner.companyId).lean()).toMatchObject({ post: '0', town: 'Marstal', freeTextsPerMonth: 99_999_999 });
    const [row] = await auditRows();
    expect(row).toMatchObject({ action: 'setCompanySuperadmin', administrator: TEST_ADMIN.username, companyId: owner.companyId, outcome: 'ok' });
    expect(row!.detail).toContain('town');
    expect(row!.detail).toContain('freeTextsPerMonth');
    expect((await edit({ ...owner, companyId: new Types.ObjectId().toString() }, {})).status).toBe(404);
  });
});

describe('disabling a company', () => {
  it("signs its users out on their next call, keeps them out, closes its public booking; enabling opens it again", async () => {
    const owner = await clinicWithTrial(t);
    expect((await t.call('getTherapist', {}, owner.token)).status).toBe(200);

    const disabled = await t.call('disableCompany', { companyId: owner.companyId, isDisabled: true }, admin);
    expect(disabled.body).toEqual({ message: 'Virksomhedens nye status er opdateret med succes.' });
    // The next call ends the session (a session-ending answer the browser logs out on) and says why.
    const next = await t.call('getTherapist', {}, owner.token);
    expect(next.status).toBe(401);
    expect(next.body.message).toBe(messages.companyDisabled);
    const login = await t.call('login', { username: owner.email, password: owner.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(messages.companyDisabled);
    const booking = await t.call('clientGetTherapistInfo', { therapistId: owner.therapistId });
    expect(booking.status).toBe(404);
    expect(booking.body.message).toBe(platformMessages.noOnlineBooking);

    expect((await t.call('disableCompany', { companyId: owner.companyId, isDisabled: false }, admin)).status).toBe(200);
    const again = await t.call('login', { username: owner.email, password: owner.password });
    expect(again.status).toBe(200);
    expect((await t.call('getTherapist', {}, again.body.token)).status).toBe(200);
    expect((await t.call('clientGetTherapistInfo', { therapistId: owner.therapistId })).status).toBe(200);
  });

  it("skips a disabled clinic's messages, with the reason", async () => {
    const owner = await clinicWithTrial(t);
    const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
    const from = Math.ceil((t.clock.now() + DAY_MS) / HOUR) * HOUR;
    const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: newClient() }, owner.token);
    expect(booked.status).toBe(200);
    await t.call('setClient', { id: booked.body.data.clientId, changes: { newsletter: true } }, owner.token);
    const letter = await t.call('addNewsletter', { subject: 'Nyt', message: '<p>Hej</p>' }, owner.token);
    expect((await t.call('sendNewsletterToAll', { id: letter.body.data.id }, owner.token)).body.data?.recipients).toBe(1);
    await t.call('disableCompany', { companyId: owner.companyId, isDisabled: true }, admin);
    await runMessageJobs(t.api.services, 'platform-test');
    const jobs = await t.models.MessageJob.find({ companyId: owner.companyId }).lean();
    expect(jobs.map((job) => [job.state, job.reason])).toEqual([['skipped', messageSkipReasons.clinicClosed]]);
  });
});

describe("a company's users, SMS and the subscriber list", () => {
  it('answers the users sorted as asked, the SMS year to date, and the newsletter subscribers by filter', async () => {
    const owner = await clinicWithTrial(t);
    const colleague = await colleagueOf(t, owner, { newsletter: false });
    const users = await t.call('getCompanyTherapistsSuperadmin', { companyId: owner.companyId, sortColumn: 'nameFirst', sortDirection: 'desc' }, admin);
    expect(users.status).toBe(200);
    expect(users.body.data.map((user) => user.nameFirst)).toEqual(['Mette', 'Jonas']);
    expect(users.body.data[0]).toMatchObject({ isAdmin: true, email: owner.email });
    expect(Object.keys(users.body.data[0]!).sort()).toEqual(['createdAt', 'email', 'id', 'isActive', 'isAdmin', 'nameFirst', 'nameLast', 'phone']);

    const year = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(t.clock.now()));
    const month = String(new Date(t.clock.now()).getUTCMonth() + 1).padStart(2, '0');
    await t.models.SmsUsage.create({ _id: `test-sms-${owner.companyId}`, companyId: owner.companyId, therapistId: owner.therapistId, month: `${year}-${month}`, year, kind: 'booking', free: true, sentAt: t.clock.now() });
    const ytd = await t.call('getCompanyYTD', { companyId: owner.companyId }, admin);
    expect(ytd.body.data.year).toBe(year);
    expect(ytd.body.data.sentBooking.split(',')).toHaveLength(12);
    expect(ytd.body.data.sentBooking.split(',').map(Number).reduce((a, b) => a + b)).toBe(1);
    expect(ytd.body.data.freeTexts.split(',')[Number(month) - 1]).toBe('1');

    const subscribed = (await t.call('adminGetTherapists', { filter: 'subscribed' }, admin)).body.data.map((row) => row.id);
    const all = (await t.call('adminGetTherapists', { filter: 'all' }, admin)).body.data.map((row) => row.id);
    const trial = (await t.call('adminGetTherapists', { filter: 'trial' }, admin)).body.data;
    expect(subscribed).toContain(owner.therapistId);
    expect(subscribed).not.toContain(colleague.therapistId);
    expect(all).toEqual(expect.arrayContaining([owner.therapistId, colleague.therapistId]));
    expect(trial.find((row) => row.id === owner.therapistId)?.trial).toEqual(expect.any(Number));
    const noTrial = await registerAndLogin(t);
    expect((await t.call('adminGetTherapists', { filter: 'trial' }, admin)).body.data.map((row) => row.id)).not.toContain(noTrial.therapistId);
  });
});

describe('the audit log', () => {
  it('records every administrator action, also the refused ones, and no action can change it', async () => {
    const before = (await t.call('getAdminAuditLog', {}, admin)).body.total.total;
    const owner = await registerAndLogin(t);
    await t.call('getCompanyYTD', { companyId: owner.companyId }, admin);
    await t.call('disableCompany', { companyId: owner.companyId, isDisabled: 'ja' } as never, admin);
    await t.call('deleteCompany', { companyId: new Types.ObjectId().toString() }, admin);
    const log = await t.call('getAdminAuditLog', { companyId: owner.companyId }, admin);
    expect(log.body.data.map((row) => [row.action, row.outcome])).toEqual([
      ['disableCompany', 'refused'],
      ['getCompanyYTD', 'ok'],
    ]);
    expect(log.body.data[0]).toMatchObject({ administrator: TEST_ADMIN.username, companyName: 'Fysio Ærø' });
    // Three calls above and the read of the log itself.
    expect((await t.call('getAdminAuditLog', {}, admin)).body.total.total).toBe(before + 5);
    const [latest] = (await t.call('getAdminAuditLog', {}, admin)).body.data;
    expect(latest!.action).toBe('getAdminAuditLog');
    // Not one action of the registry writes to the log but the endpoint's own record: none takes an audit id.
    const { actions } = await import('@klinik/core');
    expect(Object.keys(actions).filter((name) => /audit/i.test(name))).toEqual(['getAdminAuditLog']);
    expect((await t.call('getAdminAuditLog', {}, owner.token)).status).toBe(403);
  });
});

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#88aacc' } }).jpeg().toBuffer();
}

async function postForm(action: string, token: string, fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[]) {
  const form = new FormData();
  form.set('action', action);
  form.set('token', token);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'text/csv' }), file.name);
  const response = await fetch(t.url, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as { message: string; data?: { uploadId: string } } };
}

const csv = (name: string, rows = 3) => ({ name, data: Buffer.from(`ID;Navn;CPR\n${Array.from({ length: rows }, (_, i) => `${i};Klient ${i};010190-12${String(i).padStart(2, '0')}`).join('\n')}\n`) });
const FIVE = ['klienter.csv', 'behandlinger.CSV', 'bookinger.xlsx', 'fakturalinjer.xls', 'fakturaer.xlsm'].map((name) => csv(name));

describe('deleting a company', () => {
  it('at once: nothing of it can be read or signed into; after the grace period its data and blobs are gone but the bookkeeping records', async () => {
    const owner = await clinicWithTrial(t);
    const colleague = await colleagueOf(t, owner);
    // Data of every kind: a client with a booking, a journal with an image, an invoice, a support upload.
    const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
    const from = Math.ceil((t.clock.now() + DAY_MS) / HOUR) * HOUR;
    const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: newClient() }, owner.token);
    expect(booked.status).toBe(200);
    const journal = await t.call('addJournal', { bookingId: booked.body.data.id }, owner.token);
    const image = await postForm('uploadImages', owner.token, { clientId: booked.body.data.clientId, kind: 'journal', journalId: journal.body.data.id }, [{ name: 'ryg.jpg', data: await photo(), type: 'image/jpeg' }]);
    expect(image.status).toBe(200);
    const upload = await postForm('addSupportHelp', team, { therapistId: owner.therapistId }, FIVE);
    expect(upload.status).toBe(200);
    const year = new Date(t.clock.now()).getUTCFullYear();
    await t.models.Invoice.create({
      companyId: owner.companyId,
      therapistId: owner.therapistId,
      clientId: booked.body.data.clientId,
      year,
      seq: 1,
      number: `${year}-1`,
      claimId: `platform-test-${owner.companyId}`,
      createdBy: owner.therapistId,
      createdAt: t.clock.now(),
      nameFirst: 'Signe',
      snapshots: [{ client: { nameFirst: 'Signe', email: 'signe@example.dk' }, journal: 'Ondt i ryggen', stamJournal: [{ label: 'Anamnese', value: 'x' }], upComing: [1] }],
    });
    const images = await t.models.Image.find({ companyId: owner.companyId }).lean();
    const blobKeys = [...images.flatMap((row) => [row.blobKey, row.previewKey]), ...(await t.models.SupportUpload.find({ companyId: owner.companyId }).lean()).flatMap((row) => row.files.map((file) => file.blobKey))];
    expect(blobKeys).toHaveLength(7);
    for (const key of blobKeys) expect(await t.api.services.blobs.get(key)).not.toBeNull();

    const deleted = await t.call('deleteCompany', { companyId: owner.companyId }, admin);
    expect(deleted.body).toEqual({ message: 'Virksomheden er blevet slettet.' });

    // At once: the old sessions end, nobody signs in, the public page says so, the lists leave it out.
    for (const token of [owner.token, colleague.token]) expect((await t.call('getTherapist', {}, token)).body.message).toBe('jwt expired');
    const login = await t.call('login', { username: owner.email, password: owner.password });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe(messages.wrongLogin);
    const publicPage = await t.call('clientGetTherapistInfo', { therapistId: owner.therapistId });
    expect(publicPage.body.message).toBe(platformMessages.noOnlineBooking);
    expect((await t.call('getCompanyTherapistsSuperadmin', { companyId: owner.companyId }, admin)).status).toBe(404);
    expect((await t.call('deleteCompany', { companyId: owner.companyId }, admin)).status).toBe(404);
    expect((await t.call('getTherapistsSupport', { search: owner.email }, team)).body.data).toEqual([]);
    expect((await postForm('addSupportHelp', team, { therapistId: owner.therapistId }, FIVE)).status).toBe(404);
    // The e-mail is free for a new clinic.
    expect((await t.call('register', registration(owner.email))).status).toBe(200);

    // Before the grace period ends nothing is purged; after it, everything but the bookkeeping records.
    const { services } = t.api;
    await services.accessLog.flush();
    expect((await purgeDeletedCompanies(services, t.clock.now() + COMPANY_PURGE_GRACE_MS - HOUR)).purged).toBe(0);
    expect(await t.models.Client.countDocuments({ companyId: owner.companyId })).toBe(1);
    const purgeAt = t.clock.now() + COMPANY_PURGE_GRACE_MS + HOUR;
    // (The first test's deleted clinic is purged too: the job takes every clinic whose grace period is over.)
    expect((await purgeDeletedCompanies(services, purgeAt)).purged).toBeGreaterThanOrEqual(1);
    const left: Record<string, number> = {};
    for (const name of TENANT_MODEL_NAMES) {
      const count = await (t.models[name] as unknown as typeof t.models.Client).countDocuments({ companyId: owner.companyId });
      if (count) left[name] = count;
    }
    // The access log stays too (append-only, swept after its own five years): who read the clinic's records.
    const { AccessLog: reads, ...rest } = left;
    expect(rest).toEqual({ Invoice: 1, Therapist: 2 });
    expect(reads).toBeGreaterThan(0);
    expect(await t.models.SlotClaim.countDocuments({ _id: { $regex: `^${owner.companyId}:` } })).toBe(0);
    for (const key of blobKeys) expect(await t.api.services.blobs.get(key)).toBeNull();
    const [invoice] = await t.models.Invoice.find({ companyId: owner.companyId }).lean();
    expect(invoice!.snapshots).toEqual([{ client: { nameFirst: 'Signe', email: '' }, journal: null, stamJournal: [], upComing: [] }]);
    expect(invoice!.keepUntil).toBeGreaterThan(purgeAt + 4 * 365 * DAY_MS);
    const stubs = await t.models.Therapist.find({ companyId: owner.companyId }).lean();
    for (const stub of stubs) expect(stub).toMatchObject({ email: '', phone: '', passwordHash: null, nameFirst: 'Slettet', isActive: false });
    expect(JSON.stringify(stubs)).not.toContain(owner.email);
    const tombstone = await t.models.Company.findById(owner.companyId).lean();
    expect(tombstone).toMatchObject({ email: '', phone: '', address: '', purgedAt: purgeAt, keepUntil: invoice!.keepUntil });
    expect(await t.models.LinkToken.countDocuments({ therapistId: { $in: stubs.map((stub) => stub._id) } })).toBe(0);
    // The old link still says the clinic takes no bookings; a second run changes nothing.
    expect((await t.call('clientGetTherapistInfo', { therapistId: owner.therapistId })).body.message).toBe(platformMessages.noOnlineBooking);
    expect(await purgeDeletedCompanies(services, purgeAt + HOUR)).toEqual({ purged: 0, removed: 0 });

    // When the invoice's retention ends, it goes, and with it the last of the clinic.
    const end = invoice!.keepUntil! + HOUR;
    expect(await sweepExpiredInvoices(t.models, end)).toBeGreaterThanOrEqual(1);
    expect((await purgeDeletedCompanies(services, end)).removed).toBeGreaterThanOrEqual(1);
    expect(await t.models.Company.findById(owner.companyId).lean()).toBeNull();
    expect(await t.models.Therapist.countDocuments({ companyId: owner.companyId })).toBe(0);
  });
});

describe('the support team', () => {
  it('finds therapists across clinics, leaving out disabled ones', async () => {
    const tag = `Supportsøg${Date.now().toString(36)}`;
    const first = await namedClinic(`${tag} Nord`);
    const second = await namedClinic(`${tag} Syd`);
    const found = await t.call('getTherapistsSupport', { search: tag.toLowerCase() }, team);
    expect(found.body.data.map((row) => row.id).sort()).toEqual([first.therapistId, second.therapistId].sort());
    expect(found.body.data[0]).toMatchObject({ name: 'Mette Ørsted' });
    expect(found.body.data[0]!.companyName.startsWith(tag)).toBe(true);
    await t.call('disableCompany', { companyId: second.companyId, isDisabled: true }, admin);
    expect((await t.call('getTherapistsSupport', { search: tag }, team)).body.data.map((row) => row.id)).toEqual([first.therapistId]);
  });

  it("checks the upload in the spec's order, stores the files encrypted for the clinic, and lists them for its owner only", async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const upload = (fields: Record<string, string>, files: { name: string; data: Buffer }[]) => postForm('addSupportHelp', team, fields, files);

    expect((await upload({ therapistId: owner.therapistId }, [])).body.message).toBe(supportMessages.noFile);
    expect((await upload({ therapistId: owner.therapistId }, [...FIVE, csv('noter.txt')])).body.message).toBe('noter.txt har en ugyldig filtype.');
    expect((await upload({ therapistId: owner.therapistId }, FIVE.slice(0, 2))).body.message).toBe(supportMessages.tooFewFiles);
    expect((await upload({}, FIVE)).body.message).toBe(supportMessages.noTherapist);
    expect((await upload({ therapistId: new Types.ObjectId().toString() }, FIVE)).status).toBe(404);
    expect(await t.models.SupportUpload.countDocuments({ companyId: owner.companyId })).toBe(0);
    // A zip alone is enough.
    expect((await upload({ therapistId: owner.therapistId }, [{ name: 'eksport.ZIP', data: Buffer.from('PK\u0003\u0004') }])).status).toBe(200);

    const files = [csv('klienter.csv', 500), ...FIVE.slice(1)];
    const answer = await upload({ therapistId: owner.therapistId, orderHandleId: 'o-import-1' }, files);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Filerne er uploadet.');
    const record = await t.models.SupportUpload.findById(answer.body.data!.uploadId).lean();
    expect(record).toMatchObject({ status: 'received', orderHandleId: 'o-import-1', therapistId: new Types.ObjectId(owner.therapistId) });
    const stored = (await t.api.services.blobs.get(record!.files[0]!.blobKey))!;
    // Encrypted at rest: the CPR numbers are not in the stored bytes; decrypted it is the file as sent.
    expect(stored.includes(Buffer.from('010190-12'))).toBe(false);
    expect(decryptBytes(stored).equals(files[0]!.data)).toBe(true);
    // Not reachable through a blob address either.
    const served = await fetch(new URL(`/blobs/${record!.files[0]!.blobKey}?exp=9999999999&sig=x`, t.url));
    expect(served.status).toBeGreaterThanOrEqual(400);

    const listed = await t.call('getSupportUploads', {}, owner.token);
    expect(listed.body.data[0]).toMatchObject({ status: 'received', therapistName: 'Mette Ørsted', files: files.map((file) => ({ name: file.name, size: file.data.length })) });
    expect((await t.call('getSupportUploads', {}, other.token)).body.data).toEqual([]);
    const history = await t.call('checkSupportMeetingAndgHelp', { therapistId: owner.therapistId }, team);
    expect(history.body.data.uploads).toHaveLength(2);
  });

  it('records a meeting booked in the embedded calendar, refusing what is not one', async () => {
    const owner = await registerAndLogin(t);
    const meeting = { therapistId: owner.therapistId, eventUri: 'https://calendly.example/events/abc', inviteeUri: 'https://calendly.example/invitees/def' };
    expect((await t.call('addSupportMeeting', { ...meeting, eventUri: 'javascript:alert(1)' }, team)).body.message).toBe(supportMessages.meetingReferenceInvalid);
    expect((await t.call('addSupportMeeting', { ...meeting, therapistId: '' }, team)).body.message).toBe(supportMessages.noTherapist);
    const answer = await t.call('addSupportMeeting', meeting, team);
    expect(answer.body).toEqual({ message: 'Mødet er arrangeret med succes.' });
    const history = await t.call('checkSupportMeetingAndgHelp', { therapistId: owner.therapistId }, team);
    expect(history.body.data.meetings).toEqual([expect.objectContaining({ eventUri: meeting.eventUri, inviteeUri: meeting.inviteeUri })]);
  });

  it('and the administrator cannot read client records, journals or invoices; a deactivated team user is out at once', async () => {
    const owner = await clinicWithTrial(t);
    for (const token of [team, admin]) {
      expect((await t.call('getAllClient', {}, token)).status).toBe(403);
      expect((await t.call('getJournalsFromClient', { clientId: new Types.ObjectId().toString() }, token)).status).toBe(403);
      expect((await t.call('getInvoice', { id: new Types.ObjectId().toString() }, token)).status).toBe(403);
    }
    expect(owner.token).toBeTruthy();
    await createTeamUser(t.models, 'kortvarig@klinik.test', 'team-kodeord-2');
    const shortLived = (await t.call('teamLogin', { username: 'kortvarig@klinik.test', password: 'team-kodeord-2' })).body.teamToken;
    expect((await t.call('getTherapistsSupport', { search: '' }, shortLived)).status).toBe(200);
    await deactivateTeamUser(t.models, 'kortvarig@klinik.test');
    expect((await t.call('getTherapistsSupport', { search: '' }, shortLived)).body.message).toBe('jwt expired');
    expect((await t.call('teamLogin', { username: 'kortvarig@klinik.test', password: 'team-kodeord-2' })).status).toBe(401);
  });
});

describe("the meeting calendar's local stand-in (/dev/meeting)", () => {
  it('may be framed only by an origin of the app, and refuses any other', async () => {
    const page = await fetch(new URL(`/dev/meeting?parentOrigin=${encodeURIComponent('http://localhost:3000')}`, t.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:3000');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(await page.text()).toContain('Book møde');
    const stranger = await fetch(new URL(`/dev/meeting?parentOrigin=${encodeURIComponent('https://ondsindet.test')}`, t.url));
    expect(stranger.status).toBe(400);
    expect(stranger.headers.get('content-security-policy') ?? '').not.toContain('ondsindet');
  });
});

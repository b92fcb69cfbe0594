/**
 * The cloud-drive backup through the real endpoint and the sandbox drive over HTTP: the add-on gate, signing
 * in on the sandbox's consent page (the state bound to the session, the code exchanged once, the drive permission
 * left unticked), the quota, the clinic's folder with folders and files (upload, list, delete), the two switches that
 * copy profile and journal images as they are uploaded (and a drive that fails never failing the upload), access lost
 * and signing out (the switches go off), another clinic seeing nothing, and no token in any answer or at rest.
 */
import sharp from 'sharp';
import { DAY_MS, DRIVE_FOLDER_NAME, DRIVE_SCOPE, driveMessages } from '@klinik/core';
import type { DriveSandbox } from '@klinik/devkit';
import { clinicWithTrial, colleagueOf, newClient, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
/** Every answer body of the API and the sandbox's pages, to prove no token is in any of them. */
const seen: string[] = [];
beforeAll(async () => {
  t = await startTestApi();
  const call = t.call.bind(t);
  t.call = (async (action, input, token) => {
    const answer = await call(action, input, token);
    seen.push(JSON.stringify(answer.body));
    return answer;
  });
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const sandbox = () => t.api.services.drive as DriveSandbox;
const RETURN = 'http://localhost:3000/Klientdata/google-drive';

async function fetchText(url: string, init?: RequestInit) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const text = await response.text();
  seen.push(text);
  return { status: response.status, location: response.headers.get('location'), text };
}

interface Clinic extends SignedInOwner {
  clientId: string;
  journalId: string;
}

/** A clinic on the free trial with (unless told otherwise) the drive add-on. */
async function clinic(addOn = true): Promise<SignedInOwner> {
  const owner = await clinicWithTrial(t);
  if (addOn) await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { driveAddOnActive: true } });
  return owner;
}

/** The same with a client and an open journal, for the image uploads. */
async function clinicWithClient(): Promise<Clinic> {
  const owner = await clinic();
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  const from = Math.ceil((t.clock.now() + DAY_MS) / HOUR) * HOUR;
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: newClient() }, owner.token);
  const journal = await t.call('addJournal', { bookingId: booked.body.data.id }, owner.token);
  return { ...owner, clientId: booked.body.data.clientId, journalId: journal.body.data.id };
}

/** The consent page's way through: the connect url, the page, 'Tillad' (with or without the drive permission), back. */
async function consent(token: string, account: string, withDrive = true) {
  const started = await t.call('getGoogleDriveConnectUrl', {}, token);
  expect(started.status).toBe(200);
  const url = new URL(started.body.url);
  expect(url.pathname).toBe('/sandbox/drive/authorize');
  expect(url.searchParams.get('scope')).toBe(DRIVE_SCOPE);
  const page = await fetchText(url.toString());
  expect(page.status).toBe(200);
  expect(page.text).toContain('Tillad');
  expect(page.text).toContain('Afvis');
  const form = new URLSearchParams({ client_id: url.searchParams.get('client_id')!, redirect_uri: url.searchParams.get('redirect_uri')!, state: url.searchParams.get('state')!, account, answer: 'allow' });
  if (withDrive) form.set('drive', '1');
  const answer = await fetchText(`${url.origin}/sandbox/drive/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  expect(answer.status).toBe(303);
  const back = new URL(answer.location!);
  expect(`${back.origin}${back.pathname}`).toBe(RETURN);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function signIn(token: string, account: string) {
  const connected = await t.call('connectGoogleDrive', await consent(token, account), token);
  expect(connected.status).toBe(200);
  expect(connected.body.data).toMatchObject({ connected: true, account, uploadClientProfile: false, uploadJournalImage: false });
  return connected.body.data;
}

async function postForm(form: FormData) {
  const response = await fetch(t.url, { method: 'POST', body: form });
  const text = await response.text();
  seen.push(text);
  return { status: response.status, body: JSON.parse(text) as { message: string; data: Array<{ id: string; name: string; isGoogleImage?: string | null }> } };
}

async function uploadToDrive(token: string, files: { name: string; data: Buffer; type?: string }[], folderId?: string) {
  const form = new FormData();
  form.set('action', 'uploadGoogleDriveFile');
  form.set('token', token);
  if (folderId) form.set('folderId', folderId);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'text/plain' }), file.name);
  return postForm(form);
}

const png = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).png().toBuffer();

async function uploadImage(c: Clinic, kind: 'profile' | 'journal', token = c.token) {
  const form = new FormData();
  form.set('action', 'uploadImages');
  form.set('token', token);
  form.set('clientId', c.clientId);
  form.set('kind', kind);
  if (kind === 'journal') form.set('journalId', c.journalId);
  form.append('files', new Blob([new Uint8Array(await png())], { type: 'image/png' }), kind === 'profile' ? 'profil.png' : 'ryg.png');
  return postForm(form);
}

const status = async (token: string) => (await t.call('getGoogleDriveStatus', {}, token)).body.data;
const files = (token: string, folderId?: string) => t.call('getGoogleDriveFiles', folderId ? { folderId } : {}, token);

describe('the add-on gate', () => {
  it('answers 403 with a Danish message without the add-on; the status says so and the panel stays hidden', async () => {
    const c = await clinic(false);
    for (const [action, input] of [
      ['getGoogleDriveConnectUrl', {}],
      ['getGoogleDriveQuota', {}],
      ['getGoogleDriveFiles', {}],
      ['createGoogleDriveFolder', { name: 'Ny' }],
      ['deleteGoogleDriveFile', { id: 'abc' }],
      ['setGoogleUploadForClientProfile', { value: true }],
      ['connectGoogleDrive', { code: 'abc', state: 'x.y' }],
    ] as const) {
      const answer = await t.call(action, input, c.token);
      expect({ action, status: answer.status }).toEqual({ action, status: 403 });
    }
    expect((await t.call('getGoogleDriveQuota', {}, c.token)).body.message).toBe(driveMessages.addOnInactive);
    expect((await uploadToDrive(c.token, [{ name: 'a.txt', data: Buffer.from('a') }])).status).toBe(403);
    expect(await status(c.token)).toMatchObject({ addOnActive: false, configured: true, provider: 'sandbox', connected: false });
    expect((await t.call('getStorageUsage', {}, c.token)).body.data.drive.enabled).toBe(false);
    // Signing out needs no add-on (a clinic whose add-on ran out can still end its grant).
    expect((await t.call('signOutGoogleDrive', {}, c.token)).status).toBe(200);
    await t.models.Company.updateOne({ _id: c.companyId }, { $set: { driveAddOnActive: true } });
    expect((await t.call('getStorageUsage', {}, c.token)).body.data.drive.enabled).toBe(true);
  });
});

describe('signing in', () => {
  it('connects through the consent page, makes the clinic folder, answers the quota; a reload of the return page is answered again', async () => {
    const c = await clinic();
    const { code, state } = await consent(c.token, 'Ida.Holm@Gmail.com');
    const first = await t.call('connectGoogleDrive', { code, state }, c.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: driveMessages.connected, data: { connected: true, account: 'ida.holm@gmail.com', accessLost: false } });
    // The return page reloaded: the same code is this connection's, not an error.
    expect((await t.call('connectGoogleDrive', { code, state }, c.token)).status).toBe(200);

    const quota = await t.call('getGoogleDriveQuota', {}, c.token);
    expect(quota.body.data).toEqual({ limitInGB: 15, usageInGB: 0, usageInDriveInGB: 0, usageInDriveTrashInGB: 0, limitBytes: 15 * 1024 ** 3, usageBytes: 0 });
    const listed = await files(c.token);
    expect(listed.body.data).toMatchObject({ folder: { name: DRIVE_FOLDER_NAME }, items: [], truncated: false });
    expect(listed.body.data.path).toEqual([listed.body.data.folder]);
    expect((await sandbox().files('ida.holm@gmail.com')).map((file) => file.name)).toEqual([DRIVE_FOLDER_NAME]);

    // Signing in again with the same account finds the clinic's folder instead of making a second one.
    await t.call('signOutGoogleDrive', {}, c.token);
    await signIn(c.token, 'ida.holm@gmail.com');
    expect((await files(c.token)).body.data.folder.id).toBe(listed.body.data.folder.id);
    expect(await sandbox().files('ida.holm@gmail.com')).toHaveLength(1);
  });

  it("refuses a state that is not the caller's session, a code used by nobody, and a grant without the drive permission", async () => {
    const c = await clinic();
    const colleague = await colleagueOf(t, c);
    const { code, state } = await consent(c.token, 'a@gmail.com');
    expect((await t.call('connectGoogleDrive', { code, state }, colleague.token)).body.message).toBe(driveMessages.stateInvalid);
    expect((await t.call('connectGoogleDrive', { code, state: `${state.split('.')[0]}.forged` }, c.token)).status).toBe(403);
    expect((await t.call('connectGoogleDrive', { code: 'not-a-real-code', state }, c.token)).body).toMatchObject({ message: driveMessages.signInFailed });
    // The state ends with the session that asked for it.
    const other = await consent(c.token, 'a@gmail.com');
    await t.call('logout', {}, c.token);
    const again = await t.call('login', { username: c.email, password: c.password });
    expect((await t.call('connectGoogleDrive', other, again.body.token)).body.message).toBe(driveMessages.stateInvalid);

    // The drive permission left unticked on the consent page: access not granted, signed out with the spec's alert.
    const unticked = await consent(again.body.token, 'a@gmail.com', false);
    const refused = await t.call('connectGoogleDrive', unticked, again.body.token);
    expect(refused).toMatchObject({ status: 403, body: { message: driveMessages.accessRequired } });
    expect(await status(again.body.token)).toMatchObject({ connected: false, accessLost: true });
    // 'Afvis' sends the browser back with an error and no code.
    const url = new URL((await t.call('getGoogleDriveConnectUrl', {}, again.body.token)).body.url);
    const denied = await fetchText(`${url.origin}/sandbox/drive/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: url.searchParams.get('client_id')!, redirect_uri: url.searchParams.get('redirect_uri')!, state: 's', answer: 'deny' }).toString(),
    });
    expect(new URL(denied.location!).searchParams.get('error')).toBe('access_denied');
    // The page redirects only to the registered return address.
    const foreign = await fetchText(`${url.origin}/sandbox/drive/authorize?client_id=${url.searchParams.get('client_id')}&response_type=code&redirect_uri=${encodeURIComponent('https://evil.test/')}&state=s`);
    expect(foreign.status).toBe(400);
  });
});

describe("the clinic's folder", () => {
  it('makes folders, uploads files into the folder and a subfolder, lists them, counts the quota, deletes after the fact', async () => {
    const c = await clinic();
    await signIn(c.token, 'folders@gmail.com');
    const folder = await t.call('createGoogleDriveFolder', { name: 'Journaler 2026' }, c.token);
    expect(folder.body).toMatchObject({ message: driveMessages.folderCreated, data: { name: 'Journaler 2026', isFolder: true } });
    expect((await t.call('createGoogleDriveFolder', { name: '  ' }, c.token)).status).toBe(400);

    const root = await uploadToDrive(c.token, [{ name: 'notat.txt', data: Buffer.from('Hej fra klinikken') }]);
    expect(root.status).toBe(200);
    expect(root.body.message).toBe(driveMessages.uploaded(1));
    const inner = await uploadToDrive(c.token, [{ name: 'b.txt', data: Buffer.from('bb') }, { name: 'a.txt', data: Buffer.from('a') }], folder.body.data.id);
    expect(inner.body.data.map((item) => item.name)).toEqual(['b.txt', 'a.txt']);

    const listed = (await files(c.token)).body.data;
    expect(listed.items.map((item) => [item.name, item.isFolder, item.size])).toEqual([['Journaler 2026', true, null], ['notat.txt', false, 17]]);
    const sub = (await files(c.token, folder.body.data.id)).body.data;
    expect(sub.path.map((step) => step.name)).toEqual([DRIVE_FOLDER_NAME, 'Journaler 2026']);
    expect(sub.items.map((item) => item.name)).toEqual(['a.txt', 'b.txt']);
    expect((await t.call('getGoogleDriveQuota', {}, c.token)).body.data.usageBytes).toBe(17 + 1 + 2);

    // Too large, none, not inside the clinic's folder.
    expect((await uploadToDrive(c.token, [{ name: 'stor.bin', data: Buffer.alloc(5 * 1024 * 1024 + 1) }])).body.message).toBe(driveMessages.fileTooLarge);
    expect((await uploadToDrive(c.token, [])).body.message).toBe(driveMessages.fileRequired);
    expect((await files(c.token, 'unknownFolder')).status).toBe(404);
    expect((await t.call('deleteGoogleDriveFile', { id: listed.folder.id }, c.token)).body.message).toBe(driveMessages.rootNotDeletable);
    expect((await t.call('deleteGoogleDriveFile', { id: { $gt: '' } as never }, c.token)).status).toBe(400);

    expect((await t.call('deleteGoogleDriveFile', { id: root.body.data[0]!.id }, c.token)).body.message).toBe(driveMessages.deleted);
    expect((await t.call('deleteGoogleDriveFile', { id: folder.body.data.id }, c.token)).status).toBe(200);
    expect((await files(c.token)).body.data.items).toEqual([]);
    expect((await t.call('getGoogleDriveQuota', {}, c.token)).body.data.usageBytes).toBe(0);
  });

  it("another clinic's therapist sees none of it and can delete none of it; a colleague has a drive of their own", async () => {
    const a = await clinic();
    const b = await clinic();
    await signIn(a.token, 'a-clinic@gmail.com');
    const file = (await uploadToDrive(a.token, [{ name: 'a.txt', data: Buffer.from('a') }])).body.data[0]!;
    const aFolder = (await files(a.token)).body.data.folder.id;
    // B not signed in: nothing at all.
    expect((await files(b.token)).status).toBe(409);
    await signIn(b.token, 'b-clinic@gmail.com');
    expect((await files(b.token)).body.data.items).toEqual([]);
    expect((await files(b.token, aFolder)).status).toBe(404);
    expect((await t.call('deleteGoogleDriveFile', { id: file.id }, b.token)).status).toBe(404);
    expect((await t.call('deleteGoogleDriveFile', { id: aFolder }, b.token)).status).toBe(404);
    expect((await sandbox().files('a-clinic@gmail.com')).map((item) => item.name).sort()).toEqual([DRIVE_FOLDER_NAME, 'a.txt']);
    // A colleague in A's clinic is not signed in by A's sign-in.
    const colleague = await colleagueOf(t, a);
    expect(await status(colleague.token)).toMatchObject({ connected: false, addOnActive: true });
    expect((await files(colleague.token)).status).toBe(409);
  });
});

describe('copies of uploaded images', () => {
  it('copies a profile image only with its switch on, and a journal image only with its own', async () => {
    const c = await clinicWithClient();
    await signIn(c.token, 'copies@gmail.com');
    const off = await uploadImage(c, 'profile');
    expect(off.status).toBe(200);
    expect(off.body.data[0]!.isGoogleImage).toBeNull();
    expect(await sandbox().files('copies@gmail.com')).toHaveLength(1);

    expect((await t.call('setGoogleUploadForClientProfile', { value: true }, c.token)).body.data).toMatchObject({ uploadClientProfile: true, uploadJournalImage: false });
    const on = await uploadImage(c, 'profile');
    expect(on.status).toBe(200);
    const copyId = on.body.data[0]!.isGoogleImage!;
    expect(copyId).toEqual(expect.any(String));
    const copy = (await sandbox().files('copies@gmail.com')).find((item) => item.id === copyId)!;
    expect(copy).toMatchObject({ name: 'profil.png', mimeType: 'image/png' });
    expect((await files(c.token)).body.data.items.map((item) => item.id)).toEqual([copyId]);
    expect((await t.call('getImages', { clientId: c.clientId }, c.token)).body.data.find((image) => image.kind === 'profile')!.isGoogleImage).toBe(copyId);

    // The journal switch is its own.
    expect((await uploadImage(c, 'journal')).body.data[0]!.isGoogleImage).toBeNull();
    await t.call('setGoogleUploadForJournalImage', { value: true }, c.token);
    expect((await uploadImage(c, 'journal')).body.data[0]!.isGoogleImage).toEqual(expect.any(String));
    expect((await status(c.token)).copiedImages).toBe(2);
  });

  it('a drive that lost access never fails the upload: signed out of the drive, both switches off, the spec alert', async () => {
    const c = await clinicWithClient();
    await signIn(c.token, 'revoked@gmail.com');
    await t.call('setGoogleUploadForClientProfile', { value: true }, c.token);
    await t.call('setGoogleUploadForJournalImage', { value: true }, c.token);
    // The user removed the app's access in their Google account; the kept access token runs out.
    await sandbox().revokeAccount('revoked@gmail.com');
    t.clock.advance(2 * HOUR);
    const uploaded = await uploadImage(c, 'profile');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data[0]!.isGoogleImage).toBeNull();
    expect(t.logs.some((line) => line.includes('drive: image copy failed'))).toBe(true);
    expect(await status(c.token)).toMatchObject({ connected: false, accessLost: true, uploadClientProfile: false, uploadJournalImage: false });
    expect((await files(c.token)).body.message).toBe(driveMessages.accessRequired);
    // Signing out clears the alert.
    await t.call('signOutGoogleDrive', {}, c.token);
    expect(await status(c.token)).toMatchObject({ connected: false, accessLost: false });
  });

  it('a drive call refused while signed in signs out with the alert (403)', async () => {
    const c = await clinic();
    await signIn(c.token, 'refused@gmail.com');
    await sandbox().revokeAccount('refused@gmail.com');
    const answer = await files(c.token);
    expect(answer).toMatchObject({ status: 403, body: { message: driveMessages.accessRequired } });
    expect((await status(c.token)).accessLost).toBe(true);
  });
});

describe('signing out', () => {
  it('removes the connection and turns both switches off; the next sign-in starts with them off', async () => {
    const c = await clinicWithClient();
    await signIn(c.token, 'out@gmail.com');
    await t.call('setGoogleUploadForClientProfile', { value: true }, c.token);
    await t.call('setGoogleUploadForJournalImage', { value: true }, c.token);
    const out = await t.call('signOutGoogleDrive', {}, c.token);
    expect(out.body.message).toBe(driveMessages.signedOut);
    expect(await status(c.token)).toMatchObject({ connected: false, uploadClientProfile: false, uploadJournalImage: false, account: null });
    expect(await t.models.DriveConnection.countDocuments({ companyId: c.companyId })).toBe(0);
    expect((await t.call('setGoogleUploadForClientProfile', { value: true }, c.token)).body.message).toBe(driveMessages.notConnected);
    // A signed-out switch copies nothing.
    expect((await uploadImage(c, 'profile')).body.data[0]!.isGoogleImage).toBeNull();
    await signIn(c.token, 'out@gmail.com');
  });
});

describe('the tokens', () => {
  it('are encrypted at rest and appear in no answer or page', async () => {
    const stored = await t.models.DriveConnection.find({}).lean();
    const tokens = stored.flatMap((row) => [row.refreshToken, row.accessToken]).filter((value): value is string => Boolean(value));
    expect(tokens.length).toBeGreaterThan(3);
    const raw = await t.api.services.models.DriveConnection.db.collection('driveconnections').find({}).toArray();
    for (const row of raw) for (const field of ['refreshToken', 'accessToken']) if (row[field]) expect(String(row[field])).toMatch(/^enc1:/);
    const everything = seen.join('\n');
    for (const value of tokens) expect(everything).not.toContain(value);
    expect(everything).not.toMatch(/ya29_|"1\/_/);
  });
});

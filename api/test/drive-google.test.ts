/**
 * The production drive adapter (Google Drive v3 with Google's OAuth 2 code flow, adapters/drive/google.ts) against a
 * Google-shaped HTTP service (support/google-drive-double.ts): the consent address, the code exchange and the refresh,
 * the quota's int64 strings, the clinic's folder found by its appProperties marker, listing with pages, the multipart
 * upload byte for byte, delete, and Google's errors as the adapter's typed errors. Then one therapist's way through the
 * real actions with `driveProvider: 'google'`: sign-in, quota, upload, list, delete, an access token refused (401, then
 * one refresh and the call again), a token run out by the clock (refreshed first), and a revoked grant signing them out
 * with the spec's message.
 */
import { DRIVE_FOLDER_NAME, DRIVE_SCOPE, driveMessages } from '@klinik/core';
import { createGoogleDriveProvider } from '../src/adapters/drive/google.js';
import { DriveAccessError, DriveGrantError, DriveNotFoundError, DriveQuotaError, DriveUnavailableError, FOLDER_MIME_TYPE, type DriveProvider } from '../src/adapters/drive/provider.js';
import { clinicWithTrial } from './support/fixtures.js';
import { DRIVE_FILE_SCOPE, GOOGLE_DOUBLE_CLIENT, startGoogleDriveDouble, type GoogleDriveDouble } from './support/google-drive-double.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const RETURN = 'http://localhost:3000/Klientdata/google-drive';
/** jest's asymmetric matchers, typed for use inside expected objects. */
const anyString = expect.any(String) as unknown;
const anyNumber = expect.any(Number) as unknown;
const matching = (pattern: RegExp) => expect.stringMatching(pattern) as unknown;
const HOUR = 3_600_000;

let google: GoogleDriveDouble;
let now = Date.UTC(2026, 10, 23, 12);
let drive: DriveProvider;
beforeAll(async () => {
  google = await startGoogleDriveDouble({ redirectUris: [RETURN] });
  drive = createGoogleDriveProvider({ ...google.config, now: () => now, timeoutMs: 2_000 });
});
afterAll(async () => {
  await google.close();
});

const lastRequest = (method: string, path: string) => google.requests.filter((request) => request.method === method && request.path === path).at(-1)!;

async function signedIn(account: string) {
  const tokens = await drive.exchangeCode(google.issueCode(account, RETURN), RETURN);
  return tokens.accessToken;
}

describe('the adapter against Google', () => {
  it('sends the browser to the consent page with the offline, consent and drive.file parameters', async () => {
    expect(DRIVE_SCOPE).toBe(DRIVE_FILE_SCOPE);
    const url = new URL(drive.consentUrl({ state: 'signed.state', redirectUri: RETURN, origin: 'http://localhost:3000' }));
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: GOOGLE_DOUBLE_CLIENT.clientId,
      redirect_uri: RETURN,
      response_type: 'code',
      scope: DRIVE_FILE_SCOPE,
      access_type: 'offline',
      include_granted_scopes: 'true',
      prompt: 'consent',
      state: 'signed.state',
    });
    // The double's consent page takes it and sends back a code, the state and the scopes ticked.
    google.consentAs('ida@gmail.com');
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(RETURN);
    expect(back.searchParams.get('state')).toBe('signed.state');

    const tokens = await drive.exchangeCode(back.searchParams.get('code')!, RETURN);
    expect(tokens).toEqual({ accessToken: matching(/^ya29\./), refreshToken: matching(/^1\/\//), expiresAt: now + 3599 * 1000, scopes: [DRIVE_FILE_SCOPE] });
    const exchange = lastRequest('POST', '/token');
    expect(exchange.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(exchange.body).toEqual({ client_id: GOOGLE_DOUBLE_CLIENT.clientId, client_secret: GOOGLE_DOUBLE_CLIENT.clientSecret, grant_type: 'authorization_code', code: back.searchParams.get('code'), redirect_uri: RETURN });

    // A code is good once (invalid_grant). A code exchanged with another return address than it was issued for is
    // Google's redirect_uri_mismatch: the server's configuration, answered as the drive being unavailable.
    await expect(drive.exchangeCode(back.searchParams.get('code')!, RETURN)).rejects.toBeInstanceOf(DriveGrantError);
    await expect(drive.exchangeCode(google.issueCode('ida@gmail.com', RETURN), 'https://evil.test/')).rejects.toBeInstanceOf(DriveUnavailableError);
  });

  it('refreshes: a new access token, no new refresh token (Google keeps the old one); a revoked grant is invalid_grant', async () => {
    const first = await drive.exchangeCode(google.issueCode('refresh@gmail.com', RETURN), RETURN);
    now += 2 * HOUR;
    const fresh = await drive.refresh(first.refreshToken!);
    expect(fresh).toEqual({ accessToken: matching(/^ya29\./), refreshToken: null, expiresAt: now + 3599 * 1000, scopes: [DRIVE_FILE_SCOPE] });
    expect(fresh.accessToken).not.toBe(first.accessToken);
    expect(lastRequest('POST', '/token').body).toEqual({ client_id: GOOGLE_DOUBLE_CLIENT.clientId, client_secret: GOOGLE_DOUBLE_CLIENT.clientSecret, grant_type: 'refresh_token', refresh_token: first.refreshToken });

    // An access token Google no longer takes (expired) is a refused grant: 401 with Google's error body.
    google.expireAccessTokens('refresh@gmail.com');
    await expect(drive.about(fresh.accessToken)).rejects.toBeInstanceOf(DriveGrantError);
    expect(await drive.about((await drive.refresh(first.refreshToken!)).accessToken)).toMatchObject({ emailAddress: 'refresh@gmail.com' });

    // Revoked in the Google account: the refresh answers 400 invalid_grant, the adapter's DriveGrantError.
    google.revokeAccount('refresh@gmail.com');
    await expect(drive.refresh(first.refreshToken!)).rejects.toBeInstanceOf(DriveGrantError);
    expect(google.requests.at(-1)).toMatchObject({ path: '/token' });

    // Signing out revokes at Google (form-encoded token); a token already revoked is Google's 400, not a lost grant.
    const other = await drive.exchangeCode(google.issueCode('revoke@gmail.com', RETURN), RETURN);
    await drive.revoke(other.refreshToken!);
    expect(lastRequest('POST', '/revoke')).toMatchObject({ contentType: matching(/^application\/x-www-form-urlencoded/), body: { token: other.refreshToken } });
    await expect(drive.about(other.accessToken)).rejects.toBeInstanceOf(DriveGrantError);
  });

  it('reads the quota from int64 strings, and an account without a limit as unlimited', async () => {
    google.setQuota('quota@gmail.com', { limit: 16_106_127_360, otherUsage: 5_000_000_000 });
    const access = await signedIn('quota@gmail.com');
    await drive.upload(access, { name: 'a.bin', parentId: 'root', mimeType: 'application/octet-stream', data: Buffer.alloc(1234) });
    expect(await drive.about(access)).toEqual({ limit: 16_106_127_360, usage: 5_000_001_234, usageInDrive: 1234, usageInDriveTrash: 0, emailAddress: 'quota@gmail.com' });
    const about = lastRequest('GET', '/drive/v3/about');
    expect(about.authorization).toBe(`Bearer ${access}`);
    expect(about.query.fields).toBe('storageQuota,user(emailAddress)');

    google.setQuota('unlimited@workspace.test', { limit: undefined });
    expect((await drive.about(await signedIn('unlimited@workspace.test'))).limit).toBeNull();
  });

  it("finds the clinic's folder by its appProperties marker, and makes it when there is none", async () => {
    const access = await signedIn('folder@gmail.com');
    const marker = { key: 'klinikCompany', value: 'company-1' };
    expect(await drive.findFolder(access, { name: DRIVE_FOLDER_NAME, parentId: 'root', marker })).toBeNull();
    const search = lastRequest('GET', '/drive/v3/files');
    expect(search.query).toMatchObject({ spaces: 'drive', pageSize: '10' });
    expect(search.query.q).toContain("appProperties has { key='klinikCompany' and value='company-1' }");

    const made = await drive.createFolder(access, { name: DRIVE_FOLDER_NAME, parentId: 'root', marker });
    expect(lastRequest('POST', '/drive/v3/files')).toMatchObject({
      contentType: matching(/^application\/json/),
      body: { name: DRIVE_FOLDER_NAME, mimeType: FOLDER_MIME_TYPE, parents: ['root'], appProperties: { klinikCompany: 'company-1' } },
    });
    expect(made).toEqual({ id: anyString, name: DRIVE_FOLDER_NAME, mimeType: FOLDER_MIME_TYPE, isFolder: true, size: null, modifiedTime: anyNumber, parents: [google.rootOf('folder@gmail.com')] });

    // A folder of the same name without the marker, or another clinic's, is not it.
    await drive.createFolder(access, { name: DRIVE_FOLDER_NAME, parentId: 'root' });
    await drive.createFolder(access, { name: DRIVE_FOLDER_NAME, parentId: 'root', marker: { key: 'klinikCompany', value: 'company-2' } });
    expect((await drive.findFolder(access, { name: DRIVE_FOLDER_NAME, parentId: 'root', marker }))?.id).toBe(made.id);
    // Quotes and backslashes in a name or marker survive Drive's query syntax.
    const odd = { key: 'klinikCompany', value: "it's \\ odd" };
    const quoted = await drive.createFolder(access, { name: "Ida's \\ mappe", parentId: made.id, marker: odd });
    expect((await drive.findFolder(access, { name: "Ida's \\ mappe", parentId: made.id, marker: odd }))?.id).toBe(quoted.id);
  });

  it('uploads with a multipart/related body: the metadata part, then the bytes as they are', async () => {
    const access = await signedIn('upload@gmail.com');
    const folder = await drive.createFolder(access, { name: 'Journaler', parentId: 'root' });
    // Bytes that look like multipart syntax and are not UTF-8 must arrive unchanged.
    const data = Buffer.concat([Buffer.from('\r\n--not-the-boundary\r\n\r\n'), Buffer.from([0, 255, 254, 13, 10, 0x80]), Buffer.alloc(4096, 7)]);
    const item = await drive.upload(access, { name: 'Røntgen æøå.png', parentId: folder.id, mimeType: 'image/png', data, marker: { key: 'klinikImage', value: 'img-1' } });

    const request = lastRequest('POST', '/upload/drive/v3/files');
    expect(request.query.uploadType).toBe('multipart');
    expect(request.contentType).toMatch(/^multipart\/related; boundary=/);
    const stored = google.files.get(item.id)!;
    expect(stored.data!.equals(data)).toBe(true);
    expect(stored).toMatchObject({ name: 'Røntgen æøå.png', mimeType: 'image/png', parents: [folder.id], appProperties: { klinikImage: 'img-1' } });
    expect(item).toEqual({ id: stored.id, name: 'Røntgen æøå.png', mimeType: 'image/png', isFolder: false, size: data.length, modifiedTime: Date.parse(stored.modifiedTime), parents: [folder.id] });

    // Into a folder the app may not see: Google's 404.
    const foreign = google.addForeignFile('upload@gmail.com', 'privat.txt');
    await expect(drive.upload(access, { name: 'x.txt', parentId: foreign.id, mimeType: 'text/plain', data: Buffer.from('x') })).rejects.toBeInstanceOf(DriveNotFoundError);
  });

  it('lists a folder folders first, pages through nextPageToken, says when there are more; get and delete', async () => {
    const access = await signedIn('list@gmail.com');
    const folder = await drive.createFolder(access, { name: 'Klinik', parentId: 'root' });
    for (const name of ['b.txt', 'a.txt', 'c.txt']) await drive.upload(access, { name, parentId: folder.id, mimeType: 'text/plain', data: Buffer.from(name) });
    const sub = await drive.createFolder(access, { name: 'z-mappe', parentId: folder.id });

    const all = await drive.list(access, folder.id, 10);
    expect(all.truncated).toBe(false);
    expect(all.items.map((item) => [item.name, item.isFolder, item.size])).toEqual([['z-mappe', true, null], ['a.txt', false, 5], ['b.txt', false, 5], ['c.txt', false, 5]]);
    expect(lastRequest('GET', '/drive/v3/files').query).toEqual({
      q: `'${folder.id}' in parents and trashed = false`,
      fields: 'nextPageToken,files(id,name,mimeType,size,modifiedTime,parents)',
      orderBy: 'folder,name',
      pageSize: '11',
      spaces: 'drive',
    });
    const two = await drive.list(access, folder.id, 2);
    expect(two).toMatchObject({ truncated: true, items: [{ name: 'z-mappe' }, { name: 'a.txt' }] });

    // Google may answer a page smaller than pageSize, with a nextPageToken: the adapter follows it.
    const many = await drive.createFolder(access, { name: 'mange', parentId: 'root' });
    for (let i = 0; i < 5; i++) await drive.createFolder(access, { name: `m${i}`, parentId: many.id });
    google.setPageLimit(2);
    const before = google.requests.length;
    try {
      expect(await drive.list(access, many.id, 10)).toMatchObject({ truncated: false, items: ['m0', 'm1', 'm2', 'm3', 'm4'].map((name) => ({ name })) });
      const pages = google.requests.slice(before).filter((request) => request.path === '/drive/v3/files');
      expect(pages.map((request) => request.query.pageToken ?? null)).toEqual([null, anyString, anyString]);
      expect(await drive.list(access, many.id, 3)).toMatchObject({ truncated: true, items: [{ name: 'm0' }, { name: 'm1' }, { name: 'm2' }] });
    } finally {
      google.setPageLimit(1000);
    }

    const a = all.items[1]!;
    expect(await drive.get(access, a.id)).toEqual(a);
    expect(lastRequest('GET', `/drive/v3/files/${a.id}`).query.fields).toBe('id,name,mimeType,size,modifiedTime,parents,trashed');
    expect(await drive.get(access, google.addForeignFile('list@gmail.com', 'privat.txt').id)).toBeNull();
    expect(await drive.get(access, 'does-not-exist')).toBeNull();
    google.files.get(all.items[2]!.id)!.trashed = true;
    expect(await drive.get(access, all.items[2]!.id)).toBeNull();
    expect((await drive.list(access, folder.id, 10)).items.map((item) => item.name)).toEqual(['z-mappe', 'a.txt', 'c.txt']);

    // Delete answers 204 and takes a folder's content with it; a second delete is Google's 404.
    await drive.upload(access, { name: 'inde.txt', parentId: sub.id, mimeType: 'text/plain', data: Buffer.from('i') });
    await drive.delete(access, sub.id);
    expect(lastRequest('DELETE', `/drive/v3/files/${sub.id}`).authorization).toBe(`Bearer ${access}`);
    expect([...google.files.values()].some((file) => file.parents.includes(sub.id) || file.id === sub.id)).toBe(false);
    await expect(drive.delete(access, sub.id)).rejects.toBeInstanceOf(DriveNotFoundError);
  });

  it("turns Google's errors into the adapter's: permission, full drive, rate limit, outage, unreachable", async () => {
    // The drive permission left unticked: the token works, Drive answers 403 insufficientPermissions.
    const unticked = await drive.exchangeCode(google.issueCode('scope@gmail.com', RETURN, { scopes: ['openid'] }), RETURN);
    expect(unticked.scopes).toEqual(['openid']);
    await expect(drive.about(unticked.accessToken)).rejects.toBeInstanceOf(DriveAccessError);

    google.setQuota('full@gmail.com', { limit: 100 });
    const full = await signedIn('full@gmail.com');
    await expect(drive.upload(full, { name: 'big.bin', parentId: 'root', mimeType: 'application/octet-stream', data: Buffer.alloc(101) })).rejects.toBeInstanceOf(DriveQuotaError);

    const access = await signedIn('errors@gmail.com');
    google.failNext('/drive/v3/about', 429);
    await expect(drive.about(access)).rejects.toBeInstanceOf(DriveUnavailableError);
    google.failNext('/drive/v3/files', 403, 'userRateLimitExceeded');
    await expect(drive.list(access, 'root', 5)).rejects.toBeInstanceOf(DriveUnavailableError);
    google.failNext('/upload/drive/v3/files', 503);
    await expect(drive.upload(access, { name: 'a', parentId: 'root', mimeType: 'text/plain', data: Buffer.from('a') })).rejects.toBeInstanceOf(DriveUnavailableError);
    google.failNext('/token', 500);
    await expect(drive.exchangeCode(google.issueCode('errors@gmail.com', RETURN), RETURN)).rejects.toBeInstanceOf(DriveUnavailableError);
    await expect(createGoogleDriveProvider({ ...google.config, apiUrl: 'http://127.0.0.1:1', now: () => now }).about(access)).rejects.toBeInstanceOf(DriveUnavailableError);

    // A wrong client secret (401 invalid_client) is the server's configuration, not the therapist's grant: nobody
    // is signed out of the drive for it.
    const refreshToken = (await drive.exchangeCode(google.issueCode('client@gmail.com', RETURN), RETURN)).refreshToken!;
    const misconfigured = createGoogleDriveProvider({ ...google.config, clientSecret: 'wrong', now: () => now });
    await expect(misconfigured.refresh(refreshToken)).rejects.toBeInstanceOf(DriveUnavailableError);
    expect(lastRequest('POST', '/token').status).toBe(401);
    expect((await drive.refresh(refreshToken)).accessToken).toMatch(/^ya29\./);

    // A 403 about one file (the app not on its ACL, no write access to it) is that file, not the whole grant:
    // not found, and the therapist stays signed in.
    const file = await drive.upload(access, { name: 'a.txt', parentId: 'root', mimeType: 'text/plain', data: Buffer.from('a') });
    google.failNext(`/drive/v3/files/${file.id}`, 403, 'appNotAuthorizedToFile');
    expect(await drive.get(access, file.id)).toBeNull();
    google.failNext(`/drive/v3/files/${file.id}`, 403, 'insufficientFilePermissions');
    await expect(drive.delete(access, file.id)).rejects.toBeInstanceOf(DriveNotFoundError);
  });

  it('the double is strict: wrong method, no or a bad token, wrong content types, a malformed multipart body', async () => {
    const access = await signedIn('strict@gmail.com');
    const api = (path: string, init: RequestInit = {}) => fetch(`${google.url}${path}`, { ...init, headers: { authorization: `Bearer ${access}`, ...(init.headers as Record<string, string>) } });
    const error = async (response: Response) => ({ status: response.status, body: (await response.json()) as { error: { code: number; errors: Array<{ reason: string }>; status: string } } });

    expect(await error(await api('/drive/v3/about?fields=storageQuota', { method: 'POST' }))).toMatchObject({ status: 405, body: { error: { code: 405 } } });
    const anonymous = await fetch(`${google.url}/drive/v3/about?fields=storageQuota`);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await error(anonymous)).toMatchObject({ status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED', errors: [{ reason: 'authError' }] } } });
    expect((await api('/drive/v3/about')).status).toBe(400);
    expect((await api('/drive/v3/files?q=fullText%20contains%20%27x%27')).status).toBe(400);
    expect((await api('/drive/v3/files?fields=files(id,nonsense)')).status).toBe(400);
    expect((await api('/drive/v3/files', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' })).status).toBe(400);
    expect((await api('/drive/v3/files/nope')).status).toBe(404);

    const boundary = 'b0undary';
    const multipart = (text: string) => api('/upload/drive/v3/files?uploadType=multipart', { method: 'POST', headers: { 'content-type': `multipart/related; boundary=${boundary}` }, body: text });
    const good = `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n{"name":"ok.txt","parents":["root"]}\r\n--${boundary}\r\nContent-Type: text/plain\r\n\r\nhej\r\n--${boundary}--`;
    expect((await multipart(good)).status).toBe(200);
    expect((await multipart(good.replace(`\r\n--${boundary}--`, ''))).status).toBe(400);
    expect((await multipart(good.replace('Content-Type: text/plain\r\n', ''))).status).toBe(400);
    expect((await multipart(good.replace('application/json; charset=UTF-8', 'text/plain'))).status).toBe(400);
    expect((await multipart(`--${boundary}\r\nContent-Type: application/json\r\n\r\n{"name":"meta-only"}\r\n--${boundary}--`)).status).toBe(400);
    expect((await api('/upload/drive/v3/files?uploadType=media', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(400);
    expect((await api('/upload/drive/v3/files?uploadType=multipart', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
    expect((await fetch(`${google.url}/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
  });
});

describe('the actions with Google as the drive', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ driveProvider: 'google', googleDriveClientId: GOOGLE_DOUBLE_CLIENT.clientId, googleDrive: google.config });
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(token: string, name: string, data: Buffer, folderId?: string) {
    const form = new FormData();
    form.set('action', 'uploadGoogleDriveFile');
    form.set('token', token);
    if (folderId) form.set('folderId', folderId);
    form.append('files', new Blob([new Uint8Array(data)], { type: 'text/plain' }), name);
    const response = await fetch(t.url, { method: 'POST', body: form });
    return { status: response.status, body: (await response.json()) as { data: Array<{ id: string; name: string }> } };
  }
  const tokenCalls = (grantType: string) => google.requests.filter((request) => request.path === '/token' && (request.body as Record<string, string>).grant_type === grantType).length;

  it('signs in through the consent page, copies files into the clinic folder, refreshes, and signs out on a revoked grant', async () => {
    const c = await clinicWithTrial(t);
    await t.models.Company.updateOne({ _id: c.companyId }, { $set: { driveAddOnActive: true } });
    expect((await t.call('getGoogleDriveStatus', {}, c.token)).body.data).toMatchObject({ provider: 'google', configured: true, connected: false });

    const started = await t.call('getGoogleDriveConnectUrl', {}, c.token);
    const url = new URL(started.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('redirect_uri')).toBe(RETURN);
    google.consentAs('Therapist@Gmail.com');
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    const connected = await t.call('connectGoogleDrive', { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }, c.token);
    expect(connected.status).toBe(200);
    expect(connected.body.data).toMatchObject({ connected: true, account: 'Therapist@Gmail.com' });
    const folder = [...google.files.values()].find((file) => file.account === 'Therapist@Gmail.com')!;
    expect(folder).toMatchObject({ name: DRIVE_FOLDER_NAME, mimeType: FOLDER_MIME_TYPE, parents: [google.rootOf('Therapist@Gmail.com')], appProperties: { klinikCompany: c.companyId } });

    google.setQuota('Therapist@Gmail.com', { limit: 15 * 1024 ** 3, otherUsage: 1024 ** 3 });
    expect((await t.call('getGoogleDriveQuota', {}, c.token)).body.data).toMatchObject({ limitInGB: 15, usageInGB: 1, limitBytes: 15 * 1024 ** 3, usageBytes: 1024 ** 3 });

    const uploaded = await upload(c.token, 'notat.txt', Buffer.from('Hej fra klinikken'));
    expect(uploaded.status).toBe(200);
    const file = google.files.get(uploaded.body.data[0]!.id)!;
    expect(file).toMatchObject({ name: 'notat.txt', parents: [folder.id] });
    expect(file.data!.toString()).toBe('Hej fra klinikken');
    const listed = await t.call('getGoogleDriveFiles', {}, c.token);
    expect(listed.body.data).toMatchObject({ folder: { id: folder.id, name: DRIVE_FOLDER_NAME }, items: [{ name: 'notat.txt', size: 17, isFolder: false }], truncated: false });

    // Google stopped taking the kept access token before its time: 401, one refresh, the call again.
    const refreshes = tokenCalls('refresh_token');
    google.expireAccessTokens('Therapist@Gmail.com');
    expect((await t.call('deleteGoogleDriveFile', { id: file.id }, c.token)).body.message).toBe(driveMessages.deleted);
    expect(google.files.has(file.id)).toBe(false);
    expect(tokenCalls('refresh_token')).toBe(refreshes + 1);
    // The kept token ran out by the clock: refreshed before the call, without a 401 first.
    t.clock.advance(2 * HOUR);
    const since = google.requests.length;
    expect((await t.call('getGoogleDriveFiles', {}, c.token)).status).toBe(200);
    const calls = google.requests.slice(since);
    expect(calls[0]).toMatchObject({ path: '/token', status: 200, body: { grant_type: 'refresh_token' } });
    expect(calls.filter((request) => request.status === 401)).toEqual([]);

    // The user removed the app in their Google account: the next refresh is invalid_grant, the therapist is signed
    // out of the drive with the spec's message.
    google.revokeAccount('Therapist@Gmail.com');
    t.clock.advance(2 * HOUR);
    const lost = await t.call('getGoogleDriveFiles', {}, c.token);
    expect(lost).toMatchObject({ status: 403, body: { message: driveMessages.accessRequired } });
    expect((await t.call('getGoogleDriveStatus', {}, c.token)).body.data).toMatchObject({ connected: false, accessLost: true });
  });

  it('signs out by revoking the grant at Google', async () => {
    const c = await clinicWithTrial(t);
    await t.models.Company.updateOne({ _id: c.companyId }, { $set: { driveAddOnActive: true } });
    const url = new URL((await t.call('getGoogleDriveConnectUrl', {}, c.token)).body.url);
    google.consentAs('out@gmail.com');
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location')!);
    expect((await t.call('connectGoogleDrive', { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }, c.token)).status).toBe(200);
    const revokes = google.requests.filter((request) => request.path === '/revoke').length;
    expect((await t.call('signOutGoogleDrive', {}, c.token)).body.message).toBe(driveMessages.signedOut);
    expect(google.requests.filter((request) => request.path === '/revoke')).toHaveLength(revokes + 1);
    expect((google.requests.at(-1)!.body as Record<string, string>).token).toMatch(/^1\/\//);
  });
});

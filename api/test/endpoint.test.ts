/** The action endpoint itself: bad input of every kind gets a clear 4xx and changes nothing; never a 500. */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { clinicWithTrial, registerAndLogin, registration, uniqueEmail } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  // The barrage below sends hundreds of sign-in attempts; rate limits have their own test.
  const generous = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((key) => [key, { points: 100_000, durationSeconds: 60 }]));
  t = await startTestApi({ jsonLimitBytes: 10_000, rateLimits: generous });
});
afterAll(async () => {
  await t.close();
});

describe('dispatching', () => {
  it('answers 400 for an unknown or a missing action', async () => {
    const unknown = await t.post({ action: 'dropDatabase' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Ukendt handling: dropDatabase');
    expect((await t.post({})).body.message).toBe('Handling mangler');
    expect((await t.post({ action: { $ne: null } })).status).toBe(400);
    // Object.prototype names are no actions either.
    expect((await t.post({ action: 'constructor' })).status).toBe(400);
    expect((await t.post({ action: '__proto__' })).status).toBe(400);
  });

  it('answers 400 for malformed JSON, a JSON array or a bare value', async () => {
    const broken = await t.post('{"action": "login", ', { raw: true });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Ugyldig JSON i forespørgslen');
    expect((await t.post('[1,2,3]', { raw: true })).status).toBe(400);
    expect((await t.post('"login"', { raw: true })).status).toBe(400);
    expect((await t.post('', { raw: true })).status).toBe(400);
  });

  it('answers 400 for operator objects where a string is expected, and finds nobody with them', async () => {
    const owner = await registerAndLogin(t);
    const answer = await t.post({ action: 'login', username: owner.email, password: { $gt: '' } });
    expect(answer.status).toBe(400);
    expect(answer.body.token).toBeUndefined();
    expect((await t.post({ action: 'login', username: { $ne: 'x' }, password: 'abcdefg' })).status).toBe(400);
    expect((await t.post({ action: 'resetPassword', email: { $regex: '.*' } })).status).toBe(400);
    expect((await t.post({ action: 'checkUsername', name: { $exists: true } })).status).toBe(400);
  });

  it('answers 413 for a body over the limit', async () => {
    const answer = await t.post({ action: 'login', username: 'a@b.dk', password: 'x'.repeat(20_000) });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('Forespørgslen er for stor');
  });

  it('takes multipart bodies on the same endpoint, with action and token as fields', async () => {
    const owner = await registerAndLogin(t);
    const form = new FormData();
    form.set('action', 'getTherapist');
    form.set('token', owner.token);
    const response = await fetch(t.url, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { username: string } }).data.username).toBe(owner.email);

    const unknown = new FormData();
    unknown.set('action', 'nope');
    expect((await fetch(t.url, { method: 'POST', body: unknown })).status).toBe(400);
  });

  it('answers 413 for an upload over the file limit', async () => {
    const form = new FormData();
    form.set('action', 'getTherapist');
    form.set('file', new Blob([new Uint8Array(2 * 1024 * 1024)]), 'big.bin');
    const response = await fetch(t.url, { method: 'POST', body: form });
    expect(response.status).toBe(413);
  });

  it('answers JSON 404 for other paths and methods', async () => {
    const base = t.url.replace(/\/api$/, '');
    const response = await fetch(`${base}/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Findes ikke' });
    expect((await fetch(`${base}/health`)).status).toBe(200);
    expect((await fetch(t.url)).status).toBe(405);
  });

  it('answers are never stored (no-store, nosniff), and /ready says whether the database answers', async () => {
    const base = t.url.replace(/\/api$/, '');
    const ok = await t.post({ action: 'checkUsername', name: uniqueEmail() });
    expect(ok.status).toBe(200);
    const raw = await fetch(t.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'getTherapist', token: 'nope' }) });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    const ready = await fetch(`${base}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ok: true });
  });

  it('compresses answers over 1 KB for a caller that accepts it (brotli, else gzip), and only those', async () => {
    const owner = await clinicWithTrial(t);
    for (let index = 0; index < 12; index++) {
      expect((await t.call('addTreatment', { name: `Sportsmassage med udstrækning, ${index + 1}. gang`, price: 450, duration: 2700, pause: 0 }, owner.token)).status).toBe(200);
    }
    /** The answer to `body` as sent, bytes and headers, asking for `encoding`. */
    const raw = (body: object, encoding?: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
        const sent = request(t.url, { method: 'POST', headers: { 'content-type': 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
        });
        sent.on('error', reject);
        sent.end(JSON.stringify(body));
      });
    const list = { action: 'getTreatmentsFromTherapist', token: owner.token };
    const plain = await raw(list);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const treatments = JSON.parse(plain.bytes.toString('utf8')) as { data: unknown[] };
    expect(treatments.data).toHaveLength(12);

    const brotli = await raw(list, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.headers['cache-control']).toBe('no-store');
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.bytes).toString('utf8'))).toEqual(treatments);

    const gzip = await raw(list, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(treatments);

    // A small answer (the sign-in check) and an error go as they are.
    const small = await raw({ action: 'getTherapist', token: owner.token }, 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.bytes.length).toBeLessThan(1024);
    const refused = await raw({ action: 'getTreatmentsFromTherapist', token: 'not-a-token' }, 'br');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(refused.bytes.toString('utf8')) as { message: string }).message).toBeTruthy();
  });

  it('survives a barrage of wrong shapes without a single 500', async () => {
    const owner = await registerAndLogin(t);
    const values: unknown[] = [null, true, 0, -1, 1e308, '', 'x'.repeat(300), [], [1], {}, { $gt: '' }, { toString: 'x' }];
    const actions = ['login', 'register', 'checkUsername', 'checkPassword', 'setPassword', 'resetPassword', 'resetPasswordWithToken', 'therapistSetPassword', 'getTherapist', 'adminCheck', 'teamLogin', 'purchasedFreePlanSubscription', 'logout'];
    const fields = ['username', 'password', 'name', 'email', 'token', 'id', 'oldPassword', 'newPassword', 'therapistInfo', 'companyInfo'];
    const statuses = new Set<number>();
    for (const action of actions) {
      for (const field of fields) {
        for (const value of values) {
          const answer = await t.post({ action, token: owner.token, [field]: value });
          statuses.add(answer.status);
          if (answer.status >= 500) throw new Error(`${action} ${field}=${JSON.stringify(value)} answered ${answer.status}`);
        }
      }
    }
    expect([...statuses].every((status) => status < 500)).toBe(true);
    // The owner is still there and still signs in: nothing above changed anything.
    expect((await t.call('login', { username: owner.email, password: owner.password })).status).toBe(200);
  });
});

describe('configuration', () => {
  it('has development routes only when asked for, never in production; listens on 127.0.0.1 in development', async () => {
    const { configFromEnv } = await import('../src/config.js');
    // Health data keys are required in production (api/test/encryption-at-rest.test.ts tests that).
    const secrets = { JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'y'.repeat(20), DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`, CPR_HASH_KEY: Buffer.alloc(32, 4).toString('base64') };
    expect(configFromEnv({ ...secrets }, '/tmp')).toMatchObject({ devRoutes: false, host: '127.0.0.1' });
    expect(configFromEnv({ ...secrets, KLINIK_DEV_ROUTES: '1' }, '/tmp').devRoutes).toBe(true);
    expect(configFromEnv({ ...secrets, NODE_ENV: 'production', KLINIK_DEV_ROUTES: '1' }, '/tmp')).toMatchObject({ devRoutes: false, host: '0.0.0.0' });
    expect(configFromEnv({ ...secrets, API_HOST: '0.0.0.0' }, '/tmp').host).toBe('0.0.0.0');
  });
});

describe('CORS', () => {
  it('allows the configured origins and no others', async () => {
    const allowed = await fetch(t.url, { method: 'OPTIONS', headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const denied = await fetch(t.url, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('request logs', () => {
  it('never contain passwords, tokens or CPR numbers, only the action and status', async () => {
    const email = uniqueEmail('log');
    const input = registration(email, 'HemmeligtLogKodeord');
    await t.call('register', input);
    const login = await t.call('login', { username: email, password: 'HemmeligtLogKodeord' });
    await t.call('getTherapist', {}, login.body.token);
    await t.post({ action: 'checkUsername', name: 'x', CPR: '0101901234' });
    const text = t.logs.join('\n');
    expect(text).toContain('"action":"login"');
    expect(text).toContain('"action":"getTherapist"');
    expect(text).not.toContain('HemmeligtLogKodeord');
    expect(text).not.toContain(login.body.token);
    expect(text).not.toContain('0101901234');
  });
});

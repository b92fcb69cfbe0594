/**
 * Platform administrators are named accounts with their own passwords, not one shared secret; every sign-in is
 * audited with time, account and address.
 */
import type { ActionContract } from '@klinik/core';
import { configFromEnv, DEFAULT_RATE_LIMITS } from '../src/config.js';
import { createAdministrator, deactivateAdministrator, ensureDevAdministrator } from '../src/domain/accounts/administrators.js';
import { createTeamUser } from '../src/domain/accounts/team-users.js';
import { authenticate } from '../src/endpoint/authenticate.js';
import { startTestApi, TEST_ADMIN, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({
    rateLimits: { ...DEFAULT_RATE_LIMITS, 'signin:account': { points: 3, durationSeconds: 60 }, adminCheck: { points: 100, durationSeconds: 60 } },
  });
});
afterAll(async () => {
  await t.close();
});

/**
 * No action is for the administrator alone yet (mf-admin's actions come with their issue), so this asks the
 * dispatcher's own check what an administrator-only action would answer: 'ok', or the refusal's message.
 */
const adminOnly = { access: 'superadmin' } as unknown as ActionContract;
const asAdministrator = (token: string) =>
  authenticate(adminOnly, token, t.api.services, { ip: '127.0.0.1', files: [], origin: '' }).then(
    (context) => context.kind,
    (error: Error) => error.message,
  );

it('signs each administrator in with their own name and password, and audits success and failure', async () => {
  await createAdministrator(t.models, 'Anna.Admin', 'annas-egen-kode-42');
  await createAdministrator(t.models, 'bo.admin', 'bos-helt-egen-kode');
  const anna = await t.call('adminCheck', { username: 'anna.admin', password: 'annas-egen-kode-42' });
  expect(anna.status).toBe(200);
  expect(await asAdministrator(anna.body.adminToken)).toBe('superadmin');
  // Another administrator's password is not Anna's: there is no shared secret.
  const crossed = await t.call('adminCheck', { username: 'anna.admin', password: 'bos-helt-egen-kode' });
  expect(crossed.status).toBe(401);
  expect(crossed.body.message).toBe('Forkert login');
  expect((await t.call('adminCheck', { username: 'ingen.admin', password: 'bos-helt-egen-kode' })).status).toBe(401);

  const audit = await t.models.SignInAudit.find({ username: { $in: ['anna.admin', 'ingen.admin'] } }).sort({ at: 1 }).lean();
  expect(audit.map(({ username, outcome, reason }) => ({ username, outcome, reason }))).toEqual([
    { username: 'anna.admin', outcome: 'success', reason: null },
    { username: 'anna.admin', outcome: 'failure', reason: 'wrong-login' },
    { username: 'ingen.admin', outcome: 'failure', reason: 'wrong-login' },
  ]);
  expect(audit[0]!.accountId?.toString()).toBe((await t.models.Administrator.findOne({ username: 'anna.admin' }).lean())!._id.toString());
  for (const row of audit) {
    expect(row.address).toMatch(/127\.0\.0\.1/);
    expect(Math.abs(row.at - t.clock.now())).toBeLessThan(60_000);
  }
  // The log line says the same, and never the password.
  const lines = t.logs.filter((line) => line.includes('"audit":"admin-sign-in"'));
  expect(lines.some((line) => line.includes('"username":"anna.admin"') && line.includes('"outcome":"success"'))).toBe(true);
  expect(t.logs.join('\n')).not.toContain('annas-egen-kode-42');
});

it('ends an administrator’s sessions on deactivation and on a new password', async () => {
  await createAdministrator(t.models, 'cia.admin', 'cias-foerste-kode');
  const first = (await t.call('adminCheck', { username: 'cia.admin', password: 'cias-foerste-kode' })).body.adminToken;
  expect(await asAdministrator(first)).toBe('superadmin');
  await createAdministrator(t.models, 'cia.admin', 'cias-anden-kode-2');
  expect(await asAdministrator(first)).toBe('jwt expired');
  expect((await t.call('adminCheck', { username: 'cia.admin', password: 'cias-foerste-kode' })).status).toBe(401);
  const second = (await t.call('adminCheck', { username: 'cia.admin', password: 'cias-anden-kode-2' })).body.adminToken;
  expect(await deactivateAdministrator(t.models, 'cia.admin')).toBe(true);
  expect(await asAdministrator(second)).toBe('jwt expired');
  expect((await t.call('adminCheck', { username: 'cia.admin', password: 'cias-anden-kode-2' })).status).toBe(401);
});

it('refuses tokens of the old shared administrator secret', async () => {
  const old = t.api.services.tokens.sign('superadmin', { subject: 'admin', tokenVersion: 'fingerprint' });
  expect(await asAdministrator(old.token)).toBe('jwt expired');
});

it('keeps the administrator from being locked out by a stranger on a device it used before, and audits the throttling', async () => {
  t.clock.startFreshRateLimitWindows();
  await createAdministrator(t.models, 'dan.admin', 'dans-egen-kode-7');
  const known = await t.call('adminCheck', { username: 'dan.admin', password: 'dans-egen-kode-7' });
  for (let attempt = 0; attempt < 4; attempt++) await t.call('adminCheck', { username: 'dan.admin', password: `gæt-${attempt}` });
  expect((await t.call('adminCheck', { username: 'dan.admin', password: 'dans-egen-kode-7' })).status).toBe(429);
  expect((await t.call('adminCheck', { username: 'dan.admin', password: 'dans-egen-kode-7', deviceToken: known.body.deviceToken })).status).toBe(200);
  expect(await t.models.SignInAudit.countDocuments({ username: 'dan.admin', reason: 'throttled' })).toBe(2);
});

it('makes administrators and team users only with a strong password', async () => {
  await expect(createAdministrator(t.models, 'eva.admin', 'kort')).rejects.toThrow('Adgangskoden skal være på mindst 10 tegn, så den er svær at gætte');
  await expect(createAdministrator(t.models, 'eva.admin', 'Administrator')).rejects.toThrow('Adgangskoden er en af de mest brugte og let at gætte. Vælg en anden.');
  await expect(createTeamUser(t.models, 'eva@klinik.test', 'password123')).rejects.toThrow('Adgangskoden er en af de mest brugte og let at gætte. Vælg en anden.');
  expect(await t.models.Administrator.exists({ username: 'eva.admin' })).toBeNull();
});

it('keeps the development administrator from the generated secrets, and has none in production', async () => {
  // The test API made it at start, as `npm start` does.
  expect((await t.call('adminCheck', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200);
  const before = await t.models.Administrator.findOne({ username: 'admin' }).lean();
  await ensureDevAdministrator(t.models, TEST_ADMIN);
  expect((await t.models.Administrator.findOne({ username: 'admin' }).lean())!.tokenVersion).toBe(before!.tokenVersion);
  const keys = { DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`, CPR_HASH_KEY: Buffer.alloc(32, 4).toString('base64') };
  const production = configFromEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), ...keys }, '/tmp');
  expect(production.devAdmin).toBeNull();
  expect(configFromEnv({ JWT_SECRET: 'x'.repeat(40), ADMIN_PASSWORD: 'udvikler-kode-1' }, '/tmp').devAdmin).toEqual({ username: 'admin', password: 'udvikler-kode-1' });
});

it('keeps the sign-in audit a year, then the sweeper removes it', async () => {
  const { sweepSignInAudits, SIGN_IN_AUDIT_KEPT_MS } = await import('../src/domain/accounts/administrators.js');
  const now = t.clock.now();
  const old = await t.models.SignInAudit.create({ kind: 'admin', username: 'gammel', outcome: 'success', address: '192.0.2.1', at: now - SIGN_IN_AUDIT_KEPT_MS - 1 });
  const recent = await t.models.SignInAudit.create({ kind: 'admin', username: 'ny', outcome: 'success', address: '192.0.2.1', at: now - 1000 });
  expect(await sweepSignInAudits(t.models, now)).toBeGreaterThanOrEqual(1);
  expect(await t.models.SignInAudit.countDocuments({ _id: old._id })).toBe(0);
  expect(await t.models.SignInAudit.countDocuments({ _id: recent._id })).toBe(1);
});

/** Rate limits on login, adminCheck, teamLogin and resetPassword (429), counted in the database. */
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { registerAndLogin, uniqueEmail } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      login: { points: 30, durationSeconds: 60 },
      'login:account': { points: 3, durationSeconds: 60 },
      adminCheck: { points: 3, durationSeconds: 60 },
      teamLogin: { points: 3, durationSeconds: 60 },
      resetPassword: { points: 4, durationSeconds: 60 },
    },
  });
});
afterAll(async () => {
  await t.close();
});

it('stops guessing at one account after the allowance, with Retry-After, even with the right password', async () => {
  const owner = await registerAndLogin(t);
  // registerAndLogin signed in once; a success clears the account's count.
  for (let attempt = 0; attempt < 3; attempt++) {
    expect((await t.call('login', { username: owner.email, password: 'forkert-gæt' })).status).toBe(401);
  }
  const blocked = await t.call('login', { username: owner.email, password: owner.password });
  expect(blocked.status).toBe(429);
  expect(blocked.body.message).toBe('For mange forsøg. Vent lidt og prøv igen.');
  expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  // Another account from the same address is not affected.
  const other = await registerAndLogin(t, uniqueEmail('anden'));
  expect((await t.call('login', { username: other.email, password: other.password })).status).toBe(200);
});

it('limits adminCheck per address', async () => {
  const statuses = [];
  for (let attempt = 0; attempt < 4; attempt++) statuses.push((await t.call('adminCheck', { password: 'gæt' })).status);
  expect(statuses).toEqual([401, 401, 401, 429]);
  expect((await t.call('adminCheck', { password: 'admin-test-password' })).status).toBe(429);
});

it('limits teamLogin and resetPassword per address', async () => {
  const team = [];
  for (let attempt = 0; attempt < 4; attempt++) team.push((await t.call('teamLogin', { username: `x${attempt}@y.dk`, password: 'gæt' })).status);
  expect(team).toEqual([401, 401, 401, 429]);
  const reset = [];
  for (let attempt = 0; attempt < 5; attempt++) reset.push((await t.call('resetPassword', { email: uniqueEmail('r') })).status);
  expect(reset).toEqual([400, 400, 400, 400, 429]);
});

/**
 * Rate limits on login, adminCheck, teamLogin, resetPassword, register and the other public actions (429), each
 * declared on its action's contract and counted in the database; and sign-in throttling per account that a stranger
 * cannot use to lock the real user out.
 */
import { actions } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { registerAndLogin, registration, uniqueEmail } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi({
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      login: { points: 30, durationSeconds: 60 },
      'signin:account': { points: 3, durationSeconds: 60 },
      'signin:device': { points: 3, durationSeconds: 60 },
      register: { points: 3, durationSeconds: 3600 },
      adminCheck: { points: 3, durationSeconds: 60 },
      teamLogin: { points: 3, durationSeconds: 60 },
      resetPassword: { points: 4, durationSeconds: 60 },
      checkUsername: { points: 5, durationSeconds: 60 },
    },
  });
});
afterAll(async () => {
  await t.close();
});
// Each test starts at the beginning of a fresh window of every rule here, so its attempts never straddle two.
beforeEach(() => t.clock.startFreshRateLimitWindows());

it('stops guessing at one account after the allowance, with Retry-After, even with the right password', async () => {
  const owner = await registerAndLogin(t);
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

it('counts parallel attempts exactly: none slips past the allowance', async () => {
  // All at once, so they race for the same count (FerretDB loses a read-modify-write such as $inc under this; the
  // limiter's numbered seats are inserts, which it does not: security/rate-limit.ts).
  const answers = await Promise.all(Array.from({ length: 15 }, (_, index) => t.call('checkUsername', { name: `ledig-${index}@klinik.test` })));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([...Array<number>(5).fill(200), ...Array<number>(10).fill(429)]);
});

it('limits registrations per address', async () => {
  // Earlier tests in this file registered clinics from this address too: count until refused.
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 4 && !statuses.includes(429); attempt++) statuses.push((await t.call('register', registration(uniqueEmail('reg')))).status);
  expect(statuses.at(-1)).toBe(429);
});

it('limits adminCheck per address', async () => {
  const statuses = [];
  for (let attempt = 0; attempt < 4; attempt++) statuses.push((await t.call('adminCheck', { username: `admin${attempt}`, password: 'gæt' })).status);
  expect(statuses).toEqual([401, 401, 401, 429]);
  expect((await t.call('adminCheck', { username: 'admin', password: 'admin-test-password' })).status).toBe(429);
});

it('limits teamLogin and resetPassword per address', async () => {
  const team = [];
  for (let attempt = 0; attempt < 4; attempt++) team.push((await t.call('teamLogin', { username: `x${attempt}@y.dk`, password: 'gæt' })).status);
  expect(team).toEqual([401, 401, 401, 429]);
  const reset = [];
  for (let attempt = 0; attempt < 5; attempt++) reset.push((await t.call('resetPassword', { email: uniqueEmail('r') })).status);
  expect(reset).toEqual([200, 200, 200, 200, 429]);
});

it('limits a public action by the rate limit its contract declares (the e-mail confirmation link)', async () => {
  // Left at its declared number in this file's configuration: the rule exists only because the contract declares it.
  const { points } = actions.confirmEmail.rateLimit;
  const statuses: number[] = [];
  for (let attempt = 0; attempt <= points; attempt++) statuses.push((await t.call('confirmEmail', { confirmToken: `gæt-${attempt}` })).status);
  expect(statuses.slice(0, points).every((status) => status === 400)).toBe(true);
  expect(statuses.at(-1)).toBe(429);
});

describe('sign-in throttling per account and per known device', () => {
  let t2: TestApi;
  beforeAll(async () => {
    // Generous per address, tight per account and per device.
    t2 = await startTestApi({
      rateLimits: { ...DEFAULT_RATE_LIMITS, 'signin:account': { points: 3, durationSeconds: 60 }, 'signin:device': { points: 3, durationSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await t2.close();
  });
  // Its own API, with its own clock: without this, a test here that crossed a minute on a busy machine found its
  // per-minute allowance renewed halfway (a CI failure: a fourth wrong password answered 401, not 429).
  beforeEach(() => t2.clock.startFreshRateLimitWindows());

  it('lets the real user in from a browser that signed in before while a stranger has used up the account', async () => {
    const owner = await registerAndLogin(t2);
    // The owner's own browser signed in once and keeps the device token it got.
    const earlier = await t2.call('login', { username: owner.email, password: owner.password });
    expect(earlier.status).toBe(200);
    const device = earlier.body.deviceToken;
    expect(typeof device).toBe('string');
    const otherAccount = await registerAndLogin(t2, uniqueEmail('fremmed'));
    const foreignDevice = (await t2.call('login', { username: otherAccount.email, password: otherAccount.password })).body.deviceToken;

    // A stranger guesses until the account is closed to unknown browsers.
    for (let attempt = 0; attempt < 3; attempt++) await t2.call('login', { username: owner.email.toUpperCase(), password: `gæt-${attempt}` });
    expect((await t2.call('login', { username: owner.email, password: owner.password })).status).toBe(429);
    // Neither another account's device token nor a forged one opens it.
    expect((await t2.call('login', { username: owner.email, password: owner.password, deviceToken: foreignDevice })).status).toBe(429);
    expect((await t2.call('login', { username: owner.email, password: owner.password, deviceToken: `${device.slice(0, -4)}AAAA` })).status).toBe(429);

    // The owner's browser still signs in with the right password.
    const mine = await t2.call('login', { username: owner.email, password: owner.password, deviceToken: device });
    expect(mine.status).toBe(200);
    expect((await t2.call('getTherapist', {}, mine.body.token)).status).toBe(200);

    // A known device has its own allowance of wrong passwords, not an unlimited one.
    const guesses = [];
    for (let attempt = 0; attempt < 4; attempt++) guesses.push((await t2.call('login', { username: owner.email, password: `gæt-${attempt}`, deviceToken: device })).status);
    expect(guesses).toEqual([401, 401, 401, 429]);
  });

  it('throttles support-team sign-ins per account the same way', async () => {
    const { createTeamUser } = await import('../src/domain/accounts/team-users.js');
    const username = uniqueEmail('support');
    await createTeamUser(t2.models, username, 'support-kodeord-til-test');
    const first = await t2.call('teamLogin', { username, password: 'support-kodeord-til-test' });
    expect(first.status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt++) await t2.call('teamLogin', { username, password: `gæt-${attempt}` });
    expect((await t2.call('teamLogin', { username, password: 'support-kodeord-til-test' })).status).toBe(429);
    expect((await t2.call('teamLogin', { username, password: 'support-kodeord-til-test', deviceToken: first.body.deviceToken })).status).toBe(200);
  });
});

describe('sign-in throttling per account and address prefix, with growing delays', () => {
  let t3: TestApi;
  const backoff = { firstDelaySeconds: 60, maxDelaySeconds: 240 };
  beforeAll(async () => {
    // Behind one trusted proxy, so each call can come from the address X-Forwarded-For names.
    t3 = await startTestApi({
      trustProxyHops: 1,
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        'signin:account': { points: 3, durationSeconds: 3600, backoff },
        'signin:device': { points: 3, durationSeconds: 3600, backoff },
        'signin:failures': { points: 5, durationSeconds: 3600 },
      },
    });
  });
  afterAll(async () => {
    await t3.close();
  });
  beforeEach(() => t3.clock.startFreshRateLimitWindows());

  const login = (from: string, username: string, password: string, deviceToken?: string) =>
    t3.post({ action: 'login', username, password, ...(deviceToken ? { deviceToken } : {}) }, { headers: { 'X-Forwarded-For': from } });
  const retryAfter = (answer: { headers: Headers }) => Number(answer.headers.get('retry-after'));

  it("lets a stranger's guesses from other networks not touch the owner's own address", async () => {
    const owner = await registerAndLogin(t3);
    // Eleven wrong passwords from eleven networks, then many from one more: that network slows down, no other.
    for (let network = 1; network <= 11; network++) expect((await login(`100.${network}.0.9`, owner.email, `gæt-${network}`)).status).toBe(401);
    const fromOne = [];
    for (let attempt = 0; attempt < 5; attempt++) fromOne.push((await login(`198.51.100.${attempt + 1}`, owner.email, `gæt-${attempt}`)).status);
    expect(fromOne).toEqual([401, 401, 401, 429, 429]);
    // Rotating addresses within the /24 bought nothing; the owner's home address, never used by the stranger, signs in.
    expect((await login('203.0.113.7', owner.email, owner.password)).status).toBe(200);
    // IPv6: the stranger's whole /48 is one count.
    for (let attempt = 0; attempt < 3; attempt++) await login(`2001:db8:7:${attempt + 1}::1`, owner.email, `gæt-${attempt}`);
    expect((await login('2001:db8:7:ffff::2', owner.email, owner.password)).status).toBe(429);
    expect((await login('2001:db8:8::1', owner.email, owner.password)).status).toBe(200);
  });

  it('slows guessing from one network with growing delays rather than a hard stop; a right password clears it', async () => {
    const owner = await registerAndLogin(t3);
    const from = '192.0.2.44';
    for (let attempt = 0; attempt < 3; attempt++) expect((await login(from, owner.email, `gæt-${attempt}`)).status).toBe(401);
    const seen: number[] = [];
    for (const delay of [60, 120, 240, 240]) {
      const waiting = await login(from, owner.email, owner.password);
      expect(waiting.status).toBe(429);
      expect(waiting.body.message).toBe('For mange forsøg. Vent lidt og prøv igen.');
      seen.push(retryAfter(waiting));
      expect(retryAfter(waiting)).toBeGreaterThan(delay - 10);
      expect(retryAfter(waiting)).toBeLessThanOrEqual(delay);
      t3.clock.advance(delay * 1000);
      // One attempt after each delay, and the next one waits again.
      expect((await login(from, owner.email, 'stadig-forkert')).status).toBe(401);
    }
    expect(seen.length).toBe(4);
    t3.clock.advance(240 * 1000);
    expect((await login(from, owner.email, owner.password)).status).toBe(200);
    // Cleared: the next wrong password is the first of a fresh allowance.
    expect((await login(from, owner.email, 'forkert-igen')).status).toBe(401);
  });

  it("clears the account's throttle on every network and device when the password is reset from a link", async () => {
    const { issueLinkToken } = await import('../src/domain/accounts/link-tokens.js');
    const { Types } = await import('mongoose');
    const owner = await registerAndLogin(t3);
    const device = (await login('203.0.113.20', owner.email, owner.password)).body.deviceToken as string;
    // The owner's own network and device used up (say, a forgotten password typed many times).
    for (let attempt = 0; attempt < 4; attempt++) await login('203.0.113.20', owner.email, `gæt-${attempt}`);
    for (let attempt = 0; attempt < 4; attempt++) await login('203.0.113.20', owner.email, `gæt-${attempt}`, device);
    expect((await login('203.0.113.21', owner.email, owner.password)).status).toBe(429);
    expect((await login('203.0.113.21', owner.email, owner.password, device)).status).toBe(429);
    const link = await issueLinkToken(t3.models, 'reset', new Types.ObjectId(owner.therapistId), 3600, t3.clock.now());
    expect((await t3.call('resetPasswordWithToken', { resetToken: link, password: 'nyt-kodeord-efter-reset' })).status).toBe(200);
    expect((await login('203.0.113.22', owner.email, 'nyt-kodeord-efter-reset')).status).toBe(200);
    expect((await login('203.0.113.22', owner.email, 'nyt-kodeord-efter-reset', device)).status).toBe(200);
  });

  it('tells the owner by mail about many failed sign-ins, at most once an hour', async () => {
    const owner = await registerAndLogin(t3);
    const subject = 'Mange forkerte forsøg på at logge ind på din konto';
    const alerts = () => t3.models.OutboxMail.find({ to: owner.email, subject }).lean();
    const waitForAlerts = async (count: number) => {
      // The mail goes out after the answer: wait for it.
      for (let tries = 0; (await alerts()).length < count && tries < 400; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
      return alerts();
    };
    // Past five wrong passwords in the hour, from anywhere, the mail goes; more of them in the same hour send none.
    for (let attempt = 0; attempt < 5; attempt++) await login(`100.64.${attempt}.1`, owner.email, `gæt-${attempt}`);
    expect(await alerts()).toHaveLength(0);
    for (let attempt = 5; attempt < 12; attempt++) await login(`100.64.${attempt}.1`, owner.email, `gæt-${attempt}`);
    const first = await waitForAlerts(1);
    expect(first[0]!.text).toContain('forkert adgangskode mange gange');
    expect(first[0]!.text).toContain('http://localhost:3000/forgot_password');
    // The next hour, the next mail: and still only one for the first hour.
    t3.clock.advance(3600 * 1000);
    for (let attempt = 0; attempt < 6; attempt++) await login(`100.65.${attempt}.1`, owner.email, `gæt-${attempt}`);
    expect(await waitForAlerts(2)).toHaveLength(2);
    // An unknown username gets the same answers all along.
    for (let attempt = 0; attempt < 6; attempt++) expect((await login(`100.66.${attempt}.1`, uniqueEmail('ingen'), 'gæt')).status).toBe(401);
  });
});

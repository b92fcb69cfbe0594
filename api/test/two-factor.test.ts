/**
 * Two-factor sign-in (TOTP with recovery codes): optional for therapists, required in production for the
 * administrators and the support team. Codes are made here with the same library and the API's clock.
 */
import { generate } from 'otplib';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { createAdministrator } from '../src/domain/accounts/administrators.js';
import { createTeamUser } from '../src/domain/accounts/team-users.js';
import { enrolTwoFactor, twoFactorKey } from '../src/domain/accounts/two-factor.js';
import { registerAndLogin } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const generous = Object.fromEntries(Object.entries(DEFAULT_RATE_LIMITS).map(([key, rule]) => [key, { ...rule, points: rule.points * 100 }]));
const codeAt = (secret: string, t: TestApi) => generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });

describe('therapists (optional)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ rateLimits: generous });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is set up with a first code, then asks for a code once per use, takes a recovery code once, and can be turned off', async () => {
    const owner = await registerAndLogin(t);
    const setup = await t.call('twoFactorSetup', {}, owner.token);
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl } = setup.body.data;
    expect(otpauthUrl).toBe(`otpauth://totp/Klinik:${encodeURIComponent(owner.email)}?secret=${secret}&issuer=Klinik`);
    // Not on before a first code proves the app has the secret.
    expect((await t.call('login', { username: owner.email, password: owner.password })).status).toBe(200);
    expect((await t.call('twoFactorEnable', { code: '000000' }, owner.token)).body.message).toBe('Koden er forkert eller allerede brugt. Prøv igen med den næste kode.');
    const firstCode = await codeAt(secret, t);
    const enabled = await t.call('twoFactorEnable', { code: firstCode }, owner.token);
    expect(enabled.status).toBe(200);
    const recovery = enabled.body.data.recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await t.call('twoFactorSetup', {}, owner.token)).status).toBe(409);
    // The secret is stored encrypted, like the health data: a copy of the database does not give away the codes.
    const raw = await t.models.TwoFactor.collection.findOne({});
    expect(JSON.stringify(await t.models.TwoFactor.collection.find({}).toArray())).not.toContain(secret);
    expect(raw).not.toBeNull();

    const withoutCode = await t.call('login', { username: owner.email, password: owner.password });
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.errors).toEqual({ otp: 'Indtast koden fra din godkendelsesapp (eller en af dine gendannelseskoder).' });
    // The code that turned it on is used up; the next one signs in, once.
    expect((await t.call('login', { username: owner.email, password: owner.password, otp: firstCode })).status).toBe(401);
    t.clock.advance(30_000);
    const code = await codeAt(secret, t);
    const signedIn = await t.call('login', { username: owner.email, password: owner.password, otp: code });
    expect(signedIn.status).toBe(200);
    expect((await t.call('login', { username: owner.email, password: owner.password, otp: code })).body.errors).toEqual({
      otp: 'Koden er forkert eller allerede brugt. Prøv igen med den næste kode.',
    });
    // A right code with a wrong password tells nothing about the code.
    t.clock.advance(30_000);
    expect((await t.call('login', { username: owner.email, password: 'forkert-kodeord', otp: await codeAt(secret, t) })).body.message).toBe(
      'Forkert brugernavn eller adgangskode',
    );

    // A recovery code works once, written any way.
    expect((await t.call('login', { username: owner.email, password: owner.password, otp: recovery[0]!.toUpperCase() })).status).toBe(200);
    expect((await t.call('login', { username: owner.email, password: owner.password, otp: recovery[0]! })).status).toBe(401);

    const token = signedIn.body.token;
    expect((await t.call('twoFactorDisable', { password: 'forkert-kodeord' }, token)).status).toBe(400);
    expect((await t.call('twoFactorDisable', { password: owner.password }, token)).body.message).toBe('To-trins-login er slået fra.');
    expect((await t.call('login', { username: owner.email, password: owner.password })).status).toBe(200);
  });

  it('keeps one therapist’s two-factor sign-in to that therapist', async () => {
    const a = await registerAndLogin(t);
    const b = await registerAndLogin(t);
    const { secret } = (await t.call('twoFactorSetup', {}, a.token)).body.data;
    expect((await t.call('twoFactorEnable', { code: await codeAt(secret, t) }, b.token)).body.message).toBe('Start opsætningen af to-trins-login forfra.');
    expect((await t.call('login', { username: b.email, password: b.password })).status).toBe(200);
  });
});

describe('administrators and the support team (required in production)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ production: true, paymentsProvider: 'none', rateLimits: generous });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an administrator without two-factor sign-in, and asks an enrolled one for the code', async () => {
    const admin = await createAdministrator(t.models, 'fie.admin', 'fies-egen-kode-9');
    const refused = await t.call('adminCheck', { username: 'fie.admin', password: 'fies-egen-kode-9' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('To-trins-login skal være slået til for administratorer og supportteamet. Bed om at få det sat op.');
    const { secret, recoveryCodes } = await enrolTwoFactor(t.models, twoFactorKey('admin', admin.id), admin.username, t.clock.now());
    expect(recoveryCodes).toHaveLength(10);
    expect((await t.call('adminCheck', { username: 'fie.admin', password: 'fies-egen-kode-9' })).status).toBe(401);
    expect((await t.call('adminCheck', { username: 'fie.admin', password: 'fies-egen-kode-9', otp: await codeAt(secret, t) })).status).toBe(200);
  });

  it('does the same for the support team', async () => {
    const user = await createTeamUser(t.models, 'support-2fa@klinik.test', 'support-kode-med-2fa');
    expect((await t.call('teamLogin', { username: user.username, password: 'support-kode-med-2fa' })).status).toBe(403);
    const { recoveryCodes } = await enrolTwoFactor(t.models, twoFactorKey('team', user.id), user.username, t.clock.now());
    expect((await t.call('teamLogin', { username: user.username, password: 'support-kode-med-2fa', otp: recoveryCodes[3] })).status).toBe(200);
  });
});

/** Accounts and sessions through the real endpoint on the real database (spec 1 §4, §5, §7, §8). */
import { REGISTRATION_TRIAL_MS, type ActionInput } from '@klinik/core';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { registerAndLogin, registration, uniqueEmail } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

describe('register', () => {
  it('creates the company and its owner, with a 30-day trial, moms on and no plan yet', async () => {
    const email = uniqueEmail();
    const before = t.clock.now();
    const answer = await t.call('register', registration(email));
    expect(answer.status).toBe(200);
    const { Company, Therapist } = t.models;
    const therapist = await Therapist.findById(answer.body.data.therapistId).lean();
    const company = await Company.findById(answer.body.data.companyId).lean();
    expect(therapist).toMatchObject({ username: email, isAdmin: true, newsletter: true, nameLast: 'Ørsted' });
    expect(therapist!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(company).toMatchObject({ companyName: 'Fysio Ærø', moms: true, planType: 'empty', status: 'empty', post: '5970', CVR: '12345678' });
    expect(company!.trial).toBeGreaterThanOrEqual(before + REGISTRATION_TRIAL_MS);
    expect(company!.trial).toBeLessThanOrEqual(t.clock.now() + REGISTRATION_TRIAL_MS);
    expect(therapist!.companyId.toString()).toBe(company!._id.toString());
  });

  it('refuses a taken username, whatever its case, and leaves no second company behind', async () => {
    const email = uniqueEmail();
    expect((await t.call('register', registration(email))).status).toBe(200);
    const companiesBefore = await t.models.Company.countDocuments();
    const again = await t.call('register', registration(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Brugernavnet er taget');
    expect(await t.models.Company.countDocuments()).toBe(companiesBefore);
  });

  it('lets exactly one of ten simultaneous registrations of the same e-mail through', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.call('register', registration(email))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9);
    expect(await t.models.Therapist.countDocuments({ username: email })).toBe(1);
  });

  type Mutation = (input: ActionInput<'register'>) => void;
  const cases: [string, Mutation, string, string][] = [
    ['terms not accepted', (i) => void (i.therapistInfo.termsAccepted = false), 'therapistInfo.termsAccepted', 'Du skal bekræfte handelsbetingelser og databehandleraftale'],
    ['first name empty', (i) => void (i.therapistInfo.nameFirst = '  '), 'therapistInfo.nameFirst', 'Fornavn er påkrævet'],
    ['last name missing', (i) => void delete (i.therapistInfo as Partial<typeof i.therapistInfo>).nameLast, 'therapistInfo.nameLast', 'Efternavn er påkrævet'],
    ['company name empty', (i) => void (i.companyInfo.companyName = ''), 'companyInfo.companyName', 'Firmanavn er påkrævet'],
    ['town empty', (i) => void (i.companyInfo.town = ''), 'companyInfo.town', 'By er påkrævet'],
    ['address empty', (i) => void (i.companyInfo.address = ''), 'companyInfo.address', 'Adresse er påkrævet'],
    ['phone too short', (i) => void (i.therapistInfo.phone = '1234567'), 'therapistInfo.phone', 'Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +'],
    ['phone with letters', (i) => void (i.therapistInfo.phone = '1234abcd9'), 'therapistInfo.phone', 'Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +'],
    ['company phone with dashes', (i) => void (i.companyInfo.phone = '12-34-56-78'), 'companyInfo.phone', 'Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +'],
    ['phone longer than 20', (i) => void (i.therapistInfo.phone = '1'.repeat(21)), 'therapistInfo.phone', 'Telefonnummer må højst være 20 tegn'],
    ['email invalid', (i) => void (i.therapistInfo.email = 'mette@'), 'therapistInfo.email', 'Ugyldigt e-mailadresseformat'],
    ['company email invalid', (i) => void (i.companyInfo.email = 'kontakt'), 'companyInfo.email', 'Ugyldigt e-mailadresseformat'],
    ['password too short', (i) => void ((i.therapistInfo.password = 'kort-kode'), (i.therapistInfo.confirmPassword = 'kort-kode')), 'therapistInfo.password', 'Adgangskoden skal være på mindst 10 tegn, så den er svær at gætte'],
    ['password common', (i) => void ((i.therapistInfo.password = 'Password1234'), (i.therapistInfo.confirmPassword = 'Password1234')), 'therapistInfo.password', 'Adgangskoden er en af de mest brugte og let at gætte. Vælg en anden.'],
    ['passwords differ', (i) => void (i.therapistInfo.confirmPassword = 'andet123'), 'therapistInfo.confirmPassword', 'Passwords er ikke ens'],
    ['CVR with letters', (i) => void (i.companyInfo.CVR = '12AB'), 'companyInfo.CVR', 'CVR skal være et heltal på højst 8 cifre'],
    ['CVR longer than 8', (i) => void (i.companyInfo.CVR = '123456789'), 'companyInfo.CVR', 'CVR skal være et heltal på højst 8 cifre'],
    ['post not a number', (i) => void (i.companyInfo.post = 'femtusind'), 'companyInfo.post', 'Postnummer skal være et heltal på højst 8 cifre'],
    ['post empty', (i) => void (i.companyInfo.post = ''), 'companyInfo.post', 'Postnummer er påkrævet'],
    ['name longer than 100', (i) => void (i.therapistInfo.nameFirst = 'x'.repeat(101)), 'therapistInfo.nameFirst', 'Fornavn må højst være 100 tegn'],
  ];

  it.each(cases)('refuses %s with the field message and writes nothing', async (_name, mutate, field, message) => {
    const email = uniqueEmail('afvist');
    const input = registration(email);
    mutate(input);
    const answer = await t.call('register', input);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[field]).toBe(message);
    expect(await t.models.Therapist.exists({ username: email })).toBeNull();
  });

  it('accepts CVR and post given as numbers and leaves CVR optional', async () => {
    const input = registration();
    (input.companyInfo as Record<string, unknown>).CVR = 87654321;
    (input.companyInfo as Record<string, unknown>).post = 800;
    expect((await t.call('register', input)).status).toBe(200);
    const withoutCvr = registration();
    delete withoutCvr.companyInfo.CVR;
    expect((await t.call('register', withoutCvr)).status).toBe(200);
  });

  it('refuses unknown fields, so nobody can register themselves a plan', async () => {
    const input = registration() as unknown as { companyInfo: Record<string, unknown> };
    input.companyInfo.planType = 'pro';
    const answer = await t.post({ action: 'register', ...input });
    expect(answer.status).toBe(400);
  });
});

describe('login and sessions', () => {
  it('answers a token and expiresIn in seconds; getTherapist then shows the company plan', async () => {
    const owner = await registerAndLogin(t);
    const login = await t.call('login', { username: owner.email.toUpperCase(), password: owner.password });
    expect(login.status).toBe(200);
    expect(login.body.expiresIn).toBe(3600);
    const me = await t.call('getTherapist', {}, login.body.token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      username: owner.email,
      isAdmin: true,
      company: { companyName: 'Fysio Ærø', planType: 'empty', status: 'empty', dineroConnected: false },
    });
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash|tokenVersion|argon2/);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const owner = await registerAndLogin(t);
    const wrong = await t.call('login', { username: owner.email, password: 'forkert123' });
    const unknown = await t.call('login', { username: uniqueEmail('ingen'), password: 'forkert123' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Forkert brugernavn eller adgangskode');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it("answers 'jwt must be provided', 'jwt malformed' and 'jwt expired' with 401", async () => {
    expect((await t.call('getTherapist', {})).body).toEqual({ message: 'jwt must be provided' });
    const malformed = await t.call('getTherapist', {}, 'not.a.jwt');
    expect(malformed.status).toBe(401);
    expect(malformed.body.message).toBe('jwt malformed');

    const owner = await registerAndLogin(t);
    const [head, payload] = owner.token.split('.');
    const forged = await t.call('getTherapist', {}, `${head}.${payload}.AAAA`);
    expect(forged.body.message).toBe('jwt malformed');

    const shortLived = await startTestApi({ tokenTtlSeconds: 1 });
    try {
      const other = await registerAndLogin(shortLived);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await shortLived.call('getTherapist', {}, other.token);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe('jwt expired');
    } finally {
      await shortLived.close();
    }
  });

  it('refuses a token that is not a string', async () => {
    const answer = await t.post({ action: 'getTherapist', token: { $gt: '' } });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('jwt malformed');
  });

  it('ends every session at logout', async () => {
    const owner = await registerAndLogin(t);
    const second = (await t.call('login', { username: owner.email, password: owner.password })).body.token;
    expect((await t.call('logout', {}, owner.token)).status).toBe(200);
    expect((await t.call('getTherapist', {}, owner.token)).body.message).toBe('jwt expired');
    expect((await t.call('getTherapist', {}, second)).body.message).toBe('jwt expired');
  });

  it('refuses a token that names another clinic than its therapist is in', async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const therapist = await t.models.Therapist.findById(owner.therapistId).setOptions({ crossTenant: 'the test reads the token version' }).lean();
    const claims = { subject: owner.therapistId, tokenVersion: therapist!.tokenVersion };
    const forged = t.api.services.tokens.sign('therapist', { ...claims, companyId: other.companyId }).token;
    const answer = await t.call('getTherapist', {}, forged);
    expect([answer.status, answer.body.message]).toEqual([401, 'jwt expired']);
    // The same claims with the therapist's own clinic are a valid session: only the company differs.
    const genuine = t.api.services.tokens.sign('therapist', { ...claims, companyId: owner.companyId }).token;
    expect((await t.call('getTherapist', {}, genuine)).status).toBe(200);
  });

  it('refuses sign-in to a deactivated therapist and to a disabled clinic, and ends their sessions', async () => {
    const { Therapist, Company } = t.models;
    const owner = await registerAndLogin(t);
    await Company.updateOne({ _id: owner.companyId }, { isDisabled: true });
    // A session-ending answer (the browser signs out on it), saying why.
    const next = await t.call('getTherapist', {}, owner.token);
    expect([next.status, next.body.message]).toEqual([401, 'Klinikken er deaktiveret. Kontakt support.']);
    const login = await t.call('login', { username: owner.email, password: owner.password });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe('Klinikken er deaktiveret. Kontakt support.');

    const other = await registerAndLogin(t);
    await Therapist.updateOne({ _id: other.therapistId }, { isActive: false, $inc: { tokenVersion: 1 } });
    expect((await t.call('getTherapist', {}, other.token)).body.message).toBe('jwt expired');
    expect((await t.call('login', { username: other.email, password: other.password })).status).toBe(403);
  });

  it('checkUsername tells whether an e-mail is free', async () => {
    const owner = await registerAndLogin(t);
    expect((await t.call('checkUsername', { name: owner.email.toUpperCase() })).body.data).toEqual({ available: false });
    expect((await t.call('checkUsername', { name: uniqueEmail('fri') })).body.data).toEqual({ available: true });
  });

  it("checkPassword verifies the caller's own password", async () => {
    const owner = await registerAndLogin(t);
    expect((await t.call('checkPassword', { password: owner.password }, owner.token)).body.data).toEqual({ verified: true });
    const wrong = await t.call('checkPassword', { password: 'forkert123' }, owner.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Forkert adgangskode');
    const empty = await t.call('checkPassword', { password: '' }, owner.token);
    expect(empty.body.message).toBe('Adgangskode er påkrævet');
  });
});

describe('setPassword', () => {
  it('changes the password, answers a fresh token and ends the old sessions', async () => {
    const owner = await registerAndLogin(t);
    const answer = await t.call('setPassword', { oldPassword: owner.password, newPassword: 'nytkodeord9' }, owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Nyt password gemt!');
    expect((await t.call('getTherapist', {}, owner.token)).body.message).toBe('jwt expired');
    expect((await t.call('getTherapist', {}, answer.body.token)).status).toBe(200);
    expect((await t.call('login', { username: owner.email, password: 'nytkodeord9' })).status).toBe(200);
    expect((await t.call('login', { username: owner.email, password: owner.password })).status).toBe(401);
  });

  it("refuses a wrong old password with 'Forkert oprindeligt password' and keeps the old one", async () => {
    const owner = await registerAndLogin(t);
    const answer = await t.call('setPassword', { oldPassword: 'forkert123', newPassword: 'nytkodeord9' }, owner.token);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Forkert oprindeligt password');
    expect((await t.call('login', { username: owner.email, password: owner.password })).status).toBe(200);
  });

  it('limits guesses of the old password, sharing the allowance with checkPassword', async () => {
    const owner = await registerAndLogin(t);
    t.clock.startFreshRateLimitWindows();
    const allowance = DEFAULT_RATE_LIMITS['checkPassword:account']!.points;
    const statuses = [(await t.call('checkPassword', { password: 'forkert-gæt-0' }, owner.token)).status];
    for (let attempt = 1; attempt < allowance; attempt++) {
      statuses.push((await t.call('setPassword', { oldPassword: `forkert-gæt-${attempt}`, newPassword: 'nytkodeord9' }, owner.token)).status);
    }
    expect(statuses).toEqual(Array<number>(allowance).fill(400));
    // Used up: even the right old password waits, and so does checkPassword.
    const blocked = await t.call('setPassword', { oldPassword: owner.password, newPassword: 'nytkodeord9' }, owner.token);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.call('checkPassword', { password: owner.password }, owner.token)).status).toBe(429);
    expect((await t.call('login', { username: owner.email, password: owner.password })).status).toBe(200);
  });

  it('refuses a short or common new password and an empty old one', async () => {
    const owner = await registerAndLogin(t);
    expect((await t.call('setPassword', { oldPassword: owner.password, newPassword: '123456789' }, owner.token)).body.message).toBe(
      'Adgangskoden skal være på mindst 10 tegn, så den er svær at gætte',
    );
    // On the list of common passwords, whatever the case.
    expect((await t.call('setPassword', { oldPassword: owner.password, newPassword: 'Password123' }, owner.token)).body.message).toBe(
      'Adgangskoden er en af de mest brugte og let at gætte. Vælg en anden.',
    );
    expect((await t.call('setPassword', { oldPassword: owner.password, newPassword: 'ADGANGSKODE123' }, owner.token)).status).toBe(400);
    // The old password still signs in: nothing changed.
    expect((await t.call('login', { username: owner.email, password: owner.password })).status).toBe(200);
    expect((await t.call('setPassword', { oldPassword: '', newPassword: 'nytkodeord9' }, owner.token)).body.message).toBe(
      'Alle felter skal udfyldes',
    );
  });
});

describe('adminCheck and teamLogin', () => {
  it('answers an adminToken for the administrator password and "Forkert login" otherwise', async () => {
    const good = await t.call('adminCheck', { username: 'admin', password: 'admin-test-password' });
    expect(good.status).toBe(200);
    expect(typeof good.body.adminToken).toBe('string');
    const bad = await t.call('adminCheck', { username: 'admin', password: 'gæt' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('Forkert login');
  });

  it('signs a team user in with a teamToken that only team actions accept', async () => {
    const { createTeamUser } = await import('../src/domain/accounts/team-users.js');
    await createTeamUser(t.models, 'support@klinik.test', 'supportkode1');
    const good = await t.call('teamLogin', { username: 'Support@klinik.test', password: 'supportkode1' });
    expect(good.status).toBe(200);
    expect(typeof good.body.teamToken).toBe('string');
    // A team token is no therapist token.
    expect((await t.call('getTherapist', {}, good.body.teamToken)).status).toBe(403);
    const bad = await t.call('teamLogin', { username: 'support@klinik.test', password: 'forkert' });
    expect(bad.status).toBe(401);
  });
});

describe('purchasedFreePlanSubscription', () => {
  it('starts the free trial once; the plan then reads freeTrial/active', async () => {
    const owner = await registerAndLogin(t);
    const answer = await t.call('purchasedFreePlanSubscription', {}, owner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ planType: 'freeTrial', status: 'active' });
    const me = await t.call('getTherapist', {}, owner.token);
    expect(me.body.data.company).toMatchObject({ planType: 'freeTrial', status: 'active' });
    const again = await t.call('purchasedFreePlanSubscription', {}, owner.token);
    expect(again.status).toBe(409);
  });

  it('reads an ended trial as expired and refuses to start it again', async () => {
    const owner = await registerAndLogin(t);
    await t.call('purchasedFreePlanSubscription', {}, owner.token);
    t.clock.advance(REGISTRATION_TRIAL_MS + 1000);
    try {
      const me = await t.call('getTherapist', {}, owner.token);
      expect(me.body.data.company.status).toBe('expired');
      const again = await t.call('purchasedFreePlanSubscription', {}, owner.token);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('Den gratis prøveperiode er udløbet. Vælg Pro for at fortsætte.');
    } finally {
      t.clock.advance(-(REGISTRATION_TRIAL_MS + 1000));
    }
  });

  it('is for the owner only', async () => {
    const owner = await registerAndLogin(t);
    await t.models.Therapist.updateOne({ _id: owner.therapistId }, { isAdmin: false });
    const answer = await t.call('purchasedFreePlanSubscription', {}, owner.token);
    expect(answer.status).toBe(403);
    const company = await t.models.Company.findById(owner.companyId).lean();
    expect(company!.planType).toBe('empty');
  });
});


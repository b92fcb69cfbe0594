/** The development outbox (no SMTP configured), its absence in production, and the demo clinic seed. */
import { createModels } from '../src/models/index.js';
import { DEMO, seedDemoClinic } from '../src/cli/seed.js';
import { registerAndLogin } from './support/fixtures.js';
import { startTestApi } from './support/test-api.js';

it('keeps mails in the development outbox and shows them at /dev/outbox, with their links', async () => {
  const t = await startTestApi({ smtpUrl: null });
  try {
    const owner = await registerAndLogin(t);
    expect((await t.call('resetPassword', { email: owner.email })).status).toBe(200);
    const stored = await t.models.OutboxMail.findOne({ to: owner.email }).lean();
    expect(stored?.subject).toBe('Nulstil din adgangskode');
    const page = await (await fetch(t.url.replace(/\/api$/, '/dev/outbox'))).text();
    expect(page).toContain('Nulstil din adgangskode');
    expect(page).toMatch(/<a href="http:\/\/localhost:3000\/reset_password\?token=[A-Za-z0-9_-]+">/);
  } finally {
    await t.close();
  }
});

it('serves no development routes in production', async () => {
  const t = await startTestApi({ production: true, devRoutes: true });
  try {
    expect((await fetch(t.url.replace(/\/api$/, '/dev/outbox'))).status).toBe(404);
    // The test-only clock cannot be moved in production, even if devRoutes were switched on by mistake.
    const clock = await fetch(t.url.replace(/\/api$/, '/dev/clock'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":86400000}' });
    expect(clock.status).toBe(404);
  } finally {
    await t.close();
  }
});

it('seeds the demo clinic once: owner, therapist, free trial, treatments; the logins work', async () => {
  const t = await startTestApi();
  try {
    await seedDemoClinic(createModels(t.models.Company.db));
    await seedDemoClinic(createModels(t.models.Company.db));
    const { models } = t;
    const owner = await models.Therapist.findOne({ username: DEMO.owner.email }).lean();
    expect(owner?.isAdmin).toBe(true);
    expect(await models.Therapist.countDocuments({ companyId: owner!.companyId })).toBe(2);
    expect(await models.Treatment.countDocuments({ companyId: owner!.companyId })).toBe(6);
    const company = await models.Company.findById(owner!.companyId).lean();
    expect(company).toMatchObject({ planType: 'freeTrial', status: 'active' });
    for (const account of [DEMO.owner, DEMO.therapist]) {
      const login = await t.call('login', { username: account.email, password: account.password });
      expect(login.status).toBe(200);
      const me = await t.call('getTherapist', {}, login.body.token);
      expect(me.body.data.company.companyName).toBe(DEMO.clinic);
    }
  } finally {
    await t.close();
  }
});

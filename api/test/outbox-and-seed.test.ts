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
    const stored = await t.models.OutboxMail.findOne({ to: owner.email, subject: 'Nulstil din adgangskode' }).lean();
    expect(stored?.subject).toBe('Nulstil din adgangskode');
    const page = await (await fetch(t.url.replace(/\/api$/, '/dev/outbox'))).text();
    expect(page).toContain('Nulstil din adgangskode');
    expect(page).toMatch(/<a href="http:\/\/localhost:3000\/reset_password\?token=[A-Za-z0-9_-]+">/);
  } finally {
    await t.close();
  }
});

it('serves no development routes in production, and no sandbox payments', async () => {
  // The sandbox payment provider refuses to start in production; without a provider, payments say so (503).
  await expect(startTestApi({ production: true, paymentsProvider: 'sandbox' })).rejects.toThrow(/refuses to start with NODE_ENV=production/);
  const t = await startTestApi({ production: true, devRoutes: true, paymentsProvider: 'none' });
  try {
    expect((await fetch(t.url.replace(/\/api$/, '/dev/outbox'))).status).toBe(404);
    expect((await fetch(t.url.replace(/\/api$/, '/sandbox/checkout/cs_1'))).status).toBe(404);
    expect((await fetch(t.url.replace(/\/api$/, '/dev/payments/fail-next-renewal'), { method: 'POST' })).status).toBe(404);
    const owner = await registerAndLogin(t);
    const pro = await t.call('purchasedProPlanSubscription', { idempotencyKey: 'a1b2c3d4e5f6a7b8c9d0' }, owner.token);
    expect(pro.status).toBe(503);
    expect(pro.body.message).toBe('Betalingen kunne ikke gennemføres lige nu. Prøv igen om lidt.');
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

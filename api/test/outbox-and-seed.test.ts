/** The development outbox (no SMTP configured), its absence in production, and the demo clinic seed. */
import { request } from 'node:http';
import { DAY_MS, startOfCopenhagenWeek } from '@klinik/core';
import { createModels } from '../src/models/index.js';
import { DEMO, DEMO_PRACTICE, seedDemoClinic } from '../src/cli/seed.js';
import { registerAndLogin } from './support/fixtures.js';
import { startTestApi } from './support/test-api.js';

it('keeps mails in the development outbox and shows them at /dev/outbox, with their links', async () => {
  const t = await startTestApi({ smtpUrl: null });
  try {
    const owner = await registerAndLogin(t);
    expect((await t.call('resetPassword', { email: owner.email })).status).toBe(200);
    // The reset mail goes out after the answer (its timing must not tell who has an account): wait for it.
    let stored = null;
    for (let tries = 0; !stored && tries < 200; tries++) {
      stored = await t.models.OutboxMail.findOne({ to: owner.email, subject: 'Nulstil din adgangskode' }).lean();
      if (!stored) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(stored?.subject).toBe('Nulstil din adgangskode');
    const page = await (await fetch(t.url.replace(/\/api$/, '/dev/outbox'))).text();
    expect(page).toContain('Nulstil din adgangskode');
    expect(page).toMatch(/<a href="http:\/\/localhost:3000\/reset_password\?token=[A-Za-z0-9_-]+">/);
  } finally {
    await t.close();
  }
});

/** A request with the `Host` header a browser would send for `host` (fetch does not let a caller set it). */
function withHost(url: string, host: string, method = 'GET', body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const outgoing = request(
      { hostname: target.hostname, port: target.port, path: target.pathname, method, headers: { host, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

it('answers the development routes only under this machine\'s own names, and moves the clock only forward', async () => {
  const t = await startTestApi({ smtpUrl: null });
  try {
    const dev = (route: string) => t.url.replace(/\/api$/, route);
    // A page that pointed its own name at 127.0.0.1 (DNS rebinding) sends that name: no outbox, no clock.
    for (const host of ['evil.example', 'evil.example:4000', 'localhost.evil.example', '127.0.0.1.nip.io', '10.0.0.5:4000']) {
      for (const route of ['/dev/outbox', '/dev/outbox.json', '/dev/meeting']) {
        const answer = await withHost(dev(route), host);
        expect({ host, route, status: answer.status }).toEqual({ host, route, status: 403 });
        expect(answer.text).not.toContain('reset_password');
      }
      expect((await withHost(dev('/dev/clock'), host, 'POST', '{"advanceMs":1000}')).status).toBe(403);
    }
    for (const host of ['localhost', 'localhost:4000', 'LOCALHOST:3000', '127.0.0.1:80', '[::1]:4000', '[::1]']) {
      expect({ host, status: (await withHost(dev('/dev/outbox.json'), host)).status }).toEqual({ host, status: 200 });
    }
    // The other routes do not care (the API is reached under its public name in production).
    expect((await withHost(dev('/health'), 'api.klinik.example')).status).toBe(200);

    const clock = (body: string) => withHost(dev('/dev/clock'), 'localhost', 'POST', body);
    const forward = await clock('{"advanceMs":1000}');
    expect(forward.status).toBe(200);
    expect(JSON.parse(forward.text)).toMatchObject({ offsetMs: 1000 });
    const back = await clock('{"advanceMs":-86400000}');
    expect(back.status).toBe(400);
    expect(JSON.parse(back.text)).toEqual({ message: 'advanceMs (et tal, 0 eller større) eller reset: true' });
    expect(JSON.parse((await clock('{"advanceMs":0}')).text)).toMatchObject({ offsetMs: 1000 });
    expect(JSON.parse((await clock('{"reset":true}')).text)).toMatchObject({ offsetMs: 0 });
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

it('seeds the demo clinic once: owner, therapist, free trial, treatments, an imported practice, journals, a course; the logins work', async () => {
  const t = await startTestApi();
  try {
    const now = t.clock.now();
    await seedDemoClinic(createModels(t.models.Company.db), now);
    const { models } = t;
    const owner = await models.Therapist.findOne({ username: DEMO.owner.email }).lean();
    const counts = async () =>
      Promise.all(
        ['Therapist', 'Treatment', 'Client', 'Booking', 'Invoice', 'Journal', 'Event', 'EventDate', 'EventDateClient'].map((name) => models[name as 'Client'].countDocuments({ companyId: owner!.companyId })),
      );
    const first = await counts();
    // A second run, on a later day, changes nothing.
    await seedDemoClinic(createModels(t.models.Company.db), now + 3 * 24 * 3_600_000);
    expect(await counts()).toEqual(first);
    expect(owner?.isAdmin).toBe(true);
    const [therapists, treatments, clients, bookings, invoices, journals, courses, courseDays, participants] = first;
    // Journals of the last three weeks' bookings, and a course on two days with six on each.
    expect(journals).toBeGreaterThan(10);
    expect({ courses, courseDays, participants }).toEqual({ courses: 1, courseDays: 2, participants: 12 });
    expect({ therapists, treatments }).toEqual({ therapists: 2, treatments: 6 + DEMO_PRACTICE.treatments });
    expect(clients).toBeGreaterThan(DEMO_PRACTICE.clients * 0.9);
    expect(bookings).toBe(DEMO_PRACTICE.bookings);
    expect(invoices).toBe(DEMO_PRACTICE.invoices);
    // A living calendar: bookings in the two weeks ahead, and history behind.
    const ahead = await models.Booking.countDocuments({ companyId: owner!.companyId, from: { $gte: now, $lt: now + 14 * 24 * 3_600_000 } });
    expect(ahead).toBeGreaterThan(20);
    expect(await models.Booking.countDocuments({ companyId: owner!.companyId, from: { $lt: now } })).toBeGreaterThan(300);
    const company = await models.Company.findById(owner!.companyId).lean();
    expect(company).toMatchObject({ planType: 'freeTrial', status: 'active' });
    // A demo booking not yet invoiced can be at once: nothing the invoice needs is missing, of the clinic or the client
    // (one in twelve of the imported practice's clients has no e-mail, as in a real one: one that has).
    const uninvoiced = await models.Booking.findOne({ companyId: owner!.companyId, from: { $lt: now }, treatmentId: { $ne: null }, invoiceId: null, email: { $nin: ['', null] } }).lean();
    const demo = await t.call('login', { username: DEMO.owner.email, password: DEMO.owner.password });
    const preview = await t.call('getInvoicePreview', { bookingId: String(uninvoiced!._id), settings: { type: true } }, demo.body.token);
    expect(preview.body.message).toBeUndefined();
    expect(preview.status).toBe(200);
    // Opening hours on weekdays: the demo's online booking offers times next week (clients book only inside them).
    const monday = startOfCopenhagenWeek(now + 7 * DAY_MS);
    const free = await t.call('clientGetAvailable', { therapistId: String(owner!._id), from: monday, to: monday + 7 * DAY_MS, duration: 30 * 60_000, pause: 0 });
    expect(free.status).toBe(200);
    expect(free.body.data.length).toBeGreaterThan(0);
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

/**
 * Calendar figures: getBookingsFromTherapist for one week with 50,000 bookings in the clinic, the time until
 * Chromium shows a week view holding 200 bookings, and /Kalender's "usable" times on a slow phone.
 */
/* global window, document, MutationObserver -- the waitForFunction callbacks and the init script run in the page */
import path from 'node:path';
import { Types } from 'mongoose';
import { startOfCopenhagenWeek } from '@klinik/core/time';
import { GOOD_LINE, pageLoad } from './bundles.mjs';
import { storedSession } from './lighthouse.mjs';
import { benchRegistration } from './stack-options.mjs';

const DAY = 24 * 3600_000;

/**
 * Writes `total` bookings for the clinic straight into the database (5 therapists, two years, 30 minutes each,
 * from 07:00), plus `weekCount` bookings in the week starting `week` for `therapistId`. Direct writes: this
 * measures reading, and claims do not take part in reads.
 */
export async function seedBookings(root, mongodbUri, { companyId, therapistId, total, week, weekCount }) {
  const { connectDatabase } = await import(path.join(root, 'api', 'dist', 'db', 'connect.js'));
  const { createModels } = await import(path.join(root, 'api', 'dist', 'models', 'index.js'));
  const conn = await connectDatabase(mongodbUri);
  const models = createModels(conn);
  const company = new Types.ObjectId(companyId);
  const owner = new Types.ObjectId(therapistId);
  const therapists = [owner, ...Array.from({ length: 4 }, () => new Types.ObjectId())];
  const client = new Types.ObjectId();
  const start = week - 365 * DAY;
  const make = (therapist, from, index) => ({
    companyId: company,
    therapistId: therapist,
    clientId: client,
    treatmentId: null,
    from,
    to: from + 30 * 60_000,
    bookingDate: new Date(from).toISOString().slice(0, 10),
    reason: '',
    treatmentName: 'Massage',
    email: 'bench@example.dk',
    nameFirst: 'Klient',
    nameLast: String(index),
    version: 0,
  });
  let batch = [];
  for (let index = 0; index < total; index++) {
    const therapist = therapists[index % therapists.length];
    const slot = Math.floor(index / therapists.length);
    const day = Math.floor(slot / 24);
    const from = start + day * DAY + 7 * 3600_000 + (slot % 24) * 30 * 60_000;
    batch.push(make(therapist, from, index));
    if (batch.length === 2000) {
      await models.Booking.insertMany(batch, { ordered: false, lean: true });
      batch = [];
    }
  }
  for (let index = 0; index < weekCount; index++) {
    const day = index % 7;
    const from = week + day * DAY + 5 * 3600_000 + Math.floor(index / 7) * 30 * 60_000;
    batch.push(make(owner, from, total + index));
  }
  await models.Booking.insertMany(batch, { ordered: false, lean: true });
  const count = await models.Booking.countDocuments({ companyId: company });
  await conn.close();
  return count;
}

/**
 * A clinic of its own on its free trial (the calendar is a paid feature) with `perDay` bookings a day in the current
 * week (Copenhagen time), signed in: the therapist, the session as the shell keeps it in localStorage, and a
 * Playwright storage state holding it for the shell's origin. `call` posts to the stack's API.
 */
export async function calendarClinic(root, stack, call, { email, perDay }) {
  await call(benchRegistration(email));
  const login = await call({ action: 'login', username: email, password: 'bench-kode' });
  await call({ action: 'purchasedFreePlanSubscription', token: login.token });
  const therapist = (await call({ action: 'getTherapist', token: login.token })).data;
  await seedBookings(root, stack.mongodbUri, { companyId: therapist.company.id, therapistId: therapist.id, week: startOfCopenhagenWeek(Date.now()), total: 0, weekCount: 7 * perDay });
  const session = storedSession(login, therapist);
  const storageState = { cookies: [], origins: [{ origin: new URL(stack.shellUrl).origin, localStorage: Object.entries(session).map(([name, value]) => ({ name, value })) }] };
  return { therapist, session, storageState };
}

/** Signs in in Chromium, opens /Kalender at `week`, and times until `expected` bookings are drawn. */
export async function weekRenderMs(chromium, executablePath, shellUrl, credentials, expected) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1100 }, timezoneId: 'Europe/Copenhagen' });
    await page.goto(shellUrl);
    await page.getByLabel(/^E-mail/).fill(credentials.email);
    await page.getByLabel(/^Adgangskode/).fill(credentials.password);
    await page.getByRole('button', { name: 'Log ind' }).click();
    await page.waitForURL(/Kalender/);
    await page.locator('.fc-timegrid').waitFor();
    // Warm: the modules are cached now; time paging to the next week and back, as a therapist pages. Each
    // step waits for its own answers, so no request queues behind another.
    const bookingsAnswer = () => page.waitForResponse((response) => response.url().endsWith('/api') && (response.request().postData() ?? '').includes('getBookingsFromTherapist'), { timeout: 120_000 });
    await page.waitForFunction((count) => document.querySelectorAll('.fc-event.klinik-booking').length >= count, expected, { timeout: 120_000 });
    const times = [];
    for (let round = 0; round < 3; round++) {
      const away = bookingsAnswer();
      await page.getByRole('button', { name: 'Næste' }).click();
      await away;
      await page.waitForLoadState('networkidle');
      const started = Date.now();
      const back = bookingsAnswer();
      await page.getByRole('button', { name: 'Forrige' }).click();
      await back;
      await page.waitForFunction((count) => document.querySelectorAll('.fc-event.klinik-booking').length >= count, expected, { timeout: 120_000 });
      times.push(Date.now() - started);
      await page.waitForLoadState('networkidle');
    }
    // The first visit, cold: a new context with the same session, every module and the data loaded anew.
    const context = await browser.newContext({ viewport: { width: 1400, height: 1100 }, timezoneId: 'Europe/Copenhagen', storageState: await page.context().storageState() });
    const cold = await context.newPage();
    const coldStart = Date.now();
    await cold.goto(`${shellUrl}/Kalender`);
    try {
      await cold.waitForFunction((count) => document.querySelectorAll('.fc-event.klinik-booking').length >= count, expected, { timeout: 120_000 });
    } catch (error) {
      await cold.screenshot({ path: '/tmp/klinik-bench-cold.png' });
      throw error;
    }
    const coldMs = Date.now() - coldStart;
    times.sort((a, b) => a - b);
    return { warmMedianMs: times[Math.floor(times.length / 2)], coldMs };
  } finally {
    await browser.close();
  }
}

/**
 * /Kalender "usable" on the slow phone of bundles.mjs's pageLoad (CPU 4× slower, a 4G-like line), signed in by
 * `storageState` (the session in localStorage): until the week grid shows `weekCount` bookings on a 1024 px screen
 * (the grid is the layout from 800 px up), and until a phone's day list (390 px) shows today's `dayCount`; each
 * cold and on a second visit. Then the week grid once more on a good line (GOOD_LINE), where what holds a page back
 * is the page's own waiting rather than the line (docs/decisions/0022-parts-on-demand-instead-of-react-lazy.md). A
 * load that never gets there is reported as its error, so the steps after it still run.
 */
export async function calendarUsable(chromium, executablePath, shellUrl, storageState, { weekCount, dayCount }) {
  const url = `${shellUrl}/Kalender`;
  const context = { timezoneId: 'Europe/Copenhagen', storageState };
  const wide = { ...context, viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 };
  const measure = (ready, options) => pageLoad(chromium, executablePath, url, ready, { phone: true, again: true, ...options }).catch((error) => ({ error: error.message }));
  const weekShown = (page) => page.locator('.fc-event.klinik-booking').nth(weekCount - 1);
  return {
    week: await measure(weekShown, { context: wide }),
    day: await measure((page) => page.getByRole('button', { name: /, Massage$/ }).nth(dayCount - 1), { context }),
    weekGoodLine: await measure(weekShown, { context: wide, line: GOOD_LINE }),
  };
}

/**
 * From a click on /Kalender to what it shows on screen, the first time (its code not yet loaded), on the page's own
 * clock, with the line and CPU not throttled, in `runs` new browsers; the median. `press(page)`: the element clicked;
 * `shown`: what appears ({ selector, text? }: the first element matching `selector`, with exactly `text` if given).
 * Both the calendar's 'Åbningstider' dialog and a move to another page took 320–330 ms while React held back what a
 * Suspense boundary waited for (docs/decisions/0022-parts-on-demand-instead-of-react-lazy.md).
 */
export async function firstShowingMs(chromium, executablePath, shellUrl, storageState, { press, shown, runs = 3 }) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const page = await browser.newPage({ storageState, viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Copenhagen' });
      await page.addInitScript((target) => {
        const marks = {};
        Object.assign(window, { __klinikShowing: marks });
        const there = () => [...document.querySelectorAll(target.selector)].some((element) => target.text === undefined || element.textContent === target.text);
        document.addEventListener('click', () => (marks.clicked ??= performance.now()), true);
        new MutationObserver(() => {
          if (marks.clicked !== undefined && marks.shown === undefined && there()) marks.shown = performance.now();
        }).observe(document, { childList: true, subtree: true, characterData: true });
      }, shown);
      await page.goto(`${shellUrl}/Kalender`);
      await page.locator('.fc-timegrid').waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      await press(page).click();
      await page.waitForFunction(() => window.__klinikShowing.shown !== undefined, undefined, { timeout: 120_000 });
      const marks = await page.evaluate(() => window.__klinikShowing);
      times.push(Math.round(marks.shown - marks.clicked));
    } finally {
      await browser.close();
    }
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

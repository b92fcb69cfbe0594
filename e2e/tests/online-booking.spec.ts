/**
 * The public online booking: on a phone, a new client books a treatment through the standalone page
 * for iframes, never sees today's times, and gets the confirmation mail; the booking is in the therapist's
 * calendar. An existing client books with the details the clinic has in the shell's /OnlineBooking. A client joins
 * a full course and is told they are on the waiting list. The clinic turns its form off and on under /Onlinereservation.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { copenhagenDateKey } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { nextMonday } from '../support/calendar';
import { api, expectToast, logIn, registerClinic, uniqueEmail, waitForMail, PASSWORD } from '../support/helpers';
import { E2E_PORTS } from '../support/ports';

const DAY = 24 * 3600_000;
const MAIL_TEXT = 'Husk at komme 5 minutter før. Afbud senest dagen før.';
const embedUrl = (therapistId: string) => `http://localhost:${E2E_PORTS.mf_booking}/embed/index.html?therapistId=${therapistId}`;

interface Clinic {
  email: string;
  token: string;
  therapistId: string;
  treatmentId: string;
}

/**
 * A clinic on the free trial with a 45-minute massage, open every day 08:00–16:00 this week and the next two (or,
 * with `openFrom`, from that day on).
 */
async function bookableClinic(openFrom = copenhagenDateKey(Date.now())): Promise<Clinic> {
  const email = uniqueEmail('online');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const me = await api<{ data: { id: string } }>('getTherapist', { token });
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60 });
  expect(treatment.status).toBe(200);
  const opening = await api('addWeeklyOpeningHours', {
    token,
    pattern: { weekdays: [1, 2, 3, 4, 5, 6, 7], everyWeeks: 1, startDate: openFrom, occurrences: 3, times: [{ start: '08:00', end: '16:00' }] },
  });
  expect(opening.status).toBe(200);
  return { email, token, therapistId: me.body.data.id, treatmentId: treatment.body.data.id };
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' });
  return context.newPage();
}

/** Steps 0–2 for a new client. */
async function newClientDetails(page: Page, client: { nameFirst: string; email: string; last4: string }, kind: 'Behandling' | 'Kursus') {
  await page.getByRole('button', { name: kind }).click();
  await page.getByRole('button', { name: 'Ny klient' }).click();
  // Nothing filled in: every rule of spec 1 §5 answers with its message, and nothing is sent.
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.getByText('Invalid email adresse')).toBeVisible();
  await expect(page.getByText('Fødselsdag skal være 6 cifre.')).toBeVisible();
  await expect(page.getByText('Telefonnummer skal være mindst 8 cifre og må ikke indeholde specialtegn udover +')).toBeVisible();
  await page.getByLabel('Fornavn').fill(client.nameFirst);
  await page.getByLabel('Efternavn').fill('Sørensen');
  // The birth-date field keeps digits only.
  await page.getByLabel('Fødselsdag (ddmmåå)').fill('12-03-88');
  await expect(page.getByLabel('Fødselsdag (ddmmåå)')).toHaveValue('120388');
  await page.getByLabel('Sidste 4 cifre i CPR').fill(`${client.last4.slice(0, 2)} ${client.last4.slice(2)}`);
  await expect(page.getByLabel('Sidste 4 cifre i CPR')).toHaveValue(client.last4);
  await page.getByLabel('E-mail').fill(client.email);
  await page.getByLabel('Telefon').fill('+45 20 30 40 50');
  if (kind === 'Behandling') await page.getByLabel('Årsag til henvendelse').fill('Ondt i lænden');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Næste' }).click();
}

test('phone, standalone page: a new client books a treatment, never today, and gets the mail; the therapist sees it', async ({ browser, page: desktop }) => {
  test.setTimeout(150_000);
  const clinic = await bookableClinic();
  expect((await api('setOnlineBookingSettings', { token: clinic.token, bookingMail: true, bookingMailText: MAIL_TEXT })).status).toBe(200);
  const clientEmail = uniqueEmail('klient');

  const page = await phone(browser);
  await page.goto(embedUrl(clinic.therapistId));
  await expect(page.getByText('Klinik Holm · Ida Holm')).toBeVisible();
  await newClientDetails(page, { nameFirst: 'Signe', email: clientEmail, last4: '1234' }, 'Behandling');
  await page.getByRole('radio', { name: /Massage/ }).click();

  // Step 4, this week: today is open 08:00–16:00 but never offered.
  await expect(page.getByRole('heading', { name: 'Vælg tid' })).toBeVisible();
  await expect(page.getByText('Indlæser…')).toHaveCount(0);
  const todayTitle = await page.evaluate(() =>
    new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' }).format(Date.now()),
  );
  await expect(page.getByRole('heading', { name: todayTitle, exact: true })).toHaveCount(0);
  const thisWeekDays = await page.locator('.kb-day h3').allTextContents();
  expect(thisWeekDays).not.toContain(todayTitle);

  // Next week: Monday's first free time.
  await page.getByRole('button', { name: 'Næste uge' }).click();
  const monday = nextMonday();
  const mondayTitle = await page.evaluate(
    (at) => new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' }).format(at),
    monday + 12 * 3600_000,
  );
  const mondayTimes = page.getByRole('group', { name: mondayTitle });
  await expect(mondayTimes.getByRole('button', { name: '08:00' })).toBeVisible();
  await mondayTimes.getByRole('button', { name: '09:00' }).click();
  await expect(page.getByText(`Valgt: ${mondayTitle} kl. 09:00`)).toBeVisible();
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText('Din booking er nu oprettet.')).toBeVisible();

  const mail = await waitForMail(clientEmail);
  expect(mail.subject).toBe('Bekræftelse af din booking hos Klinik Holm');
  expect(mail.text).toContain(MAIL_TEXT);
  expect(mail.text).toContain('kl. 09:00');

  // 'Ny booking' starts again from step 0 with nothing kept.
  await page.getByRole('button', { name: 'Ny booking' }).click();
  await expect(page.getByRole('button', { name: 'Behandling' })).toBeVisible();

  // The therapist's calendar, next week: the booking, yellow (created).
  await desktop.setViewportSize({ width: 1400, height: 1000 });
  await logIn(desktop, clinic.email);
  await expect(desktop).toHaveURL(/\/Kalender$/);
  await expect(desktop.locator('.fc-timegrid')).toBeVisible();
  await desktop.getByRole('button', { name: 'Næste' }).click();
  const event = desktop.locator('.fc-event', { hasText: 'Signe Sørensen' });
  await expect(event).toBeVisible();
  await expect(event).toHaveClass(/klinik-booking-created/);
  await expect(desktop.locator(`.fc-timegrid-col[data-date="${copenhagenDateKey(monday + 12 * 3600_000)}"]`).locator('.fc-event', { hasText: 'Signe Sørensen' })).toBeVisible();
  await page.context().close();
});

test("phone, standalone page: treatments that cannot be loaded say so with 'Prøv igen', not that there are none", async ({ browser }) => {
  const clinic = await bookableClinic();
  const page = await phone(browser);
  // The API does not answer the treatments, as the browser sees it, until the client tries again.
  let failing = true;
  await page.route('**/api', (route) => {
    const action = (route.request().postDataJSON() as { action?: string } | null)?.action;
    return failing && action === 'clientGetTreatmentsFromTherapist' ? route.abort('connectionrefused') : route.continue();
  });
  await page.goto(embedUrl(clinic.therapistId));
  await newClientDetails(page, { nameFirst: 'Signe', email: uniqueEmail('klient'), last4: '1234' }, 'Behandling');
  await expect(page.getByRole('heading', { name: 'Vælg behandling' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prøv igen' })).toBeVisible();
  await expect(page.getByText('Der er ingen behandlinger, du kan booke online.', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  failing = false;
  await page.getByRole('button', { name: 'Prøv igen' }).click();
  await expect(page.getByRole('radio', { name: /Massage/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prøv igen' })).toHaveCount(0);
  await page.context().close();
});

test("phone, standalone page: a week without a free time says so and leads on to the week after", async ({ browser }) => {
  const monday = nextMonday();
  const clinic = await bookableClinic(copenhagenDateKey(monday + 12 * 3600_000));
  const page = await phone(browser);
  await page.goto(embedUrl(clinic.therapistId));
  await newClientDetails(page, { nameFirst: 'Signe', email: uniqueEmail('klient'), last4: '1234' }, 'Behandling');
  await page.getByRole('radio', { name: /Massage/ }).click();
  // This week: the clinic opens next Monday.
  await expect(page.getByText('Ingen ledige tider denne uge.')).toBeVisible();
  await page.getByRole('button', { name: 'Se ugen efter' }).click();
  const mondayTitle = await page.evaluate(
    (at) => new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' }).format(at),
    monday + 12 * 3600_000,
  );
  await expect(page.getByRole('group', { name: mondayTitle }).getByRole('button', { name: '08:00' })).toBeVisible();
  await expect(page.getByText('Ingen ledige tider denne uge.')).toHaveCount(0);
  await page.context().close();
});

test('an existing client books with the details the clinic has, without the page ever saying who is a client, in /OnlineBooking', async ({ page }) => {
  test.setTimeout(120_000);
  const clinic = await bookableClinic();
  // The client's first booking, made online through the API.
  const week = { from: nextMonday(), to: nextMonday() + 7 * DAY };
  const free = await api<{ data: number[] }>('clientGetAvailable', { therapistId: clinic.therapistId, ...week, duration: 45 * 60_000, pause: 15 * 60_000 });
  const karen = { nameFirst: 'Karen', nameLast: 'Bech', CPR6Digit: '010170', CPRLast4Digit: '4321', email: uniqueEmail('karen'), phonePrivate: '20304050' };
  const first = await api('clientAddBooking', {
    therapistId: clinic.therapistId,
    treatmentId: clinic.treatmentId,
    from: free.body.data[0],
    reason: 'Skulder',
    consent: true,
    client: karen,
  });
  expect(first.status).toBe(200);

  await page.setViewportSize({ width: 1200, height: 1000 });
  await page.goto(`/OnlineBooking?therapistId=${clinic.therapistId}`);
  await page.getByRole('button', { name: 'Behandling' }).click();
  await page.getByRole('button', { name: 'Eksisterende klient' }).click();
  // The same details as a new client, typed as the clinic has them; nothing on the page says whether Karen is known.
  await expect(page.getByText('Skriv dit navn, CPR-nummer og din e-mail, som klinikken kender dem.', { exact: false })).toBeVisible();
  await page.getByLabel('Fornavn').fill('karen');
  await page.getByLabel('Efternavn').fill('Bech');
  await page.getByLabel('Fødselsdag (ddmmåå)').fill(karen.CPR6Digit);
  await page.getByLabel('Sidste 4 cifre i CPR').fill(karen.CPRLast4Digit);
  await page.getByLabel('E-mail').fill(karen.email.toUpperCase());
  await page.getByLabel('Telefon').fill(karen.phonePrivate);
  await page.getByLabel('Årsag til henvendelse').fill('Opfølgning');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Næste' }).click();
  await page.getByRole('radio', { name: /Massage/ }).click();
  await page.getByRole('button', { name: 'Næste uge' }).click();
  // Next week's Monday by its name: times still shown from this week (or an answer for it arriving late) would
  // not match, so the click below cannot land on a time of the week just left.
  const mondayTitle = await page.evaluate(
    (ms) => new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' }).format(ms),
    nextMonday(),
  );
  const monday = page.getByRole('group', { name: mondayTitle, exact: true });
  await expect(monday).toBeVisible();
  await monday.locator('.kb-time').nth(3).click();
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText('Din booking er nu oprettet.')).toBeVisible();

  const bookings = await api<{ data: { nameFirst: string; firstBooking: boolean }[] }>('getBookingsFromTherapist', { token: clinic.token, ...week });
  expect(bookings.body.data.filter((booking) => booking.nameFirst === 'Karen')).toHaveLength(2);
  // No second client record: name and e-mail matched the record, so the booking went on it.
  const clients = await api<{ data: { nameFirst: string }[] }>('getClientsFromTherapistCompany', { token: clinic.token, search: 'Karen' });
  expect(clients.body.data).toHaveLength(1);
});

test('phone: a full course puts the client on the waiting list; the course day is red in the calendar with its card', async ({ browser, page: desktop }) => {
  test.setTimeout(120_000);
  const clinic = await bookableClinic();
  const course = await api<{ data: { id: string } }>('addEvent', { token: clinic.token, title: 'Gravidyoga', description: '<p>Blid <strong>yoga</strong> for gravide.</p>', limit: 1, min: 1 });
  expect(course.status).toBe(200);
  const tuesday = nextMonday() + DAY + 17 * 3600_000;
  const dates = await api<{ data: { id: string }[] }>('addEventDates', { token: clinic.token, eventId: course.body.data.id, dates: [{ from: tuesday, to: tuesday + 3600_000, latestDays: 1 }] });
  expect(dates.status).toBe(200);
  // The only seat goes to someone else first.
  const taken = await api('clientAddEventDateClients', {
    therapistId: clinic.therapistId,
    eventDateIds: [dates.body.data[0]!.id],
    consent: true,
    client: { nameFirst: 'Mette', nameLast: 'Lund', CPR6Digit: '020290', CPRLast4Digit: '1111', email: uniqueEmail('mette'), phonePrivate: '20304051' },
  });
  expect(taken.status).toBe(200);

  const page = await phone(browser);
  await page.goto(embedUrl(clinic.therapistId));
  await newClientDetails(page, { nameFirst: 'Lotte', email: uniqueEmail('lotte'), last4: '5678' }, 'Kursus');
  await expect(page.getByText('Blid yoga for gravide.')).toBeVisible();
  await page.getByRole('radio', { name: /Gravidyoga/ }).click();
  await expect(page.getByText(/Fuldt – venteliste/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book' })).toBeDisabled();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Kom på ventelisten' }).click();
  await expect(page.getByText('Din booking er nu oprettet.')).toBeVisible();
  await expect(page.getByText('Du er skrevet på ventelisten. Klinikken kontakter dig, hvis der bliver en plads.')).toBeVisible();

  const participants = await api<{ data: { nameFirst: string; isWaiting: boolean }[] }>('getEventDateClientsFromTherapist', { token: clinic.token, eventDateId: dates.body.data[0]!.id });
  expect(participants.body.data.map(({ nameFirst, isWaiting }) => ({ nameFirst, isWaiting }))).toEqual(
    expect.arrayContaining([
      { nameFirst: 'Mette', isWaiting: false },
      { nameFirst: 'Lotte', isWaiting: true },
    ]),
  );
  await page.context().close();

  // The therapist's calendar: the course day in red; its card shows the description, participants and waiting list.
  await desktop.setViewportSize({ width: 1400, height: 1000 });
  await logIn(desktop, clinic.email);
  await expect(desktop.locator('.fc-timegrid')).toBeVisible();
  await desktop.getByRole('button', { name: 'Næste' }).click();
  const courseEvent = desktop.locator('.fc-event.klinik-course', { hasText: 'Gravidyoga' });
  await expect(courseEvent).toBeVisible();
  await expect(courseEvent).toHaveCSS('background-color', 'rgb(209, 52, 56)');
  await courseEvent.click();
  const card = desktop.getByRole('dialog', { name: 'Gravidyoga' });
  await expect(card.getByText('Blid yoga for gravide.')).toBeVisible();
  await expect(card.getByText('1 af 1 optaget')).toBeVisible();
  await expect(card.getByText('Deltagere (1)')).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Mette Lund' })).toBeVisible();
  await expect(card.getByText('Venteliste (1)')).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: 'Lotte Sørensen' })).toBeVisible();
  await card.getByRole('button', { name: 'Luk' }).click();
  await expect(card).toBeHidden();
});

test('/Onlinereservation: the link and iframe tag, the form switched off and on, the confirmation mail text', async ({ page, context }) => {
  test.setTimeout(120_000);
  const clinic = await bookableClinic();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'http://localhost:3100' });
  await page.setViewportSize({ width: 1280, height: 1000 });
  await logIn(page, clinic.email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Onlinereservation');
  await expect(page.getByRole('heading', { name: 'Onlinereservation' })).toBeVisible();

  const link = page.getByRole('textbox', { name: 'Link til din bookingside' });
  await expect(link).toHaveValue(`http://localhost:3100/OnlineBooking?therapistId=${clinic.therapistId}`);
  await expect(page.getByRole('textbox', { name: 'Kode til din hjemmeside' })).toHaveValue(new RegExp(`<iframe src="${embedUrl(clinic.therapistId).replace(/[.?]/g, '\\$&')}"`));
  await page.getByRole('button', { name: 'Kopiér: Link til din bookingside' }).click();
  await expect(page.getByRole('button', { name: 'Kopiér: Link til din bookingside' })).toHaveText('Kopieret!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`http://localhost:3100/OnlineBooking?therapistId=${clinic.therapistId}`);

  // Off: the public page says so and nothing can be booked.
  await page.getByRole('switch', { name: 'Bookingformularen er åben for klienter' }).click();
  await expectToast(page, 'Indstillingerne er gemt');
  // The toast is at the top, centred: not over the page's button or the header's account button, as it was at the
  // top right (where a click once landed on a toast instead).
  for (const button of [page.getByRole('button', { name: 'Gå til kalenderen' }), page.getByRole('button', { name: /^Konto:/ })]) {
    const box = (await button.boundingBox())!;
    const overlaps = await page.locator('.fui-Toast').evaluateAll(
      (toasts, b) => toasts.some((toast) => { const r = toast.getBoundingClientRect(); return r.left < b.x + b.width && r.right > b.x && r.top < b.y + b.height && r.bottom > b.y; }),
      box,
    );
    expect(overlaps).toBe(false);
  }
  await expect(page.getByRole('switch', { name: 'Bookingformularen er åben for klienter' })).not.toBeChecked();
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(embedUrl(clinic.therapistId));
  await expect(visitor.getByText('Bookingformular er deaktiveret')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Behandling' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Bookingformularen er åben for klienter' }).click();
  await expect(page.getByRole('switch', { name: 'Bookingformularen er åben for klienter' })).toBeChecked();
  await visitor.reload();
  await expect(visitor.getByRole('button', { name: 'Behandling' })).toBeVisible();
  await visitor.close();

  // The confirmation mail tab.
  await page.getByRole('tab', { name: 'Bekræftelsesmail' }).click();
  await page.getByRole('switch', { name: 'Send bekræftelsesmail til klienten ved online booking' }).click();
  await page.getByLabel('Din tekst i mailen').fill(MAIL_TEXT);
  await page.getByRole('button', { name: 'Gem' }).click();
  // 'Gem' is disabled while saving as well ('Gemmer…'), so wait for the server to have it.
  await expect
    .poll(async () => (await api<{ data: { bookingMail: boolean; bookingMailText: string } }>('getOnlineBookingSettings', { token: clinic.token })).body.data)
    .toMatchObject({ bookingMail: true, bookingMailText: MAIL_TEXT });
  await expect(page.getByRole('button', { name: 'Gem', exact: true })).toBeDisabled();

  await page.getByRole('button', { name: 'Gå til kalenderen' }).click();
  await expect(page).toHaveURL(/\/Kalender$/);
});

test("the booking page works framed in a clinic's own website; the app itself may not be framed", async ({ page }) => {
  const clinic = await bookableClinic();
  // The clinic's website, on an origin of its own, with the iframe tag /Onlinereservation hands out. A real server
  // (not a routed answer): Chromium lets only a local page frame a local one.
  const website = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><h1>Fysio Holm</h1><iframe id="booking" src="${embedUrl(clinic.therapistId)}" style="width:100%;height:700px"></iframe>`);
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', () => resolve()));
  try {
    await page.goto(`http://127.0.0.1:${(website.address() as AddressInfo).port}/`);
    await expect(page.frameLocator('#booking').getByRole('button', { name: 'Behandling' })).toBeVisible();
  } finally {
    website.closeAllConnections();
    website.close();
  }

  // The shell's documents: a strict policy, never framed; the booking page's own policy lets any site frame it.
  const shell = await fetch(`http://localhost:${E2E_PORTS.shell}/Kalender`);
  expect(shell.headers.get('x-frame-options')).toBe('DENY');
  expect(shell.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  expect(shell.headers.get('content-security-policy')).toMatch(/script-src 'self' [^;]*localhost/);
  expect(shell.headers.get('content-security-policy')).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  const embed = await fetch(embedUrl(clinic.therapistId));
  expect(embed.headers.get('content-security-policy')).toMatch(/frame-ancestors \*/);
  expect(embed.headers.get('x-frame-options')).toBeNull();
});

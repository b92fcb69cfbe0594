/**
 * 'Mine tider', the clients' own page, through the real mail: a client books on the public page and gets the
 * confirmation with its calendar file; from the page's 'Mine tider' they ask for a link, open it from the mail, move
 * the booking (the therapist's calendar has the new time, the calendar file's update is mailed) and cancel it. With
 * the clinic's notice at a week, a booking made again from the page for tomorrow offers only the clinic's phone and
 * the server refuses to cancel it; 'Hent mine data' downloads a JSON file holding it.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download, Page } from '@playwright/test';
import * as mupdf from 'mupdf';
import { portalMessages } from '@klinik/core/messages';
import { copenhagenDateKey, formatCopenhagenTime, startOfCopenhagenWeek } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail, type Mail } from '../support/helpers';

const DAY = 24 * 3600_000;
const dayTitle = (at: number) => new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' }).format(at);
const attachments = (mail: Mail) => (mail as Mail & { attachments: string[] }).attachments;

/** What axe (WCAG 2.1 A and AA) finds on the page, as the accessibility journey judges it. */
async function axe(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().exclude('[data-tabster-dummy]').analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('a client moves and cancels their booking from the mailed link; inside the notice only the phone; their data holds the booking', async ({ page: bookingPage, browser, baseURL }) => {
  test.setTimeout(180_000);
  let page = bookingPage;
  // A clinic on the free trial with a 45-minute massage, open every day 08:00–16:00 for three weeks from today.
  const email = uniqueEmail('portal');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const therapistId = (await api<{ data: { id: string } }>('getTherapist', { token })).body.data.id;
  expect((await api('addTreatment', { token, name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60 })).status).toBe(200);
  const today = copenhagenDateKey(Date.now());
  expect(
    (await api('addWeeklyOpeningHours', { token, pattern: { weekdays: [1, 2, 3, 4, 5, 6, 7], everyWeeks: 1, startDate: today, occurrences: 3, times: [{ start: '08:00', end: '16:00' }] } })).status,
  ).toBe(200);
  expect((await api('setOnlineBookingSettings', { token, bookingMail: true })).status).toBe(200);
  const client = { nameFirst: 'Signe', nameLast: 'Sørensen', CPR6Digit: '120388', CPRLast4Digit: '1234', email: uniqueEmail('signe'), phonePrivate: '20304050' };
  // Next week's Wednesday: outside the clinic's default notice (24 hours) whatever day it is today.
  const monday = nextMonday();
  const wednesday = dayKey(monday, 2);
  const wednesdayTitle = dayTitle(at(wednesday, 12));

  // On a phone, the public booking page: next Wednesday at 09:00.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/OnlineBooking?therapistId=${therapistId}`);
  await page.getByRole('button', { name: 'Behandling' }).click();
  await page.getByRole('button', { name: 'Ny klient' }).click();
  await page.getByLabel('Fornavn').fill(client.nameFirst);
  await page.getByLabel('Efternavn').fill(client.nameLast);
  await page.getByLabel('Fødselsdag (ddmmåå)').fill(client.CPR6Digit);
  await page.getByLabel('Sidste 4 cifre i CPR').fill(client.CPRLast4Digit);
  await page.getByLabel('E-mail').fill(client.email);
  await page.getByLabel('Telefon').fill(client.phonePrivate);
  await page.getByLabel('Årsag til henvendelse').fill('Ondt i lænden');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Næste' }).click();
  await page.getByRole('radio', { name: /Massage/ }).click();
  await page.getByRole('button', { name: 'Næste uge' }).click();
  await page.getByRole('group', { name: wednesdayTitle, exact: true }).getByRole('button', { name: '09:00' }).click();
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText('Din booking er nu oprettet.')).toBeVisible();
  const confirmation = await waitForMail(client.email, 15_000, 'Bekræftelse af din booking hos Klinik Holm');
  expect(confirmation.text).toContain('kl. 09:00');
  expect(attachments(confirmation).some((name) => name.endsWith('.ics'))).toBe(true);

  // 'Mine tider' from the booking page: the same answer for any address, and a link in the mail.
  await page.getByRole('link', { name: 'Mine tider' }).click();
  await expect(page).toHaveURL(new RegExp(`/MineTider\\?therapistId=${therapistId}$`));
  await expect(page.getByRole('heading', { name: 'Mine tider', level: 1 })).toBeVisible();
  // Opened cold, the first paint is MineTider.html's own (prerendered), and the app takes it over only at the first
  // interaction; the address typed there is the one the real form sends.
  await expect(page.locator('#root[data-prerendered] .portal-cold')).toBeVisible();
  expect(await axe(page), 'axe on the prerendered sign-in form').toEqual([]);
  await page.getByRole('textbox', { name: /E-mail/ }).fill(client.email);
  await expect(page.locator('.portal-cold')).toHaveCount(0);
  expect(await axe(page), 'axe on the sign-in form').toEqual([]);
  await page.getByRole('button', { name: 'Send mig et link' }).click();
  await expect(page.getByText(portalMessages.linkSent)).toBeVisible();
  const linkMail = await waitForMail(client.email, 15_000, 'Dit link til Mine tider hos Klinik Holm');
  const link = /https?:\/\/\S+\/MineTider\?therapistId=[0-9a-f]{24}#link=[A-Za-z0-9_-]+/.exec(linkMail.text)?.[0];
  expect(link, linkMail.text).toBeTruthy();
  // The mail's link opens in a tab of its own, as from a mail program.
  page = await page.context().newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link!);
  const booking = page.getByRole('listitem').filter({ hasText: 'Massage hos Ida Holm' });
  await expect(booking).toContainText('kl. 09:00–09:45');
  // The link's token is out of the address; the session is the tab's only.
  expect(new URL(page.url()).hash).toBe('');
  const portalToken = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('klinik:portal') ?? '{}') as { portalToken?: string }).portalToken ?? '');
  expect(portalToken).not.toBe('');
  expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.includes('portal')))).toBe(false);
  expect(await axe(page), 'axe on the signed-in page').toEqual([]);

  // 'Flyt' to 11:00 the same day: the therapist's calendar has it, and the client gets the calendar file's update.
  await booking.getByRole('button', { name: /^Flyt/ }).click();
  const move = page.getByRole('dialog', { name: 'Flyt din tid' });
  await move.getByRole('button', { name: 'Næste uge' }).click();
  await move.getByRole('group', { name: wednesdayTitle, exact: true }).getByRole('button', { name: '11:00' }).click();
  await move.getByRole('button', { name: 'Flyt tiden' }).click();
  await expect(page.getByText(portalMessages.bookingMoved)).toBeVisible();
  await expect(booking).toContainText('kl. 11:00–11:45');
  const week = { from: monday, to: monday + 7 * DAY };
  const calendar = await api<{ data: { nameFirst: string; from: number }[] }>('getBookingsFromTherapist', { token, ...week });
  expect(calendar.body.data.filter((entry) => entry.nameFirst === 'Signe').map((entry) => entry.from)).toEqual([at(wednesday, 11)]);
  const moved = await waitForMail(client.email, 15_000, 'Din tid hos Klinik Holm er flyttet');
  expect(attachments(moved).some((name) => name.endsWith('.ics'))).toBe(true);

  // 'Aflys' asks first, then the time is free again.
  await booking.getByRole('button', { name: /^Aflys/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, aflys' }).click();
  await expect(page.getByText(portalMessages.bookingCancelled)).toBeVisible();
  await expect(page.getByText('Du har ingen kommende tider')).toBeVisible();
  // The question is gone and nothing of the page is left hidden from assistive technology behind it.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book ny tid' })).toBeVisible();
  const after = await api<{ data: { nameFirst: string }[] }>('getBookingsFromTherapist', { token, ...week });
  expect(after.body.data.filter((entry) => entry.nameFirst === 'Signe')).toEqual([]);
  await waitForMail(client.email, 15_000, 'Din tid hos Klinik Holm er aflyst');

  // The therapist sets the notice to a week on /Onlinereservation; a booking tomorrow is then inside it.
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' });
  const staff = await staffContext.newPage();
  await logIn(staff, email);
  await expect(staff).toHaveURL(/\/Kalender$/);
  await staff.goto('/Onlinereservation');
  await expect(staff.getByRole('switch', { name: 'Send mig en mail, når en klient aflyser eller flytter' })).toBeChecked();
  // The clinic's journal rule is the owner's: this therapist owns the clinic.
  await expect(staff.getByRole('radio', { name: 'Efter anmodning' })).toBeChecked();
  await staff.getByRole('spinbutton', { name: 'Afbud og flytning senest (timer før tiden)' }).fill('168');
  await staff.getByRole('button', { name: 'Gem', exact: true }).click();
  await expectToast(staff, 'Indstillingerne er gemt');
  expect((await api<{ data: { cancelNoticeHours: number } }>('getOnlineBookingSettings', { token })).body.data.cancelNoticeHours).toBe(168);
  await staffContext.close();
  // Back to the client's tab (a page in the background gets no animation frames, so nothing there would settle).
  await page.bringToFront();
  const free = await api<{ data: number[] }>('clientGetAvailable', { therapistId, from: Date.now(), to: Date.now() + 7 * DAY, duration: 45 * 60_000, pause: 15 * 60_000 });
  const soon = free.body.data[0]!;
  expect(soon).toBeLessThan(Date.now() + 168 * 3600_000);
  // Booked again from 'Mine tider', nothing about the client typed.
  await page.getByRole('button', { name: 'Book ny tid' }).click();
  const book = page.getByRole('dialog', { name: 'Book ny tid' });
  await book.getByRole('radio', { name: /^Massage/ }).check();
  await book.getByLabel(/^Årsag til henvendelse/).fill('Opfølgning');
  if (soon >= startOfCopenhagenWeek(Date.now(), 1)) await book.getByRole('button', { name: 'Næste uge' }).click();
  await book.getByRole('group', { name: dayTitle(soon), exact: true }).getByRole('button', { name: formatCopenhagenTime(soon) }).click();
  await book.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(page.getByText(portalMessages.booked)).toBeVisible();
  // As the page shows it after a reload, from the stored session.
  await page.reload();
  await expect(page.getByText(portalMessages.noticeRule(168))).toBeVisible();
  const inside = page.getByRole('listitem').filter({ hasText: 'Massage hos Ida Holm' });
  await expect(inside).toContainText(portalMessages.insideNotice(168));
  await expect(inside.getByRole('link', { name: 'Ring 33123456' })).toHaveAttribute('href', 'tel:33123456');
  await expect(inside.getByRole('button')).toHaveCount(0);
  const portal = await api<{ data: { upcoming: { id: string }[] } }>('getClientPortal', { portalToken });
  const refused = await api<{ message: string }>('clientPortalCancelBooking', { portalToken, bookingId: portal.body.data.upcoming[0]!.id });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(portalMessages.insideNotice(168));

  // 'Hent mine data': a JSON file holding the booking.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Hent som fil (JSON)' }).click()]);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { bookings: { from: string; treatment: string }[] };
  expect(data.bookings).toContainEqual(expect.objectContaining({ from: new Date(soon).toISOString(), treatment: 'Massage' }));
  // …and a PDF saying the same, drawn in the browser.
  const [dataPdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Hent som PDF' }).click()]);
  expect(dataPdf.suggestedFilename()).toBe('mine-data.pdf');
  const dataText = await pdfText(dataPdf);
  expect(dataText).toContain('nameLast: Sørensen');
  expect(dataText).toContain('treatment: Massage');

  // 'Mine oplysninger': the client adds their address (an invoice needs one), saved on their record.
  await page.getByRole('textbox', { name: 'Adresse' }).fill('Havnegade 1');
  await page.getByRole('textbox', { name: 'Postnummer' }).fill('5970');
  await page.getByRole('textbox', { name: 'By' }).fill('Ærøskøbing');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText(portalMessages.detailsSaved)).toBeVisible();

  // The clinic invoices the booking: the portal lists the invoice, whose PDF holds its number, the client and the line.
  const company = await api<{ data: Record<string, unknown> }>('getCompany', { token });
  const { moms: _moms, logo: _logo, ...profile } = company.body.data;
  expect((await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678', mobilePay: '' })).status).toBe(200);
  const invoiced = await api('addInvoice', { token, bookingId: portal.body.data.upcoming[0]!.id, settings: { type: true } });
  expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
  await page.reload();
  const invoiceButton = page.getByRole('button', { name: /^Hent PDF \(/ });
  const [invoicePdf] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
  const number = /^Hent PDF \((.+)\)$/.exec((await invoiceButton.textContent()) ?? '')?.[1] ?? '';
  expect(invoicePdf.suggestedFilename()).toBe(`Faktura-${number.replace(/\s+/g, '-')}.pdf`);
  const invoiceText = await pdfText(invoicePdf);
  expect(invoiceText).toContain(number);
  expect(invoiceText).toContain('Signe Sørensen');
  expect(invoiceText).toContain('Havnegade 1');
  expect(invoiceText).toContain('Massage');
});

/** The text of a downloaded PDF, page by page. */
async function pdfText(download: Download): Promise<string> {
  const doc = mupdf.Document.openDocument(new Uint8Array(await readFile(await download.path())), 'application/pdf');
  const pages: string[] = [];
  for (let index = 0; index < doc.countPages(); index++) pages.push(doc.loadPage(index).toStructuredText('preserve-whitespace').asText());
  return pages.join('\n');
}

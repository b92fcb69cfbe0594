/**
 * Paid when booked: the owner connects the payment sandbox as the clinic's own account on /Settings and makes a
 * treatment prepaid with a no-show fee in its dialog; on a phone, one client books it on the public page and pays on
 * the sandbox's hosted checkout with MobilePay (its approval page standing in for the app), another with a test card;
 * both come back to the booking page, which says the payment is in. The therapist sees both bookings in the
 * calendar and two paid invoices. The MobilePay client cancels in 'Mine tider' before the notice: told the money
 * comes back, refunded, and a credit note mirrors the invoice.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { SANDBOX_CARDS } from '@klinik/core';
import { copenhagenDateKey } from '@klinik/core/time';
import { portalMessages } from '@klinik/core/messages';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

const RULE = 'Afbestilling senest 24 timer før tiden: du får pengene tilbage. Ved senere afbestilling eller udeblivelse opkræves et gebyr på 200,00 kr.';
const dayTitle = (when: number) => new Intl.DateTimeFormat('da-DK', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Copenhagen' }).format(when);

/** What axe (WCAG 2.1 A and AA) finds on the page, as the accessibility journey judges it. */
async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

interface Person {
  nameFirst: string;
  nameLast: string;
  CPR6Digit: string;
  CPRLast4Digit: string;
  email: string;
  phonePrivate: string;
}

async function phone(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'da-DK', timezoneId: 'Europe/Copenhagen' });
  return { context, page: await context.newPage() };
}

/** On the public booking page: the client's details, the prepaid massage, the time, the terms, then off to the checkout. */
async function bookPrepaid(page: Page, therapistId: string, person: Person, when: number) {
  await page.goto(`/OnlineBooking?therapistId=${therapistId}`);
  await page.getByRole('button', { name: 'Behandling' }).click();
  await page.getByRole('button', { name: 'Ny klient' }).click();
  await page.getByLabel('Fornavn').fill(person.nameFirst);
  await page.getByLabel('Efternavn').fill(person.nameLast);
  await page.getByLabel('Fødselsdag (ddmmåå)').fill(person.CPR6Digit);
  await page.getByLabel('Sidste 4 cifre i CPR').fill(person.CPRLast4Digit);
  await page.getByLabel('E-mail').fill(person.email);
  await page.getByLabel('Telefon').fill(person.phonePrivate);
  await page.getByLabel('Årsag til henvendelse').fill('Ondt i lænden');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Næste' }).click();
  // The treatment's choice says what is paid when booking.
  await page.getByRole('radio', { name: /Massage.*562,50 kr\. betales ved booking/ }).click();
  await page.getByRole('button', { name: 'Næste uge' }).click();
  await page.getByRole('group', { name: dayTitle(when), exact: true }).getByRole('button', { name: '09:00' }).click();

  const terms = page.getByRole('region', { name: 'Betaling ved booking' });
  await expect(terms).toContainText('Du betaler nu562,50 kr.');
  await expect(terms).toContainText(RULE);
  // Not without the rule accepted.
  await page.getByRole('button', { name: 'Gå til betaling' }).click();
  await expect(page.getByText('Sæt kryds for at acceptere afbestillingsreglerne.')).toBeVisible();
  expect(await axe(page), 'axe on the payment terms').toEqual([]);
  await terms.getByRole('checkbox', { name: 'Jeg accepterer afbestillingsreglerne' }).check();
  await terms.getByRole('checkbox', { name: 'Gem mit kort til et eventuelt gebyr' }).check();
  await page.getByRole('button', { name: 'Gå til betaling' }).click();
  // The provider's hosted checkout (the sandbox, as the clinic's account).
  await expect(page).toHaveURL(/\/sandbox\/merchant\//);
  await expect(page.getByText('Testmiljø: der trækkes ingen rigtige penge.')).toBeVisible();
}

/** Back on the booking page from the checkout: the payment is in (the page asks until it is). */
async function expectPaid(page: Page, therapistId: string) {
  // The provider may add its own parameters (the sandbox does, as Frisbii does); the status token is in the fragment.
  await expect(page).toHaveURL(new RegExp(`/OnlineBooking\\?therapistId=${therapistId}[^#]*#betaling=`));
  await expect(page.getByText('Tak! Din betaling er modtaget, og din booking er oprettet.')).toBeVisible();
  await expect(page.getByText('Betalt: 562,50 kr.')).toBeVisible();
  expect(await axe(page), 'axe on the return page').toEqual([]);
}

test('a prepaid treatment: paid with MobilePay and with a card at booking, in the calendar with paid invoices; cancelled in time in Mine tider, refunded with a credit note', async ({ page: desktop, browser, baseURL }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('betaling');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const therapistId = (await api<{ data: { id: string } }>('getTherapist', { token })).body.data.id;
  const company = await api<{ data: Record<string, unknown> }>('getCompany', { token });
  const { logo: _logo, ...profile } = company.body.data;
  expect((await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' })).status).toBe(200);
  // 450 kr. without VAT; the clinic charges VAT ('Momsregistreret'), so the client pays 562,50 kr.
  expect((await api('addTreatment', { token, name: 'Massage', price: 450, duration: 45 * 60, pause: 15 * 60, vatExempt: false })).status).toBe(200);
  const today = copenhagenDateKey(Date.now());
  expect(
    (await api('addWeeklyOpeningHours', { token, pattern: { weekdays: [1, 2, 3, 4, 5, 6, 7], everyWeeks: 1, startDate: today, occurrences: 3, times: [{ start: '08:00', end: '16:00' }] } })).status,
  ).toBe(200);
  // Next week's Wednesday and Thursday: outside the default notice (24 hours) whatever day it is today.
  const monday = nextMonday();
  const wednesday = at(dayKey(monday, 2), 9);
  const thursday = at(dayKey(monday, 3), 9);

  // The owner: the sandbox as the clinic's account on /Settings, then the massage prepaid with a fee in its dialog.
  await desktop.setViewportSize({ width: 1400, height: 1000 });
  await logIn(desktop, email);
  await expect(desktop).toHaveURL(/\/Kalender$/);
  await desktop.goto('/Settings');
  const account = desktop.getByRole('region', { name: 'Betaling ved booking' });
  await account.getByRole('button', { name: 'Brug testmiljøet (sandkassen)' }).click();
  await expect(account.getByText(/^Forbundet med testmiljøet/)).toBeVisible();
  await desktop.goto('/Treatments');
  await desktop.getByRole('button', { name: 'Rediger Massage' }).click();
  const dialog = desktop.getByRole('dialog', { name: 'Rediger behandling' });
  await dialog.getByRole('radio', { name: 'Fuld forudbetaling' }).check();
  await dialog.getByLabel(/Gebyr ved udeblivelse eller sen afbestilling/).fill('200');
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expectToast(desktop, 'Behandlingen blev opdateret med succes!');
  await expect(dialog).toBeHidden();

  // A client on a phone pays with MobilePay: the approval page stands in for the app.
  const signe: Person = { nameFirst: 'Signe', nameLast: 'Sørensen', CPR6Digit: '120388', CPRLast4Digit: '1234', email: uniqueEmail('signe'), phonePrivate: '20304050' };
  const first = await phone(browser, baseURL);
  await bookPrepaid(first.page, therapistId, signe, wednesday);
  await first.page.getByRole('button', { name: 'MobilePay' }).click();
  await expect(first.page.getByRole('heading', { name: 'Godkend i MobilePay' })).toBeVisible();
  await first.page.getByLabel('Mobilnummer').fill('20304050');
  await first.page.getByRole('button', { name: 'Godkend' }).click();
  await expectPaid(first.page, therapistId);

  // Another pays with a test card.
  const karen: Person = { nameFirst: 'Karen', nameLast: 'Holt', CPR6Digit: '020285', CPRLast4Digit: '2468', email: uniqueEmail('karen'), phonePrivate: '20405060' };
  const second = await phone(browser, baseURL);
  await bookPrepaid(second.page, therapistId, karen, thursday);
  await second.page.getByLabel('Kortnummer').fill(SANDBOX_CARDS.succeeds);
  await second.page.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/39');
  await second.page.getByLabel('Kontrolcifre (CVC)').fill('123');
  await second.page.getByRole('button', { name: 'Betal 562,50 kr.' }).click();
  await expectPaid(second.page, therapistId);
  await second.context.close();

  // The therapist: both bookings in next week's calendar, and two paid invoices.
  await desktop.goto('/Kalender');
  await expect(desktop.locator('.fc-timegrid')).toBeVisible();
  await desktop.getByRole('button', { name: 'Næste' }).click();
  await expect(desktop.locator(`.fc-timegrid-col[data-date="${dayKey(monday, 2)}"]`).locator('.fc-event', { hasText: 'Signe Sørensen' })).toBeVisible();
  await expect(desktop.locator(`.fc-timegrid-col[data-date="${dayKey(monday, 3)}"]`).locator('.fc-event', { hasText: 'Karen Holt' })).toBeVisible();
  await desktop.goto('/Faktura');
  const signeInvoice = desktop.getByRole('button', { name: /Signe Sørensen/ });
  const karenInvoice = desktop.getByRole('button', { name: /Karen Holt/ });
  for (const row of [signeInvoice, karenInvoice]) {
    await expect(row).toContainText('562,50 kr.');
    await expect(row).toContainText('Betalt');
  }
  const invoices = await api<{ result: { nameFirst: string; isCredit: boolean; totalOre: number; payment: { status: string; method: string | null } | null }[] }>('getAllInvoice', { token });
  const paidBy = (name: string) => invoices.body.result.filter((invoice) => invoice.nameFirst === name && !invoice.isCredit).map((invoice) => [invoice.totalOre, invoice.payment?.status, invoice.payment?.method]);
  expect(paidBy('Signe')).toEqual([[56_250, 'paid', 'mobilepay']]);
  expect(paidBy('Karen')).toEqual([[56_250, 'paid', 'card']]);

  // 'Mine tider' from the booking page: Signe signs in with the mailed link and sees what she paid and the rule.
  let portal = first.page;
  await portal.getByRole('link', { name: 'Mine tider' }).click();
  await expect(portal.getByRole('heading', { name: 'Mine tider', level: 1 })).toBeVisible();
  await portal.getByRole('textbox', { name: /E-mail/ }).fill(signe.email);
  await portal.getByRole('button', { name: 'Send mig et link' }).click();
  await expect(portal.getByText(portalMessages.linkSent)).toBeVisible();
  const linkMail = await waitForMail(signe.email, 15_000, 'Dit link til Mine tider hos Klinik Holm');
  const link = /https?:\/\/\S+\/MineTider\?therapistId=[0-9a-f]{24}#link=[A-Za-z0-9_-]+/.exec(linkMail.text)?.[0];
  expect(link, linkMail.text).toBeTruthy();
  portal = await first.context.newPage();
  await portal.goto(link!);
  const booking = portal.getByRole('listitem').filter({ hasText: 'Massage hos Ida Holm' });
  await expect(booking).toContainText('Betalt ved booking: 562,50 kr. med MobilePay');
  await expect(booking).toContainText(`Afbestillingsregler: ${RULE}`);

  // Cancelled before the notice: the question says the money comes back; then the booking is gone and refunded.
  await booking.getByRole('button', { name: /^Aflys/ }).click();
  const question = portal.getByRole('alertdialog');
  await expect(question).toContainText('Du får 562,50 kr. tilbage på det kort eller den MobilePay, du betalte med.');
  await question.getByRole('button', { name: 'Ja, aflys' }).click();
  await expect(portal.getByText(portalMessages.bookingCancelled)).toBeVisible();
  await expect(portal.getByText('Du har ingen kommende tider')).toBeVisible();
  // Her invoices: the paid invoice and the credit note mirroring it.
  const portalInvoices = portal.getByRole('region', { name: 'Fakturaer' });
  await expect(portalInvoices.getByText('Kreditnota')).toBeVisible();

  // The therapist: the credit note beside the invoice, and the calendar without the booking.
  await desktop.goto('/Faktura');
  await expect(desktop.getByRole('button', { name: /Signe Sørensen/ }).filter({ hasText: '-562,50 kr.' })).toBeVisible();
  const after = await api<{ result: { nameFirst: string; isCredit: boolean; totalOre: number }[] }>('getAllInvoice', { token });
  expect(after.body.result.filter((invoice) => invoice.nameFirst === 'Signe').map((invoice) => [invoice.isCredit, invoice.totalOre]).sort()).toEqual([
    [false, 56_250],
    [true, -56_250],
  ]);
  const week = await api<{ data: { nameFirst: string; from: number }[] }>('getBookingsFromTherapist', { token, from: monday, to: monday + 7 * 24 * 3600_000 });
  expect(week.body.data.map((entry) => [entry.nameFirst, entry.from])).toEqual([['Karen', thursday]]);
  await first.context.close();
});

/**
 * The platform administrator's /Companies (spec 1 §2 'Platform administrator screens', §5 'Administrator company
 * edit', §7, §8 'Administrator company actions', §9): eleven clinics registered through the API with one
 * unique prefix are found with the search, sorted by a column both ways and paged (10 a page); one is edited (a bad
 * post number refused with the rule's text), disabled (its signed-in owner is sent to / on their next action, cannot
 * sign in, and its booking page takes no bookings), enabled again, and its users and SMS figures are viewed; the
 * subscriber list is filtered and exported as CSV; another clinic is deleted (gone from the table, its owner cannot
 * sign in, its booking page takes no bookings), and the audit log says so. A therapist's session never fetches
 * mf-admin's code.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminSignIn, api, CONFIRM_EMAIL_SUBJECT, confirmationToken, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';
import { E2E_ADMIN, E2E_PORTS } from '../support/ports';

const COMPANY_COUNT = 11;
const LETTERS = 'ABCDEFGHIJK'.split('');
const NO_ONLINE_BOOKING = 'Klinikken tager ikke imod onlinebookinger.';

interface Clinic {
  companyName: string;
  email: string;
}

/** A clinic registered through the API with a name of our own (the journey is about the administrator's page). */
async function registerCompany(companyName: string, owner: { nameFirst?: string } = {}): Promise<Clinic> {
  const email = uniqueEmail('admin-co');
  const registered = await api('register', {
    therapistInfo: { nameFirst: owner.nameFirst ?? 'Ida', nameLast: 'Holm', email, phone: '12345678', password: PASSWORD, confirmPassword: PASSWORD, newsletter: true, termsAccepted: true },
    companyInfo: { companyName, address: 'Strandvejen 2', post: '2100', town: 'København Ø', email: 'info@holm.test', phone: '33123456' },
  });
  expect(registered.status).toBe(200);
  return { companyName, email };
}

async function ownerToken(email: string): Promise<string> {
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.body.token;
}

async function therapistId(token: string): Promise<string> {
  const therapist = await api<{ data: { id: string } }>('getTherapist', { token });
  expect(therapist.status).toBe(200);
  return therapist.body.data.id;
}

/** The clinic's public booking page takes no bookings: the server says so, and so does the page. */
async function expectNoOnlineBooking(page: Page, therapistId: string) {
  const info = await api<{ message?: string }>('clientGetTherapistInfo', { therapistId });
  expect(info.status).toBe(404);
  expect(info.body.message).toBe(NO_ONLINE_BOOKING);
  await page.goto(`/OnlineBooking?therapistId=${therapistId}`);
  await expect(page.getByText(NO_ONLINE_BOOKING)).toBeVisible();
}

/** The companies table's rows of data (the header row left out). */
function companyRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Virksomheder' }).getByRole('row').filter({ has: page.getByRole('cell') });
}

function companyRow(page: Page, companyName: string): Locator {
  return companyRows(page).filter({ hasText: companyName });
}

async function ownerSignsIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const owner = await context.newPage();
  await logIn(owner, email);
  return owner;
}

test('the administrator finds, sorts, pages, edits, disables, enables, inspects, exports and deletes companies', async ({ page, browser }) => {
  test.slow();
  const prefix = `Adm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  // A to J side by side, then K: the newest, first in the table's first order (newest first).
  const clinics: Clinic[] = await Promise.all(LETTERS.slice(0, -1).map((letter) => registerCompany(`${prefix} Klinik ${letter}`)));
  clinics.push(await registerCompany(`${prefix} Klinik K`, { nameFirst: '=Formel' }));
  expect(clinics).toHaveLength(COMPANY_COUNT);
  const [kept, deleted] = [clinics[0]!, clinics[1]!];
  // The clinic that is disabled has a plan and a colleague (so its users can be sorted); both clinics' booking pages.
  const keptToken = await ownerToken(kept.email);
  expect((await api('purchasedFreePlanSubscription', { token: keptToken })).status).toBe(200);
  // An invitation is a mail under the platform's name: the clinic's e-mail confirmed first.
  const confirmToken = confirmationToken((await waitForMail(kept.email, 15_000, CONFIRM_EMAIL_SUBJECT)).text);
  expect((await api('confirmEmail', { confirmToken })).status).toBe(200);
  const colleague = await api<{ data: { id: string }[] }>('addTherapistByCompany', {
    token: keptToken,
    nameFirst: 'Anna',
    nameLast: 'Kollega',
    email: uniqueEmail('anna'),
    phone: '22334455',
    occupation: ['massoer'],
  });
  expect(colleague.status).toBe(200);
  const keptTherapistId = await therapistId(keptToken);
  const deletedTherapistId = await therapistId(await ownerToken(deleted.email));

  // The kept clinic's owner is at work in another browser.
  const owner = await ownerSignsIn(browser, kept.email);
  await expect(owner).toHaveURL(/\/Kalender$/);

  await adminSignIn(page);
  await page.getByRole('searchbox', { name: 'Søg efter navn, CVR, e-mail, telefon eller by' }).fill(prefix);
  await expect(page.getByText('11 virksomheder')).toBeVisible();
  await expect(companyRows(page)).toHaveCount(10);
  await expect(companyRows(page).first()).toContainText(`${prefix} Klinik K`);

  // Sorting by a column is the server's: ascending, then descending, said on the header.
  const nameHeader = page.getByRole('columnheader', { name: 'Firmanavn' });
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(companyRows(page).first()).toContainText(`${prefix} Klinik A`);
  await expect(companyRows(page).nth(9)).toContainText(`${prefix} Klinik J`);
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(companyRows(page).first()).toContainText(`${prefix} Klinik K`);
  await expect(companyRows(page).nth(9)).toContainText(`${prefix} Klinik B`);

  // Page 2 holds the eleventh.
  await expect(page.getByText('1–10 af 11')).toBeVisible();
  await page.getByRole('button', { name: 'Næste side' }).click();
  await expect(page.getByText('11–11 af 11')).toBeVisible();
  await expect(companyRows(page)).toHaveCount(1);
  await expect(companyRows(page).first()).toContainText(`${prefix} Klinik A`);
  await page.getByRole('button', { name: 'Forrige side' }).click();
  await expect(companyRows(page)).toHaveCount(10);

  // Edit: a good edit asks first, then the server saves it (the dialog's own checks, a refusal at its field:
  // mf-admin/src/routes/Companies/EditCompanyDialog.test.tsx).
  await page.getByRole('searchbox', { name: 'Søg efter navn, CVR, e-mail, telefon eller by' }).fill(kept.companyName);
  await expect(companyRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Rediger ${kept.companyName}` }).click();
  const edit = page.getByRole('dialog', { name: `Rediger ${kept.companyName}` });
  await edit.getByLabel(/^Postnummer/).fill('8000');
  await edit.getByLabel(/^By/).fill('Aarhus C');
  await edit.getByLabel(/^Gratis SMS pr. måned/).fill('25');
  await edit.getByRole('button', { name: 'Gem' }).click();
  const saveConfirm = page.getByRole('alertdialog', { name: 'Gem ændringerne?' });
  await saveConfirm.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Virksomhed opdateret med succes.');
  await expect(edit).toHaveCount(0);
  const keptRow = companyRow(page, kept.companyName);
  await expect(keptRow).toContainText('Aarhus C');
  await expect(keptRow).toContainText('8000');
  await expect(keptRow.getByRole('cell').nth(11)).toHaveText('25');

  // Disable, after confirmation: the owner is signed out on their next action and cannot sign in again.
  const enabled = page.getByRole('switch', { name: `${kept.companyName} er aktiv` });
  await expect(enabled).toBeChecked();
  await enabled.click();
  const disable = page.getByRole('alertdialog', { name: 'Deaktiver virksomheden?' });
  await expect(disable).toContainText('logges ud');
  await disable.getByRole('button', { name: 'Deaktiver' }).click();
  await expectToast(page, 'Virksomhedens nye status er opdateret med succes.');
  await expect(disable).toHaveCount(0);
  await expect(enabled).not.toBeChecked();
  await expect(keptRow).toContainText('Deaktiveret');

  await owner.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Klientdata', exact: true }).click();
  await expect(owner).toHaveURL(/\/$/);
  await expect(owner.getByRole('button', { name: 'Log ind' })).toBeVisible();
  await logIn(owner, kept.email);
  await expect(owner.getByText('Klinikken er deaktiveret. Kontakt support.')).toBeVisible();
  await expect(owner).toHaveURL(/\/$/);
  await expectNoOnlineBooking(owner, keptTherapistId);

  // Enable again: the owner signs in.
  await enabled.click();
  const enable = page.getByRole('alertdialog', { name: 'Aktiver virksomheden?' });
  await enable.getByRole('button', { name: 'Aktiver' }).click();
  await expectToast(page, 'Virksomhedens nye status er opdateret med succes.');
  await expect(enable).toHaveCount(0);
  await expect(enabled).toBeChecked();
  await logIn(owner, kept.email);
  await expect(owner).toHaveURL(/\/Kalender$/);
  await owner.context().close();

  // Its users, sorted by the server by the header clicked.
  await page.getByRole('button', { name: `Brugere i ${kept.companyName}` }).click();
  const users = page.getByRole('dialog', { name: `Brugere i ${kept.companyName}` });
  const userRows = users.getByRole('table', { name: 'Brugere' }).getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(userRows).toHaveCount(2);
  await expect(userRows.first()).toContainText('Anna');
  await expect(userRows.nth(1)).toContainText(kept.email);
  const firstName = users.getByRole('columnheader', { name: 'Fornavn' });
  await expect(firstName).toHaveAttribute('aria-sort', 'ascending');
  await firstName.click();
  await expect(firstName).toHaveAttribute('aria-sort', 'descending');
  await expect(userRows.first()).toContainText(kept.email);
  await expect(userRows.nth(1)).toContainText('Anna');
  await users.getByRole('button', { name: 'Luk' }).click();
  await expect(users).toHaveCount(0);

  // Its SMS this year, month by month with totals.
  await page.getByRole('button', { name: `SMS for ${kept.companyName}` }).click();
  const sms = page.getByRole('dialog', { name: `SMS for ${kept.companyName}` });
  const year = new Date().getFullYear();
  const smsTable = sms.getByRole('table', { name: `SMS i ${year}` });
  await expect(smsTable.getByRole('row')).toHaveCount(14);
  await expect(smsTable.getByRole('row').nth(1)).toContainText(`Januar ${year}`);
  await expect(smsTable.getByRole('row').nth(12)).toContainText(`December ${year}`);
  await expect(smsTable.getByRole('row').last()).toContainText('I alt');
  await sms.getByRole('button', { name: 'Luk' }).click();
  await expect(sms).toHaveCount(0);

  // The subscriber list: the clinic on its free trial is under 'Trial'; 'Eksporter CSV' gives Danish Excel's CSV.
  await page.getByRole('tab', { name: 'Nyhedsbrev-abonnenter' }).click();
  const subscribers = page.getByRole('table', { name: 'Nyhedsbrev-abonnenter' });
  await expect(subscribers.getByRole('row').filter({ hasText: clinics[10]!.email })).toHaveCount(1);
  await page.getByRole('radio', { name: 'Trial' }).check();
  await expect(subscribers.getByRole('row').filter({ hasText: kept.email })).toHaveCount(1);
  await expect(subscribers.getByRole('row').filter({ hasText: deleted.email })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Alle' }).check();
  await expect(subscribers.getByRole('row').filter({ hasText: deleted.email })).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksporter CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^nyhedsbrev-abonnenter-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\ufeffFornavn;Efternavn;E-mail;Telefon;Klinik;Nyhedsbrev;Prøveperiode til;Oprettet\r\n')).toBe(true);
  const formulaLine = csv.split('\r\n').find((line) => line.includes(clinics[10]!.email));
  // A name that starts like a formula stays text in a spreadsheet.
  expect(formulaLine).toMatch(/^'=Formel;Holm;/);
  expect(formulaLine).toContain(`;${clinics[10]!.companyName};Ja;`);

  // Delete, after a confirmation that says it cannot be undone: gone from the table, no sign-in, no booking page.
  await page.getByRole('tab', { name: 'Virksomheder' }).click();
  await page.getByRole('searchbox', { name: 'Søg efter navn, CVR, e-mail, telefon eller by' }).fill(prefix);
  await expect(page.getByText('11 virksomheder')).toBeVisible();
  await page.getByRole('button', { name: `Slet ${deleted.companyName}` }).click();
  const remove = page.getByRole('alertdialog', { name: 'Slet virksomheden?' });
  await expect(remove).toContainText('Det kan ikke fortrydes.');
  await remove.getByRole('button', { name: 'Slet virksomheden' }).click();
  await expectToast(page, 'Virksomheden er blevet slettet.');
  await expect(remove).toHaveCount(0);
  await expect(page.getByText('10 virksomheder')).toBeVisible();
  await expect(companyRow(page, deleted.companyName)).toHaveCount(0);

  const formerOwner = await (await browser.newContext()).newPage();
  await logIn(formerOwner, deleted.email);
  await expect(formerOwner.getByRole('alert')).toHaveText('Forkert brugernavn eller adgangskode');
  await expect(formerOwner).toHaveURL(/\/$/);
  await expectNoOnlineBooking(formerOwner, deletedTherapistId);
  await formerOwner.context().close();

  // The audit log says who deleted what, newest first.
  await page.getByRole('tab', { name: 'Revisionslog' }).click();
  const audit = page.getByRole('table', { name: 'Revisionslog' });
  const deletion = audit.getByRole('row').filter({ hasText: 'Slettede virksomhed' }).filter({ hasText: deleted.companyName });
  await expect(deletion).toHaveCount(1);
  await expect(deletion).toContainText(E2E_ADMIN.username);
  await expect(deletion).toContainText('Gennemført');
});

test("a therapist's session never fetches the administrator's module", async ({ page }) => {
  const email = uniqueEmail('no-admin');
  await registerClinic(email, { freeTrial: true, confirmEmail: false });
  const adminOrigin = `http://localhost:${E2E_PORTS.mf_admin}`;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await logIn(page, email);
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  await page.getByRole('link', { name: 'Klientdata', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Klientdata' })).toBeVisible();
  await page.getByRole('link', { name: 'Faktura', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Faktura' })).toBeVisible();
  // A fresh start of the app on each page too (the shell registers its remotes at start).
  for (const path of ['/Kalender', '/Klientdata', '/Faktura']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: path.slice(1) })).toBeVisible();
  }

  // The recording sees the remotes the pages need (so it would see mf-admin's manifest or code, were it fetched).
  expect(requested.some((url) => url.startsWith(`http://localhost:${E2E_PORTS.mf_calendar}/`))).toBe(true);
  expect(requested.some((url) => url.startsWith(`http://localhost:${E2E_PORTS.mf_clients}/`))).toBe(true);
  expect(requested.filter((url) => url.startsWith(adminOrigin))).toEqual([]);
});

test('the tab strip arrives after the page without moving the table, on a phone as on a desktop', async ({ page }) => {
  await adminSignIn(page);
  // The tab strip's code (the one file of mf-admin's with Fluent's TabList) is held back until released.
  let release = () => {};
  let held = Promise.resolve();
  await page.route(`http://localhost:${E2E_PORTS.mf_admin}/*.js`, async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('fui-TabList')) await held;
    await route.fulfill({ response });
  });
  const panel = page.locator('#admin-panel-companies');
  const tabs = page.getByRole('tablist', { name: 'Administration' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    held = new Promise<void>((resolve) => (release = resolve));
    await page.reload();
    await expect(page.getByRole('table', { name: 'Virksomheder' })).toBeVisible();
    await expect(tabs).toHaveCount(0);
    const before = (await panel.boundingBox())!.y;
    release();
    await expect(tabs.getByRole('tab')).toHaveCount(3);
    // Wrapped onto two lines on the phone (so the placeholder had to wrap the same way), one on the desktop.
    const strip = (await tabs.boundingBox())!;
    expect(strip.height).toBeGreaterThan(width < 400 ? 60 : 30);
    expect(strip.height).toBeLessThan(width < 400 ? 100 : 60);
    expect((await panel.boundingBox())!.y).toBeCloseTo(before, 0);
  }
});

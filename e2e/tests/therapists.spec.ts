/**
 * Therapist administration (spec 3 /AdministrerTerapeut; §4 Therapist subscription display, Status dialog, Plan
 * choice for a therapist, Owner handover; §5; §8): the owner adds a therapist, who is invited by mail, sets
 * a password through the link and, after the owner chose the free trial, works in the calendar; at five therapists
 * the page refuses a sixth; deactivation signs the therapist out on their next action; the users table; and the
 * owner handover ends the old owner's rights; Pro through the provider's page returns to the page, which reads and clears its
 * parameters.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

const PAGE = '/AdministrerTerapeut';

async function ownerToken(email: string): Promise<string> {
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.body.token;
}

/** A colleague made fast through the API (the journey is about the page, not about them). */
async function addColleagueByApi(token: string, nameFirst: string): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(nameFirst.toLowerCase());
  const added = await api<{ data: { id: string }[] }>('addTherapistByCompany', { token, nameFirst, nameLast: 'Kollega', email, phone: '22334455', occupation: ['massoer'] });
  expect(added.status).toBe(200);
  return { id: added.body.data[0]!.id, email };
}

/** Follows the invitation mail's link through the API: the colleague can then sign in (once they have a plan). */
async function acceptInvitationByApi(email: string, password: string) {
  const link = /\/set-password\?id=([A-Za-z0-9_-]+)/.exec((await waitForMail(email)).text)?.[1];
  expect(link).toBeTruthy();
  expect((await api('therapistSetPassword', { id: link, password })).status).toBe(200);
}

function therapistRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Terapeuter' }).getByRole('row').filter({ hasText: name });
}

async function signedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/Kalender$/);
  return page;
}

test('the owner adds a therapist: invitation mail, password, free trial, calendar; a sixth is refused; deactivation signs them out', async ({ page, browser }) => {
  const ownerEmail = uniqueEmail('ejer');
  await registerClinic(ownerEmail, { freeTrial: true });
  await logIn(page, ownerEmail);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Administrer terapeut', exact: true }).click();
  await expect(page).toHaveURL(/\/AdministrerTerapeut$/);
  await expect(page.getByRole('heading', { name: 'Administrer terapeut', level: 1 })).toBeVisible();
  await expect(therapistRow(page, 'Ida Holm')).toContainText('Ejer');
  await expect(page.getByText('1 af 5 terapeuter')).toBeVisible();

  // The form checks the server's rules first, and an error goes as soon as its field is edited.
  await page.getByRole('button', { name: 'Tilføj terapeut' }).click();
  const form = page.getByRole('dialog', { name: 'Tilføj terapeut' });
  await form.getByRole('button', { name: 'Tilføj' }).click();
  await expect(form.getByText('Fornavn er påkrævet')).toBeVisible();
  await expect(form.getByText('Vælg mindst én stilling')).toBeVisible();
  const colleagueEmail = uniqueEmail('jonas');
  await form.getByLabel(/^Fornavn/).fill('Jonas');
  await expect(form.getByText('Fornavn er påkrævet')).toHaveCount(0);
  await form.getByLabel(/^Efternavn/).fill('Holm');
  await form.getByLabel(/^E-mail/).fill(colleagueEmail);
  await form.getByLabel(/^Telefon/).fill('22 33 44 55');
  await form.getByRole('button', { name: 'Tilføj' }).click();
  await expect(form.getByText('Telefonnummer må kun indeholde tal')).toBeVisible();
  await form.getByLabel(/^Telefon/).fill('22334455');
  await expect(form.getByText('Telefonnummer må kun indeholde tal')).toHaveCount(0);
  await form.getByRole('combobox', { name: /^Stilling/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Fysioterapeut' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Massør' }).click();
  await form.getByRole('combobox', { name: /^Stilling/ }).click();
  await expect(form.getByRole('combobox', { name: /^Stilling/ })).toHaveText('Fysioterapeut, Massør');
  await expect(form.getByText('Vælg mindst én stilling')).toHaveCount(0);
  await form.getByRole('button', { name: 'Tilføj' }).click();
  await expectToast(page, 'Terapeut tilføjet med succes!');

  // The plan choice follows: the free trial starts at once.
  const plans = page.getByRole('dialog', { name: 'Vælg abonnement for Jonas Holm' });
  await expect(plans.getByRole('list', { name: 'Det får terapeuten med Pro' }).getByRole('listitem')).toHaveCount(12);
  await plans.getByRole('button', { name: 'Start gratis prøve' }).click();
  await expectToast(page, 'Terapeutens gratis prøveperiode er startet.');
  await expect(plans).toHaveCount(0);
  const jonas = therapistRow(page, 'Jonas Holm');
  await expect(jonas).toContainText('Fysioterapeut, Massør');
  await expect(jonas).toContainText('Inviteret');
  await expect(jonas.getByRole('cell').nth(4)).toHaveText(/^AKTIV\s*Gratis prøve til \d{2}-\d{2}-\d{4}$/);
  await expect(jonas.getByRole('cell').nth(5)).toHaveText('AKTIV');

  // The invitation arrives; the link sets the password; the new therapist works in the calendar.
  const mail = await waitForMail(colleagueEmail);
  const link = /http:\/\/localhost:\d+\/set-password\?id=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link!);
  await colleague.getByLabel(/^Ny adgangskode/).fill('jonas-kode-1');
  await colleague.getByLabel(/^Gentag ny adgangskode/).fill('jonas-kode-1');
  await colleague.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(colleague).toHaveURL(/\/$/);
  await logIn(colleague, colleagueEmail, 'jonas-kode-1');
  await expect(colleague).toHaveURL(/\/Kalender$/);
  await expect(colleague.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  await expect(colleague.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Administrer terapeut', exact: true })).toHaveCount(0);
  // The list knows the invitation is used.
  await page.reload();
  await expect(therapistRow(page, 'Jonas Holm')).not.toContainText('Inviteret');

  // Three more through the API make five: the page refuses a sixth, and says why.
  const token = await ownerToken(ownerEmail);
  for (const name of ['Anna', 'Bo', 'Carl']) await addColleagueByApi(token, name);
  await page.reload();
  await expect(page.getByText('5 af 5 terapeuter')).toBeVisible();
  const add = page.getByRole('button', { name: 'Tilføj terapeut' });
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  // The reason is the button's description (the tooltip, loaded only at the limit), shown on hover.
  await expect(add).toHaveAccessibleDescription('Klinikken har allerede 5 terapeuter, som er det højeste antal.');
  await add.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Klinikken har allerede 5 terapeuter, som er det højeste antal.');
  await add.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Opret bruger' })).toHaveAttribute('aria-disabled', 'true');

  // Search, then delete one after 'Er du sikker?' (the records stay with the clinic): a seat is free again.
  await page.getByRole('searchbox', { name: 'Søg efter navn, e-mail eller telefon' }).fill('carl');
  await expect(page.getByRole('table', { name: 'Terapeuter' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Slet Carl Kollega' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await expect(confirm).toContainText('bliver i klinikken');
  await confirm.getByRole('button', { name: 'Slet' }).click();
  await expectToast(page, 'Terapeut slettet med succes!');
  await expect(page.getByText('Ingen terapeuter passer til søgningen.')).toBeVisible();
  await expect(page.getByText('4 af 5 terapeuter')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tilføj terapeut' })).toBeEnabled();
  await page.getByRole('searchbox', { name: 'Søg efter navn, e-mail eller telefon' }).fill('');
  await expect(page.getByRole('table', { name: 'Terapeuter' }).getByRole('row')).toHaveCount(5);

  // Deactivation: the status dialog opens on 'Aktiv' (an active trial); activating again is refused with the
  // spec's message; deactivating asks first, and the therapist is signed out on their next action.
  await page.getByRole('button', { name: 'Skift status Jonas Holm' }).click();
  const status = page.getByRole('dialog', { name: 'Skift status for Jonas Holm' });
  await expect(status.getByRole('radio', { name: /^Aktiv/ })).toBeChecked();
  await status.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(status.getByRole('alert')).toHaveText('Du kan ikke aktivere denne terapeut; han/hun er allerede aktiv.');
  await status.getByRole('radio', { name: /^Deaktiver/ }).check();
  await status.getByRole('button', { name: 'Fortsæt' }).click();
  const sure = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await expect(sure).toContainText('mister adgangen til Klinik med det samme');
  await sure.getByRole('button', { name: 'Deaktiver' }).click();
  await expectToast(page, 'Abonnementet er blevet opsagt.');
  await expect(sure).toHaveCount(0);
  const deactivated = therapistRow(page, 'Jonas Holm');
  await expect(deactivated.getByRole('cell').nth(5)).toHaveText('DEAKTIVER');
  await expect(deactivated.getByRole('cell').nth(4)).toHaveText(/^AFLYST/);

  await colleague.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Klientdata', exact: true }).click();
  await expect(colleague).toHaveURL(/\/$/);
  await expect(colleague.getByRole('button', { name: 'Log ind' })).toBeVisible();
  expect(await colleague.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await colleagueContext.close();

  // The page on a phone: nothing wider than the screen (the tables scroll inside their own box).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(therapistRow(page, 'Jonas Holm')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('users table and owner handover: the own switch only, create user, then the new owner has the rights and the old one is signed out', async ({ page, browser }) => {
  const ownerEmail = uniqueEmail('gammel-ejer');
  await registerClinic(ownerEmail, { freeTrial: true });
  const token = await ownerToken(ownerEmail);
  const next = await addColleagueByApi(token, 'Nora');
  await acceptInvitationByApi(next.email, 'nora-kode-1');
  expect((await api('adminPurchaseTherapistFreeSubscription', { token, therapistId: next.id })).status).toBe(200);

  await logIn(page, ownerEmail);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto(PAGE);
  const users = page.getByRole('table', { name: 'Brugere' });
  await expect(users.getByRole('row')).toHaveCount(3);

  // Only the own availability can be changed.
  await expect(users.getByRole('switch', { name: 'Jeg kan tage nye klienter: Nora Kollega' })).toBeDisabled();
  const own = users.getByRole('switch', { name: 'Jeg kan tage nye klienter: Ida Holm' });
  await expect(own).toBeChecked();
  await own.click();
  await expectToast(page, 'Du tager ikke nye klienter.');
  await expect(own).not.toBeChecked();

  // Create user: a username the server finds taken, then the new user (the dialog's own checks and how it shows a
  // refusal: mf-commerce/src/routes/TherapistAdmin/dialogs.test.tsx).
  await page.getByRole('button', { name: 'Opret bruger' }).click();
  const create = page.getByRole('dialog', { name: 'Opret bruger' });
  await create.getByLabel(/^Fornavn/).fill('Ulla');
  await create.getByLabel(/^Efternavn/).fill('Berg');
  await create.getByLabel(/^E-mail/).fill(next.email);
  await create.getByLabel(/^Telefon/).fill('+4512345678');
  await create.getByLabel(/^Adgangskode/).fill('ulla-kode-42');
  await create.getByLabel(/^Gentag adgangskode/).fill('ulla-kode-42');
  await create.getByRole('button', { name: 'Opret' }).click();
  await expect(create.getByRole('alert')).toHaveText('Brugernavnet er taget');
  const ullaEmail = uniqueEmail('ulla');
  await create.getByLabel(/^E-mail/).fill(ullaEmail);
  await create.getByRole('button', { name: 'Opret' }).click();
  await expectToast(page, 'Brugeren er oprettet med succes.');
  await expect(create).toHaveCount(0);
  await expect(users.getByRole('row')).toHaveCount(4);

  // Sorting by a column.
  await users.getByRole('columnheader', { name: 'E-mail' }).click();
  const emails = async () => (await users.getByRole('row').allInnerTexts()).slice(1).map((text) => /\S+@\S+/.exec(text)?.[0] ?? '');
  const ascending = await emails();
  expect(ascending).toEqual([...ascending].sort());
  await users.getByRole('columnheader', { name: 'E-mail' }).click();
  expect(await emails()).toEqual([...ascending].reverse());

  // Handover: the own password checked by the server, the new administrator, 'Er du sikker?' (the required fields:
  // the dialog's component test).
  await page.getByRole('button', { name: 'Skift administrator' }).click();
  const handover = page.getByRole('alertdialog', { name: 'Skift administrator' });
  await handover.getByLabel(/^Adgangskode/).fill('forkert-kode');
  await handover.getByRole('button', { name: 'Næste' }).click();
  await expect(handover.getByText('Forkert adgangskode')).toBeVisible();
  await handover.getByLabel(/^Adgangskode/).fill(PASSWORD);
  await handover.getByRole('button', { name: 'Næste' }).click();
  await expect(handover.getByLabel(/^Ny administrator/)).toBeVisible();
  await handover.getByLabel(/^Ny administrator/).selectOption({ label: `Nora Kollega (${next.email})` });
  await handover.getByRole('button', { name: 'Næste' }).click();
  const sure = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await expect(sure).toContainText('Nora Kollega bliver klinikkens administrator');
  await sure.getByRole('button', { name: 'Overdrag' }).click();

  // The old owner is signed out, and signed in again has no administrator rights.
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await logIn(page, ownerEmail);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Administrer terapeut', exact: true })).toHaveCount(0);
  await page.goto(PAGE);
  await expect(page.getByText('Kun klinikkens administrator har adgang til denne side.')).toBeVisible();
  expect((await api('getAllTherapistByCompany', { token: await ownerToken(ownerEmail) })).status).toBe(403);

  // The new owner has the page.
  const newOwner = await signedInPage(browser, next.email, 'nora-kode-1');
  await newOwner.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link', { name: 'Administrer terapeut', exact: true }).click();
  await expect(newOwner.getByRole('heading', { name: 'Administrer terapeut', level: 1 })).toBeVisible();
  await expect(therapistRow(newOwner, 'Nora Kollega')).toContainText('Ejer');
  await newOwner.context().close();
});

test("edit, and Pro for a therapist on the provider's page: back on the page, which reads and clears its parameters; stopping keeps access to the period's end", async ({ page }) => {
  const ownerEmail = uniqueEmail('pro-ejer');
  await registerClinic(ownerEmail, { freeTrial: true });
  await addColleagueByApi(await ownerToken(ownerEmail), 'Pia');
  await logIn(page, ownerEmail);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto(PAGE);

  // Edit: the form opens with the therapist's values; the change is in the list once the server has it.
  await page.getByRole('button', { name: 'Rediger Pia Kollega' }).click();
  const edit = page.getByRole('dialog', { name: 'Rediger terapeut' });
  await expect(edit.getByLabel(/^Telefon/)).toHaveValue('22334455');
  await expect(edit.getByRole('combobox', { name: /^Stilling/ })).toHaveText('Massør');
  await edit.getByLabel(/^Telefon/).fill('99887766');
  await edit.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Terapeut opdateret med succes!');
  await expect(edit).toHaveCount(0);
  await expect(therapistRow(page, 'Pia Kollega').getByRole('cell').nth(2)).toHaveText('99 88 77 66');

  // A therapist still without a plan: 'Aktiv' leads to the plan choice, Pro to 'Vælg betalingsmetode' and on to the provider.
  const pia = therapistRow(page, 'Pia Kollega');
  await expect(pia.getByRole('cell').nth(4)).toHaveText('IKKE AKTIV');
  await page.getByRole('button', { name: 'Skift status Pia Kollega' }).click();
  const status = page.getByRole('dialog', { name: 'Skift status for Pia Kollega' });
  await expect(status.getByRole('radio', { name: /^Aktiv/ })).toBeChecked();
  await status.getByRole('button', { name: 'Fortsæt' }).click();
  await page.getByRole('dialog', { name: 'Vælg abonnement for Pia Kollega' }).getByRole('button', { name: 'Vælg Pro' }).click();
  const payment = page.getByRole('dialog', { name: 'Vælg betalingsmetode' });
  await expect(payment).toContainText('Pro for Pia Kollega: 149 kr. pr. måned ekskl. moms');
  await expect(payment.getByRole('radio', { name: 'Betal med et nyt kort' })).toBeChecked();
  await payment.getByRole('button', { name: 'Fortsæt til betaling' }).click();

  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_/);
  await page.getByLabel('Kortnummer').fill('4111111111111111');
  await page.getByLabel('Udløbsdato (MM/ÅÅ)').fill('12/39');
  await page.getByLabel('Kontrolcifre (CVC)').fill('123');
  await page.getByRole('button', { name: /^Betal/ }).click();

  // Back: the provider's parameters are read once and cleared; what the page says comes from the server.
  await expectToast(page, 'Betalingen er gennemført. Terapeutens abonnement er opdateret.');
  await expect(page).toHaveURL(/\/AdministrerTerapeut$/);
  await expect(pia.getByRole('cell').nth(4)).toHaveText(/^AKTIV\s*Pro til \d{2}-\d{2}-\d{4}$/);

  // Stop-subscription: confirmed, AFLYST, still AKTIV itself; asking again is refused with the spec's message.
  await page.getByRole('button', { name: 'Skift status Pia Kollega' }).click();
  await status.getByRole('radio', { name: /^Stop abonnement/ }).check();
  await status.getByRole('button', { name: 'Fortsæt' }).click();
  const sure = page.getByRole('alertdialog', { name: 'Er du sikker?' });
  await expect(sure).toContainText('har adgang til udgangen af den nuværende måned');
  await sure.getByRole('button', { name: 'Stop abonnement' }).click();
  await expectToast(page, 'Abonnementet er blevet opsagt.');
  await expect(sure).toHaveCount(0);
  await expect(pia.getByRole('cell').nth(4)).toHaveText(/^AFLYST\s*Pro til/);
  await expect(pia.getByRole('cell').nth(5)).toHaveText('AKTIV');
  await page.getByRole('button', { name: 'Skift status Pia Kollega' }).click();
  await expect(status.getByRole('radio', { name: /^Stop abonnement/ })).toBeChecked();
  await status.getByRole('button', { name: 'Fortsæt' }).click();
  await expect(status.getByRole('alert')).toHaveText('Denne terapeut har allerede opsagt eller udløbet sit abonnement.');
});

/**
 * Forgotten password (spec 1 §4, §8): ask for a link, the mail arrives in the SMTP server, the link sets a new
 * password once, and the new password signs in.
 */
import { expect, test } from '../support/test';
import { logIn, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

test('forgot password → mail → reset → log in with the new password', async ({ page }) => {
  const email = uniqueEmail('glemsom');
  await registerClinic(email, { freeTrial: true });

  await page.goto('/');
  await page.getByRole('link', { name: 'Glemt adgangskode?' }).click();
  await expect(page).toHaveURL(/\/forgot_password$/);
  // The address changes before the page does (its code loads meanwhile, and the sign-in page, which has an 'E-mail'
  // field too, stays on screen): wait for the page itself before typing.
  await expect(page.getByRole('heading', { name: 'Glemt adgangskode' })).toBeVisible();
  // An unknown address and a known one get the same neutral answer: the page does not tell who has an account.
  const unknown = uniqueEmail('ukendt');
  await page.getByLabel(/^E-mail/).fill(unknown);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText('Hvis adressen hører til en konto, har vi sendt en mail med et link til at vælge en ny adgangskode.');

  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText('Hvis adressen hører til en konto, har vi sendt en mail med et link til at vælge en ny adgangskode.');

  // The registration's confirmation mail went to the same address first.
  const mail = await waitForMail(email, 15_000, 'Nulstil din adgangskode');
  const link = /http:\/\/localhost:\d+\/reset_password\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Vælg en ny adgangskode' })).toBeVisible();
  await page.getByLabel(/^Ny adgangskode/).fill('nyt-kodeord-1');
  await page.getByLabel(/^Gentag ny adgangskode/).fill('nyt-kodeord-2');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords er ikke ens');
  await page.getByLabel(/^Gentag ny adgangskode/).fill('nyt-kodeord-1');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(page.getByRole('status')).toHaveText('Password opdateret');

  // The link is used up.
  await page.goto(link!);
  await page.getByLabel(/^Ny adgangskode/).fill('tredje-kodeord');
  await page.getByLabel(/^Gentag ny adgangskode/).fill('tredje-kodeord');
  await page.getByRole('button', { name: 'Gem adgangskode' }).click();
  await expect(page.getByRole('alert')).toHaveText('Linket er ugyldigt eller udløbet. Bed om et nyt link.');

  await logIn(page, email, 'hemmeligt1');
  await expect(page.getByRole('alert')).toHaveText('Forkert brugernavn eller adgangskode');
  await logIn(page, email, 'nyt-kodeord-1');
  await expect(page).toHaveURL(/\/Kalender$/);
});

test('changing the password from the account menu keeps the session and needs the old password', async ({ page }) => {
  const email = uniqueEmail('skifter');
  await registerClinic(email, { freeTrial: true });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.getByRole('button', { name: /Konto/ }).click();
  await page.getByRole('menuitem', { name: 'Skift password' }).click();
  await expect(page).toHaveURL(/\/NewPassword$/);

  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByRole('alert')).toHaveText('Alle felter skal udfyldes');
  await page.getByLabel(/^Nuværende password/).fill('forkert-kode');
  await page.getByLabel(/^Nyt password/).fill('nyt-kodeord-1');
  await page.getByLabel(/^Gentag nyt password/).fill('nyt-kodeord-9');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByRole('alert')).toHaveText('De to nye passwords matcher ikke');
  await page.getByLabel(/^Gentag nyt password/).fill('nyt-kodeord-1');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByRole('alert')).toHaveText('Forkert oprindeligt password');
  await page.getByLabel(/^Nuværende password/).fill('hemmeligt1');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByRole('status')).toHaveText('Nyt password gemt!');

  // Still signed in with the fresh token after the old sessions were ended.
  await page.getByRole('link', { name: 'Klientdata', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Klientdata' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Klientdata' })).toBeVisible();
});

/** Session rules of spec 1 §2, §4 and §8, in the browser. */
import { expect, test } from '../support/test';
import { logIn, registerClinic, uniqueEmail } from '../support/helpers';

test('a malformed or expired token clears storage and returns to /', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('token', 'not.a.token');
    localStorage.setItem('therapist', JSON.stringify({ username: 'x@y.dk', id: 'x', planType: 'pro', status: 'active', isAdmin: true }));
  });
  await page.goto('/Kalender');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Log ind' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the session ends by itself when expiresIn has passed', async ({ page }) => {
  const email = uniqueEmail('udloeb');
  await registerClinic(email, { freeTrial: true });
  await page.clock.install();
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.getByRole('heading', { name: 'Kalender' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Klinik Holm');
  const expiresAt = Number(await page.evaluate(() => localStorage.getItem('tokenExpiresAt')));
  const pageNow = await page.evaluate(() => Date.now());
  expect(expiresAt - pageNow).toBeGreaterThan(11 * 60 * 60 * 1000);
  await page.clock.runFor(expiresAt - pageNow + 1000);
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('routes: exact matching outside the layout, / for unknown paths, guards for the therapist area', async ({ page }) => {
  await page.goto('/findes-ikke');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register/extra');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/Klientdata');
  await expect(page).toHaveURL(/\/$/);
});

test('a clinic without an active plan is sent to the plan page, except on return from payment', async ({ page }) => {
  const email = uniqueEmail('uden-plan');
  await registerClinic(email);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/planl%C3%A6gge$/);
  await page.goto('/Klientdata');
  await expect(page).toHaveURL(/\/planl%C3%A6gge$/);
  await page.goto('/Klientdata?payment_method=pm_1');
  await expect(page.getByRole('heading', { name: 'Klientdata' })).toBeVisible();
});

test('the consent text prints with the clinic name', async ({ page }) => {
  const email = uniqueEmail('samtykke');
  await registerClinic(email, { freeTrial: true });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Samtykketekst');
  await expect(page.getByRole('heading', { name: 'Samtykkeerklæring – behandling og journalføring' })).toBeVisible();
  await expect(page.getByText('at Klinik Holm undersøger og behandler mig')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Udskriv' })).toBeHidden();
});

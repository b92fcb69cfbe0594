/** The platform administrator's and the support team's own sign-ins (spec 1 §2, §6, §8). */
import { expect, test } from '../support/test';
import { E2E_ADMIN, E2E_TEAM_USER } from '../support/ports';

test("a wrong administrator password shows 'Forkert login'; the right one opens the companies", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Administrator login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // A named administrator: the e2e stack's development administrator.
  await page.getByLabel(/^Brugernavn/).fill(E2E_ADMIN.username);
  await page.getByLabel(/^Administratoradgangskode/).fill('gættet');
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByRole('alert')).toHaveText('Forkert login');

  await page.getByLabel(/^Administratoradgangskode/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/Companies$/);
  await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Administratormenu' })).toBeVisible();

  // With the admin token stored, /admin goes straight to the companies; the therapist area stays closed.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/Companies$/);
  await page.goto('/Kalender');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/companies');
  await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();
});

test('the support team signs in separately and reaches the import screen', async ({ page }) => {
  await page.goto('/support-import-data');
  await expect(page).toHaveURL(/\/support-login$/);
  await page.getByLabel(/^Brugernavn/).fill(E2E_TEAM_USER.username);
  await page.getByLabel(/^Adgangskode/).fill('forkert-kode');
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your username and password.');
  await page.getByLabel(/^Adgangskode/).fill(E2E_TEAM_USER.password);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/support-import-data$/);
  await expect(page.getByRole('heading', { name: 'Importer data for en klinik' })).toBeVisible();
});

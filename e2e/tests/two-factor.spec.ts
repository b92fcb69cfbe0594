/** Two-factor sign-in: a therapist who turned it on is asked for the code after the password. */
import { generate } from 'otplib';
import { expect, test } from '../support/test';
import { api, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';

test('after the password, the login asks for the code from the app; a recovery code signs in once', async ({ page }) => {
  const email = uniqueEmail('tofaktor');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const setup = await api<{ data: { secret: string } }>('twoFactorSetup', { token });
  const enabled = await api<{ data: { recoveryCodes: string[] } }>('twoFactorEnable', { token, code: await generate({ secret: setup.body.data.secret }) });
  expect(enabled.status).toBe(200);
  const [recovery] = enabled.body.data.recoveryCodes;

  await page.goto('/');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Adgangskode/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByRole('alert')).toHaveText('Indtast koden fra din godkendelsesapp (eller en af dine gendannelseskoder).');
  await page.getByLabel(/^Kode fra godkendelsesapp/).fill(recovery!);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/Kalender$/);
  // The recovery code is used up.
  expect((await api('login', { username: email, password: PASSWORD, otp: recovery })).status).toBe(401);
});

test('a therapist turns two-factor sign-in on from Min profil with the QR code’s key, and off again with the password', async ({ page }) => {
  const email = uniqueEmail('tofaktor-ui');
  await registerClinic(email, { freeTrial: true });
  await page.goto('/');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Adgangskode/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page).toHaveURL(/\/Kalender$/);

  await page.goto('/MinProfil');
  await page.getByRole('button', { name: 'Opsæt eller slå fra' }).click();
  await expect(page.getByRole('img', { name: 'QR-kode til godkendelsesappen' })).toBeVisible();
  const secret = await page.getByLabel('Nøgle').inputValue();
  await page.getByLabel(/^Kode fra appen/).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Slå to-trins-login til' }).click();
  await expect(page.getByText('To-trins-login er slået til. Gem dine gendannelseskoder et sikkert sted: hver kan bruges én gang.')).toBeVisible();
  const codes = (await page.getByLabel('Gendannelseskoder').innerText()).split(/\s+/).filter(Boolean);
  expect(codes).toHaveLength(10);
  expect((await api('login', { username: email, password: PASSWORD })).status).toBe(401);

  // Opened again: it is on, and the password turns it off.
  await page.reload();
  await page.getByRole('button', { name: 'Opsæt eller slå fra' }).click();
  await expect(page.getByText('To-trins-login er slået til for din konto.')).toBeVisible();
  await page.getByLabel(/^Din adgangskode/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Slå to-trins-login fra' }).click();
  await expect(page.getByText('To-trins-login er slået fra.')).toBeVisible();
  expect((await api('login', { username: email, password: PASSWORD })).status).toBe(200);
});

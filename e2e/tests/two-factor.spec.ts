/** Two-factor sign-in (issue 14): a therapist who turned it on is asked for the code after the password. */
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
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

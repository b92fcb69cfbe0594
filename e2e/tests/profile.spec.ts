/**
 * 'Min profil': a therapist changes their own name, phone, theme colour and availability from the
 * account menu (/MinProfil); the calendar takes the colour at once, and the server has all of it.
 */
import { expect, test } from '../support/test';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';

test('a therapist changes their own profile, colour and availability', async ({ page }) => {
  const email = uniqueEmail('profil');
  await registerClinic(email, { freeTrial: true });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);

  await page.getByRole('button', { name: /^Konto:/ }).click();
  await page.getByRole('menuitem', { name: 'Min profil' }).click();
  await expect(page).toHaveURL(/\/MinProfil$/);
  const dialog = page.getByRole('main');
  await dialog.getByRole('textbox', { name: 'Fornavn' }).fill('');
  await dialog.getByRole('button', { name: 'Gem' }).click();
  // The server's message for the emptied field; nothing is saved.
  await expect(dialog.getByText('Fornavn er påkrævet')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Fornavn' }).fill('Karen');
  await dialog.locator('input[type=color]').fill('#aa3366');
  await dialog.getByRole('switch', { name: 'Jeg kan tage nye klienter' }).uncheck();
  await dialog.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Dine oplysninger er gemt.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Kalender' }).click();

  await expect(page.getByRole('button', { name: /^Konto: Karen / })).toBeVisible();
  await expect(page.locator('section.klinik-calendar')).toHaveAttribute('style', /--klinik-theme:\s*#aa3366/);
  // Fluent's theme follows it: its brand colour (the ramp's step 80 is the colour itself) on the primary buttons.
  const brandBackground = () => page.locator('.fui-FluentProvider').first().evaluate((element) => getComputedStyle(element).getPropertyValue('--colorBrandBackground').trim());
  await expect.poll(brandBackground).toBe('#aa3366');
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const therapist = (await api<{ data: { nameFirst: string; colors: string[]; isAvailable: boolean } }>('getTherapist', { token })).body.data;
  expect(therapist).toMatchObject({ nameFirst: 'Karen', isAvailable: false });
  expect(therapist.colors[1]).toBe('#aa3366');
});

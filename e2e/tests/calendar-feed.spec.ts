/**
 * 'Abonnér i din egen kalender': the therapist makes a private feed address on /Kalender, a calendar app (here a
 * plain GET) reads the booking as initials and treatment only; a new address ends the old one.
 */
import { copenhagenWallTime } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { PASSWORD, api, logIn, registerClinic, uniqueEmail } from '../support/helpers';

test('the therapist subscribes to their own calendar, which shows initials and treatment only', async ({ page, request }) => {
  const email = uniqueEmail('feed');
  await registerClinic(email, { freeTrial: true });
  const { token } = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body;
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Zoneterapi', price: 400, duration: 3600, pause: 0 });
  const nextYear = new Date().getUTCFullYear() + 1;
  const client = { nameFirst: 'Asta', nameLast: 'Nielsen', CPR6Digit: '120385', CPRLast4Digit: '4321', email: 'asta@klinik.test', phonePrivate: '40404040' };
  expect((await api('addBooking', { token, treatmentId: treatment.body.data.id, from: copenhagenWallTime(nextYear, 1, 12, 10, 0), client, reason: 'Hovedpine' })).status).toBe(200);

  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.getByRole('button', { name: 'Abonnér i din egen kalender' }).click();
  const dialog = page.getByRole('dialog', { name: 'Abonnér i din egen kalender' });
  await expect(dialog.getByText('Du har ingen kalenderadresse endnu.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Lav adresse' }).click();
  const address = dialog.getByRole('textbox', { name: 'Din kalenderadresse' });
  await expect(address).toHaveValue(/\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await address.inputValue();

  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  const text = await feed.text();
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('SUMMARY:AN · Zoneterapi');
  for (const secret of ['Asta', 'Nielsen', '120385', 'Hovedpine', 'asta@klinik.test', '40404040']) expect(text).not.toContain(secret);

  // A new address, after the question, ends the old one.
  await dialog.getByRole('button', { name: 'Ny adresse' }).click();
  await page.getByRole('alertdialog', { name: 'Lav en ny adresse?' }).getByRole('button', { name: 'Ny adresse' }).click();
  await expect(address).not.toHaveValue(first);
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(await address.inputValue())).status()).toBe(200);
});

/**
 * The waiting list through the outbox: the therapist puts a client on the list under /Kalender/Venteliste, a booking
 * in a time that suits her is cancelled, the offer reaches her by mail (the message planner and runner of the running
 * API), she opens the link on her phone and takes the time, and the booking is in the therapist's calendar.
 */
import { waitlistMessages } from '@klinik/core';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { PASSWORD, api, logIn, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

test('a cancelled time reaches the first on the waiting list, who takes it from the mailed link', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('venteliste');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const treatmentId = (await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 450, duration: 3600, pause: 0 })).body.data.id;
  const monday = nextMonday();
  const tuesday = dayKey(monday, 1);
  const client = (n: string, nameFirst: string) => ({ nameFirst, nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: n, email: uniqueEmail(nameFirst.toLowerCase()), phonePrivate: '20304050' });
  // Signe is a client already (a Friday booking); Bo has Tuesday at 10:00.
  const signe = client('1234', 'Signe');
  expect((await api('addBooking', { token, treatmentId, from: at(dayKey(monday, 4), 8), client: signe })).status).toBe(200);
  const bo = await api<{ data: { id: string } }>('addBooking', { token, treatmentId, from: at(tuesday, 10), client: client('4321', 'Bo') });
  expect(bo.status).toBe(200);

  // The therapist puts Signe on the list: weekdays, 08:00–16:00.
  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Kalender/Venteliste');
  await expect(page.getByRole('heading', { name: 'Venteliste' })).toBeVisible();
  await expect(page.getByText('Ingen på ventelisten')).toBeVisible();
  await page.getByRole('button', { name: 'Tilføj til venteliste' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj til venteliste' });
  await dialog.getByRole('searchbox').fill('Signe');
  await dialog.getByRole('option', { name: /Signe Kjær/ }).click();
  await dialog.getByLabel(/^Vælg behandling/).selectOption({ label: 'Massage' });
  await expect(dialog.getByRole('checkbox', { name: 'Tir' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Tilføj' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Signe Kjær/ });
  await expect(row).toContainText('Massage');
  await expect(row).toContainText('Ingen tilbud endnu');

  // Bo cancels (the therapist deletes his booking): the freed time goes to Signe by mail with the link.
  expect((await api('deleteBooking', { token, id: bo.body.data.id })).status).toBe(200);
  const offer = await waitForMail(signe.email, 60_000, 'Ledig tid hos Klinik Holm');
  expect(offer.text).toContain('kl. 10:00');
  const link = /https?:\/\/\S+\/Venteliste\?therapistId=[0-9a-f]{24}#offer=[A-Za-z0-9_-]+/.exec(offer.text)?.[0];
  expect(link, offer.text).toBeTruthy();
  await page.reload();
  await expect(page.getByRole('row', { name: /Signe Kjær/ })).toContainText('tilbudt');

  // Signe, on her phone: the time, 'Tag tiden', and the answer.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(link!);
  await expect(phone.getByRole('heading', { name: 'Ledig tid fra ventelisten' })).toBeVisible();
  await expect(phone.getByText(/Massage .* kl\. 10:00 hos Ida Holm/)).toBeVisible();
  await phone.getByRole('button', { name: 'Tag tiden' }).click();
  await expect(phone.getByText(waitlistMessages.accepted)).toBeVisible();
  // The link is used up: opened again, it says so.
  await phone.reload();
  await expect(phone.getByText('Tiden er allerede booket til dig.')).toBeVisible();
  await phone.close();

  // In the therapist's calendar: Signe on Tuesday at 10:00; off the waiting list.
  const bookings = await api<{ data: { from: number; nameFirst: string }[] }>('getBookingsFromTherapist', { token, from: at(tuesday, 0), to: at(dayKey(monday, 2), 0) });
  expect(bookings.body.data.map((booking) => [booking.nameFirst, booking.from])).toEqual([['Signe', at(tuesday, 10)]]);
  await page.reload();
  await expect(page.getByText('Ingen på ventelisten')).toBeVisible();
});

/**
 * A recurring series from the booking drawer: a client every Tuesday at 10:00 for ten weeks, the third Tuesday
 * taken by someone else, moved to another free time that day before anything is saved; ten bookings in the
 * calendar, each marked as part of the series.
 */
import { formatCopenhagenTime } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday, slotPoint } from '../support/calendar';
import { PASSWORD, animationsDone, api, expectToast, logIn, registerClinic, uniqueEmail } from '../support/helpers';

const DAY = 24 * 3600_000;

test('a ten-week series with one collision, chosen another time that day', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('serie');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const treatmentId = (await api<{ data: { id: string } }>('addTreatment', { token, name: 'Genoptræning', price: 500, duration: 2700, pause: 0 })).body.data.id;
  const monday = nextMonday();
  const [tuesday, thirdTuesday] = [dayKey(monday, 1), dayKey(monday, 15)];
  // Signe is a client already; Bo has the third Tuesday at 10:00.
  const client = (n: string, nameFirst: string) => ({ nameFirst, nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: n, email: uniqueEmail('klient'), phonePrivate: '20304050' });
  expect((await api('addBooking', { token, treatmentId, from: at(dayKey(monday, 0), 8), client: client('1234', 'Signe') })).status).toBe(200);
  expect((await api('addBooking', { token, treatmentId, from: at(thirdTuesday, 10), client: client('4321', 'Bo') })).status).toBe(200);

  await page.setViewportSize({ width: 1400, height: 1200 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page.locator(`.fc-timegrid-col[data-date="${tuesday}"]`)).toBeVisible();
  const slot = await slotPoint(page, tuesday, '10:00');
  await page.mouse.click(slot.x, slot.y);
  const drawer = page.getByRole('dialog', { name: 'Opret Booking' });
  await animationsDone(drawer);
  await drawer.getByRole('searchbox').fill('Signe');
  await drawer.getByRole('option', { name: /Signe Kjær/ }).click();
  await drawer.getByLabel(/^Behandling/).selectOption({ label: 'Genoptræning (45 min)' });
  await drawer.getByRole('switch', { name: 'Gentag' }).check();
  await drawer.getByLabel('Hvor ofte').selectOption({ label: 'Hver uge' });
  await drawer.getByRole('spinbutton', { name: 'Antal gange' }).fill('10');
  await expect(drawer.getByRole('status')).toHaveText(/^10 tider fra tirsdag \d+\. \w+$/);

  // The collision is listed before anything is saved, with free times that day.
  await drawer.getByRole('button', { name: 'Opret' }).click();
  const collision = drawer.getByLabel(/kl\. 10:00 – optaget af en anden booking/);
  await expect(collision).toBeVisible();
  expect((await api<{ data: unknown[] }>('getBookingsFromTherapist', { token, from: monday, to: monday + 62 * DAY })).body.data).toHaveLength(2);
  await collision.selectOption({ label: 'kl. 11:00' });
  await drawer.getByRole('button', { name: 'Gem serien' }).click();
  await expectToast(page, 'Serien er oprettet med 10 tider');
  await expect(page.locator('.fc-event.klinik-booking', { hasText: '↻ Signe Kjær' })).toHaveCount(1);

  const [first, second] = await Promise.all([
    api<{ data: { from: number; seriesIndex?: number }[] }>('getBookingsFromTherapist', { token, from: monday, to: monday + 56 * DAY }),
    api<{ data: { from: number; seriesIndex?: number }[] }>('getBookingsFromTherapist', { token, from: monday + 56 * DAY, to: monday + 112 * DAY }),
  ]);
  const series = [...first.body.data, ...second.body.data].filter((booking) => booking.seriesIndex !== undefined);
  expect(series.map((booking) => [booking.seriesIndex, formatCopenhagenTime(booking.from)])).toEqual(Array.from({ length: 10 }, (_, index) => [index, index === 2 ? '11:00' : '10:00']));
});

/**
 * The two video guides of /Videovejledninger (spec 3, Video guides), filmed from the product doing the task:
 * a merged invoice statement ('Samlet opgørelse') and images on a client's journal. Written to mf-commerce/guides/.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { copenhagenDateKey } from '@klinik/core/time';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';
import { beat, record } from './recorder';

const OUT = path.resolve(import.meta.dirname, '..', '..', 'mf-commerce', 'guides');

/** A clinic with a complete profile, a treatment and a client with two bookings next week. */
async function clinicWithBookings() {
  const email = uniqueEmail('guide');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const company = await api<{ data: Record<string, unknown> }>('getCompany', { token });
  const { moms: _moms, logo: _logo, ...profile } = company.body.data;
  await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678' });
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 450, duration: 2700, pause: 0 });
  const monday = nextMonday();
  const first = await api<{ data: { id: string; clientId: string } }>('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    from: at(dayKey(monday, 0), 10),
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: uniqueEmail('klient'), phonePrivate: '20304050' },
  });
  expect(first.status).toBe(200);
  await api('setClient', { token, id: first.body.data.clientId, changes: { address: 'Åvej 3', post: '8000', town: 'Aarhus C' } });
  const second = await api<{ data: { id: string } }>('addBooking', { token, treatmentId: treatment.body.data.id, from: at(dayKey(monday, 2), 10), clientId: first.body.data.clientId });
  return { email, token, clientId: first.body.data.clientId, treatmentId: treatment.body.data.id, bookings: [first.body.data.id, second.body.data.id], monday };
}

test('guide: a merged invoice statement', async ({ page }) => {
  const clinic = await clinicWithBookings();
  for (const bookingId of clinic.bookings) expect((await api('addInvoice', { token: clinic.token, bookingId, settings: { type: true } })).status).toBe(200);
  await logIn(page, clinic.email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Faktura');
  await expect(page.getByRole('button', { name: /0002-\d\d/ })).toBeVisible();

  const film = await record(page);
  await beat(page, 1200);
  await page.getByRole('tab', { name: 'Samlet opgørelse' }).click();
  await beat(page);
  await page.getByRole('combobox', { name: 'Klient' }).pressSequentially('Signe', { delay: 120 });
  await page.getByRole('option', { name: /Signe Kjær/ }).click();
  await beat(page);
  await page.getByLabel('Fra dato').fill(copenhagenDateKey(clinic.monday - 86_400_000));
  await page.getByLabel('Til dato').fill(copenhagenDateKey(clinic.monday + 4 * 86_400_000));
  await beat(page);
  await page.getByRole('button', { name: 'Find fakturaer' }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await beat(page);
  await page.getByRole('checkbox').first().check();
  await beat(page, 500);
  await page.getByRole('checkbox').last().check();
  await beat(page);
  await page.getByRole('button', { name: 'Opret samlet opgørelse' }).click();
  await expect(page.getByRole('button', { name: /Samlet opgørelse \d\d-\d\d-\d{4}/ })).toBeVisible();
  await beat(page, 1500);
  const size = await film.save(path.join(OUT, 'samlet-opgoerelse.webm'));
  expect(size).toBeGreaterThan(10_000);
});

test('guide: images on a client journal', async ({ page }) => {
  const clinic = await clinicWithBookings();
  const photo = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9e4f5"/><stop offset="1" stop-color="#8fa9d6"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><ellipse cx="400" cy="330" rx="150" ry="210" fill="#f1d3bd" stroke="#b98a6a" stroke-width="6"/><circle cx="400" cy="110" r="70" fill="#f1d3bd" stroke="#b98a6a" stroke-width="6"/><text x="400" y="575" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#1f2d4d">Eksempelbillede</text></svg>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();
  const therapistId = (await api<{ data: { id: string } }>('getTherapist', { token: clinic.token })).body.data.id;
  const opened = await api('addJournal', { token: clinic.token, bookingId: clinic.bookings[0], clientId: clinic.clientId, treatmentId: clinic.treatmentId, therapistId });
  expect(opened.status).toBe(200);
  await logIn(page, clinic.email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto(`/Klientdata?id=${clinic.clientId}&journalId=${clinic.bookings[0]}`);
  const journal = page.getByRole('region', { name: /^Journal – Massage/ });
  await expect(journal).toBeVisible();

  const film = await record(page);
  await beat(page, 1200);
  await journal.getByLabel('Vælg billeder').setInputFiles([{ name: 'ryg.jpg', mimeType: 'image/jpeg', buffer: photo }]);
  await journal.getByRole('button', { name: 'Upload billeder' }).scrollIntoViewIfNeeded();
  await beat(page, 1500);
  await journal.getByRole('button', { name: 'Upload billeder' }).click();
  await expect(journal.getByRole('checkbox', { name: 'Vælg ryg.jpg' })).toBeVisible();
  await beat(page, 1500);
  const size = await film.save(path.join(OUT, 'klientbilleder.webm'));
  expect(size).toBeGreaterThan(10_000);
});

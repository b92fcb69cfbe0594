/**
 * A treatment journal: from the calendar's booking card the therapist opens the client, fills Stamdata
 * and the Stamjournal, writes the journal, adds a comment, uploads two images and sees the storage move, prints
 * the journal (and takes a camera picture and downloads the chosen images as a zip); after the API's clock (test-only control) passes 24 hours after the booking, the fields are locked
 * and only comments can be added.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';
import { E2E_PORTS } from '../support/ports';

const clockUrl = () => (process.env.KLINIK_E2E_API_URL ?? `http://localhost:${E2E_PORTS.api}/api`).replace(/\/api$/, '/dev/clock');
async function moveClock(body: { advanceMs: number } | { reset: true }) {
  const response = await fetch(clockUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

// Two tiny PNG pictures (8×8, different colours), inline so the test needs no image library.
const PNG_RED = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGM4ISeHFTEMLQkAkL9BAbKfPiIAAAAASUVORK5CYII=', 'base64');
const PNG_BLUE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGOQszmBFTEMLQkAKexIgYSG3JkAAAAASUVORK5CYII=', 'base64');

test('journal: Stamdata, Stamjournal, journal, comment, images, print, and locked after 24 hours', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journal');
  await registerClinic(email, { freeTrial: true });
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  const token = login.body.token;
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 450, duration: 2700, pause: 0 });
  const monday = nextMonday();
  const from = at(dayKey(monday, 1), 10);
  const booked = await api<{ data: { id: string; to: number; clientId: string } }>('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    from,
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: 'signe@example.dk', phonePrivate: '20304050' },
  });
  expect(booked.status).toBe(200);

  await page.setViewportSize({ width: 1400, height: 1100 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  await page.getByRole('button', { name: 'Næste' }).click();
  await page.locator('.fc-event.klinik-booking', { hasText: 'Signe Kjær' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stamjournal og Stamdata' }).click();
  await expect(page).toHaveURL(new RegExp(`/Klientdata\\?id=${booked.body.data.clientId}&journalId=${booked.body.data.id}$`));

  // Stamdata: a wrong birth date is not saved; the address is.
  const stamdata = page.getByRole('region', { name: 'Stamdata' });
  await stamdata.getByLabel(/^Fødselsdag/).fill('3102');
  await expect(stamdata.getByText('Fødselsdag skal være 6 cifre.')).toBeVisible();
  await stamdata.getByLabel(/^Fødselsdag/).fill('010190');
  await stamdata.getByLabel(/^Adresse/).fill('Algade 3');
  await stamdata.getByLabel(/^Postnummer/).fill('4000');
  await stamdata.getByLabel(/^By/).fill('Roskilde');
  await expect.poll(async () => (await api<{ data: { town: string; address: string } }>('getClient', { token, id: booked.body.data.clientId })).body.data.town).toBe('Roskilde');

  // Stamjournal.
  const stamjournal = page.getByRole('region', { name: 'Stamjournal' });
  await stamjournal.getByLabel('Aktuel behandling', { exact: true }).fill('Spændinger i nakke og skuldre');
  await expect
    .poll(async () => (await api<{ data: { name: string; value: string }[] }>('getCustomFieldsFromClientIsNotJournal', { token, clientId: booked.body.data.clientId })).body.data.find((field) => field.name === 'Aktuel behandling')?.value)
    .toBe('Spændinger i nakke og skuldre');

  // An own Stamjournal field, renamed while it can still be written.
  await stamjournal.getByLabel('Navn på nyt felt').fill('Allergier');
  await stamjournal.getByRole('button', { name: 'Tilføj felt' }).click();
  await stamjournal.getByRole('button', { name: 'Omdøb feltet Allergier' }).click();
  await stamjournal.getByLabel('Nyt navn til Allergier').fill('Allergier og intolerancer');
  await stamjournal.getByRole('button', { name: 'Gem navn' }).click();
  await expect(stamjournal.getByLabel('Allergier og intolerancer', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await api<{ data: { name: string }[] }>('getCustomFieldsFromClientIsNotJournal', { token, clientId: booked.body.data.clientId })).body.data.map((field) => field.name))
    .toContain('Allergier og intolerancer');

  // The journal of this booking, opened from the card.
  const journal = page.getByRole('region', { name: /^Journal – Massage/ });
  await expect(journal).toBeVisible();
  const treatmentField = journal.getByRole('group', { name: 'Behandling', exact: true });
  await treatmentField.getByLabel('Behandling', { exact: true }).fill('Massage af trapezius, 30 min.');
  await treatmentField.getByRole('button', { name: 'Tilføj kommentar' }).click();
  await treatmentField.getByLabel('Kommentar til Behandling').fill('Klienten tålte trykket godt.');
  await expect
    .poll(async () => {
      const answer = await api<{ data: { treatment: string; comments: { value: string }[] } | null }>('getJournalFromBooking', { token, bookingId: booked.body.data.id });
      return [answer.body.data?.treatment, answer.body.data?.comments.map((comment) => comment.value)];
    }, { timeout: 15_000 })
    .toEqual(['Massage af trapezius, 30 min.', ['Klienten tålte trykket godt.']]);

  // Two images; the storage bar moves.
  const bar = page.getByRole('progressbar', { name: 'Lagerplads' });
  await expect(bar).toHaveAttribute('data-used-bytes', '0');
  await journal.getByLabel('Vælg billeder').setInputFiles([
    { name: 'ryg.png', mimeType: 'image/png', buffer: PNG_RED },
    { name: 'skulder.png', mimeType: 'image/png', buffer: PNG_BLUE },
  ]);
  await journal.getByRole('button', { name: 'Upload billeder' }).click();
  await expect(journal.getByRole('checkbox', { name: 'Vælg ryg.png' })).toBeVisible();
  await expect(journal.getByRole('checkbox', { name: 'Vælg skulder.png' })).toBeVisible();
  await expect(bar).not.toHaveAttribute('data-used-bytes', '0');
  const used = Number(await bar.getAttribute('data-used-bytes'));
  expect(used).toBeGreaterThan(0);

  // A picture from the (fake) rear camera, named after the client, 400 px wide.
  await page.context().grantPermissions(['camera']);
  await journal.getByRole('button', { name: 'Tag billede med kamera' }).click();
  const camera = page.getByRole('dialog', { name: 'Tag billede' });
  await camera.getByRole('button', { name: 'Tag billede' }).click();
  await expect(camera).toBeHidden();
  await journal.getByRole('button', { name: 'Upload billeder' }).click();
  await expect
    .poll(async () => (await api<{ data: { imageName: string }[] }>('getImages', { token, clientId: booked.body.data.clientId })).body.data.map((image) => image.imageName).sort())
    .toEqual(['ryg.png', expect.stringMatching(/^signe_kjaer_\d+\.jpg$/), 'skulder.png']);
  await expect.poll(async () => Number(await bar.getAttribute('data-used-bytes'))).toBeGreaterThan(used);

  // The chosen pictures download as journal_images.zip.
  await journal.getByRole('checkbox', { name: 'Vælg ryg.png' }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), journal.getByRole('button', { name: 'Download valgte' }).click()]);
  expect(download.suggestedFilename()).toBe('journal_images.zip');
  const zip = readFileSync(await download.path());
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(zip.includes(Buffer.from('ryg.png'))).toBe(true);

  // Print the journal: a clean A4 page with the client and the text.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await journal.getByRole('button', { name: 'Print' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const printed = page.locator('article[data-testid=print-view]');
  await expect(printed).toBeVisible();
  await expect(printed).toContainText('Signe Kjær');
  await expect(printed).toContainText('010190-1234');
  await expect(printed).toContainText('Massage af trapezius, 30 min.');
  await expect(printed).toContainText('Klienten tålte trykket godt.');
  await expect(page.getByRole('region', { name: 'Stamdata' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('journal-print.png') });
  await page.emulateMedia({ media: 'screen' });

  // The client's invoices and merged statements are one click away (mf-invoices' views of this client).
  await page.getByRole('button', { name: 'Fakturaer', exact: true }).click();
  await page.getByRole('link', { name: 'Se samlede opgørelser' }).click();
  await expect(page).toHaveURL(new RegExp(`/Faktura\\?clientId=${booked.body.data.clientId}$`));
  await expect(page.getByText('Ingen samlet opgørelse fundet')).toBeVisible();
  await page.goBack();
  await page.getByRole('button', { name: 'Fakturaer', exact: true }).click();
  await page.getByRole('link', { name: 'Se klientens fakturaer' }).click();
  await expect(page).toHaveURL(new RegExp(`/Faktura\\?bookingIds=${booked.body.data.id}$`));
  await expect(page.getByText('Ingen faktura fundet')).toBeVisible();
  await page.goBack();

  // 24 hours after the booking ended (the API's clock moves; the browser is not trusted anyway).
  try {
    await moveClock({ advanceMs: booked.body.data.to + 25 * 3_600_000 - Date.now() });
    await page.reload();
    const closed = page.getByRole('region', { name: /^Journal – Massage/ });
    await expect(closed).toBeVisible();
    const field = closed.getByRole('group', { name: 'Behandling', exact: true });
    await expect(field.getByLabel('Behandling', { exact: true })).toHaveAttribute('readonly', '');
    // Said once, above the fields, not again under each of them.
    const closedNotice = closed.getByText('Journalen kan kun skrives indtil 24 timer efter behandlingen. Tilføj en kommentar i stedet.');
    await expect(closedNotice).toBeVisible();
    await expect(closedNotice).toHaveCount(1);
    // The server refuses a save even with the browser bypassed.
    const bypass = await api<{ message: string }>('setJournal', { token, id: booked.body.data.id, version: 1, changes: { treatment: 'Ændret' } });
    expect(bypass.status).toBe(403);
    // A comment is still possible.
    await field.getByRole('button', { name: 'Tilføj kommentar' }).click();
    await field.getByLabel('Kommentar til Behandling').fill('Opfølgning: bedre efter en uge.');
    await expect
      .poll(async () => (await api<{ data: { comments: { value: string }[] } }>('getJournalFromBooking', { token, bookingId: booked.body.data.id })).body.data.comments.length, { timeout: 15_000 })
      .toBe(2);
  } finally {
    await moveClock({ reset: true });
  }
});

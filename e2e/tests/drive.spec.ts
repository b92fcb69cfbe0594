/**
 * The cloud-drive backup (spec 2 Images 'Drive', §7 setGoogleUploadForClientProfile): a clinic with the
 * cloud-drive add-on (bought on the payment sandbox's checkout page, outside the browser) opens a client; the drive
 * panel signs in on the drive sandbox's consent page ('Tillad') and comes back to the client, the therapist switches on
 * the copy of profile images, uploads the client's profile picture, and sees its copy in the clinic's folder on the
 * drive.
 */
import { expect, test } from '../support/test';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';

// A tiny PNG picture (8×8), inline so the test needs no image library.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGM4ISeHFTEMLQkAkL9BAbKfPiIAAAAASUVORK5CYII=', 'base64');

async function call<T = Record<string, unknown>>(action: string, token: string, body: Record<string, unknown> = {}) {
  const answer = await api<T>(action, { token, ...body });
  expect({ action, status: answer.status, body: answer.status === 200 ? null : answer.body }).toEqual({ action, status: 200, body: null });
  return answer.body;
}

test('connecting the drive sandbox and uploading a client image puts a copy in the drive', async ({ page }) => {
  const email = uniqueEmail('drev');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  // The cloud-drive add-on, a monthly subscription paid on the sandbox's checkout page.
  const started = await call<{ url: string }>('createSubscription', token, { id: 'drive', cardId: null, idempotencyKey: `e2e-drive-${Date.now()}` });
  const paid = await fetch(started.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4111111111111111', expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const client = await call<{ data: { id: string } }>('addClient', token, {
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: 'signe@example.dk', phonePrivate: '20304050', address: 'Algade 1', post: '4000', town: 'Roskilde' },
    ids: [],
  });

  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto(`/Klientdata?id=${client.data.id}`);
  const drive = page.getByRole('region', { name: 'Cloud drev' });
  await drive.getByRole('button', { name: 'Log ind på Google Drive' }).click();

  // The sandbox's consent page, then back to the client's page.
  await expect(page.getByRole('heading', { name: 'Log ind på Google Drive' })).toBeVisible();
  await page.getByLabel('Google-konto (e-mail)').fill('ida.holm@gmail.com');
  await page.getByRole('button', { name: 'Tillad' }).click();
  await expect(page).toHaveURL(new RegExp(`/Klientdata\\?id=${client.data.id}$`));
  await expect(drive.getByText('Logget ind som ida.holm@gmail.com')).toBeVisible();
  const folder = drive.getByRole('region', { name: 'Klinikkens mappe på Google Drive' });
  await expect(folder.getByText('Mappen er tom.')).toBeVisible();

  const copies = drive.getByRole('switch', { name: 'Kopiér klienters profilbilleder til Google Drive' });
  await copies.click();
  await expect(copies).toBeChecked();

  // The profile picture, uploaded in Stamdata: its copy shows in the clinic's folder on the drive.
  await page.getByRole('button', { name: 'Stamdata' }).click();
  const profile = page.getByRole('region', { name: 'Profilbillede' });
  await profile.getByLabel('Vælg profilbillede').setInputFiles({ name: 'signe.png', mimeType: 'image/png', buffer: PNG });
  await profile.getByRole('button', { name: 'Upload profilbillede' }).click();
  await expect(folder.locator('[data-drive-item="signe.png"]')).toBeVisible();
  await expect(folder.getByText('Mappen er tom.')).toBeHidden();
});

/**
 * The intake form: the owner writes a question, selects it, copies the form link, fills a new client's
 * personal details (the local draft never holds the CPR number) and sends; the client gets the mail, opens the
 * link on a phone, answers and submits; the answer is on the client's record.
 */
import { expect, test } from '../support/test';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

test('intake form: question, form link, send, the client answers from the mail', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('formular');
  await registerClinic(email, { freeTrial: true });
  await page.setViewportSize({ width: 1300, height: 1000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/NewClientForm');

  // A question: an empty name is refused, then saved, edited and selected.
  await page.getByRole('tab', { name: 'Spørgsmål' }).click();
  await page.getByRole('button', { name: 'Tilføj spørgsmål' }).click();
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByText('Spørgsmålets navn må ikke være tomt!')).toBeVisible();
  await page.getByLabel(/^Spørgsmålets navn/).fill('Ryger du?');
  await page.getByRole('button', { name: 'Gem' }).click();
  await expect(page.getByRole('checkbox', { name: 'Ryger du?' })).toBeVisible();
  await page.getByRole('button', { name: 'Tilføj spørgsmål' }).click();
  await page.getByLabel(/^Spørgsmålets navn/).fill('Slettes');
  await page.getByRole('button', { name: 'Gem' }).click();
  await page.getByRole('button', { name: 'Slet Slettes' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Slet spørgsmål' });
  await confirm.getByRole('button', { name: 'Slet' }).click();
  await expect(page.getByText('spørgsmålet blev slettet!').first()).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('checkbox', { name: 'Ryger du?' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Slettes' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Ryger du?' }).check();

  // The form link carries the therapist and the chosen question.
  const link = page.getByLabel('Link til formularen');
  await expect(link).toHaveValue(/\/ClientForm\?therapistID=[a-f0-9]{24}&ids=[a-f0-9]{24}$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'kopi' }).click();
  await expect(page.getByRole('button', { name: 'Kopieret!' })).toBeVisible();

  // Personal details; the draft in localStorage never holds the CPR number.
  await page.getByRole('tab', { name: 'Personlige oplysninger' }).click();
  const clientEmail = uniqueEmail('ny-klient');
  await page.getByLabel(/^Fornavn/).fill('Asta');
  await page.getByLabel(/^Efternavn/).fill('Bøgh');
  await page.getByLabel(/^Fødselsdag/).fill('150385');
  await page.getByRole('button', { name: 'Generér unik kode' }).click();
  await expect(page.getByLabel(/^Sidste 4 cifre/)).toHaveValue(/^\d{4}$/);
  await page.getByLabel(/^Adresse/).fill('Åboulevarden 3');
  await page.getByLabel(/^Postnummer/).fill('8000');
  await page.getByLabel(/^By/).fill('Aarhus C');
  await page.getByLabel(/^E-mail/).fill(clientEmail);
  await page.getByLabel(/^Telefon/).fill('20304050');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('clientData') ?? '')).toContain('Åboulevarden 3');
  const draft = await page.evaluate(() => localStorage.getItem('clientData') ?? '');
  expect(draft).not.toContain('150385');
  expect(draft).not.toContain('CPR');
  await page.getByRole('button', { name: 'Send formular' }).click();
  await expect(page.getByText('e-mail er blevet sendt!')).toBeVisible();
  await expect(page.getByLabel(/^Fornavn/)).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('clientData'))).toBeNull();

  // The client answers on a phone from the mailed link.
  const mail = await waitForMail(clientEmail);
  const formUrl = new URL(mail.text.match(/http\S+\/ClientForm\?\S+/)![0]);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'da-DK' });
  const client = await phone.newPage();
  await client.goto(formUrl.pathname + formUrl.search);
  await expect(client.getByRole('heading', { name: 'Klientformular' })).toBeVisible();
  await expect(client.getByText(/Hej Asta/)).toBeVisible();
  await client.getByLabel('Ryger du?').fill('Nej, aldrig');
  await client.getByRole('button', { name: 'indsende' }).click();
  await expect(client.getByRole('status')).toContainText('Tak! Dine svar er sendt til klinikken.');
  await phone.close();

  // The answer is on the record.
  const login = await api<{ token: string }>('login', { username: email, password: PASSWORD });
  const clients = await api<{ data: { id: string; nameFirst: string }[] }>('getAllClient', { token: login.body.token, search: 'Asta' });
  const record = await api<{ data: { intakeAnswers: { fieldName: string; value: string }[]; address: string } }>('getClient', { token: login.body.token, id: clients.body.data[0]!.id });
  expect(record.body.data.address).toBe('Åboulevarden 3');
  expect(record.body.data.intakeAnswers).toEqual([expect.objectContaining({ fieldName: 'Ryger du?', value: 'Nej, aldrig' })]);
});

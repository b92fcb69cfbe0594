/**
 * The data import, /Importerdata (spec 2 §4 'Import', §5 'Import files'): an owner without the importdata
 * add-on is sent to buy it and a colleague is told to ask the clinic; with it, the form's own checks, then the sample
 * export of an old system (CSV files as Danish Excel writes them, three of the client rows broken) imported in the
 * background: the counts and the three refused rows with their row numbers, the clients in /Klientdata, a past
 * booking in the calendar, an old invoice with its original number in /Faktura; the same files again add nothing.
 *
 * The export is the repo's sample generator (api/src/domain/import/samples.ts), small: the full 1,000 clients and
 * 20,000 bookings (and ten times that) are the benchmark's (`npm run bench`), not a CI journey's. The progress while
 * it runs is the api test's (import-action.test.ts): a small import may be done before a progress bar could be seen.
 */
import path from 'node:path';
import { expect, test } from '../support/test';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

type Samples = typeof import('../../api/src/domain/import/samples.js');
const root = path.resolve(import.meta.dirname, '..', '..');
const KINDS = ['client', 'treatment', 'booking', 'invoiceLine', 'invoice'] as const;
const LABELS = { client: 'Klienter', treatment: 'Behandlinger', booking: 'Bookinger', invoiceLine: 'Fakturalinjer', invoice: 'Fakturaer' } as const;

/** Changes cells of a ';'-CSV in Windows-1252: [row as the file numbers it, column, new text]. */
function editCsv(data: Buffer, edits: [number, string, string][]): Buffer {
  const lines = data.toString('latin1').split('\r\n');
  const header = lines[0]!.split(';');
  for (const [row, column, value] of edits) {
    const cells = lines[row - 1]!.split(';');
    cells[header.indexOf(column)] = /[;"]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    lines[row - 1] = cells.join(';');
  }
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

test('an owner buys the import, imports an old system’s files, finds them in the product, and a second run adds nothing', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const samples = (await import(path.join(root, 'api', 'dist', 'domain', 'import', 'samples.js'))) as Samples;
  const now = Date.now();
  const records = samples.generateSampleExport({ seed: 17, clients: 80, treatments: 12, bookings: 600, invoices: 150, now });
  const files = Object.fromEntries(KINDS.map((kind) => [kind, samples.toCsv(kind, records[kind] as never)])) as Record<(typeof KINDS)[number], Buffer>;
  // Row 4: no CPR number; row 6: a CPR number without a real birth date; row 9: a spreadsheet formula as the name.
  files.client = editCsv(files.client, [
    [4, 'CPR', ''],
    [6, 'CPR', '310299-1234'],
    [9, 'Navn', '=HYPERLINK("http://evil.test";"Klik her")'],
  ]);

  const email = uniqueEmail('import');
  await registerClinic(email, { freeTrial: true });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);

  // Without the add-on: the owner is sent to buy it.
  await page.goto('/Importerdata');
  await expect(page.getByText('Dataimport er et tilkøb', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Gå til Tilføjelser' })).toBeVisible();

  // A colleague who is not the owner is told to ask the clinic (spec 3: the non-administrator's info text).
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const colleague = uniqueEmail('import-kollega');
  expect((await api('addTherapist', { token, nameFirst: 'Jonas', nameLast: 'Bæk', email: colleague, phone: '40506070', password: 'kollega-kode', confirmPassword: 'kollega-kode' })).status).toBe(200);
  const context = await browser.newContext();
  const other = await context.newPage();
  await logIn(other, colleague, 'kollega-kode');
  await expect(other).toHaveURL(/\/Kalender$/);
  await other.goto('/Importerdata');
  await expect(other.getByText('Kontakt klinikkens administrator for at få dine data flyttet med fra dit tidligere system.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Gå til Tilføjelser' })).toHaveCount(0);
  await context.close();

  // The importdata add-on, paid on the payment sandbox's checkout page (the commerce journey clicks through it).
  const bought = await api<{ url: string }>('singleTimePayment', { token, id: 'importdata', cardId: null, idempotencyKey: `e2e-import-${Date.now()}` });
  expect(bought.status).toBe(200);
  const paid = await fetch(bought.body.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4111111111111111', expiry: '12/39', cvc: '123' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  await page.reload();
  const form = page.getByRole('form', { name: 'Filerne fra dit tidligere system' });
  await expect(form).toBeVisible();

  // The form's own checks (spec 2 §5): every file, the source; the e-mail is the owner's to begin with.
  await form.getByRole('button', { name: 'Importer' }).click();
  await expect(form.getByText('Denne fil er påkrævet')).toHaveCount(5);
  await expect(form.getByText('Du skal vælge hvor du importerer fra')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'E-mail til rapporten' })).toHaveValue(email);

  for (const kind of KINDS) await form.getByLabel(LABELS[kind], { exact: true }).setInputFiles({ name: `${samples.SAMPLE_FILE_NAMES[kind]}.csv`, mimeType: 'text/csv', buffer: files[kind] });
  await expect(form.getByText('Denne fil er påkrævet')).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Hvor importerer du fra?' }).click();
  await page.getByRole('option', { name: 'EasyPractice' }).click();
  await form.getByRole('button', { name: 'Importer' }).click();

  // The import runs in the background; then the message and the report.
  await expect(page.getByText('Import vellykket!')).toBeVisible({ timeout: 60_000 });
  const counts = page.getByRole('table', { name: 'Importeret', exact: true });
  // Rows 4, 6 and 9 are the clients at 2, 4 and 7; a few of the others have no CPR number in the old system either.
  const imported = new Set(records.client.filter((client, index) => client.cpr && ![2, 4, 7].includes(index)).map((client) => client.id));
  const validClients = imported.size;
  await expect(counts.getByRole('row', { name: /^Klienter/ })).toHaveText(`Klienter${validClients}0`);
  await expect(counts.getByRole('row', { name: /^Behandlinger/ })).toHaveText('Behandlinger120');
  const refused = page.getByRole('table', { name: /rækker blev ikke importeret/ });
  const clientRows = refused.getByRole('row', { name: /klienter\.csv/ });
  await expect(clientRows).toHaveCount(records.client.length - validClients);
  for (const row of [4, 6, 9]) await expect(refused.getByRole('row', { name: new RegExp(`^klienter\\.csv ${row} `) })).toBeVisible();
  await expect(refused.getByRole('row', { name: /^klienter\.csv 9 / })).toContainText('Navn indeholder en regnearksformel; den importeres ikke');
  // The report by mail to the address the form gave.
  const report = await waitForMail(email, 15_000, 'Import vellykket! Rapport over din dataimport');
  expect(report.text).toContain(`Klienter: ${validClients} nye`);

  // The clients in /Klientdata.
  const someone = records.client[20]!;
  await page.goto('/Klientdata');
  await page.getByRole('searchbox').first().fill(someone.nameLast);
  await expect(page.getByText(`${someone.nameFirst} ${someone.nameLast}`).first()).toBeVisible();

  // A past booking in the calendar: the week before this one.
  const monday = new Date(now);
  monday.setHours(0, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const lastWeek = records.booking.filter((booking) => booking.from >= monday.getTime() - 7 * 86_400_000 && booking.from < monday.getTime() - 86_400_000);
  const booked = records.client.find((client) => client.id === lastWeek.findLast((booking) => imported.has(booking.clientId))!.clientId)!;
  await page.goto('/Kalender');
  await page.getByRole('button', { name: 'Forrige' }).click();
  await expect(page.getByText(`${booked.nameFirst} ${booked.nameLast}`).first()).toBeVisible();

  // The oldest invoice of an imported client, with its original number, in /Faktura.
  const oldest = String(records.invoice.find((invoice) => imported.has(invoice.clientId))!.number);
  await page.goto('/Faktura');
  await page.getByRole('searchbox', { name: 'Søg på navn, CPR eller fakturanummer' }).fill(oldest);
  await expect(page.getByText(oldest, { exact: true }).first()).toBeVisible();

  // The same files again: nothing new.
  await page.goto('/Importerdata');
  for (const kind of KINDS) await form.getByLabel(LABELS[kind], { exact: true }).setInputFiles({ name: `${samples.SAMPLE_FILE_NAMES[kind]}.csv`, mimeType: 'text/csv', buffer: files[kind] });
  await form.getByRole('combobox', { name: 'Hvor importerer du fra?' }).click();
  await page.getByRole('option', { name: 'EasyPractice' }).click();
  await form.getByRole('button', { name: 'Importer' }).click();
  await expect(page.getByText('Import vellykket!')).toBeVisible({ timeout: 60_000 });
  await expect(counts.getByRole('row', { name: /^Klienter/ })).toHaveText(`Klienter0${validClients}`);
  await expect(counts.getByRole('row', { name: /^Bookinger/ })).toHaveText(/^Bookinger0[\d.]+$/);
});

/**
 * Company settings (spec 3: Company settings, §5 Company profile, §6 roles, §8 Logo too large): the owner
 * opens the invoice dialog from the calendar's booking card, is told what the company profile lacks, follows
 * 'Åbn firmaindstillinger' to /Settings, is refused a bad CVR and an oversize logo with the spec's texts, uploads a
 * logo, saves, goes back to the invoice and issues it, with the logo on it. The company is never set through the
 * API here. A colleague who is not the owner sees the settings read-only, also on a phone.
 */
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';

/** A 240 × 80 PNG: a blue band with a yellow bar. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAPAAAABQCAYAAAAnSfh8AAAACXBIWXMAAAPoAAAD6AG1e1JrAAACWElEQVR4nO3VsXUDAAhDQS+l3hN4NHbySiyQLJC0AYcr1PO+JPTIs74IAxmoj2TwmD6AMJCBUmAh8AhykIEFXmACYRAFFgKPoM4xsMALTCAMosBC4BHUOQYWeIEJhEEUWAg8gjrHwAIvMIEwiAILgUdQ5xhY4AUmEAZRYCHwCOocAwu8wATCIAosBB5BnWNggReYQBhEgYXAI6hzDCzwAhMIgyiwEHgEdY6BBV5gAmGQLQXu94swkIH3zwzWL7DwCq8MvH5loMAKoiAfnIFY4HkTCINWYCHwCO5lIBZ43gTCoBVYCDyCexmIBZ43gTBoBRYCj+BeBmKB500gDFqBhcAjuJeBWOB5EwiDVmAh8AjuZSAWeN4EwqAVWAg8gnsZiAWeN4EwaAUWAo/gXgZigedNIAxagYXAI7iXgVjgeRMIg1ZgIfAI7mUgFnjeBMKgFVgIPIJ7GYgFnjeBMGgFFgKP4F4GYoHnTSAMWoGFwCO4l4FY4HkTCINWYCHwCO5lIBZ43gTCoBVYCDyCexmIBZ43gTBoBRYCj+BeBmKB500gDFqBhcAjuJeBWOB5EwiDVmAh8AjuZSAWeN4EwqAVWAg8gnsZiAWeN4Ew6P9aYMJABurPGCiwwinc83MZKPACEwiDKLAQeAR1joEFXmACYRAFFgKPoM4xsMALTCAMosBC4BHUOQYWeIEJhEEUWAg8gjrHwAIvMIEwiAILgUdQ5xhY4AUmEAZRYCHwCOocAwu8wATCIAosBB5BnWNggReYQBhEgYXAI6hzDCzwAhMIgyiwEHgEdY7BNxMCohyX2cVwAAAAAElFTkSuQmCC',
  'base64',
);
const TOO_LARGE = 'Fejl: Filstørrelsen er for stor. Upload fil mindre end 5 MB.';

test('the owner completes /Settings from the invoice dialog and issues the invoice; a colleague reads them', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('indstillinger');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 400, duration: 2700, pause: 0 });
  const booked = await api<{ data: { id: string; clientId: string } }>('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    from: at(dayKey(nextMonday(), 2), 11),
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: uniqueEmail('klient'), phonePrivate: '20304050' },
  });
  expect(booked.status).toBe(200);
  const bookingId = booked.body.data.id;
  // The client's address is Stamdata (another journey); only the company is this journey's.
  expect((await api('setClient', { token, id: booked.body.data.clientId, changes: { address: 'Åvej 3', post: '8000', town: 'Aarhus C' } })).status).toBe(200);

  // Every multipart request the page sends: an upload the browser refuses must send none.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && (request.headers()['content-type'] ?? '').startsWith('multipart/form-data')) uploads.push(request.url());
  });

  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  await page.getByRole('button', { name: 'Næste' }).click();
  await page.locator('.fc-event.klinik-booking', { hasText: 'Signe Kjær' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Faktura', exact: true }).click();
  // Over the calendar; the way to the settings and back ends on the invoice page's dialog.
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Videre' })).toBeVisible();
  await expect(page).toHaveURL(/\/Kalender$/);

  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Videre' }).click();
  await expect(dialog.getByRole('alert').getByRole('listitem')).toHaveText(['Du mangler at udfylde (Firmaindstillinger: CVR, Reg.nr., Kontonummer)']);
  await dialog.getByRole('button', { name: 'Åbn firmaindstillinger' }).click();
  await expect(page).toHaveURL(new RegExp(`/Settings\\?returnTo=${encodeURIComponent(`/Faktura?bookingId=${bookingId}`)}$`));

  // The registration's profile is there to complete.
  await expect(page.getByRole('heading', { name: 'Firmaindstillinger', level: 1 })).toBeVisible();
  const field = (name: RegExp) => page.getByRole('textbox', { name });
  await expect(field(/^Firmanavn/)).toHaveValue('Klinik Holm');
  await expect(field(/^Adresse/)).toHaveValue('Strandvejen 2');

  // A bad CVR and a MobilePay that is not a number are refused with the rules' texts; nothing typed is lost.
  await field(/^CVR/).fill('1234567a');
  await field(/^MobilePay/).fill('ring til os');
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('CVR skal være et heltal på højst 8 cifre')).toBeVisible();
  await expect(page.getByText('MobilePay skal være et tal med højst 100 cifre')).toBeVisible();
  await expect(page.getByText('Ret de markerede felter, før du gemmer.')).toBeVisible();
  await expect(field(/^CVR/)).toHaveValue('1234567a');

  // An oversize logo is refused in the browser with the spec's text, before anything is sent; so is a GIF.
  const chooseLogo = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^(Upload logo|Skift logo)$/ }).click();
    await (await chooser).setFiles(file);
  };
  await chooseLogo({ name: 'stort-logo.png', mimeType: 'image/png', buffer: Buffer.alloc(5_120_001, 1) });
  await expect(page.getByRole('alert').filter({ hasText: TOO_LARGE })).toBeVisible();
  await chooseLogo({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByRole('alert').filter({ hasText: 'Logoet skal være en JPG, JPEG eller PNG fil' })).toBeVisible();
  expect(uploads).toEqual([]);
  await expect(page.getByText('Klinikken har intet logo endnu.')).toBeVisible();

  // A real logo: the server stores it, and the preview shows it where the invoice prints it.
  const stored = page.waitForResponse((response) => response.request().method() === 'POST' && (response.request().headers()['content-type'] ?? '').startsWith('multipart/form-data'));
  await chooseLogo({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  expect((await stored).status()).toBe(200);
  const preview = page.getByRole('figure', { name: 'Forhåndsvisning af fakturaens top med logo og firmaoplysninger' });
  const logo = preview.getByRole('img', { name: 'Sådan står logoet på fakturaen' });
  await expect(logo).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByText('Klinikken har intet logo endnu.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Skift logo' })).toBeVisible();
  // 240 × 80 px fits 48 × 16 mm: a quarter of the 210 mm page wide less 4 %, at the 20 mm margin.
  const [frame, box] = await Promise.all([preview.boundingBox(), logo.boundingBox()]);
  expect(Math.abs(box!.width / frame!.width - 48 / 210)).toBeLessThan(0.01);
  expect(Math.abs((box!.x - frame!.x) / frame!.width - 20 / 210)).toBeLessThan(0.01);

  // The rest of the profile, then 'Gem': the server's message, and the way back to the invoice.
  await field(/^CVR/).fill('12345678');
  await field(/^MobilePay/).fill('12 34 56');
  await field(/^Reg\.nr\./).fill('1234');
  await field(/^Kontonummer/).fill('0012345678');
  await expect(page.getByText('CVR skal være et heltal på højst 8 cifre')).toBeHidden();
  // A refusal from the server (a 409 here, answered once by the test) is shown, and nothing typed is lost.
  const conflict = 'Firmaoplysningerne er ændret imens. Prøv igen.';
  let refused = false;
  await page.route('**/api', async (route) => {
    const request = route.request();
    if (refused || request.method() !== 'POST' || !(request.postData() ?? '').includes('"action":"setCompany"')) return route.fallback();
    refused = true;
    const origin = (await request.headerValue('origin')) ?? '*';
    return route.fulfill({ status: 409, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': origin }, body: JSON.stringify({ message: conflict }) });
  });
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: conflict })).toBeVisible();
  await page.unroute('**/api');
  await expect(field(/^Kontonummer/)).toHaveValue('0012345678');
  await expect(field(/^MobilePay/)).toHaveValue('12 34 56');
  await expect(page.getByRole('button', { name: 'Tilbage til fakturaen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Gem', exact: true }).click();
  await expect(page.getByText('Firmaoplysningerne er gemt', { exact: true }).first()).toBeVisible();
  // The server keeps MobilePay as its digits, and the form shows what it stored.
  await expect(field(/^MobilePay/)).toHaveValue('123456');
  await expect(preview).toContainText('CVR: 12345678');
  // The owner's accounting toggle waits for the add-on (free with Pro, activated under Tilføjelser).
  await expect(page.getByRole('region', { name: 'Dinero-integration' }).getByText('Aktiver Dinero-integrationen under Tilføjelser for at forbinde.')).toBeVisible();
  await page.getByRole('button', { name: 'Tilbage til fakturaen' }).click();

  await expect(page).toHaveURL(new RegExp(`/Faktura\\?bookingId=${bookingId}$`));
  await page.getByRole('dialog').getByRole('button', { name: 'Videre' }).click();
  await expect(page.getByRole('dialog').getByTitle('Faktura forhåndsvisning')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Opret', exact: true }).click();
  await expect(page.getByText(/^Faktura 0001-\d\d er oprettet$/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/Faktura$/);
  // The issued invoice carries the profile and the logo as saved on /Settings.
  const issued = await api<{ result: { image: { company: { CVR: string; regNumber: string; logo: string | null } }[] }[] }>('getAllInvoice', { token });
  expect(issued.body.result).toHaveLength(1);
  const printed = issued.body.result[0]!.image[0]!.company;
  expect(printed).toMatchObject({ CVR: '12345678', regNumber: '1234' });
  expect(printed.logo).toMatch(/^data:image\/png;base64,/);

  // A colleague who is not the owner sees the settings read-only (spec 3 §6), on a phone too.
  const colleague = uniqueEmail('kollega');
  const added = await api('addTherapist', { token, nameFirst: 'Jonas', nameLast: 'Bæk', email: colleague, phone: '40506070', password: 'kollega-kode', confirmPassword: 'kollega-kode' });
  expect(added.status).toBe(200);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await context.newPage();
  await logIn(other, colleague, 'kollega-kode');
  await expect(other).toHaveURL(/\/Kalender$/);
  await other.goto('/Settings');
  await expect(other.getByText('Kun klinikkens administrator kan ændre firmaindstillingerne. Du kan se dem her.')).toBeVisible();
  const cvr = other.getByRole('textbox', { name: /^CVR/ });
  await expect(cvr).toHaveValue('12345678');
  await expect(cvr).not.toBeEditable();
  await expect(other.getByRole('textbox', { name: /^Firmanavn/ })).not.toBeEditable();
  await expect(other.getByRole('switch', { name: 'Momsregistreret' })).toBeDisabled();
  await expect(other.getByRole('button', { name: 'Gem', exact: true })).toHaveCount(0);
  await expect(other.getByRole('button', { name: /logo/i })).toHaveCount(0);
  await expect(other.getByRole('img', { name: 'Sådan står logoet på fakturaen' })).toBeVisible();
  // The accounting toggle is there, and only the owner may use it.
  const accounting = other.getByRole('region', { name: 'Dinero-integration' });
  await expect(accounting.getByRole('switch', { name: 'Forbind med Dinero' })).toBeDisabled();
  await expect(accounting.getByText('Kun klinikkens administrator kan forbinde eller fjerne Dinero.')).toBeVisible();
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test("'Næste fakturanummer': the owner moves it up, never down, and the next invoice takes it; a colleague only reads it", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('fakturanummer');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  // The profile with its CVR number, which owns the counter (this journey is about the number, not the profile).
  const { logo: _logo, ...profile } = (await api<{ data: Record<string, unknown> }>('getCompany', { token })).body.data;
  expect((await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678' })).status).toBe(200);
  const yy = new Intl.DateTimeFormat('da-DK', { year: '2-digit', timeZone: 'Europe/Copenhagen' }).format(Date.now());

  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.goto('/Settings');
  const section = page.getByRole('region', { name: 'Næste fakturanummer' });
  const next = section.getByRole('status');
  await expect(next).toHaveText(`Næste faktura får nummeret 0001-${yy}`);
  const field = section.getByRole('textbox', { name: 'Næste fakturanummer' });
  const save = section.getByRole('button', { name: 'Gem næste fakturanummer' });

  // Continuing after another system: the typed number is shown as it will print, then saved.
  await field.fill('41');
  await expect(section.getByText(`Næste faktura får så nummeret 0041-${yy}`)).toBeVisible();
  await save.click();
  await expect(next).toHaveText(`Næste faktura får nummeret 0041-${yy} – Næste fakturanummer er gemt.`);
  await expect(field).toHaveValue('');

  // Down is refused with the rule's text, and nothing is sent; the server says the same to a screen left open.
  const onlyUp = `Næste fakturanummer kan kun sættes op: det skal være 0041-${yy} eller højere, så intet fakturanummer bruges to gange`;
  const sent: string[] = [];
  page.on('request', (request) => {
    if ((request.postData() ?? '').includes('"action":"setCvrCounter"')) sent.push(request.url());
  });
  await field.fill('7');
  await save.click();
  await expect(section.getByText(onlyUp)).toBeVisible();
  expect(sent).toEqual([]);
  const stale = await api<{ message: string }>('setCvrCounter', { token, CVR: '12345678', count: 6 });
  expect([stale.status, stale.body.message]).toEqual([409, onlyUp]);

  // The next invoice takes 0041, and the page then offers 0042.
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 400, duration: 2700, pause: 0 });
  const booked = await api<{ data: { id: string; clientId: string } }>('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    from: at(dayKey(nextMonday(), 2), 11),
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: uniqueEmail('klient'), phonePrivate: '20304050' },
  });
  expect((await api('setClient', { token, id: booked.body.data.clientId, changes: { address: 'Åvej 3', post: '8000', town: 'Aarhus C' } })).status).toBe(200);
  const settings = { type: true, discount: 0, moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false };
  const issued = await api<{ data: { number: string } }>('addInvoice', { token, bookingId: booked.body.data.id, settings });
  expect(issued.body.data.number).toBe(`0041-${yy}`);
  await page.reload();
  await expect(next).toHaveText(`Næste faktura får nummeret 0042-${yy}`);

  // A colleague sees the number, read-only, also on a phone.
  const colleague = uniqueEmail('kollega');
  expect((await api('addTherapist', { token, nameFirst: 'Jonas', nameLast: 'Bæk', email: colleague, phone: '40506070', password: 'kollega-kode', confirmPassword: 'kollega-kode' })).status).toBe(200);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await context.newPage();
  await logIn(other, colleague, 'kollega-kode');
  await expect(other).toHaveURL(/\/Kalender$/);
  await other.goto('/Settings');
  const read = other.getByRole('region', { name: 'Næste fakturanummer' });
  await expect(read.getByRole('status')).toHaveText(`Næste faktura får nummeret 0042-${yy}`);
  await expect(read.getByText('Kun klinikkens administrator kan ændre næste fakturanummer.')).toBeVisible();
  await expect(read.getByRole('textbox')).toHaveCount(0);
  expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

/**
 * Invoices: from a booking the therapist opens the invoice dialog; an incomplete company profile gives
 * the 'Firmaindstillinger' alert; then an invoice with discount and VAT, its preview, creation, the list, the
 * mail with the server-built PDF, its payment status (marked paid, filtered, undone), a credit note that
 * settles it, and a merged statement created, edited and deleted.
 */
import { copenhagenDateKey } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

test('invoice from a booking: missing data, preview, create, mail, credit note, merged statement', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('faktura');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const treatment = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 450, duration: 2700, pause: 0 });
  const from = at(dayKey(nextMonday(), 1), 10);
  const clientEmail = uniqueEmail('klient');
  const booked = await api<{ data: { id: string; clientId: string } }>('addBooking', {
    token,
    treatmentId: treatment.body.data.id,
    from,
    client: { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: clientEmail, phonePrivate: '20304050' },
  });
  expect(booked.status).toBe(200);

  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  await page.getByRole('button', { name: 'Næste' }).click();
  await page.locator('.fc-event.klinik-booking', { hasText: 'Signe Kjær' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Faktura', exact: true }).click();
  // The invoice dialog opens over the calendar (spec 2, Invoice flow).
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Videre' })).toBeVisible();
  await expect(page).toHaveURL(/\/Kalender$/);

  // The clinic has no CVR or bank details yet and the client no address: the server says what is missing.
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Videre' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Fakturaen kan ikke laves endnu');
  await expect(alert.getByRole('listitem')).toHaveText([
    'Du mangler at udfylde (Firmaindstillinger: CVR, Reg.nr., Kontonummer)',
    'Du mangler at udfylde (Klientdata: Adresse, Postnummer, By)',
  ]);

  // Filled in elsewhere (the company settings page and Stamdata), then the same dialog goes on.
  const company = await api<{ data: Record<string, unknown> }>('getCompany', { token });
  const { moms: _moms, logo: _logo, ...profile } = company.body.data;
  expect((await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' })).status).toBe(200);
  expect((await api('setClient', { token, id: booked.body.data.clientId, changes: { address: 'Åvej 3', post: '8000', town: 'Aarhus C' } })).status).toBe(200);
  await dialog.getByLabel('Rabat (kr.)').fill('12,50');
  await dialog.getByRole('switch', { name: 'Moms' }).check();
  await dialog.getByRole('button', { name: 'Videre' }).click();
  // 450,00 − 12,50 = 437,50 + 25 % moms 109,38 = 546,88 kr.
  await expect(dialog.getByText('546,88 kr.').first()).toBeVisible();
  await expect(dialog.getByTitle('Faktura forhåndsvisning')).toBeVisible();
  await dialog.getByRole('button', { name: 'Opret', exact: true }).click();
  await expectToast(page, 'Faktura 0001-26 er oprettet');
  // Still over the calendar; 'Se fakturaen' shows this booking's invoice on /Faktura.
  await expect(page).toHaveURL(/\/Kalender$/);
  await page.getByRole('dialog', { name: 'Faktura 0001-26 er oprettet' }).getByRole('button', { name: 'Se fakturaen' }).click();
  await expect(page).toHaveURL(new RegExp(`/Faktura\\?bookingIds=${booked.body.data.id}$`));
  await expect(page.getByRole('button', { name: /0001-26/ })).toBeVisible();
  await page.getByRole('link', { name: 'Faktura', exact: true }).click();
  await expect(page).toHaveURL(/\/Faktura$/);
  const row = page.getByRole('button', { name: /0001-26/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('546,88 kr.');
  await row.click();

  // Mail: the server builds Faktura.pdf from the stored snapshot.
  await page.getByRole('button', { name: 'Send på mail' }).click();
  const mail = page.getByRole('dialog', { name: 'Send på mail' });
  await expect(mail.getByLabel('Modtagere')).toHaveValue(clientEmail);
  await mail.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('alertdialog', { name: 'Er du sikker?' }).getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Fakturaen er sendt');
  const received = await waitForMail(clientEmail);
  expect(received.subject).toBeTruthy();

  // Payment status: unpaid, with the outstanding total above the list; marked paid with the day and the
  // way; the status filter; the owner's undo.
  const outstanding = page.getByRole('status', { name: 'Udestående' });
  await expect(row).toContainText('Ubetalt');
  await expect(outstanding).toContainText('546,88 kr.');
  await page.getByRole('button', { name: 'Markér som betalt' }).click();
  const paying = page.getByRole('dialog', { name: 'Markér som betalt: 0001-26' });
  await expect(paying.getByLabel('Betalingsdato')).toHaveValue(copenhagenDateKey(Date.now()));
  await paying.getByRole('radio', { name: 'MobilePay' }).check();
  await paying.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, 'Faktura 0001-26 er markeret som betalt');
  await expect(paying).toBeHidden();
  await expect(row).toContainText('Betalt');
  await expect(page.getByText(/^Betalt \d\d-\d\d-\d{4} \(MobilePay\)$/)).toBeVisible();
  await expect(page.getByText(/^Markeret som betalt af Ida Holm \d\d-\d\d-\d{4} \d\d:\d\d$/)).toBeVisible();
  await expect(outstanding).toContainText('0,00 kr.');
  const status = page.getByLabel('Status');
  await status.selectOption('Ubetalte');
  await expect(page.getByText('Ingen ubetalte fakturaer')).toBeVisible();
  await status.selectOption('Betalte');
  await expect(page.getByRole('button', { name: /0001-26/ })).toBeVisible();
  await status.selectOption('Alle');
  await page.getByRole('button', { name: 'Markér som ubetalt' }).click();
  await page.getByRole('alertdialog', { name: 'Er du sikker?' }).getByRole('button', { name: 'Markér som ubetalt' }).click();
  await expectToast(page, 'Faktura 0001-26 er markeret som ubetalt');
  await expect(row).toContainText('Ubetalt');
  await expect(outstanding).toContainText('546,88 kr.');
  await status.selectOption('Ubetalte');
  await expect(page.getByRole('button', { name: /0001-26/ })).toBeVisible();
  await status.selectOption('Alle');

  // A credit note of the invoice.
  await page.getByRole('button', { name: 'Opret kreditnota' }).click();
  const credit = page.getByRole('dialog');
  await expect(credit.getByRole('radio', { name: 'Kreditnota' })).toBeChecked();
  await credit.getByRole('button', { name: 'Videre' }).click();
  await credit.getByRole('button', { name: 'Opret', exact: true }).click();
  await expectToast(page, 'Kreditnota 0002-26 er oprettet');
  await expect(page.getByRole('button', { name: /0002-26.*Kreditnota/ })).toBeVisible();
  // The credit note settles the invoice: nothing is outstanding.
  await expect(page.getByRole('button', { name: /0001-26/ })).toContainText('Krediteret');
  await expect(outstanding).toContainText('0,00 kr.');

  // A merged statement of the client's invoices in the period, then deleted after 'Er du sikker?'.
  await page.getByRole('tab', { name: 'Samlet opgørelse' }).click();
  await page.getByRole('combobox', { name: 'Klient' }).fill('Signe');
  await page.getByRole('option', { name: /Signe Kjær/ }).click();
  await expect(page.getByRole('button', { name: 'Find fakturaer' })).toBeDisabled();
  await page.getByLabel('Fra dato').fill(copenhagenDateKey(from - 86_400_000));
  await page.getByLabel('Til dato').fill(copenhagenDateKey(from + 86_400_000));
  await page.getByRole('button', { name: 'Find fakturaer' }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Opret samlet opgørelse' })).toBeDisabled();
  await page.getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Opret samlet opgørelse' }).click();
  await expectToast(page, 'Den samlede opgørelse er oprettet');
  await expect(page.getByRole('button', { name: /Samlet opgørelse \d\d-\d\d-\d{4}/ })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  // Editing it finds its period again with its invoice ticked; the credit note joins it.
  await page.getByRole('button', { name: 'Rediger' }).click();
  await expect(page.getByText(/^Du redigerer: Samlet opgørelse/)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await expect(page.getByRole('checkbox').first()).toBeChecked();
  await expect(page.getByRole('checkbox').last()).not.toBeChecked();
  await page.getByRole('checkbox').last().check();
  await expect(page.getByText('2 fakturaer valgt')).toBeVisible();
  await page.getByRole('button', { name: 'Opdater samlet opgørelse' }).click();
  await expectToast(page, 'Den samlede opgørelse er opdateret');
  await expect(page.getByText(/^Du redigerer/)).toBeHidden();
  await expect(page.getByText(/^Behandlingsperiode: .* · 2 fakturaer$/)).toBeVisible();
  await page.getByRole('button', { name: 'Slet' }).click();
  await page.getByRole('alertdialog', { name: 'Er du sikker?' }).getByRole('button', { name: 'Slet' }).click();
  await expect(page.getByText('Ingen samlet opgørelse fundet')).toBeVisible();
});

/**
 * An invoice as a Danish clinic's accountant reads it: a physiotherapy (exempt from VAT, momsloven § 13)
 * and a massage (25 %) at one visit on one invoice, made in the dialog; the PDF the server mails is read back: one line
 * each with its VAT, the VAT base, the VAT and the total to the øre, the exemption text once, the due date from the
 * clinic's 'Betalingsfrist' and how to pay with the invoice number as the reference. Then it is marked paid and found
 * under 'Betalte' on /Faktura, and not under 'Ubetalte'.
 */
import * as mupdf from 'mupdf';
import { copenhagenDateKey } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, expectToast, logIn, PASSWORD, registerClinic, uniqueEmail, waitForMail } from '../support/helpers';

const EXEMPT = 'Momsfri ydelse, jf. momslovens § 13, stk. 1, nr. 1';

/** The text of the PDF attached to the newest mail to `to`, page by page (the inbox answers attachments' bytes). */
async function mailedPdfText(to: string): Promise<string> {
  const response = await fetch(`${process.env.KLINIK_E2E_INBOX_URL}/?to=${encodeURIComponent(to)}&content=1`);
  const mails = (await response.json()) as { attachments: { filename: string; base64: string }[] }[];
  const pdf = mails.at(-1)?.attachments.find((attachment) => attachment.filename === 'Faktura.pdf');
  if (!pdf) throw new Error(`No Faktura.pdf mailed to ${to}`);
  const doc = mupdf.Document.openDocument(new Uint8Array(Buffer.from(pdf.base64, 'base64')), 'application/pdf');
  const pages: string[] = [];
  for (let index = 0; index < doc.countPages(); index++) pages.push(doc.loadPage(index).toStructuredText('preserve-whitespace').asText());
  return pages.join('\n');
}

const ddmmyyyy = (key: string) => key.split('-').reverse().join('-');

test('a mixed-VAT invoice: made in the dialog, its mailed PDF read back to the øre, marked paid, filtered', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('moms');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const company = await api<{ data: Record<string, unknown> }>('getCompany', { token });
  const { logo: _logo, ...profile } = company.body.data;
  expect((await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345', dueDays: 14 })).status).toBe(200);
  const physio = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Fysioterapi', price: 500, duration: 2700, pause: 0, vatExempt: true });
  expect((await api('addTreatment', { token, name: 'Massage', price: 400, duration: 1800, pause: 0, vatExempt: false })).status).toBe(200);
  const clientEmail = uniqueEmail('momsklient');
  const from = at(dayKey(nextMonday(), 2), 9);
  const booked = await api<{ data: { id: string } }>('addBooking', {
    token,
    treatmentId: physio.body.data.id,
    from,
    client: { nameFirst: 'Karen', nameLast: 'Holt', CPR6Digit: '020285', CPRLast4Digit: '2468', email: clientEmail, phonePrivate: '20405060' },
  });
  expect(booked.status).toBe(200);
  const client = await api<{ data: { clientId: string } }>('getBooking', { token, id: booked.body.data.id });
  expect((await api('setClient', { token, id: client.body.data.clientId, changes: { address: 'Søvej 4', post: '8000', town: 'Aarhus C' } })).status).toBe(200);

  // The dialog, from the booking's card: the massage as a further line; VAT on.
  await page.setViewportSize({ width: 1400, height: 1000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/Kalender$/);
  await expect(page.locator('.fc-timegrid')).toBeVisible();
  await page.getByRole('button', { name: 'Næste' }).click();
  await page.locator('.fc-event.klinik-booking', { hasText: 'Karen Holt' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Faktura', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Flere ydelser' }).click();
  // A multiselect dropdown's options are checkable menu items.
  await page.getByRole('menuitemcheckbox', { name: /^Massage, 400,00/ }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('combobox', { name: 'Flere ydelser' })).toHaveText('Massage');
  await dialog.getByRole('switch', { name: 'Moms' }).check();
  await dialog.getByRole('button', { name: 'Videre' }).click();
  // 500,00 exempt + 400,00 with 25 % (100,00) = 1.000,00 kr.
  await expect(dialog.getByText('1.000,00 kr.').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Opret', exact: true }).click();
  const year = copenhagenDateKey(Date.now()).slice(2, 4);
  const number = `0001-${year}`;
  await expectToast(page, `Faktura ${number} er oprettet`);

  // Mailed from /Faktura; the server builds the PDF from the stored snapshot: read it back.
  await page.getByRole('dialog', { name: `Faktura ${number} er oprettet` }).getByRole('button', { name: 'Se fakturaen' }).click();
  await page.getByRole('link', { name: 'Faktura', exact: true }).click();
  const row = page.getByRole('button', { name: new RegExp(number) });
  await expect(row).toContainText('1.000,00 kr.');
  await row.click();
  await page.getByRole('button', { name: 'Send på mail' }).click();
  await page.getByRole('dialog', { name: 'Send på mail' }).getByRole('button', { name: 'Send' }).click();
  await page.getByRole('alertdialog', { name: 'Er du sikker?' }).getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Fakturaen er sendt');
  await waitForMail(clientEmail);
  const text = await mailedPdfText(clientEmail);
  const due = ddmmyyyy(copenhagenDateKey(Date.now() + 14 * 86_400_000));
  for (const expected of ['Fysioterapi', 'Massage', 'Momsgrundlag', '400,00 kr.', 'Momsfrit beløb', '500,00 kr.', 'Moms 25 %', '100,00 kr.', 'I alt', '1.000,00 kr.', 'Forfaldsdato:', due]) {
    expect(text).toContain(expected);
  }
  expect(text.split(EXEMPT).length - 1).toBe(1);
  expect(text.replace(/\s+/g, ' ')).toContain(`Betales senest ${due} til reg.nr. 1234, kontonr. 0012345678 eller MobilePay 12345. Angiv fakturanummer ${number} som reference.`);

  // Paid by MobilePay; found under 'Betalte', not under 'Ubetalte'.
  await page.getByRole('button', { name: 'Markér som betalt' }).click();
  const paying = page.getByRole('dialog', { name: `Markér som betalt: ${number}` });
  await paying.getByRole('radio', { name: 'MobilePay' }).check();
  await paying.getByRole('button', { name: 'Gem' }).click();
  await expectToast(page, `Faktura ${number} er markeret som betalt`);
  await expect(row).toContainText('Betalt');
  const status = page.getByLabel('Status');
  await status.selectOption('Ubetalte');
  await expect(page.getByText('Ingen ubetalte fakturaer')).toBeVisible();
  await status.selectOption('Betalte');
  await expect(page.getByRole('button', { name: new RegExp(number) })).toBeVisible();
});

/**
 * /Statistik for an owner whose clinic issued one invoice this month: the page from the side menu, the period switched
 * to the year, the revenue chart's table read, and the Excel file and the year statement's PDF downloaded and read
 * back with the same figures.
 */
import { readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import * as XLSX from '@e965/xlsx';
import { copenhagenDateKey } from '@klinik/core/time';
import { expect, test } from '../support/test';
import { at, dayKey, nextMonday } from '../support/calendar';
import { api, logIn, PASSWORD, registerClinic, uniqueEmail } from '../support/helpers';

const MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'];

test('the year in figures: a chart as a table, the Excel file and the year statement read back', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('statistik');
  await registerClinic(email, { freeTrial: true });
  const token = (await api<{ token: string }>('login', { username: email, password: PASSWORD })).body.token;
  const company = await api<{ data: Record<string, unknown> }>('getCompany', { token });
  const { logo: _logo, ...profile } = company.body.data;
  expect((await api('setCompany', { token, ...profile, CVR: '12345678', regNumber: '1234', accountNumber: '0012345678' })).status).toBe(200);
  const massage = await api<{ data: { id: string } }>('addTreatment', { token, name: 'Massage', price: 400, duration: 1800, pause: 0, vatExempt: false });
  const booked = await api<{ data: { id: string; clientId: string } }>('addBooking', {
    token,
    treatmentId: massage.body.data.id,
    from: at(dayKey(nextMonday(), 2), 9),
    client: { nameFirst: 'Karen', nameLast: 'Holt', CPR6Digit: '020285', CPRLast4Digit: '2468', email: uniqueEmail('klient'), phonePrivate: '20405060' },
  });
  expect((await api('setClient', { token, id: booked.body.data.clientId, changes: { address: 'Søvej 4', post: '8000', town: 'Aarhus C' } })).status).toBe(200);
  const settings = { type: true, discount: 0, moms: true, treatmentText: false, aktuelBehandling: false, followUpText: false };
  expect((await api('addInvoice', { token, bookingId: booked.body.data.id, settings })).status).toBe(200);
  const today = copenhagenDateKey(Date.now());
  const year = today.slice(0, 4);
  const monthName = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${year}`;

  await logIn(page, email);
  await page.getByRole('link', { name: 'Statistik' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistik' })).toBeVisible();
  const revenue = page.getByRole('region', { name: 'Omsætning pr. måned' });
  // 400,00 with 25 % VAT, unpaid.
  await expect(revenue).toContainText('Omsætning i alt 500,00 kr. (året før 0,00 kr.); betalt 0,00 kr., udestående 500,00 kr.');

  await page.getByRole('combobox', { name: 'Periodetype' }).selectOption('year');
  await expect(page.getByText(year, { exact: true })).toBeVisible();
  await revenue.getByRole('button', { name: 'Vis tabel' }).click();
  const table = revenue.getByRole('table', { name: 'Omsætning pr. måned' });
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row', { name: new RegExp(`^${monthName} `) })).toContainText('400,00 kr.100,00 kr.500,00 kr.');

  const excel = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Hent Excel' }).click();
  const file = await excel;
  expect(file.suggestedFilename()).toBe(`statistik-${year}-01-${year}-12.xlsx`);
  const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<(string | number)[]>(book.Sheets['Omsætning pr. måned']!, { header: 1 });
  expect(rows.find((row) => row[0] === monthName)?.slice(0, 4)).toEqual([monthName, 400, 100, 500]);

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: `Årsopgørelse ${year}` }).click();
  const statement = await pdf;
  expect(statement.suggestedFilename()).toBe(`aarsopgoerelse-${year}.pdf`);
  const doc = mupdf.Document.openDocument(new Uint8Array(readFileSync(await statement.path())), 'application/pdf');
  const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/g, ' ');
  expect(text).toContain(`Årsopgørelse ${year}`);
  expect(text).toContain(`${monthName} 400,00 0,00 0,00 100,00 500,00 0,00`);
  expect(text).toContain('1 faktura, i alt 500,00 kr.');
});

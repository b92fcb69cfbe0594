/**
 * The import's values and mapping: Danish numbers and dates, CPR, phone, names and addresses as old
 * systems export them; each row checked alone with its Danish reason; the set checked as a whole. Pure functions:
 * no database.
 */
import { copenhagenWallTime } from '@klinik/core';
import { importedInvoiceLines, mapImport, mappingTexts, type ImportFileKind, type SourceRow } from '../src/domain/import/mapping.js';
import { parseAmountOre, parseCpr, parseLineVat, parseMinutes, parseNumber, parsePhone, parseText, parseTime, splitAddress, splitName, valueTexts } from '../src/domain/import/values.js';

const value = <T>(parsed: { ok: true; value: T } | { ok: false; reason: string }) => (parsed.ok ? parsed.value : `FEJL: ${parsed.reason}`);

describe('values', () => {
  it('reads Danish numbers and the plain numbers of spreadsheet cells', () => {
    const cases: [string, number | null][] = [
      ['1.234,50', 1234.5],
      ['450,00', 450],
      ['450', 450],
      ['-25,5', -25.5],
      ['1.250', 1250],
      ['12.500.000', 12_500_000],
      ['1250.75', 1250.75],
      ['1.25', 1.25],
      ['450,00 kr.', 450],
      ['kr. 1.000,00', 1000],
      ['1\u00a0250,00', 1250],
      ['', null],
    ];
    for (const [text, expected] of cases) expect({ text, value: value(parseNumber('Pris', text)) }).toEqual({ text, value: expected });
    for (const text of ['1,2,3', 'tolv', '1.2.3,4', '12,', '1.23,50']) expect(parseNumber('Pris', text)).toEqual({ ok: false, reason: valueTexts.number('Pris', text) });
    expect(value(parseAmountOre('Pris', '1.234,56'))).toBe(123_456);
    expect(parseAmountOre('Pris', '', { required: true })).toEqual({ ok: false, reason: 'Pris mangler' });
  });

  it('reads Danish dates and times as Copenhagen wall time, refusing dates that do not exist', () => {
    expect(value(parseTime('Start', '24-11-2026 14:30'))).toBe(copenhagenWallTime(2026, 11, 24, 14, 30));
    expect(value(parseTime('Start', '24.11.2026'))).toBe(copenhagenWallTime(2026, 11, 24));
    expect(value(parseTime('Start', '1/7/2026 kl. 9.05'))).toBe(copenhagenWallTime(2026, 7, 1, 9, 5));
    expect(value(parseTime('Start', '2026-07-01 09:05:00'))).toBe(copenhagenWallTime(2026, 7, 1, 9, 5));
    expect(value(parseTime('Start', '2026-07-01T07:05:00Z'))).toBe(Date.UTC(2026, 6, 1, 7, 5));
    // Summer time: 14:30 in July is 12:30 UTC.
    expect(value(parseTime('Start', '15-07-2026 14:30'))).toBe(Date.UTC(2026, 6, 15, 12, 30));
    for (const text of ['31-02-2026', '24-13-2026 10:00', '24-11-2026 25:00', 'i morgen', '2026/11/24']) {
      expect(parseTime('Start', text)).toEqual({ ok: false, reason: valueTexts.time('Start', text) });
    }
    expect(parseTime('Dato', '24-11-2026 14:30', { dateOnly: true })).toEqual({ ok: false, reason: valueTexts.date('Dato', '24-11-2026 14:30') });
    expect(value(parseTime('Dato', '24-11-2026', { dateOnly: true }))).toBe(copenhagenWallTime(2026, 11, 24));
  });

  it('reads CPR numbers with a real birth date (no modulus 11), phones, minutes, names and addresses', () => {
    expect(value(parseCpr('010190-1234'))).toEqual({ cpr6: '010190', last4: '1234' });
    expect(value(parseCpr('0101901235'))).toEqual({ cpr6: '010190', last4: '1235' });
    expect(value(parseCpr(''))).toBeNull();
    expect(parseCpr('310290-1234')).toEqual({ ok: false, reason: valueTexts.cpr });
    expect(parseCpr('01019-1234').ok).toBe(false);
    expect(value(parsePhone('+45 12 34 56 78'))).toBe('+4512345678');
    expect(parsePhone('1234').ok).toBe(false);
    expect(value(parseMinutes('Tid', '45'))).toBe(45);
    expect(value(parseMinutes('Tid', '1:30'))).toBe(90);
    expect(value(parseMinutes('Tid', '60 min'))).toBe(60);
    expect(parseMinutes('Tid', 'lang').ok).toBe(false);
    expect(splitName('Anne Marie Sørensen')).toEqual({ nameFirst: 'Anne Marie', nameLast: 'Sørensen' });
    expect(splitName('Madonna')).toEqual({ nameFirst: 'Madonna', nameLast: '' });
    expect(splitAddress('Østergade 12, 1. th., 2100 København Ø')).toEqual({ address: 'Østergade 12, 1. th.', post: '2100', town: 'København Ø' });
    expect(splitAddress('Strandvejen 2')).toEqual({ address: 'Strandvejen 2', post: '', town: '' });
  });

  it('refuses formula cells in text fields', () => {
    for (const text of ['=HYPERLINK("http://ondt.example","klik")', '+cmd|/C calc', '@SUM(A1)', '-2+3']) {
      expect(parseText('Navn', text)).toEqual({ ok: false, reason: valueTexts.formula('Navn') });
    }
    expect(value(parseText('Navn', '  Ida Holm '))).toBe('Ida Holm');
  });
});

const rows = (...list: Record<string, string>[]): SourceRow[] => list.map((cells, index) => ({ row: index + 2, cells }));
const client = (id: string, extra: Record<string, string> = {}) => ({ ID: id, Navn: `Klient ${id} Hansen`, CPR: '010190-1234', 'E-mail': '', Telefonnummer: '12345678', Adresse: 'Vej 1, 5000 Odense C', ...extra });
const booking = (clientId: string, start: string, end: string, extra: Record<string, string> = {}) => ({
  'Klient ID': clientId,
  'Ydelse ID': '7',
  Start: start,
  Slut: end,
  Fakturaer: '',
  Oprettet: '',
  Produktnavne: 'Massage',
  Subtotal: '450,00',
  ...extra,
});

function files(partial: Partial<Record<ImportFileKind, SourceRow[]>>): Record<ImportFileKind, SourceRow[]> {
  return {
    client: [],
    treatment: rows({ ID: '7', Navn: 'Massage', Pris: '450,00', Tid: '45', Spærretid: '15' }),
    booking: [],
    invoice: [],
    invoiceLine: [],
    ...partial,
  };
}

describe('mapping a whole import', () => {
  it('maps good rows to records that keep the old IDs, and reports each bad row with its file, row number and reason', () => {
    const { set, errors } = mapImport(
      files({
        client: rows(client('1', { Navn: 'Anne Marie Sørensen', 'E-mail': 'Anne@Example.DK', Telefonnummer: '+45 20 30 40 50' }), client('2', { CPR: '' }), client('3', { Navn: '=HYPERLINK("x")' }), client('1')),
        booking: rows(booking('1', '02-03-2026 10:00', '02-03-2026 10:45', { Fakturaer: '501, 502' }), booking('2', '03-03-2026 10:00', '03-03-2026 10:45'), booking('1', '04-03-2026 11:00', '04-03-2026 10:00')),
        invoice: rows({ ID: '501', 'Klient ID': '1', Subtotal: '450,00', Nummer: '1001', Dato: '02-03-2026', Oprettet: '02-03-2026 11:00' }, { ID: '502', 'Klient ID': '9', Subtotal: '1,00', Nummer: '1002', Dato: '02-03-2026', Oprettet: '' }),
        invoiceLine: rows({ ID: '1', Rabat: '0,00', Fakturanummer: '1001', Pris: '450,00', Moms: '0,00', Tekst: 'Massage' }, { ID: '2', Rabat: '', Fakturanummer: '9999', Pris: '10', Moms: '', Tekst: 'x' }),
      }),
    );
    expect(set.clients).toEqual([
      { sourceId: '1', row: 2, nameFirst: 'Anne Marie', nameLast: 'Sørensen', cpr6: '010190', last4: '1234', email: 'anne@example.dk', phone: '+4520304050', address: 'Vej 1', post: '5000', town: 'Odense C' },
    ]);
    expect(set.treatments).toEqual([{ sourceId: '7', row: 2, name: 'Massage', priceOre: 45_000, duration: 45, pause: 15 }]);
    expect(set.bookings).toEqual([
      expect.objectContaining({ sourceId: `1@${copenhagenWallTime(2026, 3, 2, 10, 0)}`, clientSourceId: '1', treatmentSourceId: '7', invoiceSourceIds: ['501', '502'], subtotalOre: 45_000 }),
    ]);
    expect(set.invoices).toEqual([expect.objectContaining({ sourceId: '501', number: '1001', date: copenhagenWallTime(2026, 3, 2), subtotalOre: 45_000 })]);
    expect(set.invoiceLines).toEqual([{ sourceId: '1', row: 2, invoiceNumber: '1001', text: 'Massage', priceOre: 45_000, discountOre: 0, vatOre: 0, vatExempt: false }]);
    expect(errors).toEqual([
      { file: 'client', row: 3, message: mappingTexts.noCpr },
      { file: 'client', row: 4, message: valueTexts.formula('Navn') },
      { file: 'client', row: 5, message: mappingTexts.duplicateId('1', 2) },
      { file: 'booking', row: 3, message: mappingTexts.unknownClient('2') },
      { file: 'booking', row: 4, message: mappingTexts.endBeforeStart },
      { file: 'invoiceLine', row: 3, message: mappingTexts.unknownInvoice('9999') },
      { file: 'invoice', row: 3, message: mappingTexts.unknownClient('9') },
    ]);
  });

  it('refuses bookings at the same time as an earlier row, and unknown treatments', () => {
    const { set, errors } = mapImport(
      files({
        client: rows(client('1'), client('2')),
        booking: rows(
          booking('1', '02-03-2026 10:00', '02-03-2026 11:00'),
          booking('2', '02-03-2026 10:30', '02-03-2026 11:30'),
          booking('2', '02-03-2026 11:00', '02-03-2026 11:30'),
          booking('1', '02-03-2026 12:00', '02-03-2026 13:00', { 'Ydelse ID': '99' }),
          booking('1', '02-03-2026 10:00', '02-03-2026 11:00'),
        ),
      }),
    );
    expect(set.bookings.map((item) => item.row)).toEqual([2, 4]);
    expect(errors).toEqual([
      { file: 'booking', row: 3, message: mappingTexts.overlaps(2) },
      { file: 'booking', row: 5, message: mappingTexts.unknownTreatment('99') },
      { file: 'booking', row: 6, message: mappingTexts.overlaps(2) },
    ]);
  });
});

describe('VAT per invoice line', () => {
  it("reads the Moms cell as an amount, a Danish rate or 'Momsfri'; empty is no VAT; more than the line is refused", () => {
    // Lines of 562,50 kr. (VAT included) and 500,00 kr.
    expect(value(parseLineVat('Moms', '112,50', 56_250))).toEqual({ vatOre: 11_250, vatExempt: false });
    expect(value(parseLineVat('Moms', '25 %', 56_250))).toEqual({ vatOre: 11_250, vatExempt: false });
    // A fifth of 0,03 kr. is 0,006 kr. → 0,01 (half up).
    expect(value(parseLineVat('Moms', '25%', 3))).toEqual({ vatOre: 1, vatExempt: false });
    expect(value(parseLineVat('Moms', '0 %', 50_000))).toEqual({ vatOre: 0, vatExempt: false });
    expect(value(parseLineVat('Moms', 'Momsfri', 50_000))).toEqual({ vatOre: 0, vatExempt: true });
    expect(value(parseLineVat('Moms', '', 50_000))).toEqual({ vatOre: 0, vatExempt: false });
    expect(value(parseLineVat('Moms', '12 %', 50_000))).toBe(`FEJL: ${valueTexts.vatRate('Moms', '12 %')}`);
    expect(value(parseLineVat('Moms', 'ja', 50_000))).toBe(`FEJL: ${valueTexts.number('Moms', 'ja')}`);
    expect(value(parseLineVat('Moms', '600,00', 50_000))).toBe(`FEJL: ${valueTexts.vatTooLarge('Moms')}`);
  });

  it('maps a mixed invoice to lines that each keep their own VAT, net and total exactly', () => {
    const { set, errors } = mapImport(
      files({
        client: rows(client('1')),
        invoice: rows({ ID: '501', 'Klient ID': '1', Subtotal: '1.062,50', Nummer: '1001', Dato: '02-03-2026', Oprettet: '02-03-2026 11:00' }),
        invoiceLine: rows(
          { ID: '1', Rabat: '0,00', Fakturanummer: '1001', Pris: '500,00', Moms: 'Momsfri', Tekst: 'Fysioterapi' },
          { ID: '2', Rabat: '12,50', Fakturanummer: '1001', Pris: '575,00', Moms: '25 %', Tekst: 'Massage' },
          { ID: '3', Rabat: '0,00', Fakturanummer: '1001', Pris: '10,00', Moms: '20,00', Tekst: 'Forkert' },
        ),
      }),
    );
    expect(errors).toEqual([{ file: 'invoiceLine', row: 4, message: valueTexts.vatTooLarge('Moms') }]);
    expect(set.invoiceLines.map((line) => [line.text, line.vatOre, line.vatExempt])).toEqual([
      ['Fysioterapi', 0, true],
      ['Massage', 11_250, false],
    ]);
    const lines = importedInvoiceLines(set.invoiceLines);
    // 575 − 12,50 = 562,50 with 112,50 VAT: 450,00 net; the price and discount in the same proportion (460 and 10).
    expect(lines.map((line) => [line.name, line.priceOre, line.discountOre, line.netOre, line.vatExempt, line.vatPercent, line.vatOre, line.totalOre])).toEqual([
      ['Fysioterapi', 50_000, 0, 50_000, true, 0, 0, 50_000],
      ['Massage', 46_000, 1_000, 45_000, false, 25, 11_250, 56_250],
    ]);
    // The invoice's Subtotal says whether Pris had VAT included: 1.062,50 is Pris − Rabat; 1.175,00 would be that plus Moms.
    expect(importedInvoiceLines(set.invoiceLines, 106_250)).toEqual(lines);
    expect(importedInvoiceLines(set.invoiceLines, 117_500).map((line) => [line.priceOre, line.discountOre, line.netOre, line.vatOre, line.totalOre])).toEqual([
      [50_000, 0, 50_000, 0, 50_000],
      [57_500, 1_250, 56_250, 11_250, 67_500],
    ]);
  });
});

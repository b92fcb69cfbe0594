import type { InvoiceSnapshot } from './actions/invoices.js';
import { kronerToOre } from './fields.js';
import { counterForYear, formatInvoiceNumber } from './invoice-numbering.js';
import {
  creditLines,
  hasExemptLine,
  invoiceAmounts,
  invoiceDueDate,
  invoiceLines,
  invoiceTotals,
  missingInvoiceData,
  snapshotTotals,
  splitInvoiceErrors,
  type LineSource,
} from './invoices.js';
import { copenhagenWallTime } from './time.js';

const massage: LineSource = { name: 'Massage', treatmentId: 'a', duration: 2700, priceOre: 45_000, vatExempt: false };
const physio: LineSource = { name: 'Fysioterapi', treatmentId: 'b', duration: null, priceOre: 50_000, vatExempt: true };

describe('invoice lines, each with its own VAT', () => {
  it('gives a mixed invoice 25 % on the taxable line, none on the exempt one, and totals that are the sums', () => {
    const lines = invoiceLines([massage, physio], 1_250, true);
    // The discount in proportion to the prices: 1250 × 45/95 = 592,1 and 1250 × 50/95 = 657,9 → 592 and 658.
    expect(lines.map((line) => [line.discountOre, line.netOre, line.vatPercent, line.vatOre, line.totalOre])).toEqual([
      [592, 44_408, 25, 11_102, 55_510],
      [658, 49_342, 0, 0, 49_342],
    ]);
    expect(lines.map((line) => line.vatExempt)).toEqual([false, true]);
    expect(invoiceTotals(lines)).toEqual({ priceOre: 95_000, discountOre: 1_250, netOre: 93_750, vatBaseOre: 44_408, vatFreeOre: 49_342, vatOre: 11_102, totalOre: 104_852 });
  });

  it('is the arithmetic of before for one line', () => {
    for (const [price, discount, withVat] of [[44_999, 1_250, true], [5, 0, true], [45_000, 0, false], [500, 900, true]] as const) {
      const totals = invoiceTotals(invoiceLines([{ ...massage, priceOre: price }], discount, withVat));
      const { vatBaseOre: _base, vatFreeOre: _free, ...amounts } = totals;
      expect(amounts).toEqual(invoiceAmounts(price, discount, withVat));
    }
  });

  it("charges no VAT on any line when the invoice's 'Moms' is off, and an exempt line never", () => {
    const lines = invoiceLines([massage, physio], 0, false);
    expect(lines.map((line) => [line.vatPercent, line.vatOre, line.vatExempt])).toEqual([
      [0, 0, false],
      [0, 0, true],
    ]);
    expect(invoiceTotals(lines)).toMatchObject({ vatBaseOre: 0, vatFreeOre: 95_000, vatOre: 0, totalOre: 95_000 });
    expect(invoiceLines([physio], 0, true)[0]).toMatchObject({ vatPercent: 0, vatOre: 0, totalOre: 50_000 });
  });

  it('spreads any discount exactly: the shares add up to it, none exceeds its line, and never more than the whole', () => {
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let round = 0; round < 500; round += 1) {
      const sources = Array.from({ length: 1 + next(5) }, (_, index) => ({ ...massage, priceOre: next(100_000), vatExempt: index % 2 === 1 }));
      const whole = sources.reduce((sum, source) => sum + source.priceOre, 0);
      const discount = next(whole + 2_000);
      const lines = invoiceLines(sources, discount, true);
      expect(lines.reduce((sum, line) => sum + line.discountOre, 0)).toBe(Math.min(discount, whole));
      for (const line of lines) expect(line.discountOre).toBeLessThanOrEqual(line.priceOre);
      const totals = invoiceTotals(lines);
      expect(totals.vatBaseOre + totals.vatFreeOre).toBe(totals.netOre);
      expect(totals.netOre + totals.vatOre).toBe(totals.totalOre);
    }
  });

  it("mirrors a credit note's lines: every amount negated, the same VAT kinds, so the two add up to nothing", () => {
    const lines = invoiceLines([massage, physio], 1_250, true);
    const credit = creditLines(lines);
    expect(credit.map((line) => [line.vatExempt, line.vatPercent])).toEqual(lines.map((line) => [line.vatExempt, line.vatPercent]));
    const [invoice, credited] = [invoiceTotals(lines), invoiceTotals(credit)];
    for (const key of Object.keys(invoice) as (keyof typeof invoice)[]) expect(invoice[key] + credited[key]).toBe(0);
    expect(hasExemptLine({ lines: credit })).toBe(true);
  });

  it('adds up a snapshot issued before VAT per line as its one line, with VAT exactly when it charged some', () => {
    const old = (vatOre: number): Pick<InvoiceSnapshot, 'amounts' | 'lines'> => ({ amounts: { priceOre: 45_000, discountOre: 0, netOre: 45_000, vatOre, totalOre: 45_000 + vatOre } });
    expect(snapshotTotals(old(11_250))).toMatchObject({ vatBaseOre: 45_000, vatFreeOre: 0, vatOre: 11_250, totalOre: 56_250 });
    expect(snapshotTotals(old(0))).toMatchObject({ vatBaseOre: 0, vatFreeOre: 45_000, totalOre: 45_000 });
    expect(hasExemptLine(old(0))).toBe(false);
  });
});

describe('the due date', () => {
  it("is the Copenhagen issue date plus 'Betalingsfrist' calendar days, across months, years and daylight saving", () => {
    expect(invoiceDueDate(copenhagenWallTime(2026, 11, 23, 12, 0), 8)).toBe('2026-12-01');
    expect(invoiceDueDate(copenhagenWallTime(2026, 12, 28, 23, 59), 8)).toBe('2027-01-05');
    // Just after midnight in Copenhagen is still the previous day in UTC.
    expect(invoiceDueDate(copenhagenWallTime(2026, 3, 1, 0, 30), 0)).toBe('2026-03-01');
    // The night the clocks go forward (29 March 2026) is one calendar day.
    expect(invoiceDueDate(copenhagenWallTime(2026, 3, 28, 23, 30), 1)).toBe('2026-03-29');
    expect(invoiceDueDate(copenhagenWallTime(2026, 10, 24, 23, 30), 1)).toBe('2026-10-25');
  });
});

describe('invoice arithmetic', () => {
  it('applies the discount before VAT and rounds VAT half up to the øre', () => {
    expect(invoiceAmounts(45_000, 1_250, true)).toEqual({ priceOre: 45_000, discountOre: 1_250, netOre: 43_750, vatOre: 10_938, totalOre: 54_688 });
    expect(invoiceAmounts(2, 0, true).vatOre).toBe(1); // 0,5 øre → 1
    expect(invoiceAmounts(1, 0, true).vatOre).toBe(0); // 0,25 øre → 0
    expect(invoiceAmounts(45_000, 0, false)).toMatchObject({ vatOre: 0, totalOre: 45_000 });
    expect(invoiceAmounts(500, 900, true)).toMatchObject({ discountOre: 500, totalOre: 0 });
  });
  it('negates everything for a credit note', () => {
    expect(invoiceAmounts(45_000, 1_250, true, true)).toEqual({ priceOre: -45_000, discountOre: -1_250, netOre: -43_750, vatOre: -10_938, totalOre: -54_688 });
  });
  it('reads kroner as typed', () => {
    expect(kronerToOre('12,50')).toBe(1250);
    expect(kronerToOre('1.234,5')).toBe(123_450);
    expect(kronerToOre(0.1)).toBe(10);
    expect(kronerToOre('1,234')).toBeNull();
    expect(kronerToOre('-5')).toBeNull();
  });
});

describe('invoice numbers', () => {
  it('pads to four digits with the two-digit year, and resets the counter in a new year', () => {
    expect(formatInvoiceNumber(7, 2026)).toBe('0007-26');
    expect(formatInvoiceNumber(12_345, 2030)).toBe('12345-30');
    expect(counterForYear({ count: 40, year: 2026 }, 2026)).toBe(40);
    expect(counterForYear({ count: 40, year: 2025 }, 2026)).toBe(0);
    expect(counterForYear(null, 2026)).toBe(0);
  });
});

describe('required data', () => {
  it("names the missing company and client fields, one alert each, joined by '||'", () => {
    const problems = missingInvoiceData({ companyName: 'A', address: 'B', post: '1', town: 'C', email: 'e', phone: '1', CVR: '1' }, { nameFirst: 'S', nameLast: 'K', email: 'x', CPR: '1' });
    expect(problems).toEqual(['Du mangler at udfylde (Firmaindstillinger: Reg.nr., Kontonummer)', 'Du mangler at udfylde (Klientdata: Adresse, Postnummer, By)']);
    expect(splitInvoiceErrors(problems.join('||'))).toEqual(problems);
  });
});

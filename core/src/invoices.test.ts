import { counterForYear, formatInvoiceNumber, invoiceAmounts, kronerToOre, missingInvoiceData, splitInvoiceErrors } from './invoices.js';

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

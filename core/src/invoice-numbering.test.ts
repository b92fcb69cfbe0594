import { INVOICE_SEQUENCE_MAX, invoiceNumberMessages, invoiceSequenceOf, nextInvoiceNumberCheck } from './invoice-numbering.js';

describe('invoice numbers across systems', () => {
  it("gives '41', '0041' and '0041-26' the 41st place of 2026, and other numbers none", () => {
    expect(['41', '0041', '0041-26', ' 41 '].map((number) => invoiceSequenceOf(number, 2026))).toEqual([41, 41, 41, 41]);
    expect(['0041-25', 'F-41', '2026-0041', '41a', '', '0', String(INVOICE_SEQUENCE_MAX + 1)].map((number) => invoiceSequenceOf(number, 2026))).toEqual([null, null, null, null, null, null, null]);
    expect(invoiceSequenceOf(String(INVOICE_SEQUENCE_MAX), 2026)).toBe(INVOICE_SEQUENCE_MAX);
  });

  it('takes a next number only at or above the one the counter gives, as a whole number', () => {
    expect(nextInvoiceNumberCheck('41', 40, 2026)).toEqual({ count: 40 });
    expect(nextInvoiceNumberCheck(' 100 ', 40, 2026)).toEqual({ count: 99 });
    expect(nextInvoiceNumberCheck('40', 40, 2026)).toEqual({ problem: invoiceNumberMessages.onlyUp('0041-26') });
    expect(nextInvoiceNumberCheck('40', 40, 2026)).toEqual({ problem: 'Næste fakturanummer kan kun sættes op: det skal være 0041-26 eller højere, så intet fakturanummer bruges to gange' });
    for (const typed of ['', '4,5', '-3', '0', 'abc', '10000001']) expect(nextInvoiceNumberCheck(typed, 0, 2026)).toEqual({ problem: invoiceNumberMessages.whole });
    expect(nextInvoiceNumberCheck(String(INVOICE_SEQUENCE_MAX + 1), 0, 2026)).toEqual({ count: INVOICE_SEQUENCE_MAX });
  });
});

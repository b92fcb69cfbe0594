import type { TransactionView } from '@klinik/core';
import { maskedForReceipt, receiptFor } from './receipt';

const transaction: TransactionView = {
  id: 'o0123456789abcdef01234567-key',
  created: Date.parse('2026-05-14T10:00:00+02:00'),
  order_lines: [{ ordertext: 'Pro abonnement' }],
  amount_ex_vat: 14_900,
  amount_vat: 3_725,
  amount: 18_625,
  state: 'settled',
  transactions: [{ card_transaction: { masked_card: '4111XXXXXXXX1111' }, payment_type: 'card' }],
};

describe('the receipt of a transaction', () => {
  it("has the spec's columns and the transaction's values, the card masked", () => {
    const receipt = receiptFor(transaction, 'Klinik Holm');
    expect(receipt.fileName).toBe('TransactionInvoice-14-05-2026.pdf');
    expect(receipt.columns).toEqual(['Dato', 'Plan', 'Beløb ex vat', 'Beløb vat', 'Beløb', 'Status', 'Kort']);
    expect(receipt.row).toEqual(['14-05-2026', 'Pro abonnement', '149,00 kr.', '37,25 kr.', '186,25 kr.', 'Gennemført', '4111XXXXXXXX1111']);
    expect(receipt.details).toEqual([
      ['Kunde', 'Klinik Holm'],
      ['Transaktion', 'o0123456789abcdef01234567-key'],
    ]);
  });

  it('masks a card to its first 4 and last 4 characters, whatever the provider sent', () => {
    expect(maskedForReceipt('4111111111111111')).toBe('4111XXXXXXXX1111');
    expect(maskedForReceipt('4111 1111 1111 1111')).toBe('4111XXXXXXXX1111');
    expect(maskedForReceipt('4000000000003220')).toBe('4000XXXXXXXX3220');
    expect(maskedForReceipt('12345678')).toBe('12345678');
    expect(maskedForReceipt('1234')).toBe('XXXX');
    expect(maskedForReceipt('')).toBe('–');
  });

  it('names a failed charge and a missing card plainly', () => {
    const failed = receiptFor({ ...transaction, state: 'failed', transactions: [] }, 'Klinik Holm');
    expect(failed.row.slice(5)).toEqual(['Afvist', '–']);
  });
});

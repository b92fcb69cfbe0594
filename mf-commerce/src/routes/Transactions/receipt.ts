/**
 * The receipt of one transaction (spec 3 §9): a PDF named TransactionInvoice with the columns Dato, Plan, Beløb ex vat,
 * Beløb vat, Beløb, Status, Kort, the card masked to its first 4 and last 4 characters. What it says is decided here
 * (pure, tested); receiptPdf.ts only draws it.
 */
import type { TransactionView } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { texts } from '../../texts';

const R = texts.receipt;

/** First 4 and last 4 characters; everything between them an X, whatever the provider sent. */
export function maskedForReceipt(card: string): string {
  const compact = card.replace(/\s+/g, '');
  if (!compact) return '–';
  if (compact.length < 8) return 'XXXX';
  return `${compact.slice(0, 4)}${'X'.repeat(compact.length - 8)}${compact.slice(-4)}`;
}

export interface Receipt {
  title: string;
  /** 'TransactionInvoice-DD-MM-YYYY.pdf' */
  fileName: string;
  /** Label and value lines above the table. */
  details: [string, string][];
  columns: readonly string[];
  row: string[];
  notes: string[];
}

export function receiptFor(transaction: TransactionView, clinicName: string): Receipt {
  const date = formatDanishDate(transaction.created);
  const card = transaction.transactions[0]?.card_transaction.masked_card ?? '';
  return {
    title: R.title,
    fileName: `${R.fileName}-${date}.pdf`,
    details: [
      [R.issuedTo, clinicName],
      [R.transaction, transaction.id],
    ],
    columns: R.columns,
    row: [
      date,
      transaction.order_lines[0]?.ordertext ?? '',
      formatKroner(transaction.amount_ex_vat),
      formatKroner(transaction.amount_vat),
      formatKroner(transaction.amount),
      texts.states[transaction.state],
      maskedForReceipt(card),
    ],
    notes: [R.vatNote, R.footer],
  };
}

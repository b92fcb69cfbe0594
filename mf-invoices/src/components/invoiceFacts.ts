/** What a row says about an invoice, credit note or merged statement. */
import type { Invoice } from '@klinik/core';
import { texts } from '../texts';

export function invoiceKind(invoice: Invoice): string {
  if (invoice.isMerged) return texts.kind.merged;
  return invoice.isCredit ? texts.kind.credit : texts.kind.invoice;
}

export function clientName(invoice: Invoice): string {
  return `${invoice.nameFirst} ${invoice.nameLast}`.trim();
}

/**
 * Invoice rules (spec 2: Invoice record, Invoice snapshot, Company CVR counter, Invoices validation; §9): money in
 * integer øre, discount before VAT, VAT 25 % rounded half up to the øre, numbers zero-padded to four with the
 * two-digit year, the counter per calendar year, and the lists of missing company and client fields. Pure, no zod:
 * the browser's preview and the server's PDF use the same arithmetic.
 */
import { VAT_RATE_PERCENT } from './constants.js';

export interface InvoiceAmounts {
  /** The treatment's price. */
  priceOre: number;
  discountOre: number;
  /** Price minus discount, never below zero. */
  netOre: number;
  vatOre: number;
  totalOre: number;
}

/** Discount first, then VAT on what is left (rounded half up to the øre). A credit note is the same, negated. */
export function invoiceAmounts(priceOre: number, discountOre: number, withVat: boolean, credit = false): InvoiceAmounts {
  const discount = Math.min(Math.max(0, Math.round(discountOre)), priceOre);
  const net = priceOre - discount;
  const vat = withVat ? Math.floor((net * VAT_RATE_PERCENT + 50) / 100) : 0;
  const sign = credit ? -1 : 1;
  return { priceOre: sign * priceOre, discountOre: sign * discount, netOre: sign * net, vatOre: sign * vat, totalOre: sign * (net + vat) };
}

/** Kroner as typed (a number or '12,50') → øre; null when not a non-negative amount with at most two decimals. */
export function kronerToOre(value: number | string): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** '0007-26': the yearly sequence zero-padded to at least four digits, then the two-digit year. */
export function formatInvoiceNumber(sequence: number, year: number): string {
  return `${String(sequence).padStart(4, '0')}-${String(year % 100).padStart(2, '0')}`;
}

/** The counter starts again at 0 when its last update was in an earlier calendar year. */
export function counterForYear(counter: { count: number; year: number } | null, year: number): number {
  return counter && counter.year === year ? counter.count : 0;
}

export const COMPANY_INVOICE_FIELDS = ['companyName', 'address', 'post', 'town', 'email', 'phone', 'CVR', 'regNumber', 'accountNumber'] as const;
export const CLIENT_INVOICE_FIELDS = ['nameFirst', 'nameLast', 'address', 'post', 'town', 'email', 'CPR'] as const;

const COMPANY_LABELS: Record<(typeof COMPANY_INVOICE_FIELDS)[number], string> = {
  companyName: 'Firmanavn',
  address: 'Adresse',
  post: 'Postnummer',
  town: 'By',
  email: 'E-mail',
  phone: 'Telefon',
  CVR: 'CVR',
  regNumber: 'Reg.nr.',
  accountNumber: 'Kontonummer',
};
const CLIENT_LABELS: Record<(typeof CLIENT_INVOICE_FIELDS)[number], string> = {
  nameFirst: 'Fornavn',
  nameLast: 'Efternavn',
  address: 'Adresse',
  post: 'Postnummer',
  town: 'By',
  email: 'E-mail',
  CPR: 'CPR',
};

function missing<K extends string>(fields: readonly K[], labels: Record<K, string>, values: Partial<Record<K, unknown>>): string[] {
  return fields.filter((field) => String(values[field] ?? '').trim() === '').map((field) => labels[field]);
}

/**
 * The spec's alerts: 'Du mangler at udfylde (Firmaindstillinger: …)' and '(Klientdata: …)', one per area with
 * missing fields. The server joins them with '||' (spec 2 §7); the dialog shows them as a list.
 */
export function missingInvoiceData(company: Partial<Record<(typeof COMPANY_INVOICE_FIELDS)[number], unknown>>, client: Partial<Record<(typeof CLIENT_INVOICE_FIELDS)[number], unknown>>): string[] {
  const problems: string[] = [];
  const companyMissing = missing(COMPANY_INVOICE_FIELDS, COMPANY_LABELS, company);
  const clientMissing = missing(CLIENT_INVOICE_FIELDS, CLIENT_LABELS, client);
  if (companyMissing.length) problems.push(`Du mangler at udfylde (Firmaindstillinger: ${companyMissing.join(', ')})`);
  if (clientMissing.length) problems.push(`Du mangler at udfylde (Klientdata: ${clientMissing.join(', ')})`);
  return problems;
}

export const INVOICE_ERROR_SEPARATOR = '||';

export function splitInvoiceErrors(message: string): string[] {
  return message.split(INVOICE_ERROR_SEPARATOR).map((part) => part.trim()).filter(Boolean);
}

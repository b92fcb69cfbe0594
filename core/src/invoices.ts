/**
 * Invoice rules (spec 2: Invoice record, Invoice snapshot, Company CVR counter, Invoices validation; §9): money in
 * integer øre, discount before VAT, VAT 25 % rounded half up to the øre per line (each line its own VAT),
 * the due date, numbers zero-padded to four with the two-digit year, the counter per calendar year, and the lists of
 * missing company and client fields. Pure, no zod: the browser's preview and the server's PDF use the same arithmetic.
 */
import type { InvoiceLine, InvoiceSnapshot } from './actions/invoices.js';
import { VAT_RATE_PERCENT } from './constants.js';
import { addDaysToDateKey } from './invoice-payments.js';
import { copenhagenDateKey } from './time.js';

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

/** What a line is made from: a treatment's name and price, and whether it is a health service exempt from VAT. */
export interface LineSource {
  name: string;
  treatmentId: string | null;
  duration: number | null;
  priceOre: number;
  vatExempt: boolean;
}

/** Printed once on an invoice (and its credit note) with an exempt line: the legal ground of the exemption. */
export const VAT_EXEMPTION_TEXT = 'Momsfri ydelse, jf. momslovens § 13, stk. 1, nr. 1';

function vatOf(netOre: number): number {
  return Math.floor((netOre * VAT_RATE_PERCENT + 50) / 100);
}

/**
 * The invoice's discount spread over its lines in proportion to their prices (largest remainder, ties to the earlier
 * line), so each VAT kind's base is reduced by its own share: a discount on a mixed visit must not move VAT from one
 * kind to the other. With one line it is that line's discount, as before VAT per line.
 */
function discountShares(prices: readonly number[], discountOre: number): number[] {
  const total = prices.reduce((sum, price) => sum + price, 0);
  const discount = Math.min(Math.max(0, Math.round(discountOre)), total);
  if (total === 0) return prices.map(() => 0);
  const exact = prices.map((price) => (discount * price) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The lines of an invoice: each line's share of the discount, then its own VAT, 25 % rounded half up to the
 * øre when `chargeVat` (the invoice's 'Moms') and the treatment is not exempt, else none. The totals are the sums of
 * the lines (`invoiceTotals`), so what is printed per line always adds up.
 */
export function invoiceLines(sources: readonly LineSource[], discountOre: number, chargeVat: boolean): InvoiceLine[] {
  const shares = discountShares(
    sources.map((source) => source.priceOre),
    discountOre,
  );
  return sources.map((source, index) => {
    const discount = shares[index]!;
    const net = source.priceOre - discount;
    const vatPercent = chargeVat && !source.vatExempt ? VAT_RATE_PERCENT : 0;
    const vat = vatPercent ? vatOf(net) : 0;
    return {
      name: source.name,
      treatmentId: source.treatmentId,
      duration: source.duration,
      priceOre: source.priceOre,
      discountOre: discount,
      netOre: net,
      vatExempt: source.vatExempt,
      vatPercent,
      vatOre: vat,
      totalOre: net + vat,
    };
  });
}

export type InvoiceTotals = Required<InvoiceSnapshot['amounts']>;

/** The sums of the lines: the VAT base (lines with VAT), the amount without VAT (exempt or not charged), VAT, total. */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const sum = (pick: (line: InvoiceLine) => number, only: (line: InvoiceLine) => boolean = () => true) => lines.filter(only).reduce((total, line) => total + pick(line), 0);
  return {
    priceOre: sum((line) => line.priceOre),
    discountOre: sum((line) => line.discountOre),
    netOre: sum((line) => line.netOre),
    vatBaseOre: sum((line) => line.netOre, (line) => line.vatPercent > 0),
    vatFreeOre: sum((line) => line.netOre, (line) => line.vatPercent === 0),
    vatOre: sum((line) => line.vatOre),
    totalOre: sum((line) => line.totalOre),
  };
}

/** A credit note's lines: its invoice's, every amount negated (never computed again, so the two always cancel). */
export function creditLines(lines: readonly InvoiceLine[]): InvoiceLine[] {
  const negate = (ore: number) => (ore === 0 ? 0 : -ore);
  return lines.map((line) => ({
    ...line,
    priceOre: negate(line.priceOre),
    discountOre: negate(line.discountOre),
    netOre: negate(line.netOre),
    vatOre: negate(line.vatOre),
    totalOre: negate(line.totalOre),
  }));
}

/**
 * The totals of any snapshot, also one issued before VAT per line (no lines): its one line carried VAT exactly when
 * `amounts.vatOre` is not 0 — what a merged statement adds up.
 */
export function snapshotTotals(snapshot: Pick<InvoiceSnapshot, 'amounts' | 'lines'>): InvoiceTotals {
  if (snapshot.lines) return invoiceTotals(snapshot.lines);
  const { amounts } = snapshot;
  const withVat = amounts.vatOre !== 0;
  return { ...amounts, vatBaseOre: withVat ? amounts.netOre : 0, vatFreeOre: withVat ? 0 : amounts.netOre };
}

/** Whether the snapshot prints the exemption text: it has an exempt line. */
export function hasExemptLine(snapshot: Pick<InvoiceSnapshot, 'lines'>): boolean {
  return (snapshot.lines ?? []).some((line) => line.vatExempt);
}

/**
 * The due date of an invoice issued at `issuedAt` with 'Betalingsfrist' `dueDays`: that many calendar days after the
 * Copenhagen issue date (YYYY-MM-DD; daylight saving cannot move it, the arithmetic is on the date itself).
 */
export function invoiceDueDate(issuedAt: number, dueDays: number): string {
  return addDaysToDateKey(copenhagenDateKey(issuedAt), Math.max(0, Math.round(dueDays)));
}

/** '2026-12-09' → '09-12-2026', as the invoice prints its dates. */
export function formatDateKey(key: string): string {
  const [year, month, day] = key.split('-');
  return `${day}-${month}-${year}`;
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

/**
 * The clinic's next invoice number (spec 2: Company CVR counter): what /Settings' 'Næste fakturanummer'
 * and the server (`setCvrCounter`) check alike, and which numbers from an old system take a place in the clinic's
 * own yearly sequence (the import, api/src/domain/import/engine.ts). Pure.
 */

/** '0007-26': the yearly sequence zero-padded to at least four digits, then the two-digit year. */
export function formatInvoiceNumber(sequence: number, year: number): string {
  return `${String(sequence).padStart(4, '0')}-${String(year % 100).padStart(2, '0')}`;
}

/** The counter starts again at 0 when its last update was in an earlier calendar year. */
export function counterForYear(counter: { count: number; year: number } | null, year: number): number {
  return counter && counter.year === year ? counter.count : 0;
}

/** The highest place in a year's sequence: six digits, a million invoices a year, far beyond any clinic. */
export const INVOICE_SEQUENCE_MAX = 999_999;

export const invoiceNumberMessages = {
  label: 'Næste fakturanummer',
  whole: `Næste fakturanummer skal være et helt tal fra 1 til ${(INVOICE_SEQUENCE_MAX + 1).toLocaleString('da-DK')}`,
  /** A lower number could be one already used: an invoice number is never issued twice. */
  onlyUp: (lowest: string) => `Næste fakturanummer kan kun sættes op: det skal være ${lowest} eller højere, så intet fakturanummer bruges to gange`,
  needsCvr: 'Udfyld og gem klinikkens CVR-nummer ovenfor, før du sætter næste fakturanummer.',
} as const;

/**
 * The place an invoice number of `year` takes in the clinic's sequence, or null when it has none: '41', '0041' and
 * '0041-26' (in 2026) are all the 41st, so an old system's invoice numbered so blocks 0041-26; a number with another
 * year's suffix, letters or other signs ('F-2026-41') is kept as it is, outside the sequence.
 */
export function invoiceSequenceOf(number: string, year: number): number | null {
  const match = /^(\d+)(?:-(\d{2}))?$/.exec(number.trim());
  if (!match) return null;
  if (match[2] !== undefined && Number(match[2]) !== year % 100) return null;
  const sequence = Number(match[1]);
  return sequence >= 1 && sequence <= INVOICE_SEQUENCE_MAX ? sequence : null;
}

/**
 * The next number as typed on /Settings, checked against the counter now (`count`, the year's last used or set
 * number): the new counter (the typed number less one), or the message why not.
 */
export function nextInvoiceNumberCheck(typed: string, count: number, year: number): { count: number } | { problem: string } {
  const text = typed.trim();
  const next = /^\d{1,7}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(next) || next < 1 || next > INVOICE_SEQUENCE_MAX + 1) return { problem: invoiceNumberMessages.whole };
  if (next - 1 < count) return { problem: invoiceNumberMessages.onlyUp(formatInvoiceNumber(count + 1, year)) };
  return { count: next - 1 };
}

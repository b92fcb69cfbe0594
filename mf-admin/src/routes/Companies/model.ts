/**
 * The pure parts of /Companies: the subscriber list as the cells of a CSV file that is safe to open in a
 * spreadsheet. (The SMS year to date is read by core's smsYearRows, as on the clinic's own page.)
 */
import type { SubscriberRow } from '../../api';

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, and tab or carriage return, which some read the same
 * way) gets a leading single quote, so an exported name like '=HYPERLINK(…)' stays text (OWASP, CSV injection).
 */
export function neutraliseFormula(cell: string): string {
  // A phone number ('+45 12 34 56 78') is digits only after its plus: no formula, and kept as the clinic wrote it.
  if (/^\+[\d ]+$/.test(cell)) return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** The subscriber list as CSV rows (a header row first), every cell text and neutralised. */
export function subscriberCells(
  rows: readonly SubscriberRow[],
  columns: Readonly<Record<'nameFirst' | 'nameLast' | 'email' | 'phone' | 'companyName' | 'newsletter' | 'trial' | 'createdAt', string>>,
  format: { date: (epochMs: number) => string; yes: string; no: string },
): string[][] {
  const header = [columns.nameFirst, columns.nameLast, columns.email, columns.phone, columns.companyName, columns.newsletter, columns.trial, columns.createdAt];
  const body = rows.map((row) => [
    row.nameFirst,
    row.nameLast,
    row.email,
    row.phone,
    row.companyName,
    row.newsletter ? format.yes : format.no,
    row.trial === null ? '' : format.date(row.trial),
    format.date(row.createdAt),
  ]);
  return [header, ...body].map((cells) => cells.map(neutraliseFormula));
}

/**
 * The pure parts of /Companies: the year-to-date SMS figures (spec 1 §3: three strings of twelve comma-separated
 * monthly values) as a month-by-row table with totals, and the subscriber list as the cells of a CSV file that is
 * safe to open in a spreadsheet.
 */
import type { CompanyYtd, SubscriberRow } from '../../api';

export interface YtdMonth {
  /** 0 for January. */
  month: number;
  freeTexts: number;
  sentBooking: number;
  sentCourse: number;
}

/** Twelve values from a comma-separated string; a missing or malformed value counts as 0. */
export function monthlyValues(csv: string): number[] {
  const parts = csv.split(',');
  return Array.from({ length: 12 }, (_, index) => {
    const value = Number((parts[index] ?? '').trim());
    return Number.isFinite(value) ? value : 0;
  });
}

export function ytdMonths(ytd: CompanyYtd): { months: YtdMonth[]; total: Omit<YtdMonth, 'month'> } {
  const freeTexts = monthlyValues(ytd.freeTexts);
  const sentBooking = monthlyValues(ytd.sentBooking);
  const sentCourse = monthlyValues(ytd.sentCourse);
  const months = freeTexts.map((free, month) => ({ month, freeTexts: free, sentBooking: sentBooking[month] ?? 0, sentCourse: sentCourse[month] ?? 0 }));
  const sum = (pick: (row: YtdMonth) => number) => months.reduce((total, row) => total + pick(row), 0);
  return { months, total: { freeTexts: sum((row) => row.freeTexts), sentBooking: sum((row) => row.sentBooking), sentCourse: sum((row) => row.sentCourse) } };
}

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

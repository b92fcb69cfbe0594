/**
 * The clinic's figures (/Statistik): what one invoice, credit note, booking or SMS adds to its month, and how months
 * add up into a period. Pure, so the server's monthly totals and any check of them use the same arithmetic. Money in
 * integer øre; months and days are Copenhagen's ('YYYY-MM', 'YYYY-MM-DD').
 */
import type { InvoiceSnapshot } from './actions/invoices.js';
import { snapshotTotals } from './invoices.js';

export const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** The longest period one call answers (the figures are read month by month). */
export const STATISTICS_MONTHS_MAX = 36;
/** 'Booked again within': a client counts as coming back when their next booking starts within this many days. */
export const REBOOKING_DAYS = 90;
const DAY_MS = 86_400_000;

/** Money of one month (or a period): what invoices and credit notes add up to, credit notes subtracted. */
export interface RevenueFigures {
  /** Excluding VAT, VAT, total. */
  netOre: number;
  vatOre: number;
  totalOre: number;
  /** The net amount by VAT kind: lines with 25 % VAT, lines exempt (momslovens § 13), lines with no VAT charged. */
  vatBaseOre: number;
  exemptOre: number;
  noVatOre: number;
  /** The credit notes' part of the above (negative or 0). */
  creditNetOre: number;
  creditVatOre: number;
  creditTotalOre: number;
  invoices: number;
  creditNotes: number;
  /** Invoices of the month marked paid, and those still unpaid (neither paid nor settled by a credit note). */
  paidOre: number;
  outstandingOre: number;
}

export function emptyRevenue(): RevenueFigures {
  return { netOre: 0, vatOre: 0, totalOre: 0, vatBaseOre: 0, exemptOre: 0, noVatOre: 0, creditNetOre: 0, creditVatOre: 0, creditTotalOre: 0, invoices: 0, creditNotes: 0, paidOre: 0, outstandingOre: 0 };
}

export function addRevenue(into: RevenueFigures, add: RevenueFigures): RevenueFigures {
  for (const key of Object.keys(into) as (keyof RevenueFigures)[]) into[key] += add[key];
  return into;
}

/** What an invoice is paid by now: paid, still owed, or neither (a credit note, an invoice a credit note settles, one not tracked). */
export type PaymentState = 'paid' | 'outstanding' | 'none';

/** One line of revenue per treatment: its name as the invoice printed it. */
export interface TreatmentRevenue {
  name: string;
  netOre: number;
  vatOre: number;
  totalOre: number;
  lines: number;
}

/**
 * What one invoice or credit note adds to its month: its lines' sums by VAT kind (a snapshot issued before VAT per line
 * counts as its one line), and per treatment. A credit note's lines are negative already.
 */
export function invoiceRevenue(snapshot: Pick<InvoiceSnapshot, 'amounts' | 'lines' | 'treatment'>, isCredit: boolean, payment: PaymentState): { revenue: RevenueFigures; treatments: Map<string, TreatmentRevenue> } {
  const totals = snapshotTotals(snapshot);
  const lines = snapshot.lines ?? [
    { name: snapshot.treatment.name, treatmentId: null, netOre: totals.netOre, vatOre: totals.vatOre, totalOre: totals.totalOre, vatExempt: false, vatPercent: totals.vatOre !== 0 ? 25 : 0 },
  ];
  const revenue = emptyRevenue();
  const treatments = new Map<string, TreatmentRevenue>();
  for (const line of lines) {
    revenue.netOre += line.netOre;
    revenue.vatOre += line.vatOre;
    revenue.totalOre += line.totalOre;
    if (line.vatPercent > 0) revenue.vatBaseOre += line.netOre;
    else if (line.vatExempt) revenue.exemptOre += line.netOre;
    else revenue.noVatOre += line.netOre;
    const key = line.treatmentId ?? `name:${line.name}`;
    const treatment = treatments.get(key) ?? { name: line.name, netOre: 0, vatOre: 0, totalOre: 0, lines: 0 };
    treatment.netOre += line.netOre;
    treatment.vatOre += line.vatOre;
    treatment.totalOre += line.totalOre;
    treatment.lines += isCredit ? -1 : 1;
    treatments.set(key, treatment);
  }
  if (isCredit) {
    revenue.creditNetOre = revenue.netOre;
    revenue.creditVatOre = revenue.vatOre;
    revenue.creditTotalOre = revenue.totalOre;
    revenue.creditNotes = 1;
  } else {
    revenue.invoices = 1;
    if (payment === 'paid') revenue.paidOre = revenue.totalOre;
    if (payment === 'outstanding') revenue.outstandingOre = revenue.totalOre;
  }
  return { revenue, treatments };
}

/** The Copenhagen month of a date key or of a moment. */
export function monthOfDateKey(dateKey: string): string {
  return dateKey.slice(0, 7);
}

export function isMonthKey(value: string): boolean {
  return MONTH_KEY.test(value);
}

/** The month `count` months after `month` (negative: before). */
export function addMonths(month: string, count: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Every month from `from` to `to`, both included, oldest first ([] when `to` is before `from`, or either is not a
 * month key: the schema's refinements call this on input not yet known to be valid, and '' before '2026-12' counted
 * months from year 0 until the process ran out of memory).
 */
export function monthsBetween(from: string, to: string): string[] {
  if (!isMonthKey(from) || !isMonthKey(to)) return [];
  const months: string[] = [];
  for (let month = from; month <= to; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** The date keys of a month, first to last. */
export function daysOfMonth(month: string): string[] {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return Array.from({ length: count }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}

/** A date key as a day number (days since 1970-01-01), for distances in whole days. */
export function dayNumber(dateKey: string): number {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** The ISO week of a date key, 'YYYY-Www' (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeekOf(dateKey: string): string {
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  // The Thursday of the week decides its year.
  date.setUTCDate(date.getUTCDate() + 4 - (date.getUTCDay() || 7));
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / DAY_MS + 1) / 7);
  return `${weekYear}-W${String(week).padStart(2, '0')}`;
}

/** A client's visits in one month: the first and last day (day numbers) and whether one was their first booking ever. */
export type ClientVisits = [first: number, last: number, isNew: 0 | 1];

/**
 * New and returning clients of a month: a client is new when one of their bookings that month was their first at the
 * clinic, else returning.
 */
export function newAndReturning(clients: Readonly<Record<string, ClientVisits>>): { new: number; returning: number } {
  let fresh = 0;
  let returning = 0;
  for (const visits of Object.values(clients)) {
    if (visits[2]) fresh += 1;
    else returning += 1;
  }
  return { new: fresh, returning };
}

/** Two months' visits of one client together. */
export function mergeVisits(a: ClientVisits | undefined, b: ClientVisits): ClientVisits {
  if (!a) return [...b];
  return [Math.min(a[0], b[0]), Math.max(a[1], b[1]), (a[2] || b[2])];
}

/**
 * Of the clients who came in the period, how many booked again within REBOOKING_DAYS of their first visit in it:
 * another visit later that month, or one in a following month no more than REBOOKING_DAYS days after. `months` holds
 * the period's months and the ones after it that can hold such a visit, oldest first.
 */
export function rebookedWithin(months: readonly { month: string; clients: Readonly<Record<string, ClientVisits>> }[], period: ReadonlySet<string>): { clients: number; rebooked: number } {
  const firstInPeriod = new Map<string, ClientVisits>();
  const later = new Map<string, number[]>();
  for (const { month, clients } of months) {
    for (const [client, visits] of Object.entries(clients)) {
      if (period.has(month) && !firstInPeriod.has(client)) firstInPeriod.set(client, visits);
      else later.set(client, [...(later.get(client) ?? []), visits[0]]);
    }
  }
  let rebooked = 0;
  for (const [client, visits] of firstInPeriod) {
    const first = visits[0];
    const again = visits[1] > first || (later.get(client) ?? []).some((day) => day > first && day - first <= REBOOKING_DAYS);
    if (again) rebooked += 1;
  }
  return { clients: firstInPeriod.size, rebooked };
}

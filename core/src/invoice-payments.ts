/**
 * Whether an invoice is paid: its due date, when it turns overdue, its status, and how often it may be
 * reminded. Pure and zod-free, so the server's list filter, its answers and the browser's texts agree. Dates are
 * Copenhagen calendar dates (YYYY-MM-DD); an invoice is due through the whole of its due date.
 */
import { DAY_MS, DEFAULT_DUE_DAYS } from './constants.js';
import { copenhagenDateKey, copenhagenWallTime } from './time.js';

/** How a payment came in ('Bankoverførsel', 'MobilePay', 'Kort', 'Kontant'). */
export const PAYMENT_METHODS = ['bank', 'mobilepay', 'card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * `credited`: a credit note settles it (nothing is owed, and it was not paid). A paid invoice that is credited later
 * stays `paid`: the credit note is then a refund.
 */
export const INVOICE_STATUSES = ['unpaid', 'overdue', 'paid', 'credited'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** /Faktura's status filter ('Alle', 'Ubetalte', 'Forfaldne', 'Betalte'). */
export const INVOICE_STATUS_FILTERS = ['all', 'unpaid', 'overdue', 'paid'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/**
 * At most one reminder ('rykker') per invoice in this many days: a client is reminded about a week and a half after
 * the last reminder, which leaves time for a bank transfer to arrive (one to two bank days) and for the client to
 * answer, and a clinic that reminds every overdue invoice each week still cannot pester anyone.
 */
export const REMINDER_INTERVAL_DAYS = 10;

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date `days` after a date key (calendar days: the same across the daylight-saving changes). */
export function addDaysToDateKey(dateKey: string, days: number): string {
  const match = DATE_KEY.exec(dateKey);
  if (!match) throw new Error(`not a date: ${dateKey}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** Whether `value` is a real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isDateKey(value: string): boolean {
  const match = DATE_KEY.exec(value);
  if (!match) return false;
  return addDaysToDateKey(value, 0) === value;
}

/** What a due date is read from: an invoice's snapshot (its issue date, and its own due date). */
export interface DueDateSource {
  issuedAt: number;
  dueDate?: string | null;
}

/**
 * The last day to pay an invoice: the due date its snapshot carries, else (an invoice issued before snapshots had
 * one) its issue date plus DEFAULT_DUE_DAYS. Null for a document without a snapshot (or one without a date).
 */
export function dueDateOf(invoice: { image: readonly DueDateSource[] }): string | null {
  const snapshot = invoice.image[0];
  if (!snapshot) return null;
  if (typeof snapshot.dueDate === 'string' && isDateKey(snapshot.dueDate)) return snapshot.dueDate;
  if (typeof snapshot.issuedAt !== 'number' || !Number.isFinite(snapshot.issuedAt)) return null;
  return addDaysToDateKey(copenhagenDateKey(snapshot.issuedAt), DEFAULT_DUE_DAYS);
}

/** The instant an unpaid invoice due on `dueDate` becomes overdue: the start of the next Copenhagen day. */
export function overdueFrom(dueDate: string): number {
  const [year, month, day] = addDaysToDateKey(dueDate, 1).split('-').map(Number) as [number, number, number];
  return copenhagenWallTime(year, month, day);
}

export interface PaymentFacts {
  /** The day it was marked paid, or null. */
  paidOn: string | null;
  /** Whether a credit note settles it. */
  credited: boolean;
  /** When it becomes overdue (overdueFrom of its due date). */
  overdueFrom: number;
}

export function invoiceStatus(facts: PaymentFacts, now: number): InvoiceStatus {
  if (facts.paidOn !== null) return 'paid';
  if (facts.credited) return 'credited';
  return now >= facts.overdueFrom ? 'overdue' : 'unpaid';
}

/** The first instant a next reminder may go, after one sent at `lastSentAt`. */
export function nextReminderFrom(lastSentAt: number): number {
  return lastSentAt + REMINDER_INTERVAL_DAYS * DAY_MS;
}

/**
 * Scheduling rules shared by the calendar and the API: time units for slot claims, calendar constants, booking
 * colour state, and the weekly opening-hours pattern expanded in Copenhagen time.
 */
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './constants.js';

/** Bookings and leaves claim their time in units of this length; their times lie on unit boundaries. */
export const SLOT_UNIT_MS = 5 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
/** Longest booking, so range queries can bound how far back an overlapping booking may start. */
export const MAX_BOOKING_MS = 12 * HOUR_MS;
/** Longest single leave (a longer absence is entered as several). */
export const MAX_LEAVE_MS = 31 * 24 * HOUR_MS;
/** Longest range one calendar query may ask for (a month view shows six weeks). */
export const MAX_CALENDAR_RANGE_MS = 62 * 24 * HOUR_MS;

export const CALENDAR = {
  slotMinutes: 30,
  slotMinTime: '05:00:00',
  slotMaxTime: '24:00:00',
  height: 930,
  /** Under this width the day view is the initial view. */
  dayViewBelowPx: 810,
  /** Under this width the small-screen card layout replaces the grid. */
  cardLayoutBelowPx: 800,
} as const;

export function isOnUnitBoundary(epochMs: number): boolean {
  return Number.isInteger(epochMs) && epochMs % SLOT_UNIT_MS === 0;
}

/** The starts of the units an interval [from, to) covers; both ends lie on unit boundaries. */
export function unitStarts(from: number, to: number): number[] {
  const starts: number[] = [];
  for (let unit = from; unit < to; unit += SLOT_UNIT_MS) starts.push(unit);
  return starts;
}

export function overlaps(a: { from: number; to: number }, b: { from: number; to: number }): boolean {
  return a.from < b.to && b.from < a.to;
}

export type BookingState = 'created' | 'journal' | 'invoiced';

/** Spec 2 §4: invoiced is blue, a journal (or a first booking with stamjournal) green, otherwise yellow. */
export function bookingState(booking: { invoiceId?: string | null; journalId?: string | null; firstBooking?: boolean; hasStamjournal?: boolean }): BookingState {
  if (booking.invoiceId) return 'invoiced';
  if (booking.journalId || (booking.firstBooking && booking.hasStamjournal)) return 'journal';
  return 'created';
}

/** The calendar's colour legend (spec 2 §2). */
export const EVENT_COLORS = {
  course: '#d13438',
  created: '#f7d046',
  journal: '#4caf50',
  invoiced: '#3f7fd6',
  unavailable: '#c50f1f',
  opening: '#ffffff',
  default: '#8a8886',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Weekly opening hours

/** Weekdays as the dialog's circles M T O T F L S: 1 = Monday … 7 = Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface TimeRow {
  /** HH:mm */
  start: string;
  /** HH:mm */
  end: string;
}

export interface WeeklyPattern {
  weekdays: Weekday[];
  /** Repeat every 1 to 4 weeks. */
  everyWeeks: number;
  /** YYYY-MM-DD, the first week the pattern applies. */
  startDate: string;
  /** How many times the pattern repeats (repetitions of the week). */
  occurrences: number;
  times: TimeRow[];
}

export const OPENING_HOURS_MESSAGES = {
  startBeforeEnd: 'Starttidspunkt skal være før sluttidspunkt!',
  endAfterStart: 'Sluttidspunkt skal være efter starttidspunkt!',
  rowsOverlap: 'Denne tid overlapper med en anden række!',
} as const;

function minutesOf(hhmm: string): number {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(hhmm);
  if (!match) return Number.NaN;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : Number.NaN;
}

export interface TimeRowProblem {
  row: number;
  field: 'start' | 'end';
  message: string;
}

/**
 * The dialog's rules for time rows: start before end (the start field is marked), rows must not overlap
 * (the later row is marked). Rows with equal start and end are skipped, not refused.
 */
export function timeRowProblems(rows: readonly TimeRow[]): TimeRowProblem[] {
  const problems: TimeRowProblem[] = [];
  const kept: { row: number; start: number; end: number }[] = [];
  rows.forEach((row, index) => {
    const start = minutesOf(row.start);
    const end = minutesOf(row.end);
    if (Number.isNaN(start)) return problems.push({ row: index, field: 'start', message: OPENING_HOURS_MESSAGES.startBeforeEnd });
    if (Number.isNaN(end)) return problems.push({ row: index, field: 'end', message: OPENING_HOURS_MESSAGES.endAfterStart });
    if (start === end) return;
    if (start > end) {
      problems.push({ row: index, field: 'start', message: OPENING_HOURS_MESSAGES.startBeforeEnd });
      problems.push({ row: index, field: 'end', message: OPENING_HOURS_MESSAGES.endAfterStart });
      return;
    }
    if (kept.some((other) => start < other.end && other.start < end)) {
      problems.push({ row: index, field: 'start', message: OPENING_HOURS_MESSAGES.rowsOverlap });
      return;
    }
    kept.push({ row: index, start, end });
  });
  return problems;
}

function parseDate(date: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

/**
 * The concrete intervals of a weekly pattern, in Copenhagen wall-clock time (so 08:00 stays 08:00 across the
 * summer-time changes). Weeks start on Monday; the first week is the one containing `startDate`, and days of
 * that week before `startDate` are left out. Rows with equal start and end are skipped. Sorted by start.
 */
export function expandWeeklyPattern(pattern: WeeklyPattern): { from: number; to: number }[] {
  const start = parseDate(pattern.startDate);
  if (!start || timeRowProblems(pattern.times).length > 0) return [];
  const rows = pattern.times.map((row) => ({ start: minutesOf(row.start), end: minutesOf(row.end) })).filter((row) => row.start < row.end);
  const first = new TZDate(start.year, start.month - 1, start.day, 0, 0, 0, 0, TIME_ZONE);
  // Monday of the first week: getDay() is 0 for Sunday.
  const offsetToMonday = (first.getDay() + 6) % 7;
  const intervals: { from: number; to: number }[] = [];
  for (let repetition = 0; repetition < pattern.occurrences; repetition++) {
    for (const weekday of [...new Set(pattern.weekdays)].sort()) {
      const dayOffset = repetition * pattern.everyWeeks * 7 - offsetToMonday + (weekday - 1);
      if (dayOffset < 0) continue;
      for (const row of rows) {
        const day = new TZDate(start.year, start.month - 1, start.day + dayOffset, 0, 0, 0, 0, TIME_ZONE);
        const at = (minutes: number) =>
          new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60, 0, 0, TIME_ZONE).getTime();
        intervals.push({ from: at(row.start), to: at(row.end) });
      }
    }
  }
  return intervals.sort((a, b) => a.from - b.from);
}

// ---------------------------------------------------------------------------------------------------------
// Online availability

export interface Interval {
  from: number;
  to: number;
}

export interface AvailabilityInput {
  /** The window asked for: [from, to). */
  from: number;
  to: number;
  /** The treatment's duration and the pause it needs after it, in milliseconds. */
  durationMs: number;
  pauseMs: number;
  /** Opening intervals overlapping the window. */
  openings: readonly Interval[];
  /** Taken time: bookings with their own pause after them, and leaves. */
  busy: readonly Interval[];
  now: number;
  /** Distance between offered starts; 15 minutes unless given. */
  stepMs?: number;
}

export const ONLINE_STEP_MS = 15 * MINUTE_MS;

/**
 * The start times a client may book online: inside an opening interval (the treatment itself must end by the
 * interval's end), free of bookings, their pauses and leaves for the treatment and its own pause, on unit
 * boundaries, every 15 minutes from the interval's start, and never today or earlier in Copenhagen time.
 */
export function availableStarts(input: AvailabilityInput): number[] {
  const step = input.stepMs ?? ONLINE_STEP_MS;
  if (input.durationMs <= 0 || step <= 0) return [];
  const today = copenhagenDay(input.now);
  const busy = [...input.busy].sort((a, b) => a.from - b.from);
  const starts = new Set<number>();
  for (const opening of input.openings) {
    const first = Math.ceil(opening.from / SLOT_UNIT_MS) * SLOT_UNIT_MS;
    for (let start = first; start + input.durationMs <= opening.to; start += step) {
      if (start < input.from || start >= input.to) continue;
      if (copenhagenDay(start) <= today) continue;
      const needed = { from: start, to: start + input.durationMs + input.pauseMs };
      if (busy.some((taken) => overlaps(taken, needed))) continue;
      starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

function copenhagenDay(epochMs: number): string {
  const date = new TZDate(epochMs, TIME_ZONE);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Spec 1 §8: the online booking refuses today (and the past): bookable from tomorrow in Copenhagen time. */
export function isBookableDay(start: number, now: number): boolean {
  return copenhagenDay(start) > copenhagenDay(now);
}

/**
 * Copenhagen time. Every day boundary, the same-day rule and display follow Europe/Copenhagen through
 * @date-fns/tz, never the machine's zone, so daylight-saving days are right on any server or phone.
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { TIME_ZONE } from './constants.js';
import { CALENDAR } from './scheduling.js';

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The Copenhagen calendar date of an instant as YYYY-MM-DD. */
export function copenhagenDateKey(epochMs: number): string {
  const date = new TZDate(epochMs, TIME_ZONE);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Every Copenhagen calendar date (YYYY-MM-DD) that some instant in [fromMs, toMs) falls on, in order. A query by these
 * exact keys (a booking's `bookingDate`) is one an index serves on every database, the embedded one included.
 */
export function copenhagenDateKeysBetween(fromMs: number, toMs: number): string[] {
  if (!(toMs > fromMs)) return [];
  const keys: string[] = [];
  // Every Copenhagen day lasts at least 23 hours, so steps of 12 hours see each one; the last instant closes it.
  for (let at = fromMs; at < toMs; at += 12 * 3_600_000) {
    const key = copenhagenDateKey(at);
    if (keys.at(-1) !== key) keys.push(key);
  }
  const last = copenhagenDateKey(toMs - 1);
  if (keys.at(-1) !== last) keys.push(last);
  return keys;
}

/** DD-MM-YYYY in Copenhagen time (spec 3: trial end, transaction dates). */
export function formatDanishDate(epochMs: number): string {
  const date = new TZDate(epochMs, TIME_ZONE);
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

const DANISH_WEEKDAYS = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'] as const;

/** The Copenhagen weekday of an instant, in Danish ('mandag' … 'søndag'). */
export function danishWeekday(epochMs: number): string {
  // getDay() is 0 (Sunday) to 6, always a name.
  return DANISH_WEEKDAYS[new TZDate(epochMs, TIME_ZONE).getDay()] ?? '';
}

/** HH:mm in Copenhagen time. */
export function formatCopenhagenTime(epochMs: number): string {
  const date = new TZDate(epochMs, TIME_ZONE);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant a Copenhagen wall-clock time happens. */
export function copenhagenWallTime(year: number, month: number, day: number, hours = 0, minutes = 0): number {
  return new TZDate(year, month - 1, day, hours, minutes, 0, 0, TIME_ZONE).getTime();
}

/** Start of the Copenhagen day containing the instant. */
export function startOfCopenhagenDay(epochMs: number): number {
  const date = new TZDate(epochMs, TIME_ZONE);
  return copenhagenWallTime(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/** Monday 00:00, Copenhagen time, of the week containing the instant; `weeks` moves that many weeks on or back. */
export function startOfCopenhagenWeek(epochMs: number, weeks = 0): number {
  const date = new TZDate(epochMs, TIME_ZONE);
  const sinceMonday = (date.getDay() + 6) % 7; // getDay() is 0 for Sunday
  return copenhagenWallTime(date.getFullYear(), date.getMonth() + 1, date.getDate() - sinceMonday + 7 * weeks);
}

/** Whether two instants fall on the same Copenhagen calendar day. */
export function isSameCopenhagenDay(a: number, b: number): boolean {
  return copenhagenDateKey(a) === copenhagenDateKey(b);
}

/** The Copenhagen date (YYYY-MM-DD) and time (HH:mm) of an instant, as date and time inputs hold them. */
export function toCopenhagenInputs(epochMs: number): { date: string; time: string } {
  return { date: copenhagenDateKey(epochMs), time: formatCopenhagenTime(epochMs) };
}

/** The instant of a date input (YYYY-MM-DD) and a time input (HH:mm) read as Copenhagen time; null if malformed. */
export function fromCopenhagenInputs(date: string, time: string): number | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!day || !clock) return null;
  return copenhagenWallTime(Number(day[1]), Number(day[2]), Number(day[3]), Number(clock[1]), Number(clock[2]));
}

/**
 * Offsets remembered by the hour: Copenhagen's offset has only ever changed on a whole hour, of the wall clock and of
 * UTC alike (the test checks minute by minute around both yearly changes), so an hour has one.
 */
const HOUR = 3_600_000;
const offsetsAt = new Map<number, number>();
const offsetsOfWallClock = new Map<number, number>();

function remembered(cache: Map<number, number>, key: number, compute: () => number): number {
  let value = cache.get(key);
  if (value === undefined) {
    // A calendar looks at a few weeks at a time; a long session paging through years starts the cache afresh.
    if (cache.size >= 20_000) cache.clear();
    value = compute();
    cache.set(key, value);
  }
  return value;
}

/**
 * Copenhagen's offset from UTC in minutes at an instant (60 in winter, 120 in summer). Remembered by the hour, so a
 * calendar converting thousands of times asks the browser's time-zone data once per hour it shows.
 */
export function copenhagenOffsetAt(epochMs: number): number {
  return remembered(offsetsAt, Math.floor(epochMs / HOUR), () => tzOffset(TIME_ZONE, new Date(epochMs)));
}

/**
 * The offset in minutes that a Copenhagen wall-clock time has, the time given as the instant whose UTC fields are
 * that wall clock. A time the spring change skips or the autumn change repeats gets the offset copenhagenWallTime
 * gives it (02:30 on either night is 01:30 UTC), so the grid and the forms agree.
 */
export function copenhagenOffsetOfWallClock(wallClockAsUtcMs: number): number {
  const hour = Math.floor(wallClockAsUtcMs / HOUR);
  return remembered(offsetsOfWallClock, hour, () => {
    const wall = new Date(hour * HOUR);
    const at = copenhagenWallTime(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours());
    return (wall.getTime() - at) / 60_000;
  });
}

/** Whether this browser runs in Copenhagen time (else times are shown with a 'DK' annotation, spec 1 §9). */
export function browserIsInCopenhagen(): boolean {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone === TIME_ZONE;
  } catch {
    return true;
  }
}

/** The Copenhagen day containing `epochMs`, from its start to the next day's start (23, 24 or 25 hours). */
export function copenhagenDayRange(epochMs: number): { from: number; to: number } {
  const from = startOfCopenhagenDay(epochMs);
  return { from, to: startOfCopenhagenDay(from + 27 * 3600_000) };
}

/**
 * The period /Kalender opens on at `now`, given whether the window is narrower than a width (the calendar's media
 * query): below CALENDAR.dayViewBelowPx the day (cards or the grid's day view), else the week, Monday first. The
 * calendar page asks for its data for this period, and the shell asks for the same while the page's code still
 * downloads (shell/src/app/opening-calls.ts), so the two must agree: both take it from here.
 */
export function calendarOpeningRange(narrowerThan: (px: number) => boolean, now: number): { from: number; to: number } {
  return narrowerThan(CALENDAR.dayViewBelowPx) ? copenhagenDayRange(now) : { from: startOfCopenhagenWeek(now), to: startOfCopenhagenWeek(now, 1) };
}

/** The media query of a window narrower than `px`. */
export const narrowerThanQuery = (px: number) => `(max-width: ${px - 1}px)`;

// Scheduling rules live beside the time functions: both need the time-zone code, which the shell's first page does not.
export * from './scheduling.js';

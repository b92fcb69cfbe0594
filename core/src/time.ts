/**
 * Copenhagen time. Every day boundary, the same-day rule and display follow Europe/Copenhagen through
 * @date-fns/tz, never the machine's zone, so daylight-saving days are right on any server or phone.
 */
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './constants.js';

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The Copenhagen calendar date of an instant as YYYY-MM-DD. */
export function copenhagenDateKey(epochMs: number): string {
  const date = new TZDate(epochMs, TIME_ZONE);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** DD-MM-YYYY in Copenhagen time (spec 3: trial end, transaction dates). */
export function formatDanishDate(epochMs: number): string {
  const date = new TZDate(epochMs, TIME_ZONE);
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
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

/** Whether two instants fall on the same Copenhagen calendar day. */
export function isSameCopenhagenDay(a: number, b: number): boolean {
  return copenhagenDateKey(a) === copenhagenDateKey(b);
}

// Scheduling rules live beside the time functions: both need the time-zone code, which the shell's first page does not.
export * from './scheduling.js';

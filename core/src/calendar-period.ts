/**
 * The period /Kalender opens on, exported by `@klinik/core/time`: the calendar page asks for its data for this period,
 * and the shell asks for the same while the page's code still downloads (shell/src/app/opening-calls.ts).
 */
import { CALENDAR } from './scheduling.js';
import { startOfCopenhagenDay, startOfCopenhagenWeek } from './time.js';

/** The Copenhagen day containing `epochMs`, from its start to the next day's start (23, 24 or 25 hours). */
export function copenhagenDayRange(epochMs: number): { from: number; to: number } {
  const from = startOfCopenhagenDay(epochMs);
  return { from, to: startOfCopenhagenDay(from + 27 * 3600_000) };
}

/**
 * The period /Kalender opens on at `now`, given whether the window is narrower than a width (the calendar's media
 * query): below CALENDAR.dayViewBelowPx the day (cards or the grid's day view), else the week, Monday first. The
 * calendar page asks for its data for this period, and the shell asks for the same (above), so the two must agree: both
 * take it from here.
 */
export function calendarOpeningRange(narrowerThan: (px: number) => boolean, now: number): { from: number; to: number } {
  return narrowerThan(CALENDAR.dayViewBelowPx) ? copenhagenDayRange(now) : { from: startOfCopenhagenWeek(now), to: startOfCopenhagenWeek(now, 1) };
}

/** The media query of a window narrower than `px`. */
export const narrowerThanQuery = (px: number) => `(max-width: ${px - 1}px)`;


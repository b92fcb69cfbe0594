/**
 * Recurring series of bookings: which dates a repetition gives, its limits, and the free start times offered for a
 * date that collides. Pure, so the booking drawer's summary and the server's check agree by construction.
 */
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './constants.js';
import { MINUTE_MS, overlaps, SLOT_UNIT_MS, type Interval } from './scheduling.js';

/** At most this many dates in one series, the first included. */
export const SERIES_MAX_DATES = 52;
export const SERIES_MAX_INTERVAL_WEEKS = 4;

export const seriesMessages = {
  interval: 'Gentag hver 1. til 4. uge',
  tooMany: `En serie kan højst have ${SERIES_MAX_DATES} tider`,
  tooFew: 'En serie skal have mindst 2 tider',
  untilOrCount: "Vælg 'Til dato' eller 'Antal gange'",
  untilDate: 'Til dato skal være en dato',
  untilBeforeStart: 'Til dato skal ligge efter den første tid',
  choiceSameDay: 'Den nye tid skal ligge samme dag',
  choiceUnknown: 'Valget hører ikke til en af seriens tider',
  allSkipped: 'Alle tider er sprunget over, så der er intet at gemme',
  notInSeries: 'Bookingen er ikke en del af en serie',
  /** The answer when dates collide: nothing was saved. */
  conflicts: (count: number) =>
    count === 1
      ? 'Én af tiderne overlapper med en anden booking, et fravær eller et kursus. Vælg at springe den over eller en anden tid samme dag. Intet er gemt.'
      : `${count} af tiderne overlapper med en anden booking, et fravær eller et kursus. Vælg for hver at springe den over eller en anden tid samme dag. Intet er gemt.`,
  /** Per colliding date, in the answer's `errors` under `dates.<index>`. */
  dateTaken: 'Tiden er optaget',
} as const;

export interface SeriesRepeat {
  /** Every 1–4 weeks. */
  intervalWeeks: number;
  /** The last day a date may fall on (YYYY-MM-DD, Copenhagen), or */
  until?: string;
  /** the number of dates, the first included. */
  count?: number;
}

function copenhagenParts(epochMs: number) {
  const date = new TZDate(epochMs, TIME_ZONE);
  return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), hours: date.getHours(), minutes: date.getMinutes() };
}

function dateKeyOf(epochMs: number): string {
  const { year, month, day } = copenhagenParts(epochMs);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * `epochMs` moved by whole Copenhagen days, keeping its wall-clock time (10:00 stays 10:00 across the summer-time
 * changes), and, when given, set to another time of day (minutes after midnight).
 */
export function shiftCopenhagenDays(epochMs: number, days: number, minutesOfDay?: number): number {
  const { year, month, day, hours, minutes } = copenhagenParts(epochMs);
  const total = minutesOfDay ?? hours * 60 + minutes;
  return new TZDate(year, month, day + days, Math.floor(total / 60), total % 60, 0, 0, TIME_ZONE).getTime();
}

/** Minutes after Copenhagen midnight. */
export function copenhagenMinutesOfDay(epochMs: number): number {
  const { hours, minutes } = copenhagenParts(epochMs);
  return hours * 60 + minutes;
}

/** Whole Copenhagen calendar days from `a` to `b` (negative when `b` is earlier). */
export function copenhagenDaysBetween(a: number, b: number): number {
  const day = (epochMs: number) => {
    const { year, month, day: date } = copenhagenParts(epochMs);
    return Date.UTC(year, month, date) / (24 * 60 * MINUTE_MS);
  };
  return day(b) - day(a);
}

/**
 * The starts of a series beginning at `first`: every `intervalWeeks` weeks at the same Copenhagen time, up to and
 * including the day `until` or `count` dates. Stops one past the limit, so a repetition that asks for too many
 * answers SERIES_MAX_DATES + 1 starts (seriesProblem refuses it) without expanding years of dates.
 */
export function seriesStarts(first: number, repeat: SeriesRepeat): number[] {
  const wanted = Math.min(repeat.count ?? Infinity, SERIES_MAX_DATES + 1);
  const starts: number[] = [];
  for (let index = 0; index < wanted; index++) {
    const start = shiftCopenhagenDays(first, index * 7 * repeat.intervalWeeks);
    if (repeat.until !== undefined && dateKeyOf(start) > repeat.until) break;
    starts.push(start);
  }
  return starts;
}

/** What is wrong with a repetition from `first`, as { field: Danish message }, or null. */
export function seriesProblem(first: number, repeat: SeriesRepeat): { path: 'intervalWeeks' | 'until' | 'count'; message: string } | null {
  if (!Number.isInteger(repeat.intervalWeeks) || repeat.intervalWeeks < 1 || repeat.intervalWeeks > SERIES_MAX_INTERVAL_WEEKS) {
    return { path: 'intervalWeeks', message: seriesMessages.interval };
  }
  if ((repeat.until === undefined) === (repeat.count === undefined)) return { path: 'count', message: seriesMessages.untilOrCount };
  if (repeat.until !== undefined && repeat.until < dateKeyOf(first)) return { path: 'until', message: seriesMessages.untilBeforeStart };
  const path = repeat.until !== undefined ? 'until' : 'count';
  const count = seriesStarts(first, repeat).length;
  if (count > SERIES_MAX_DATES) return { path, message: seriesMessages.tooMany };
  if (count < 2) return { path, message: seriesMessages.tooFew };
  return null;
}

export interface FreeStartsInput {
  /** The start asked for; the starts offered are the nearest to it. */
  wanted: number;
  durationMs: number;
  /** Where starts may lie: the day's opening hours (the treatment must end inside one). */
  windows: readonly Interval[];
  /** Taken time that day. */
  busy: readonly Interval[];
  /** How many to offer; 6 unless given. */
  limit?: number;
  /** 15 minutes unless given. */
  stepMs?: number;
}

/** A few free starts for a date that collides, nearest to the time asked for first, answered in time order. */
export function freeStartsNear(input: FreeStartsInput): number[] {
  const step = input.stepMs ?? 15 * MINUTE_MS;
  const limit = input.limit ?? 6;
  if (input.durationMs <= 0 || step <= 0 || limit <= 0) return [];
  const starts = new Set<number>();
  for (const window of input.windows) {
    const first = Math.ceil(window.from / SLOT_UNIT_MS) * SLOT_UNIT_MS;
    for (let start = first; start + input.durationMs <= window.to; start += step) {
      const needed = { from: start, to: start + input.durationMs };
      if (!input.busy.some((taken) => overlaps(taken, needed))) starts.add(start);
    }
  }
  return [...starts]
    .sort((a, b) => Math.abs(a - input.wanted) - Math.abs(b - input.wanted) || a - b)
    .slice(0, limit)
    .sort((a, b) => a - b);
}

const DANISH_MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'] as const;
const DANISH_WEEKDAYS = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'] as const;

/** 'tirsdag 1. december' in Copenhagen time. */
export function formatDanishDayLong(epochMs: number): string {
  const date = new TZDate(epochMs, TIME_ZONE);
  return `${DANISH_WEEKDAYS[date.getDay()] ?? ''} ${date.getDate()}. ${DANISH_MONTHS[date.getMonth()] ?? ''}`;
}

/** The drawer's summary before saving: '10 tider fra tirsdag 1. december'. */
export function seriesSummary(starts: readonly number[]): string {
  if (starts.length === 0) return '';
  return `${starts.length} ${starts.length === 1 ? 'tid' : 'tider'} fra ${formatDanishDayLong(starts[0]!)}`;
}

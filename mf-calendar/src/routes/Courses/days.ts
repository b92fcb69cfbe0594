/**
 * Course days as the dialog edits them: a date and two times as the inputs hold them (Copenhagen wall-clock
 * time), the deadline as typed, and what was last saved, so the dialog knows which days to send. The rules are
 * the server's (start before end with the opening-hours messages, deadline 0–365 days), checked here first.
 */
import type { EventDate } from '@klinik/core';
import { bookingMessages } from '@klinik/core/messages';
import { copenhagenDateKey, formatCopenhagenTime, formatDanishDate, fromCopenhagenInputs, OPENING_HOURS_MESSAGES, toCopenhagenInputs } from '@klinik/core/time';
import { texts, weekdays } from './texts';

const DAY_MS = 24 * 3600_000;

/** Spec 2 §5: the time picker runs 05:00 to 23:00 in 15-minute steps. */
export const TIME_OPTIONS: readonly string[] = Array.from({ length: ((23 - 5) * 60) / 15 + 1 }, (_, index) => {
  const minutes = 5 * 60 + index * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

interface DayFields {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  from: string;
  /** HH:mm */
  to: string;
  /** As typed: whole days before the course day that sign-up closes. */
  latestDays: string;
}

export interface DayDraft extends DayFields {
  /** Stable React key, also for days not saved yet. */
  key: string;
  /** Set once the day exists on the server. */
  id?: string;
  version?: number;
  /** Booked seats and waiting list, as last loaded. */
  clients: number;
  waiting: number;
  /** The values last saved; absent for a new day. */
  saved?: DayFields;
}

export type DayField = keyof DayFields;
export type DayErrors = Partial<Record<DayField, string>>;

let counter = 0;
const nextKey = () => `day-${++counter}`;

export function dayFromServer(date: EventDate): DayDraft {
  const start = toCopenhagenInputs(date.from);
  const fields: DayFields = { date: start.date, from: start.time, to: formatCopenhagenTime(date.to), latestDays: String(date.latestDays) };
  return { key: nextKey(), id: date.id, version: date.version, clients: date.clients, waiting: date.waiting, ...fields, saved: fields };
}

/** A new day: a week after the last one with its times and deadline, or 10:00–12:00 a week from today. */
export function newDay(previous: DayDraft | undefined, now = Date.now()): DayDraft {
  const base = previous ? fromCopenhagenInputs(previous.date, '12:00') : null;
  const date = copenhagenDateKey((base ?? now) + 7 * DAY_MS);
  return {
    key: nextKey(),
    clients: 0,
    waiting: 0,
    date,
    from: previous?.from ?? '10:00',
    to: previous?.to ?? '12:00',
    latestDays: previous?.latestDays ?? '1',
  };
}

/**
 * The dialog's days after the server answered a change with the course's days: exactly the server's saved days,
 * in its order (by start), then the days not saved yet in the order they were added. A saved day keeps its React
 * key and, when the therapist has edited it and not saved yet, those edits (against the server's values as the
 * new 'saved'); a day the server no longer has is gone. So the list, its 'Dag n' labels and its counts depend
 * only on the server's answer and the unsaved edits, never on when a reload happened.
 */
export function reconcileDays(current: readonly DayDraft[], server: readonly EventDate[]): DayDraft[] {
  const local = new Map(current.filter((day) => day.id).map((day) => [day.id!, day]));
  const saved = [...server]
    .sort((a, b) => a.from - b.from)
    .map((date) => {
      const fresh = dayFromServer(date);
      const mine = local.get(date.id);
      if (!mine) return fresh;
      if (!isChanged(mine)) return { ...fresh, key: mine.key };
      const { date: day, from, to, latestDays } = mine;
      return { ...fresh, key: mine.key, date: day, from, to, latestDays };
    });
  return [...saved, ...current.filter((day) => !day.id)];
}

export function isChanged(day: DayDraft): boolean {
  const saved = day.saved;
  return !saved || saved.date !== day.date || saved.from !== day.from || saved.to !== day.to || saved.latestDays !== day.latestDays;
}

export function dayErrors(day: DayDraft): DayErrors {
  const errors: DayErrors = {};
  if (fromCopenhagenInputs(day.date, '12:00') === null) errors.date = texts.days.dateRequired;
  // Both fields say what is wrong, as the opening-hours rows do; HH:mm strings compare in time order.
  if (day.from >= day.to) {
    errors.from = OPENING_HOURS_MESSAGES.startBeforeEnd;
    errors.to = OPENING_HOURS_MESSAGES.endAfterStart;
  }
  const latest = day.latestDays.trim();
  if (!/^\d{1,3}$/.test(latest) || Number(latest) > 365) errors.latestDays = bookingMessages.latestDays;
  return errors;
}

export function hasErrors(errors: DayErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** What the API takes for a valid day. */
export function toDateFields(day: DayDraft): { from: number; to: number; latestDays: number } {
  const from = fromCopenhagenInputs(day.date, day.from);
  const to = fromCopenhagenInputs(day.date, day.to);
  if (from === null || to === null) throw new Error('toDateFields needs a valid day');
  return { from, to, latestDays: Number(day.latestDays.trim()) };
}

/** The day after a successful save: its server id and version, and these values as the saved ones. */
export function markSaved(day: DayDraft, saved: EventDate): DayDraft {
  const { date, from, to, latestDays } = day;
  return { ...day, id: saved.id, version: saved.version, clients: saved.clients, waiting: saved.waiting, saved: { date, from, to, latestDays } };
}

/** 'tirsdag 12-05-2026, 10:00–12:00' in Copenhagen time. */
export function dayLabel(from: number, to: number): string {
  const [year, month, day] = copenhagenDateKey(from).split('-').map(Number) as [number, number, number];
  const weekday = weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${formatDanishDate(from)}, ${formatCopenhagenTime(from)}–${formatCopenhagenTime(to)}`;
}

/** The same for a draft, which may not be valid yet. */
export function draftLabel(day: DayDraft): string {
  const from = fromCopenhagenInputs(day.date, day.from);
  const to = fromCopenhagenInputs(day.date, day.to);
  return from !== null && to !== null ? dayLabel(from, to) : `${day.date} ${day.from}–${day.to}`;
}

/**
 * The waiting list for ordinary treatments: which start times suit someone on it (the weekdays and the hours of day
 * they gave, in Copenhagen time), and the Danish texts of the list and its offers. Pure, so the calendar's panel and
 * the server's offers agree by construction.
 */
import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './constants.js';
import { SLOT_UNIT_MS } from './scheduling.js';

/** How long an offered time is held for the person it was offered to before it goes to the next. */
export const WAITLIST_OFFER_TTL_MS = 30 * 60_000;
/** People on one therapist's list, and the offers shown per person. */
export const WAITLIST_MAX_ENTRIES = 500;

/** 1 = Monday … 7 = Sunday (ISO weekdays). */
export const WAITLIST_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WAITLIST_WEEKDAY_NAMES: Record<number, string> = { 1: 'Man', 2: 'Tir', 3: 'Ons', 4: 'Tor', 5: 'Fre', 6: 'Lør', 7: 'Søn' };

export const waitlistMessages = {
  added: 'Klienten er skrevet på ventelisten',
  joined: 'Du er skrevet på ventelisten. Bliver der en tid, der passer, får du en SMS og en mail med et link.',
  /** The booking page's one answer, whoever the person turns out to be (on the list at once, or once the clinic has looked). */
  joinRequested: 'Tak. Klinikken skriver dig på ventelisten. Bliver der en tid, der passer, får du en SMS og en mail med et link.',
  removed: 'Fjernet fra ventelisten',
  alreadyOnList: 'Står allerede på ventelisten til den behandling',
  daysRequired: 'Vælg mindst én ugedag',
  timeFormat: 'Tidspunktet skal skrives tt:mm',
  hoursOrder: 'Sluttidspunktet skal ligge efter starttidspunktet',
  tooMany: `Ventelisten kan højst have ${WAITLIST_MAX_ENTRIES} personer`,
  offerUnknown: 'Tilbuddet findes ikke. Tjek linket i din SMS eller mail.',
  offerLapsed: 'Tilbuddet er udløbet, og tiden er givet videre.',
  offerUsed: 'Tilbuddet er allerede taget imod.',
  slotTaken: 'Tiden er desværre taget',
  accepted: 'Tiden er booket til dig. Vi glæder os til at se dig.',
} as const;

export interface WaitlistWishes {
  /** ISO weekdays, 1 = Monday. */
  days: readonly number[];
  /** 'HH:MM', Copenhagen wall clock: the earliest start. */
  fromTime: string;
  /** 'HH:MM': the treatment must be over by then ('24:00' for the end of the day). */
  toTime: string;
}

/** Minutes since midnight of 'HH:MM' (00:00–24:00), or null. */
export function minutesOfClock(clock: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(clock);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** The Copenhagen ISO weekday (1 = Monday) and the minute of the wall-clock day of an instant. */
export function copenhagenWeekdayAndMinute(epochMs: number): { weekday: number; minute: number } {
  const date = new TZDate(epochMs, TIME_ZONE);
  return { weekday: ((date.getDay() + 6) % 7) + 1, minute: date.getHours() * 60 + date.getMinutes() };
}

/**
 * Whether a treatment from `start` lasting `length` ms suits the wishes: it starts on one of their weekdays, not before
 * their earliest time, and is over by their latest, on the same Copenhagen day.
 */
export function suitsWaitlistWishes(wishes: WaitlistWishes, start: number, length: number): boolean {
  const from = minutesOfClock(wishes.fromTime);
  const to = minutesOfClock(wishes.toTime);
  if (from === null || to === null) return false;
  const { weekday, minute } = copenhagenWeekdayAndMinute(start);
  if (!wishes.days.includes(weekday)) return false;
  const endMinute = minute + Math.ceil(length / 60_000);
  return minute >= from && endMinute <= to;
}

/**
 * The first start on the 5-minute grid inside `interval` from which `length` ms (the treatment and its pause) fit
 * before the interval ends, that is after `notBefore`, suits the wishes for `treatmentMs` (the treatment itself must be
 * over within the hours; the pause may run past them), and that `isFree` accepts; null when none does.
 */
export function firstSuitableStart(
  interval: { from: number; to: number },
  lengths: { treatmentMs: number; withPauseMs: number },
  wishes: WaitlistWishes,
  notBefore: number,
  isFree: (start: number) => boolean = () => true,
): number | null {
  const first = Math.ceil(Math.max(interval.from, notBefore) / SLOT_UNIT_MS) * SLOT_UNIT_MS;
  for (let start = first; start + lengths.withPauseMs <= interval.to; start += SLOT_UNIT_MS) {
    if (suitsWaitlistWishes(wishes, start, lengths.treatmentMs) && isFree(start)) return start;
  }
  return null;
}

/** 'Man, Ons 08:00–12:00' for the calendar's list. */
export function describeWaitlistWishes(wishes: WaitlistWishes): string {
  const days = [...wishes.days].sort((a, b) => a - b).map((day) => WAITLIST_WEEKDAY_NAMES[day] ?? '');
  return `${days.join(', ')} ${wishes.fromTime}–${wishes.toTime}`;
}

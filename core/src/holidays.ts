/**
 * Danish holidays: the public holidays (helligdage), computed from Easter rather than listed, and the days many
 * clinics keep closed though they are not public holidays (Christmas Eve, New Year's Eve, Constitution Day). Store
 * Bededag was abolished from 2024 and is not among them. Pure calendar arithmetic on date keys (YYYY-MM-DD, the
 * format of copenhagenDateKey): a holiday is a Copenhagen calendar date, whatever the time zone of the machine.
 */

export const PUBLIC_HOLIDAY_IDS = [
  'nytaarsdag',
  'skaertorsdag',
  'langfredag',
  'paaskedag',
  'anden-paaskedag',
  'kristi-himmelfartsdag',
  'pinsedag',
  'anden-pinsedag',
  'juledag',
  'anden-juledag',
] as const;
export const OPTIONAL_HOLIDAY_IDS = ['grundlovsdag', 'juleaftensdag', 'nytaarsaftensdag'] as const;
export const HOLIDAY_IDS = [...PUBLIC_HOLIDAY_IDS, ...OPTIONAL_HOLIDAY_IDS] as const;
export type HolidayId = (typeof HOLIDAY_IDS)[number];
export type HolidayKind = 'public' | 'optional';

export const HOLIDAY_NAMES: Record<HolidayId, string> = {
  nytaarsdag: 'Nytårsdag',
  skaertorsdag: 'Skærtorsdag',
  langfredag: 'Langfredag',
  paaskedag: 'Påskedag',
  'anden-paaskedag': '2. påskedag',
  'kristi-himmelfartsdag': 'Kristi himmelfartsdag',
  pinsedag: 'Pinsedag',
  'anden-pinsedag': '2. pinsedag',
  juledag: 'Juledag',
  'anden-juledag': '2. juledag',
  grundlovsdag: 'Grundlovsdag',
  juleaftensdag: 'Juleaftensdag',
  nytaarsaftensdag: 'Nytårsaftensdag',
};

/**
 * Closed for online booking unless the clinic chooses otherwise: every public holiday, and Christmas Eve and New
 * Year's Eve, which Danish clinics keep closed almost without exception; Constitution Day, when many work at least
 * the morning, stays open (docs/decisions/0041-danish-holidays-computed-in-core.md).
 */
export const DEFAULT_CLOSED_HOLIDAYS: readonly HolidayId[] = [...PUBLIC_HOLIDAY_IDS, 'juleaftensdag', 'nytaarsaftensdag'];

export function isHolidayId(value: string): value is HolidayId {
  return (HOLIDAY_IDS as readonly string[]).includes(value);
}

/** The holidays a clinic keeps closed for online booking: its own choice, or the default if it never made one. */
export function closedHolidayIds(choice: readonly string[] | null | undefined): Set<HolidayId> {
  return new Set(choice ? choice.filter(isHolidayId) : DEFAULT_CLOSED_HOLIDAYS);
}

export interface DanishHoliday {
  id: HolidayId;
  name: string;
  /** YYYY-MM-DD, the Copenhagen calendar date. */
  dateKey: string;
  kind: HolidayKind;
}

/** The date key of a calendar date, `day` possibly outside the month (it rolls over, as Date.UTC does). */
function dateKeyOf(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher): month 3 or 4, and day. */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** Days after Easter Sunday of the holidays that move with it. */
const FROM_EASTER: [HolidayId, number][] = [
  ['skaertorsdag', -3],
  ['langfredag', -2],
  ['paaskedag', 0],
  ['anden-paaskedag', 1],
  ['kristi-himmelfartsdag', 39],
  ['pinsedag', 49],
  ['anden-pinsedag', 50],
];

const FIXED: [HolidayId, number, number][] = [
  ['nytaarsdag', 1, 1],
  ['grundlovsdag', 6, 5],
  ['juleaftensdag', 12, 24],
  ['juledag', 12, 25],
  ['anden-juledag', 12, 26],
  ['nytaarsaftensdag', 12, 31],
];

const kindOf = (id: HolidayId): HolidayKind => ((PUBLIC_HOLIDAY_IDS as readonly string[]).includes(id) ? 'public' : 'optional');

/**
 * The holidays of a year in date order (two can fall on one date: Whit Monday on Constitution Day in 2028). Years
 * outside 1583–9999 (before the Gregorian calendar, or not four digits) have none.
 */
export function danishHolidays(year: number): DanishHoliday[] {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) return [];
  const easter = easterSunday(year);
  const days = [
    ...FIXED.map(([id, month, day]) => ({ id, dateKey: dateKeyOf(year, month, day) })),
    ...FROM_EASTER.map(([id, offset]) => ({ id, dateKey: dateKeyOf(year, easter.month, easter.day + offset) })),
  ];
  return days
    .map(({ id, dateKey }) => ({ id, name: HOLIDAY_NAMES[id], dateKey, kind: kindOf(id) }))
    .sort((a, b) => a.dateKey.localeCompare(b.dateKey) || HOLIDAY_IDS.indexOf(a.id) - HOLIDAY_IDS.indexOf(b.id));
}

/** The holidays from `firstKey` to `lastKey` (date keys, both included), in date order. */
export function danishHolidaysBetween(firstKey: string, lastKey: string): DanishHoliday[] {
  const firstYear = Number(firstKey.slice(0, 4));
  const lastYear = Number(lastKey.slice(0, 4));
  const found: DanishHoliday[] = [];
  // A range longer than a few years is refused by the callers; this bound keeps a mistaken one cheap.
  for (let year = firstYear; year <= lastYear && year < firstYear + 20; year++) {
    for (const holiday of danishHolidays(year)) if (holiday.dateKey >= firstKey && holiday.dateKey <= lastKey) found.push(holiday);
  }
  return found;
}

/** The date keys in [firstKey, lastKey] that a clinic keeps closed for online booking, given its choice. */
export function closedHolidayDateKeys(firstKey: string, lastKey: string, choice: readonly string[] | null | undefined): Set<string> {
  const closed = closedHolidayIds(choice);
  return new Set(danishHolidaysBetween(firstKey, lastKey).filter((holiday) => closed.has(holiday.id)).map((holiday) => holiday.dateKey));
}

/** Max span of one getHolidays call: two years and a day or two (a calendar shows weeks; a settings page a year). */
export const MAX_HOLIDAY_RANGE_MS = 2 * 366 * 24 * 3600_000;

export const holidayMessages = {
  unknownHoliday: 'Vælg helligdagene fra listen',
  saved: 'Helligdagene er gemt',
} as const;

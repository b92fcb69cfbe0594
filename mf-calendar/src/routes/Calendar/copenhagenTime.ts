/**
 * FullCalendar's named time zone for Copenhagen, on the shared time functions of @klinik/core/time (@date-fns/tz and
 * the browser's own time-zone data). It replaces FullCalendar's luxon plugin: luxon asked the browser's time-zone
 * data again for every one of the thousands of conversions a week's grid makes (0.2 s of a slow phone's CPU when the
 * week was drawn), and was 21 KB gzip of the grid's code. Here an offset is looked up once per hour shown.
 */
import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';
import { TIME_ZONE } from '@klinik/core/rules';
import { copenhagenOffsetAt, copenhagenOffsetOfWallClock } from '@klinik/core/time';

/** FullCalendar's date array: year, month (0–11), day, hours, minutes, seconds, milliseconds. */
type DateArray = number[];

export class CopenhagenTimeZone extends NamedTimeZoneImpl {
  constructor(timeZoneName: string) {
    super(timeZoneName);
    // The grid shows the clinic's time only; another zone would be shown as Copenhagen time without a word.
    if (timeZoneName !== TIME_ZONE) throw new Error(`The calendar shows ${TIME_ZONE} time, not ${timeZoneName}`);
  }

  /** The offset in minutes of a Copenhagen wall-clock time. */
  offsetForArray(array: DateArray): number {
    const [year = 1970, month = 0, day = 1, hours = 0, minutes = 0, seconds = 0, ms = 0] = array;
    return copenhagenOffsetOfWallClock(Date.UTC(year, month, day, hours, minutes, seconds, ms));
  }

  /** The Copenhagen wall clock of an instant. */
  timestampToArray(epochMs: number): DateArray {
    const wall = new Date(epochMs + copenhagenOffsetAt(epochMs) * 60_000);
    return [wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds(), wall.getUTCMilliseconds()];
  }
}

export const copenhagenTimePlugin = createPlugin({ name: 'klinik-copenhagen-time', namedTimeZonedImpl: CopenhagenTimeZone });

/** The hours and minutes of a time FullCalendar hands a formatter. */
interface WallClock {
  hour: number;
  minute: number;
}

/** '9.00': a time as Danish writes it and as FullCalendar's Danish locale shows it in the grids. */
function clock({ hour, minute }: WallClock): string {
  return `${hour}.${String(minute).padStart(2, '0')}`;
}

/**
 * An event's time in the week and day grids, '9.00 - 9.45', as FullCalendar's Danish default writes it. As a
 * function because FullCalendar's own time-range formatting builds a new Intl formatter for every event it draws
 * (0.16 s of a slow phone's week of bookings); this builds none.
 */
export function gridEventTime({ start, end }: { start: WallClock; end?: WallClock | null }): string {
  return end && (end.hour !== start.hour || end.minute !== start.minute) ? `${clock(start)} - ${clock(end)}` : clock(start);
}

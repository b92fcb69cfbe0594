/** The calendar's data as FullCalendar events, coloured by the legend. */
import type { EventInput } from '@fullcalendar/core';
import { copenhagenDateKey, EVENT_COLORS } from '@klinik/core/time';
import type { Booking, CourseDateInCalendar, Holiday, Leave, OpeningHours } from '@klinik/core';
import { texts } from '../../texts';
import type { CalendarData } from './useCalendarData';

export type EventRef = { kind: 'booking'; booking: Booking } | { kind: 'leave'; leave: Leave } | { kind: 'course'; date: CourseDateInCalendar };

export function bookingTitle(booking: Booking): string {
  const name = `${booking.nameFirst} ${booking.nameLast}`.trim();
  return booking.seriesId ? `${texts.series.marker} ${name}` : name;
}

/** The states a booking shows beside its colour ('Udeblevet', 'Afventer betaling'), said first in its title. */
export function bookingMarks(booking: Booking): { label: string | null; classNames: string[] } {
  if (booking.awaitingPayment) return { label: texts.calendar.legendAwaitingPayment, classNames: ['klinik-booking-awaiting'] };
  if (booking.noShow) return { label: texts.calendar.legendNoShow, classNames: ['klinik-booking-noshow'] };
  return { label: null, classNames: [] };
}

/** A holiday as the calendar names it: 'Juledag', and whether the public page is closed that day. */
export function holidayTitle(holiday: Holiday): string {
  return holiday.closed ? `${holiday.name} · ${texts.calendar.holidayClosed}` : holiday.name;
}

/** The names of the holidays of each day (YYYY-MM-DD), for the week and day views' column headers. */
export function holidayNamesByDay(holidays: readonly Holiday[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const holiday of holidays) names.set(holiday.dateKey, names.has(holiday.dateKey) ? `${names.get(holiday.dateKey)}, ${holiday.name}` : holiday.name);
  return names;
}

export function toEvents(data: CalendarData): EventInput[] {
  const bookings = data.bookings.map((booking): EventInput => {
    const marks = bookingMarks(booking);
    return {
      id: `booking:${booking.id}`,
      title: `${marks.label ? `${marks.label}: ` : ''}${bookingTitle(booking)} · ${booking.treatmentName}`,
      start: booking.from,
      end: booking.to,
      backgroundColor: EVENT_COLORS[booking.state],
      borderColor: EVENT_COLORS[booking.state],
      textColor: booking.state === 'created' ? '#242424' : '#ffffff',
      classNames: ['klinik-booking', `klinik-booking-${booking.state}`, ...marks.classNames],
      editable: true,
      durationEditable: false,
      extendedProps: { ref: { kind: 'booking', booking } satisfies EventRef },
    };
  });
  const leaves = data.leaves.map(
    (leave: Leave): EventInput => ({
      id: `leave:${leave.id}`,
      title: leave.reason,
      start: leave.from,
      end: leave.to,
      backgroundColor: EVENT_COLORS.unavailable,
      borderColor: EVENT_COLORS.unavailable,
      textColor: '#ffffff',
      classNames: ['klinik-leave'],
      editable: false,
      extendedProps: { ref: { kind: 'leave', leave } satisfies EventRef },
    }),
  );
  const openings = data.openings.map(
    (opening: OpeningHours): EventInput => ({
      id: `opening:${opening.id}`,
      start: opening.from,
      end: opening.to,
      display: 'background',
      backgroundColor: EVENT_COLORS.opening,
      classNames: ['klinik-opening'],
    }),
  );
  const courses = data.courses.map(
    (date): EventInput => ({
      id: `course:${date.id}`,
      title: `${date.title} · ${date.clients}/${date.limit}`,
      start: date.from,
      end: date.to,
      backgroundColor: EVENT_COLORS.course,
      borderColor: EVENT_COLORS.course,
      textColor: '#ffffff',
      classNames: ['klinik-course'],
      // Course days move in the course dialog (/Kursus), where their participants are.
      editable: false,
      extendedProps: { ref: { kind: 'course', date } satisfies EventRef },
    }),
  );
  // A tint over the whole day, opening hours included (after them, so drawn over their white); not clickable, so a
  // slot on a holiday still opens the new-booking drawer. All-day: the month view draws only all-day background
  // events, and the week and day views draw them over the day's hours too.
  const holidays = data.holidays.map(
    (holiday): EventInput => ({
      id: `holiday:${holiday.id}:${holiday.dateKey}`,
      title: holidayTitle(holiday),
      start: holiday.dateKey,
      end: copenhagenDateKey(holiday.to),
      allDay: true,
      display: 'background',
      classNames: ['klinik-holiday'],
    }),
  );
  return [...openings, ...holidays, ...leaves, ...courses, ...bookings];
}

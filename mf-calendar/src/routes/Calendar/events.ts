/** The calendar's data as FullCalendar events, coloured by the legend. */
import type { EventInput } from '@fullcalendar/core';
import { EVENT_COLORS } from '@klinik/core/time';
import type { Booking, CourseDateInCalendar, Leave, OpeningHours } from '@klinik/core';
import type { CalendarData } from './useCalendarData';

export type EventRef = { kind: 'booking'; booking: Booking } | { kind: 'leave'; leave: Leave } | { kind: 'course'; date: CourseDateInCalendar };

export function bookingTitle(booking: Booking): string {
  return `${booking.nameFirst} ${booking.nameLast}`.trim();
}

export function toEvents(data: CalendarData): EventInput[] {
  const bookings = data.bookings.map(
    (booking): EventInput => ({
      id: `booking:${booking.id}`,
      title: `${bookingTitle(booking)} · ${booking.treatmentName}`,
      start: booking.from,
      end: booking.to,
      backgroundColor: EVENT_COLORS[booking.state],
      borderColor: EVENT_COLORS[booking.state],
      textColor: booking.state === 'created' ? '#242424' : '#ffffff',
      classNames: ['klinik-booking', `klinik-booking-${booking.state}`],
      editable: true,
      durationEditable: false,
      extendedProps: { ref: { kind: 'booking', booking } satisfies EventRef },
    }),
  );
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
  return [...openings, ...leaves, ...courses, ...bookings];
}

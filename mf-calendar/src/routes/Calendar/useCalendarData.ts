/**
 * The calendar's data for the period on screen: bookings, leaves, opening hours, course days and holidays, each a query
 * keyed by its action and the period (queries.ts), so only answers for the period on screen are shown and a change
 * reloads the kind it affects. A failed load is an error with 'Prøv igen', never an empty week.
 */
import { useCallback, useMemo } from 'react';
import type { ActionName, Booking, CourseDateInCalendar, Holiday, Leave, OpeningHours } from '@klinik/core';
import { useQuery } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { BOOKINGS, COURSE_DATES, HOLIDAYS, LEAVES, OPENING_HOURS } from './queries';

export interface CalendarRange {
  from: number;
  to: number;
}

export interface CalendarData {
  bookings: Booking[];
  leaves: Leave[];
  openings: OpeningHours[];
  courses: CourseDateInCalendar[];
  /** Danish holidays, shown on their day; the therapist may still book them (only online booking is closed). */
  holidays: Holiday[];
}

/** One kind of the calendar's data for `range` (no request without one). */
function useRangeQuery<T>(action: readonly [ActionName], range: CalendarRange | null, fetch: (from: number, to: number) => Promise<{ data: T[] }>) {
  return useQuery(range && [...action, { from: range.from, to: range.to }], () => {
    if (!range) throw new Error('A calendar query runs only with a period');
    return fetch(range.from, range.to);
  });
}

export function useCalendarData(api: CalendarApi, range: CalendarRange | null) {
  const bookings = useRangeQuery(BOOKINGS, range, api.bookings);
  const leaves = useRangeQuery(LEAVES, range, api.leaves);
  const openings = useRangeQuery(OPENING_HOURS, range, api.openingHours);
  const courses = useRangeQuery(COURSE_DATES, range, api.courseDates);
  // One small answer per period, computed by the server without a database read: no call per day.
  const holidays = useRangeQuery(HOLIDAYS, range, api.holidays);
  const queries = [bookings, leaves, openings, courses, holidays];

  const data = useMemo<CalendarData>(
    () => ({
      bookings: bookings.data?.data ?? [],
      leaves: leaves.data?.data ?? [],
      openings: openings.data?.data ?? [],
      courses: courses.data?.data ?? [],
      holidays: holidays.data?.data ?? [],
    }),
    [bookings.data, leaves.data, openings.data, courses.data, holidays.data],
  );
  /** Every kind has its answer for the period on screen. */
  const complete = queries.every((query) => query.data !== undefined);
  const loading = range !== null && queries.some((query) => query.loading || query.refreshing);
  const error = queries.find((query) => query.error !== null)?.error ?? null;
  const retry = () => Promise.all(queries.filter((query) => query.error !== null).map((query) => query.refresh()));

  /** Shows a booking as the server answered a change to it (a move), without waiting for a reload. */
  const setBooking = bookings.setData;
  const replaceBooking = useCallback(
    (booking: Booking) => setBooking((current) => ({ data: (current?.data ?? []).map((row) => (row.id === booking.id ? booking : row)) })),
    [setBooking],
  );

  return { data, complete, loading, error, retry, replaceBooking };
}

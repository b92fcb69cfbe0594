/** The calendar's data for a range: bookings, leaves, opening hours and course days, loaded together and reloadable. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Booking, CourseDateInCalendar, Leave, OpeningHours } from '@klinik/core';
import type { CalendarApi } from '../../api';

export interface CalendarRange {
  from: number;
  to: number;
}

export interface CalendarData {
  bookings: Booking[];
  leaves: Leave[];
  openings: OpeningHours[];
  courses: CourseDateInCalendar[];
}

export function useCalendarData(api: CalendarApi, range: CalendarRange | null) {
  const [data, setData] = useState<CalendarData>({ bookings: [], leaves: [], openings: [], courses: [] });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Only the answer to the newest request counts when the user pages quickly through weeks.
  const latest = useRef(0);

  const reload = useCallback(async () => {
    if (!range) return;
    const request = ++latest.current;
    setLoading(true);
    setError(null);
    try {
      const [bookings, leaves, openings, courses] = await Promise.all([
        api.bookings(range.from, range.to),
        api.leaves(range.from, range.to),
        api.openingHours(range.from, range.to),
        // Courses need the pro plan; without it the calendar still shows everything else.
        api.courseDates(range.from, range.to).catch(() => ({ data: [] })),
      ]);
      if (request === latest.current) setData({ bookings: bookings.data, leaves: leaves.data, openings: openings.data, courses: courses.data });
    } catch (reason) {
      if (request === latest.current) setError(reason instanceof Error ? reason.message : String(reason));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [api, range]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Shows a change at once (a moved booking), before the reload confirms it. */
  const replaceBooking = useCallback((booking: Booking) => {
    setData((current) => ({ ...current, bookings: current.bookings.map((row) => (row.id === booking.id ? booking : row)) }));
  }, []);

  return { data, loading, error, reload, replaceBooking };
}

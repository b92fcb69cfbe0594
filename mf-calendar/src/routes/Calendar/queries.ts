/**
 * The calendar's queries (data layer of @klinik/ui), keyed by action name and arguments. A change invalidates the
 * kind it affects, so every view of the period on screen reloads from the server.
 */
import { useQuery } from '@klinik/ui';
import type { CalendarApi } from '../../api';

export const BOOKINGS = ['getBookingsFromTherapist'] as const;
export const LEAVES = ['getLeavesForDay'] as const;
export const OPENING_HOURS = ['getOpeningHoursFromTherapist'] as const;
export const COURSE_DATES = ['getEventDatesFromTherapist'] as const;
export const HOLIDAYS = ['getHolidays'] as const;

/** The treatments the therapist can book (the new-booking and edit drawers share the answer). */
export function useBookableTreatments(api: CalendarApi) {
  return useQuery(['getAvailableTreatmentsFromTherapist'], () => api.bookableTreatments());
}

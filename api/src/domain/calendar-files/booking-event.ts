/**
 * One booking as an iCalendar file for the client's own calendar (Google, Apple, Outlook). The UID is fixed per
 * booking and the SEQUENCE grows with every change, so a calendar that took the first file takes a later REQUEST as
 * the same event moved and a CANCEL as the same event gone. Writing (escaping, line folding) is ical-generator's.
 * Times are written in UTC: every calendar shows them in its own zone, and no VTIMEZONE has to be kept right.
 */
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { MailAttachment } from '../../adapters/mail/index.js';

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export interface BookingCalendarEvent {
  /** The booking's id; for a request held for review, the submission's id, which the accepted booking keeps. */
  bookingId: string;
  /** Must be higher than any sequence sent for this booking before (the booking's `version`). */
  sequence: number;
  method: CalendarMethod;
  from: number;
  to: number;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  /** The client the file is for; a REQUEST names them as an attendee who needs not answer (RFC 5546 wants one). */
  attendee?: { name: string; email: string };
  /** DTSTAMP; the time of writing unless a clock is given. */
  now?: number;
}

export const CALENDAR_PRODUCT = { company: 'Klinik', product: 'Klinik', language: 'DA' } as const;

/** The UID of a booking's event, the same in every file mailed and in the therapist's feed. */
export function bookingUid(bookingId: string): string {
  return `booking-${bookingId}@klinik`;
}

export function bookingCalendarFile(event: BookingCalendarEvent): string {
  const calendar = ical({ prodId: CALENDAR_PRODUCT, method: event.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST });
  calendar.createEvent({
    id: bookingUid(event.bookingId),
    sequence: event.sequence,
    stamp: new Date(event.now ?? Date.now()),
    start: new Date(event.from),
    end: new Date(event.to),
    summary: event.summary,
    location: event.location || null,
    description: event.description || null,
    status: event.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: event.organizer.name, email: event.organizer.email },
    attendees: event.attendee
      ? [{ name: event.attendee.name, email: event.attendee.email, rsvp: false, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }]
      : [],
  });
  return calendar.toString();
}

/** The file as a mail attachment: a plain attachment, so the mail stays a readable letter in every mail program. */
export function calendarAttachment(ics: string, method: CalendarMethod): MailAttachment {
  return { filename: 'booking.ics', content: Buffer.from(ics, 'utf8'), contentType: `text/calendar; method=${method}; charset=UTF-8` };
}

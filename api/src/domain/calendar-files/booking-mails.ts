/**
 * The client's mails about one booking, each with its calendar file: the confirmation (REQUEST), a move (REQUEST
 * with a higher SEQUENCE) and a cancellation (CANCEL). One place builds both the letter and the file from the same
 * facts, so the time in the text and in the calendar cannot differ.
 */
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core';
import type { MailMessage } from '../../adapters/mail/index.js';
import { bookingCancelledMail, bookingConfirmationMail, bookingMovedMail, type BookingMailDetails } from '../../adapters/mail/templates.js';
import { bookingCalendarFile, calendarAttachment, type CalendarMethod } from './booking-event.js';

export interface BookingMailFacts {
  /** The address the mail goes to, and the client's first name it greets. */
  recipient: { email: string; name: string };
  /** The booking's id (a held request: the submission's, which the accepted booking keeps). */
  bookingId: string;
  /**
   * Higher than any sequence mailed for this booking before: the booking's `version` after the change (a
   * confirmation: 0). A cancellation of a booking that is deleted rather than changed: its last version + 1.
   */
  sequence: number;
  from: number;
  to: number;
  treatment: string;
  therapist: { nameFirst: string; nameLast: string; email: string };
  company: { companyName: string; email?: string | null; phone?: string | null; address?: string | null; post?: string | null; town?: string | null };
  now: number;
  /** The clinic's 'Mine tider' page (domain/portal/session.ts portalUrl), named in the letter. */
  portalLink?: string;
}

export function danishWhen(epochMs: number): string {
  return `${formatDanishDate(epochMs)} kl. ${formatCopenhagenTime(epochMs)}`;
}

export function clinicAddress(company: BookingMailFacts['company']): string {
  return [company.address, [company.post, company.town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

function detailsOf(facts: BookingMailFacts): BookingMailDetails {
  return {
    clientName: facts.recipient.name,
    clinicName: facts.company.companyName,
    therapistName: `${facts.therapist.nameFirst} ${facts.therapist.nameLast}`,
    treatment: facts.treatment,
    when: danishWhen(facts.from),
    address: clinicAddress(facts.company),
    portalLink: facts.portalLink,
  };
}

function calendarOf(facts: BookingMailFacts, method: CalendarMethod) {
  const details = detailsOf(facts);
  const ics = bookingCalendarFile({
    bookingId: facts.bookingId,
    sequence: facts.sequence,
    method,
    from: facts.from,
    to: facts.to,
    summary: `${facts.treatment} hos ${facts.company.companyName}`,
    location: [facts.company.companyName, details.address].filter(Boolean).join(', '),
    description: [`Behandler: ${details.therapistName}`, [facts.company.companyName, facts.company.phone].filter(Boolean).join(', tlf. ')].join('\n'),
    // The clinic organizes; a clinic without an address of its own is reached through its therapist.
    organizer: { name: facts.company.companyName, email: facts.company.email || facts.therapist.email },
    attendee: { name: facts.recipient.name, email: facts.recipient.email },
    now: facts.now,
  });
  return calendarAttachment(ics, method);
}

export function bookingConfirmedMessage(facts: BookingMailFacts, clinicText: string): MailMessage {
  return bookingConfirmationMail(facts.recipient.email, { ...detailsOf(facts), text: clinicText }, calendarOf(facts, 'REQUEST'));
}

/** `previousFrom`: the time it was moved from, named in the letter. */
export function bookingMovedMessage(facts: BookingMailFacts, previousFrom?: number): MailMessage {
  const previousWhen = previousFrom === undefined ? undefined : danishWhen(previousFrom);
  return bookingMovedMail(facts.recipient.email, { ...detailsOf(facts), previousWhen }, calendarOf(facts, 'REQUEST'));
}

export function bookingCancelledMessage(facts: BookingMailFacts): MailMessage {
  return bookingCancelledMail(facts.recipient.email, detailsOf(facts), calendarOf(facts, 'CANCEL'));
}

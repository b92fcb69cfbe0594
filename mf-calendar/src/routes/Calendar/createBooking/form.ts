/**
 * What 'Opret Booking' sends (spec 2, New booking): a booking for an existing client (chosen by search) or a new
 * one (the identity fields), or a leave ('ikke tilgængelig'). The drafts hold what the inputs hold (Copenhagen
 * dates and times as text); `createRequest` checks them with the server's own schemas and messages and gives the
 * request only when nothing is missing.
 */
import { actions, type ActionInput, type NewClientDraft } from '@klinik/core';
import type { FieldErrors } from '@klinik/core/rules';
import { fromCopenhagenInputs, toCopenhagenInputs } from '@klinik/core/time';
import { schemaErrors } from '../formErrors';

export type Mode = 'existing' | 'new' | 'unavailable';

export type { NewClientDraft };

export interface BookingDraft {
  /** '' until one is chosen. */
  treatmentId: string;
  /** YYYY-MM-DD and HH:mm, Copenhagen time. */
  date: string;
  time: string;
  reason: string;
}

export interface LeaveDraft {
  fromDate: string;
  fromTime: string;
  toDate: string;
  toTime: string;
  reason: string;
}

export interface CreateForm {
  mode: Mode;
  booking: BookingDraft;
  /** The existing client chosen, or null. */
  clientId: string | null;
  client: NewClientDraft;
  leave: LeaveDraft;
}

export type CreateRequest = { kind: 'booking'; input: ActionInput<'addBooking'> } | { kind: 'leave'; input: ActionInput<'addLeave'> };

export const EMPTY_CLIENT: NewClientDraft = { nameFirst: '', nameLast: '', CPR6Digit: '', CPRLast4Digit: '', email: '', phonePrivate: '' };

/** The drawer opened on a slot: the booking starts there, a leave runs from there for an hour. */
export function initialForm(at: number): CreateForm {
  const start = toCopenhagenInputs(at);
  const end = toCopenhagenInputs(at + 60 * 60_000);
  return {
    mode: 'existing',
    booking: { treatmentId: '', date: start.date, time: start.time, reason: '' },
    clientId: null,
    client: EMPTY_CLIENT,
    leave: { fromDate: start.date, fromTime: start.time, toDate: end.date, toTime: end.time, reason: '' },
  };
}

export function createRequest(form: CreateForm): { request: CreateRequest | null; errors: FieldErrors } {
  if (form.mode === 'unavailable') {
    const { leave } = form;
    const from = fromCopenhagenInputs(leave.fromDate, leave.fromTime);
    const to = fromCopenhagenInputs(leave.toDate, leave.toTime);
    const errors = schemaErrors(actions.addLeave.input, { from: from ?? undefined, to: to ?? undefined, reason: leave.reason });
    const valid = Object.keys(errors).length === 0 && from !== null && to !== null;
    return { errors, request: valid ? { kind: 'leave', input: { from, to, reason: leave.reason } } : null };
  }
  const { booking } = form;
  const from = fromCopenhagenInputs(booking.date, booking.time);
  const identity = form.mode === 'existing' ? (form.clientId ? { clientId: form.clientId } : {}) : { client: form.client };
  const fields = { ...(booking.treatmentId ? { treatmentId: booking.treatmentId } : {}), reason: booking.reason, ...identity };
  const errors = schemaErrors(actions.addBooking.input, { ...fields, from: from ?? undefined });
  const valid = Object.keys(errors).length === 0 && from !== null;
  return { errors, request: valid ? { kind: 'booking', input: { ...fields, from } } : null };
}

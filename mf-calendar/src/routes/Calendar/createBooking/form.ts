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

/** 'Gentag': every 1–4 weeks, until a day or a number of times. */
export interface RepeatDraft {
  on: boolean;
  intervalWeeks: number;
  end: 'until' | 'count';
  /** YYYY-MM-DD. */
  until: string;
  count: string;
}

export interface CreateForm {
  mode: Mode;
  booking: BookingDraft;
  repeat: RepeatDraft;
  /** The existing client chosen, or null. */
  clientId: string | null;
  client: NewClientDraft;
  leave: LeaveDraft;
}

export type CreateRequest =
  | { kind: 'booking'; input: ActionInput<'addBooking'> }
  | { kind: 'series'; input: ActionInput<'addBookingSeries'> }
  | { kind: 'leave'; input: ActionInput<'addLeave'> };

export const EMPTY_CLIENT: NewClientDraft = { nameFirst: '', nameLast: '', CPR6Digit: '', CPRLast4Digit: '', email: '', phonePrivate: '' };

/** The drawer opened on a slot: the booking starts there, a leave runs from there for an hour. */
export function initialForm(at: number): CreateForm {
  const start = toCopenhagenInputs(at);
  const end = toCopenhagenInputs(at + 60 * 60_000);
  return {
    mode: 'existing',
    booking: { treatmentId: '', date: start.date, time: start.time, reason: '' },
    repeat: { on: false, intervalWeeks: 1, end: 'count', until: '', count: '10' },
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
  if (form.repeat.on) {
    const repeat = repeatOf(form.repeat);
    const errors = schemaErrors(actions.addBookingSeries.input, { ...fields, from: from ?? undefined, repeat });
    const valid = Object.keys(errors).length === 0 && from !== null;
    return { errors, request: valid ? { kind: 'series', input: { ...fields, from, repeat } } : null };
  }
  const errors = schemaErrors(actions.addBooking.input, { ...fields, from: from ?? undefined });
  const valid = Object.keys(errors).length === 0 && from !== null;
  return { errors, request: valid ? { kind: 'booking', input: { ...fields, from } } : null };
}

/** The repetition as the server takes it; a count that is not a whole number is sent as typed, for its message. */
export function repeatOf(draft: RepeatDraft): ActionInput<'addBookingSeries'>['repeat'] {
  if (draft.end === 'until') return { intervalWeeks: draft.intervalWeeks, until: draft.until };
  const count = Number(draft.count);
  return { intervalWeeks: draft.intervalWeeks, count: draft.count.trim() === '' ? Number.NaN : count };
}

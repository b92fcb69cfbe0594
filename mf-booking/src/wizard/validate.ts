/**
 * The wizard's checks before sending, with the spec's messages. Built on @klinik/core's plain predicates, the
 * same functions the server's schemas use, so the page and the API agree without bundling zod.
 */
import { isCprBirthDate, isCprLast4, isValidPhone, looksLikeEmail } from '@klinik/core/rules';
import type { NewClientDraft } from '@klinik/core';
import { bookingMessages, newClientMessages } from '@klinik/core/messages';

/** The new-client fields of the wizard: the contract's new client as typed. */
export type NewClientFields = NewClientDraft;

export const EMPTY_CLIENT: NewClientFields = { nameFirst: '', nameLast: '', CPR6Digit: '', CPRLast4Digit: '', email: '', phonePrivate: '' };

export function clientProblems(fields: NewClientFields): Partial<Record<keyof NewClientFields, string>> {
  const text = newClientMessages('');
  const problems: Partial<Record<keyof NewClientFields, string>> = {};
  if (!fields.nameFirst.trim()) problems.nameFirst = text.nameFirst;
  if (!fields.nameLast.trim()) problems.nameLast = text.nameLast;
  if (!isCprBirthDate(fields.CPR6Digit)) problems.CPR6Digit = text.CPR6Digit;
  if (!isCprLast4(fields.CPRLast4Digit)) problems.CPRLast4Digit = text.CPRLast4Digit;
  if (!looksLikeEmail(fields.email)) problems.email = text.email;
  if (!isValidPhone(fields.phonePrivate)) problems.phonePrivate = text.phone;
  return problems;
}

/**
 * New and existing clients give the same details: the server decides who the booking is for and answers the same
 * either way (the page never learns whether someone is a client of the clinic).
 */
export function informationProblems(input: { kind: 'treatment' | 'course'; fields: NewClientFields; reason: string; consent: boolean }): Record<string, string> {
  const problems: Record<string, string> = { ...clientProblems(input.fields) };
  if (input.kind === 'treatment' && !input.reason.trim()) problems.reason = bookingMessages.reasonRequired;
  if (!input.consent) problems.consent = bookingMessages.consentRequired;
  return problems;
}

/**
 * The personal details of the intake form: the fields, their checks (the spec's messages, on the same predicates
 * the server's schema is built on, so the page needs no zod) and the draft kept in localStorage (spec 2 §4, §5).
 */
import { isCprBirthDate, isCprLast4, isValidPhone, looksLikeEmail } from '@klinik/core/rules';
import { CLIENT_DRAFT_KEY, CLIENT_DRAFT_TTL_MS, isCprBirthdayInFuture } from '@klinik/core/records';
import type { IntakePersonal } from '@klinik/core';
import { texts } from './texts';

export type PersonalFields = { [K in keyof IntakePersonal]-?: string };
export type PersonalField = keyof PersonalFields;
export type PersonalErrors = Partial<Record<PersonalField, string>>;

export const PERSONAL_FIELDS = [
  'nameFirst',
  'nameLast',
  'CPR6Digit',
  'CPRLast4Digit',
  'address',
  'post',
  'town',
  'email',
  'phonePrivate',
] as const satisfies readonly PersonalField[];

export const EMPTY_PERSONAL: PersonalFields = {
  nameFirst: '',
  nameLast: '',
  CPR6Digit: '',
  CPRLast4Digit: '',
  address: '',
  post: '',
  town: '',
  email: '',
  phonePrivate: '',
};

/** The first problem of one field, or undefined. */
export function personalProblem(field: PersonalField, fields: PersonalFields, now: number): string | undefined {
  const value = fields[field];
  const E = texts.errors;
  switch (field) {
    case 'nameFirst':
    case 'nameLast':
    case 'address':
    case 'town':
      return value.trim() ? undefined : E[field];
    case 'post':
      if (!value.trim()) return E.post;
      return /^\d+$/.test(value.trim()) ? undefined : E.postDigits;
    case 'CPR6Digit':
      if (!isCprBirthDate(value)) return E.CPR6Digit;
      return isCprBirthdayInFuture(value, now) ? E.birthdayInFuture : undefined;
    case 'CPRLast4Digit':
      return isCprLast4(value) ? undefined : E.CPRLast4Digit;
    case 'email':
      return looksLikeEmail(value) ? undefined : E.email;
    case 'phonePrivate':
      return isValidPhone(value) ? undefined : E.phonePrivate;
  }
}

export function personalProblems(fields: PersonalFields, now: number): PersonalErrors {
  const problems: PersonalErrors = {};
  for (const field of PERSONAL_FIELDS) {
    const problem = personalProblem(field, fields, now);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** Fields kept in the browser: never the CPR digits (ARCHITECTURE.md: no CPR number in localStorage). */
const DRAFT_FIELDS = PERSONAL_FIELDS.filter((field) => field !== 'CPR6Digit' && field !== 'CPRLast4Digit');

type DraftValue = Partial<Omit<PersonalFields, 'CPR6Digit' | 'CPRLast4Digit'>>;

/** The stored draft if it is younger than 20 minutes; an expired or unreadable one is removed. */
export function readDraft(now: number): DraftValue | null {
  try {
    const raw = window.localStorage.getItem(CLIENT_DRAFT_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { value?: unknown; timestamp?: unknown };
    if (typeof stored.timestamp !== 'number' || now - stored.timestamp >= CLIENT_DRAFT_TTL_MS || !stored.value || typeof stored.value !== 'object') {
      window.localStorage.removeItem(CLIENT_DRAFT_KEY);
      return null;
    }
    const value: DraftValue = {};
    const source = stored.value as Record<string, unknown>;
    for (const field of DRAFT_FIELDS) {
      const entry = source[field];
      if (typeof entry === 'string') value[field as keyof DraftValue] = entry;
    }
    return Object.values(value).some(Boolean) ? value : null;
  } catch {
    // Storage blocked (private mode, a policy) or a damaged entry: start with an empty form.
    return null;
  }
}

export function writeDraft(fields: PersonalFields, now: number): void {
  const value: DraftValue = {};
  for (const field of DRAFT_FIELDS) value[field as keyof DraftValue] = fields[field];
  try {
    if (Object.values(value).some(Boolean)) window.localStorage.setItem(CLIENT_DRAFT_KEY, JSON.stringify({ value, timestamp: now }));
    else window.localStorage.removeItem(CLIENT_DRAFT_KEY);
  } catch {
    // Storage full or blocked: the form still works, only the draft is not kept.
  }
}

export function clearDraft(): void {
  try {
    window.localStorage.removeItem(CLIENT_DRAFT_KEY);
  } catch {
    // See writeDraft.
  }
}

/** Server field errors (paths like `client.nameFirst`) → the page's fields; the rest is one top message. */
export function splitServerErrors(errors: Record<string, string>): { fields: PersonalErrors; other: string[] } {
  const fields: PersonalErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const name = path.replace(/^client\./, '');
    const text = message.startsWith('Fejl: ') ? message : `Fejl: ${message}`;
    if ((PERSONAL_FIELDS as readonly string[]).includes(name)) fields[name as PersonalField] = text;
    else other.push(message);
  }
  return { fields, other };
}

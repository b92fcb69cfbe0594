/**
 * The public intake form's checks before sending (spec 2 §5), with the spec's messages, on @klinik/core's plain
 * predicates (the same ones the server's schema uses) so the page needs no zod.
 */
import { isCprBirthDate, isCprLast4, isValidPhone, looksLikeEmail } from '@klinik/core/rules';
import { isCprBirthdayInFuture } from '@klinik/core/records';
import type { ClientFormField, IntakePersonal } from '@klinik/core';
import { formTexts } from './texts';

export type PersonalFields = { [K in keyof IntakePersonal]-?: string };
export type PersonalField = keyof PersonalFields;

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

export function personalProblem(field: PersonalField, fields: PersonalFields, now: number): string | undefined {
  const value = fields[field];
  const E = formTexts.errors;
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

export function personalProblems(fields: PersonalFields, now: number): Partial<Record<PersonalField, string>> {
  const problems: Partial<Record<PersonalField, string>> = {};
  for (const field of PERSONAL_FIELDS) {
    const problem = personalProblem(field, fields, now);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** A checkbox is answered 'true' or 'false'; a required one must be ticked (as the server decides). */
export function answerProblem(question: ClientFormField, value: string): string | undefined {
  if (question.fieldType === 'checkbox') return question.isRequired && value !== 'true' ? formTexts.errors.answerRequired(question.fieldName) : undefined;
  const answer = value.trim();
  if (question.isRequired && !answer) return formTexts.errors.answerRequired(question.fieldName);
  if (question.fieldType === 'number' && answer && !/^\d+$/.test(answer)) return formTexts.errors.answerNumber(question.fieldName);
  return undefined;
}

export function answerProblems(questions: readonly ClientFormField[], answers: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const problem = answerProblem(question, answers[question.id] ?? '');
    if (problem) problems[question.id] = problem;
  }
  return problems;
}

/**
 * The server's field errors → this page: `client.nameFirst` to the personal field; `answers.2.value` (by the
 * position in the answers sent) or `answers.<questionId>` to that question; anything else to the top message.
 */
export function splitServerErrors(
  errors: Record<string, string>,
  sentQuestionIds: readonly string[],
): { personal: Partial<Record<PersonalField, string>>; answers: Record<string, string>; other: string[] } {
  const personal: Partial<Record<PersonalField, string>> = {};
  const answers: Record<string, string> = {};
  const other: string[] = [];
  const prefixed = (message: string) => (message.startsWith('Fejl: ') ? message : `Fejl: ${message}`);
  for (const [path, message] of Object.entries(errors)) {
    const [head, second] = path.split('.');
    if (head === 'client' && second && (PERSONAL_FIELDS as readonly string[]).includes(second)) {
      personal[second as PersonalField] = prefixed(message);
    } else if (head === 'answers' && second !== undefined) {
      const questionId = /^\d{1,3}$/.test(second) ? sentQuestionIds[Number(second)] : second;
      if (questionId) answers[questionId] = prefixed(message);
      else other.push(message);
    } else {
      other.push(message);
    }
  }
  return { personal, answers, other };
}

/**
 * The public intake form's checks before sending (spec 2 §5): the personal details are checked by
 * @klinik/core/records (shared with /NewClientForm, on the predicates the server's schema uses, no zod); the
 * answers here.
 */
import { INTAKE_PERSONAL_FIELDS, type IntakePersonalField } from '@klinik/core/records';
import type { ClientFormField } from '@klinik/core';
import { formTexts } from './texts';

export {
  INTAKE_PERSONAL_FIELDS as PERSONAL_FIELDS,
  EMPTY_INTAKE_PERSONAL as EMPTY_PERSONAL,
  intakePersonalProblem as personalProblem,
  intakePersonalProblems as personalProblems,
  type IntakePersonalValues as PersonalFields,
  type IntakePersonalField as PersonalField,
} from '@klinik/core/records';

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
): { personal: Partial<Record<IntakePersonalField, string>>; answers: Record<string, string>; other: string[] } {
  const personal: Partial<Record<IntakePersonalField, string>> = {};
  const answers: Record<string, string> = {};
  const other: string[] = [];
  const prefixed = (message: string) => (message.startsWith('Fejl: ') ? message : `Fejl: ${message}`);
  for (const [path, message] of Object.entries(errors)) {
    const [head, second] = path.split('.');
    if (head === 'client' && second && (INTAKE_PERSONAL_FIELDS as readonly string[]).includes(second)) {
      personal[second as IntakePersonalField] = prefixed(message);
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

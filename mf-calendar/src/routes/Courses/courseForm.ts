/**
 * The course fields as step 0 edits them (text, as the inputs hold them) and the server's rules for them, checked
 * here first with the server's own schema and messages; min above max as the spec words it.
 */
import { actions, bookingMessages, fieldErrorsFromIssues, type ActionInput, type Course } from '@klinik/core';
import type { FieldErrors } from '@klinik/core/rules';
import { dayErrors, hasErrors, type DayDraft } from './days';

export interface CourseForm {
  title: string;
  description: string;
  min: string;
  limit: string;
}

export type CourseFields = Omit<ActionInput<'addEvent'>, 'dates'>;

/** The dialog's steps: 0 'Navn og beskrivelse', 1 'Kursusdage', 2 'Deltagere'. */
export type Step = 0 | 1 | 2;
export const LAST_STEP: Step = 2;

export function formFromCourse(course: Course | null): CourseForm {
  return {
    title: course?.title ?? '',
    description: course?.description ?? '',
    min: course ? String(course.min) : '',
    limit: course ? String(course.limit) : '',
  };
}

function toNumber(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.replace(',', '.'));
}

function courseInput(form: CourseForm) {
  return { title: form.title, description: form.description, limit: toNumber(form.limit), min: toNumber(form.min) };
}

export function courseErrors(form: CourseForm): FieldErrors {
  const input = courseInput(form);
  const parsed = actions.addEvent.input.safeParse(input);
  const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  if (!errors.min && !errors.limit && input.min !== undefined && input.limit !== undefined && input.min > input.limit) errors.min = bookingMessages.minAboveMax;
  return errors;
}

/** What the API takes for a form without errors. */
export function toCourseFields(form: CourseForm): CourseFields {
  const { limit, min, ...rest } = courseInput(form);
  if (limit === undefined || min === undefined) throw new Error('toCourseFields needs a valid form');
  return { ...rest, limit, min };
}

/** Server field errors of setEvent come as 'course.title'; the form's fields are 'title'. */
export function courseFieldErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^course\./, ''), message]));
}

/** The first step with a problem, or null when everything can be sent. */
export function firstInvalidStep(form: CourseForm, days: readonly DayDraft[]): Step | null {
  if (hasErrors(courseErrors(form))) return 0;
  if (days.some((day) => hasErrors(dayErrors(day)))) return 1;
  return null;
}

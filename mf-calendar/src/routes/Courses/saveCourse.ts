/**
 * 'Gem' for an existing course: the course, then each changed day (compare-and-swap on its version), then the new
 * days in one call (all or none). Each part is marked saved as soon as the server has it, so a failure loses
 * nothing and a second 'Gem' sends only what is left.
 */
import type { EventDate } from '@klinik/core';
import type { CoursesApi } from './api';
import { toCourseFields, type CourseForm } from './courseForm';
import { isChanged, toDateFields, type DayDraft } from './days';

export async function saveCourse(
  api: CoursesApi,
  courseId: string,
  form: CourseForm,
  days: readonly DayDraft[],
  markSaved: (saved: { key: string; date: EventDate }[]) => void,
): Promise<{ message: string }> {
  const answer = await api.set(courseId, toCourseFields(form));
  for (const day of days) {
    if (!day.id || !isChanged(day)) continue;
    const saved = await api.setDate(day.id, toDateFields(day), day.version);
    markSaved([{ key: day.key, date: saved.data }]);
  }
  const added = days.filter((day) => !day.id);
  if (added.length) {
    const saved = await api.addDates(courseId, added.map(toDateFields));
    markSaved(added.flatMap((day, index) => (saved.data[index] ? [{ key: day.key, date: saved.data[index] }] : [])));
  }
  return { message: answer.message };
}

/**
 * The course dialog's days (days.ts has the rules): edited on step 1, marked saved as the server takes them, and
 * replaced by the server's days after a deletion (reconcileDays), so what shows follows the server's answers.
 */
import { useCallback, useState } from 'react';
import type { Course, EventDate } from '@klinik/core';
import { dayFromServer, markSaved, newDay, reconcileDays, type DayDraft, type DayField } from './days';

export function useDayDrafts(course: Course | null) {
  const [days, setDays] = useState<DayDraft[]>(() => (course ? [...course.dates].sort((a, b) => a.from - b.from).map(dayFromServer) : [newDay(undefined)]));

  const change = useCallback((key: string, change: Partial<Pick<DayDraft, DayField>>) => {
    setDays((current) => current.map((day) => (day.key === key ? { ...day, ...change } : day)));
  }, []);

  /** A new day a week after the last one. */
  const add = useCallback(() => setDays((current) => [...current, newDay(current[current.length - 1])]), []);

  /** Takes a day not saved yet off the list (a saved one is deleted on the server, then `reconcile`d). */
  const dropUnsaved = useCallback((key: string) => setDays((current) => current.filter((day) => day.key !== key || day.id !== undefined)), []);

  /** The seat and waiting-list counts of a day as its participants were just loaded. */
  const setCounts = useCallback((key: string, clients: number, waiting: number) => {
    setDays((current) => current.map((day) => (day.key === key && (day.clients !== clients || day.waiting !== waiting) ? { ...day, clients, waiting } : day)));
  }, []);

  /** The server took these drafts (by key) and answered with these days. */
  const markAllSaved = useCallback((saved: readonly { key: string; date: EventDate }[]) => {
    setDays((current) =>
      current.map((day) => {
        const answer = saved.find((entry) => entry.key === day.key);
        return answer ? markSaved(day, answer.date) : day;
      }),
    );
  }, []);

  /** The course's days as the server answered after a change. */
  const reconcile = useCallback((server: readonly EventDate[]) => setDays((current) => reconcileDays(current, server)), []);

  return { days, change, add, dropUnsaved, setCounts, markAllSaved, reconcile };
}

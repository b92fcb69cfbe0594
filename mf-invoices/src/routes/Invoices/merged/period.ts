/**
 * A treatment period from two date inputs (spec 2, Merged invoice): from the start of the first day to the end
 * of the last, both in Copenhagen time whatever the browser's zone.
 */
import { copenhagenDateKey, copenhagenWallTime } from '@klinik/core/time';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string): [number, number, number] | null {
  const match = DATE.exec(date);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** The period of two YYYY-MM-DD dates; null when one is missing or the last is before the first. */
export function periodOf(fromDate: string, toDate: string): { from: number; to: number } | null {
  const first = parts(fromDate);
  const last = parts(toDate);
  if (!first || !last) return null;
  const from = copenhagenWallTime(first[0], first[1], first[2]);
  // The day after the last one starts one millisecond after the period ends (the Date arithmetic rolls months).
  const to = copenhagenWallTime(last[0], last[1], last[2] + 1) - 1;
  return to > from ? { from, to } : null;
}

/** The date inputs' value (YYYY-MM-DD) of an instant, in Copenhagen time. */
export function dateInput(epochMs: number): string {
  return copenhagenDateKey(epochMs);
}

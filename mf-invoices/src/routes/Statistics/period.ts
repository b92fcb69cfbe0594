/**
 * The page's period picker as whole months: a month, a quarter, a year or months chosen freely, and a step back or
 * forward by the same span. The API answers the same months a year before beside them.
 */
import { addMonths, monthLabel, monthsBetween, STATISTICS_MONTHS_MAX } from '@klinik/core';

export type PeriodKind = 'month' | 'quarter' | 'year' | 'custom';

export interface Period {
  kind: PeriodKind;
  from: string;
  to: string;
}

/** The period of `kind` that holds `month`. */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, month: string): Period {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  if (kind === 'month') return { kind, from: month, to: month };
  if (kind === 'year') return { kind, from: `${year}-01`, to: `${year}-12` };
  const first = Math.floor((mon - 1) / 3) * 3 + 1;
  const from = `${year}-${String(first).padStart(2, '0')}`;
  return { kind, from, to: addMonths(from, 2) };
}

/** The period `steps` spans later (negative: earlier); a custom period moves by its own length. */
export function stepPeriod(period: Period, steps: number): Period {
  const length = monthsBetween(period.from, period.to).length;
  return { ...period, from: addMonths(period.from, steps * length), to: addMonths(period.to, steps * length) };
}

/** A custom period as typed, or null when it is not a valid one (end before start, too long). */
export function customPeriod(from: string, to: string): Period | null {
  if (!/^\d{4}-\d{2}$/.test(from) || !/^\d{4}-\d{2}$/.test(to) || to < from) return null;
  if (monthsBetween(from, to).length > STATISTICS_MONTHS_MAX) return null;
  return { kind: 'custom', from, to };
}

const QUARTERS = ['1. kvartal', '2. kvartal', '3. kvartal', '4. kvartal'];

/** 'marts 2026', '1. kvartal 2026', '2026', 'marts 2026 – maj 2026'. */
export function periodLabel(period: Period): string {
  const [year, mon] = period.from.split('-').map(Number) as [number, number];
  if (period.kind === 'month') return monthLabel(period.from);
  if (period.kind === 'quarter') return `${QUARTERS[Math.floor((mon - 1) / 3)]} ${year}`;
  if (period.kind === 'year') return String(year);
  return period.from === period.to ? monthLabel(period.from) : `${monthLabel(period.from)} – ${monthLabel(period.to)}`;
}

/** The same period a year before, as a label. */
export function previousYearLabel(period: Period): string {
  return periodLabel({ ...period, from: addMonths(period.from, -12), to: addMonths(period.to, -12) });
}

/**
 * Transactions grouped by month (spec 3, Transaction history): Copenhagen calendar months, newest first as the
 * provider lists them, each with its first and last day as DD-MM-YYYY.
 */
import { copenhagenDateKey } from '@klinik/core/time';

const MONTHS = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december'] as const;

export interface MonthGroup<T> {
  /** YYYY-MM in Copenhagen time. */
  key: string;
  /** 'maj 2026' */
  label: string;
  /** The month's first and last day, DD-MM-YYYY. */
  from: string;
  to: string;
  rows: T[];
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function monthOf(epochMs: number): { key: string; label: string; from: string; to: string } {
  const [year, month] = copenhagenDateKey(epochMs).split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    key: `${year}-${pad(month)}`,
    label: `${MONTHS[month - 1]} ${year}`,
    from: `01-${pad(month)}-${year}`,
    to: `${pad(lastDay)}-${pad(month)}-${year}`,
  };
}

/** Consecutive rows of one month form one group; the order of the rows is kept. */
export function groupByMonth<T extends { created: number }>(rows: readonly T[]): MonthGroup<T>[] {
  const groups: MonthGroup<T>[] = [];
  for (const row of rows) {
    const month = monthOf(row.created);
    const last = groups[groups.length - 1];
    if (last && last.key === month.key) last.rows.push(row);
    else groups.push({ ...month, rows: [row] });
  }
  return groups;
}

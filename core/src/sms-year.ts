/**
 * A clinic's SMS year to date (spec 1 §3 'Year-to-date SMS data'): three strings of twelve comma-separated monthly
 * counts, January first, as the API answers them to the clinic (getSmsUsage) and to the administrator
 * (getCompanyYTD). Read here once, so both tables show the same numbers for the same answer.
 */
export interface SmsYearToDate {
  freeTexts: string;
  sentBooking: string;
  sentCourse: string;
}

export interface SmsMonth {
  /** 0 for January. */
  month: number;
  free: number;
  booking: number;
  course: number;
}

/** Twelve counts: a missing or damaged month counts 0, a fraction its whole part (a count is a whole number ≥ 0). */
export function monthlyCounts(csv: string): number[] {
  const parts = csv.split(',');
  return Array.from({ length: 12 }, (_, month) => {
    const value = Number((parts[month] ?? '').trim());
    return Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
  });
}

/** The year as twelve rows, January first, and the year's totals. */
export function smsYearRows(ytd: SmsYearToDate): { months: SmsMonth[]; total: Omit<SmsMonth, 'month'> } {
  const free = monthlyCounts(ytd.freeTexts);
  const booking = monthlyCounts(ytd.sentBooking);
  const course = monthlyCounts(ytd.sentCourse);
  const months = free.map((_, month) => ({ month, free: free[month]!, booking: booking[month]!, course: course[month]! }));
  const sum = (pick: (row: SmsMonth) => number) => months.reduce((total, row) => total + pick(row), 0);
  return { months, total: { free: sum((row) => row.free), booking: sum((row) => row.booking), course: sum((row) => row.course) } };
}

import { copenhagenWallTime, formatCopenhagenTime } from './time.js';
import { bookingState, expandWeeklyPattern, isOnUnitBoundary, timeRowProblems, unitStarts, SLOT_UNIT_MS } from './scheduling.js';

describe('time units', () => {
  it('covers [from, to) in 5-minute units', () => {
    const from = copenhagenWallTime(2026, 11, 23, 9);
    expect(unitStarts(from, from + 30 * 60_000)).toHaveLength(6);
    expect(unitStarts(from, from + 30 * 60_000)[5]).toBe(from + 25 * 60_000);
    expect(isOnUnitBoundary(from)).toBe(true);
    expect(isOnUnitBoundary(from + 60_000)).toBe(false);
    expect(SLOT_UNIT_MS).toBe(300_000);
  });
});

describe('booking state', () => {
  it('is invoiced before journal before created', () => {
    expect(bookingState({ invoiceId: 'i', journalId: 'j' })).toBe('invoiced');
    expect(bookingState({ journalId: 'j' })).toBe('journal');
    expect(bookingState({ firstBooking: true, hasStamjournal: true })).toBe('journal');
    expect(bookingState({ firstBooking: true })).toBe('created');
  });
});

describe('time rows (opening-hours dialog)', () => {
  it('refuses a start after its end, marking both fields', () => {
    expect(timeRowProblems([{ start: '12:00', end: '08:00' }])).toEqual([
      { row: 0, field: 'start', message: 'Starttidspunkt skal være før sluttidspunkt!' },
      { row: 0, field: 'end', message: 'Sluttidspunkt skal være efter starttidspunkt!' },
    ]);
  });
  it('refuses overlapping rows and skips rows with equal start and end', () => {
    expect(timeRowProblems([{ start: '08:00', end: '12:00' }, { start: '11:00', end: '13:00' }])).toEqual([
      { row: 1, field: 'start', message: 'Denne tid overlapper med en anden række!' },
    ]);
    expect(timeRowProblems([{ start: '08:00', end: '12:00' }, { start: '12:00', end: '12:00' }, { start: '12:00', end: '16:00' }])).toEqual([]);
  });
});

describe('weekly pattern', () => {
  it('expands Monday and Wednesday mornings every second week from a Wednesday, skipping the Monday before it', () => {
    const intervals = expandWeeklyPattern({ weekdays: [1, 3], everyWeeks: 2, startDate: '2026-11-25', occurrences: 2, times: [{ start: '08:00', end: '12:00' }] });
    expect(intervals.map((interval) => [new Date(interval.from).toISOString(), formatCopenhagenTime(interval.from), formatCopenhagenTime(interval.to)])).toEqual([
      ['2026-11-25T07:00:00.000Z', '08:00', '12:00'],
      ['2026-12-07T07:00:00.000Z', '08:00', '12:00'],
      ['2026-12-09T07:00:00.000Z', '08:00', '12:00'],
    ]);
  });

  it('keeps 08:00 at 08:00 across the spring and autumn changes', () => {
    const spring = expandWeeklyPattern({ weekdays: [7, 1], everyWeeks: 1, startDate: '2026-03-23', occurrences: 2, times: [{ start: '08:00', end: '09:00' }] });
    expect(spring.map((interval) => formatCopenhagenTime(interval.from))).toEqual(['08:00', '08:00', '08:00', '08:00']);
    // Sunday 29 March (the change) is 08:00 summer time = 06:00 UTC; the Sunday before is 07:00 UTC.
    expect(spring[1]!.from).toBe(Date.UTC(2026, 2, 29, 6));
    const autumn = expandWeeklyPattern({ weekdays: [7], everyWeeks: 1, startDate: '2026-10-19', occurrences: 2, times: [{ start: '08:00', end: '16:00' }] });
    expect(autumn[0]!.from).toBe(Date.UTC(2026, 9, 25, 7));
    expect(autumn[0]!.to - autumn[0]!.from).toBe(8 * 3600_000);
    expect(autumn[1]!.from).toBe(Date.UTC(2026, 10, 1, 7));
  });

  it('gives split days as separate intervals and nothing for a broken pattern', () => {
    const split = expandWeeklyPattern({ weekdays: [2], everyWeeks: 1, startDate: '2026-11-23', occurrences: 1, times: [{ start: '08:00', end: '12:00' }, { start: '13:00', end: '17:00' }] });
    expect(split.map((interval) => formatCopenhagenTime(interval.from))).toEqual(['08:00', '13:00']);
    expect(expandWeeklyPattern({ weekdays: [2], everyWeeks: 1, startDate: '2026-02-30', occurrences: 1, times: [{ start: '08:00', end: '12:00' }] })).toEqual([]);
    expect(expandWeeklyPattern({ weekdays: [2], everyWeeks: 1, startDate: '2026-11-23', occurrences: 1, times: [{ start: '12:00', end: '08:00' }] })).toEqual([]);
  });
});

import { copenhagenWallTime, formatCopenhagenTime } from './time.js';
import { availableStarts, bookingState, expandWeeklyPattern, isBookableDay, isOnUnitBoundary, timeRowProblems, unitStarts, SLOT_UNIT_MS } from './scheduling.js';

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

describe('online availability', () => {
  const at = (day: number, hour: number, minute = 0) => copenhagenWallTime(2026, 12, day, hour, minute);
  const NOW = at(1, 10); // Tuesday 1 December, 10:00
  const base = { from: at(1, 0), to: at(8, 0), durationMs: 45 * 60_000, pauseMs: 0, busy: [], now: NOW };
  const times = (starts: number[]) => starts.map((start) => `${new Date(start + 3600_000).toISOString().slice(8, 10)} ${formatCopenhagenTime(start)}`);

  it('offers every 15 minutes inside the opening hours, the treatment ending by closing time', () => {
    const starts = availableStarts({ ...base, openings: [{ from: at(2, 8), to: at(2, 10) }] });
    expect(times(starts)).toEqual(['02 08:00', '02 08:15', '02 08:30', '02 08:45', '02 09:00', '02 09:15']);
  });

  it('never offers today or the past', () => {
    const starts = availableStarts({ ...base, openings: [{ from: at(1, 11), to: at(1, 16) }, { from: at(1, 8), to: at(1, 9) }] });
    expect(starts).toEqual([]);
    expect(isBookableDay(at(1, 23, 55), NOW)).toBe(false);
    expect(isBookableDay(at(2, 0), NOW)).toBe(true);
  });

  it('keeps clear of bookings and their pauses, and the new treatment brings its own pause', () => {
    const openings = [{ from: at(2, 8), to: at(2, 12) }];
    // Booked 09:00–09:45 with a 15-minute pause after it: free again at 10:00.
    const busy = [{ from: at(2, 9), to: at(2, 10) }];
    const starts = availableStarts({ ...base, openings, busy, pauseMs: 15 * 60_000 });
    expect(times(starts)).toEqual(['02 08:00', '02 10:00', '02 10:15', '02 10:30', '02 10:45', '02 11:00', '02 11:15']);
  });

  it('fits back-to-back between two bookings exactly', () => {
    const openings = [{ from: at(2, 8), to: at(2, 12) }];
    const busy = [{ from: at(2, 8), to: at(2, 9) }, { from: at(2, 9, 45), to: at(2, 12) }];
    expect(times(availableStarts({ ...base, openings, busy }))).toEqual(['02 09:00']);
  });

  it('treats a leave as taken and handles opening hours split over a day', () => {
    const openings = [{ from: at(3, 8), to: at(3, 10) }, { from: at(3, 13), to: at(3, 14) }];
    const busy = [{ from: at(3, 8, 30), to: at(3, 9, 30) }];
    // 09:15 would run past the leave's end into 10:00 closing: nothing fits in the morning.
    expect(times(availableStarts({ ...base, openings, busy }))).toEqual(['03 13:00', '03 13:15']);
  });

  it('stays on the wall clock on the daylight-saving days', () => {
    const spring = copenhagenWallTime(2026, 3, 29, 8);
    const starts = availableStarts({
      from: copenhagenWallTime(2026, 3, 23),
      to: copenhagenWallTime(2026, 3, 30),
      durationMs: 60 * 60_000,
      pauseMs: 0,
      openings: [{ from: spring, to: copenhagenWallTime(2026, 3, 29, 10) }],
      busy: [],
      now: copenhagenWallTime(2026, 3, 20, 12),
    });
    expect(starts.map(formatCopenhagenTime)).toEqual(['08:00', '08:15', '08:30', '08:45', '09:00']);
    expect(starts[0]).toBe(Date.UTC(2026, 2, 29, 6));
  });

  it('keeps to the window asked for, on unit boundaries', () => {
    const starts = availableStarts({ ...base, from: at(2, 9), to: at(2, 9, 30), openings: [{ from: at(2, 8, 2), to: at(2, 12) }] });
    expect(times(starts)).toEqual(['02 09:05', '02 09:20']);
  });
});

import { copenhagenWallTime, formatCopenhagenTime } from './time.js';
import { freeStartsNear, SERIES_MAX_DATES, seriesMessages, seriesProblem, seriesStarts, seriesSummary } from './booking-series.js';

const tuesday = copenhagenWallTime(2026, 12, 1, 10);

describe('recurring series', () => {
  it('keeps the Copenhagen time of day across the summer-time change, every 1–4 weeks', () => {
    const march = copenhagenWallTime(2027, 3, 16, 10);
    const starts = seriesStarts(march, { intervalWeeks: 1, count: 3 });
    expect(starts.map(formatCopenhagenTime)).toEqual(['10:00', '10:00', '10:00']);
    // 28 March 2027 is 23 hours long.
    expect(starts[2]! - starts[1]!).toBe(7 * 24 * 3600_000 - 3600_000);
    expect(seriesStarts(tuesday, { intervalWeeks: 4, until: '2027-01-26' })).toHaveLength(3);
  });

  it('ends on the day asked for, that day included, and stops one past the limit', () => {
    expect(seriesStarts(tuesday, { intervalWeeks: 1, until: '2026-12-15' })).toHaveLength(3);
    expect(seriesStarts(tuesday, { intervalWeeks: 1, until: '2030-01-01' })).toHaveLength(SERIES_MAX_DATES + 1);
  });

  it('refuses the limits with Danish messages', () => {
    expect(seriesProblem(tuesday, { intervalWeeks: 1, count: 52 })).toBeNull();
    expect(seriesProblem(tuesday, { intervalWeeks: 1, count: 53 })).toEqual({ path: 'count', message: seriesMessages.tooMany });
    expect(seriesProblem(tuesday, { intervalWeeks: 1, until: '2027-12-01' })).toEqual({ path: 'until', message: seriesMessages.tooMany });
    expect(seriesProblem(tuesday, { intervalWeeks: 5, count: 2 })?.message).toBe(seriesMessages.interval);
    expect(seriesProblem(tuesday, { intervalWeeks: 1, until: '2026-11-30' })?.message).toBe(seriesMessages.untilBeforeStart);
    expect(seriesProblem(tuesday, { intervalWeeks: 1, until: '2026-12-01' })?.message).toBe(seriesMessages.tooFew);
    expect(seriesProblem(tuesday, { intervalWeeks: 1 })?.message).toBe(seriesMessages.untilOrCount);
  });

  it('offers the free starts nearest the time asked for, inside the opening hours', () => {
    const at = (hour: number, minute = 0) => copenhagenWallTime(2026, 12, 15, hour, minute);
    const starts = freeStartsNear({ wanted: at(10), durationMs: 3600_000, windows: [{ from: at(8), to: at(12) }], busy: [{ from: at(9, 30), to: at(10, 30) }], limit: 4 });
    expect(starts.map(formatCopenhagenTime)).toEqual(['08:30', '10:30', '10:45', '11:00']);
  });

  it("summarises the dates as the drawer shows them", () => {
    expect(seriesSummary(seriesStarts(tuesday, { intervalWeeks: 1, count: 10 }))).toBe('10 tider fra tirsdag 1. december');
  });
});

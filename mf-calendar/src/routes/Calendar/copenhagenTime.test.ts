import { copenhagenWallTime } from '@klinik/core/time';
import { CopenhagenTimeZone, gridEventTime } from './copenhagenTime';

describe("the calendar grid's Copenhagen time zone", () => {
  const zone = new CopenhagenTimeZone('Europe/Copenhagen');
  const QUARTER = 15 * 60_000;
  const days = (first: number, count: number) => Array.from({ length: count * 96 }, (_, index) => first + index * QUARTER);

  it('gives the Copenhagen wall clock of an instant, in winter, in summer and across both changes', () => {
    expect(zone.timestampToArray(Date.UTC(2026, 0, 15, 8, 5, 6, 7))).toEqual([2026, 0, 15, 9, 5, 6, 7]);
    expect(zone.timestampToArray(Date.UTC(2026, 6, 15, 8))).toEqual([2026, 6, 15, 10, 0, 0, 0]);
    expect(zone.timestampToArray(Date.UTC(2026, 2, 29, 0, 59))).toEqual([2026, 2, 29, 1, 59, 0, 0]);
    expect(zone.timestampToArray(Date.UTC(2026, 2, 29, 1))).toEqual([2026, 2, 29, 3, 0, 0, 0]);
    expect(zone.timestampToArray(Date.UTC(2026, 9, 25, 0, 30))).toEqual([2026, 9, 25, 2, 30, 0, 0]);
    expect(zone.timestampToArray(Date.UTC(2026, 9, 25, 1, 30))).toEqual([2026, 9, 25, 2, 30, 0, 0]);
  });

  it('turns every quarter hour of the grid back into the instant the forms give it, across both changes', () => {
    for (const day of [Date.UTC(2026, 2, 28), Date.UTC(2026, 9, 24), Date.UTC(2027, 5, 1)]) {
      for (const wall of days(day, 3)) {
        const clockTime = new Date(wall);
        const expected = copenhagenWallTime(clockTime.getUTCFullYear(), clockTime.getUTCMonth() + 1, clockTime.getUTCDate(), clockTime.getUTCHours(), clockTime.getUTCMinutes());
        const fields = [clockTime.getUTCFullYear(), clockTime.getUTCMonth(), clockTime.getUTCDate(), clockTime.getUTCHours(), clockTime.getUTCMinutes(), 0, 0];
        expect(wall - zone.offsetForArray(fields) * 60_000).toBe(expected);
      }
    }
  });

  it('round-trips every instant outside the hour the autumn change repeats', () => {
    const repeated = (at: number) => at >= Date.UTC(2026, 9, 25, 0) && at < Date.UTC(2026, 9, 25, 1);
    for (const at of [...days(Date.UTC(2026, 2, 28), 3), ...days(Date.UTC(2026, 9, 24), 3)].filter((at) => !repeated(at))) {
      const array = zone.timestampToArray(at + 7_000);
      const [year = NaN, month = NaN, day, hours, minutes, seconds, ms] = array;
      const wall = Date.UTC(year, month, day, hours, minutes, seconds, ms);
      expect(wall - zone.offsetForArray(array) * 60_000).toBe(at + 7_000);
    }
  });

  it('refuses another zone', () => {
    expect(() => new CopenhagenTimeZone('Europe/Berlin')).toThrow(/Europe\/Copenhagen/);
  });
});

describe("an event's time in the grids", () => {
  it("is written as FullCalendar's Danish default writes it", () => {
    expect(gridEventTime({ start: { hour: 5, minute: 0 }, end: { hour: 5, minute: 30 } })).toBe('5.00 - 5.30');
    expect(gridEventTime({ start: { hour: 13, minute: 5 }, end: { hour: 0, minute: 0 } })).toBe('13.05 - 0.00');
  });

  it('is the start alone without an end, or with an end at the same time', () => {
    expect(gridEventTime({ start: { hour: 9, minute: 45 } })).toBe('9.45');
    expect(gridEventTime({ start: { hour: 9, minute: 45 }, end: { hour: 9, minute: 45 } })).toBe('9.45');
  });
});

import { calendarOpeningRange, copenhagenDayRange, copenhagenOffsetAt, copenhagenOffsetOfWallClock, fromCopenhagenInputs, toCopenhagenInputs, copenhagenDateKey, copenhagenDateKeysBetween, copenhagenWallTime, danishWeekday, formatCopenhagenTime, formatDanishDate, isSameCopenhagenDay, startOfCopenhagenDay, startOfCopenhagenWeek } from './time.js';

describe('Copenhagen time', () => {
  it('puts 09:00 local at 08:00 UTC in winter and 07:00 UTC in summer', () => {
    expect(copenhagenWallTime(2026, 1, 15, 9)).toBe(Date.UTC(2026, 0, 15, 8));
    expect(copenhagenWallTime(2026, 7, 15, 9)).toBe(Date.UTC(2026, 6, 15, 7));
  });

  it('keeps 09:00 at 09:00 on the spring-forward day (last Sunday of March)', () => {
    const nine = copenhagenWallTime(2026, 3, 29, 9);
    expect(nine).toBe(Date.UTC(2026, 2, 29, 7));
    expect(formatCopenhagenTime(nine)).toBe('09:00');
    // That day has 23 hours.
    expect(startOfCopenhagenDay(nine) + 23 * 3600_000).toBe(copenhagenWallTime(2026, 3, 30));
  });

  it('keeps 09:00 at 09:00 on the fall-back day (last Sunday of October)', () => {
    const nine = copenhagenWallTime(2026, 10, 25, 9);
    expect(nine).toBe(Date.UTC(2026, 9, 25, 8));
    expect(formatCopenhagenTime(nine)).toBe('09:00');
    // That day has 25 hours.
    expect(startOfCopenhagenDay(nine) + 25 * 3600_000).toBe(copenhagenWallTime(2026, 10, 26));
  });

  it('names the Copenhagen date, not the UTC date, around midnight', () => {
    const justAfterMidnight = Date.UTC(2026, 5, 30, 22, 30); // 00:30 on 1 July in Copenhagen
    expect(copenhagenDateKey(justAfterMidnight)).toBe('2026-07-01');
    expect(formatDanishDate(justAfterMidnight)).toBe('01-07-2026');
    // 1 July 2026 is a Wednesday in Copenhagen, though still Tuesday in UTC.
    expect(danishWeekday(justAfterMidnight)).toBe('onsdag');
    expect(danishWeekday(Date.UTC(2026, 10, 29, 22, 59))).toBe('søndag');
    expect(danishWeekday(Date.UTC(2026, 10, 29, 23, 0))).toBe('mandag');
    expect(isSameCopenhagenDay(justAfterMidnight, Date.UTC(2026, 6, 1, 20))).toBe(true);
    expect(isSameCopenhagenDay(justAfterMidnight, Date.UTC(2026, 5, 30, 21))).toBe(false);
  });
});

describe("Copenhagen offsets (the calendar grid's time zone)", () => {
  const QUARTER = 15 * 60_000;
  /** Every quarter hour of the two days around a change, and a minute into each. */
  const around = (day: number) => Array.from({ length: 2 * 96 }, (_, index) => day - 24 * 3600_000 + index * QUARTER).flatMap((at) => [at, at + 60_000]);
  const springNight = Date.UTC(2026, 2, 29, 1);
  const autumnNight = Date.UTC(2026, 9, 25, 1);

  it('is 60 minutes in winter and 120 in summer, changing at 01:00 UTC on the last Sundays of March and October', () => {
    expect(copenhagenOffsetAt(Date.UTC(2026, 0, 15, 12))).toBe(60);
    expect(copenhagenOffsetAt(Date.UTC(2026, 6, 15, 12))).toBe(120);
    expect(copenhagenOffsetAt(springNight - 1)).toBe(60);
    expect(copenhagenOffsetAt(springNight)).toBe(120);
    expect(copenhagenOffsetAt(autumnNight - 1)).toBe(120);
    expect(copenhagenOffsetAt(autumnNight)).toBe(60);
  });

  it('agrees with the wall clock of every other time function, minute by minute around both changes', () => {
    for (const at of [...around(springNight), ...around(autumnNight)]) {
      const wall = new Date(at + copenhagenOffsetAt(at) * 60_000);
      const { date, time } = toCopenhagenInputs(at);
      expect(wall.toISOString().slice(0, 16)).toBe(`${date}T${time}`);
    }
  });

  it("resolves a wall clock as copenhagenWallTime does, the skipped and the repeated hour included", () => {
    for (const at of [...around(springNight), ...around(autumnNight)]) {
      const wall = new Date(at);
      const expected = copenhagenWallTime(wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes());
      expect(at - copenhagenOffsetOfWallClock(at) * 60_000).toBe(expected);
    }
    // 02:30 does not exist on the spring night and happens twice on the autumn night: 01:30 UTC both times.
    expect(Date.UTC(2026, 2, 29, 2, 30) - copenhagenOffsetOfWallClock(Date.UTC(2026, 2, 29, 2, 30)) * 60_000).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(Date.UTC(2026, 9, 25, 2, 30) - copenhagenOffsetOfWallClock(Date.UTC(2026, 9, 25, 2, 30)) * 60_000).toBe(Date.UTC(2026, 9, 25, 1, 30));
  });
});

describe('date and time inputs', () => {
  it('round-trips Copenhagen date and time, also on the day summer time starts', () => {
    const at = copenhagenWallTime(2026, 3, 29, 9, 30);
    expect(toCopenhagenInputs(at)).toEqual({ date: '2026-03-29', time: '09:30' });
    expect(fromCopenhagenInputs('2026-03-29', '09:30')).toBe(at);
    expect(fromCopenhagenInputs('2026-3-29', '09:30')).toBeNull();
    expect(fromCopenhagenInputs('2026-03-29', '24:00')).toBeNull();
  });
});

describe('weeks', () => {
  it('starts on Monday 00:00 Copenhagen time, also from a Sunday night and across summer time', () => {
    // Sunday 22 November 2026, 23:30 in Copenhagen (22:30 UTC): still the week of Monday the 16th.
    expect(startOfCopenhagenWeek(copenhagenWallTime(2026, 11, 22, 23, 30))).toBe(copenhagenWallTime(2026, 11, 16));
    expect(startOfCopenhagenWeek(copenhagenWallTime(2026, 11, 23, 0, 0))).toBe(copenhagenWallTime(2026, 11, 23));
    expect(startOfCopenhagenWeek(copenhagenWallTime(2026, 11, 22, 12), 1)).toBe(copenhagenWallTime(2026, 11, 23));
    expect(startOfCopenhagenWeek(copenhagenWallTime(2026, 11, 2, 12), -1)).toBe(copenhagenWallTime(2026, 10, 26));
    // The week of the change to winter time (25 October 2026) is 169 hours long.
    expect(startOfCopenhagenWeek(copenhagenWallTime(2026, 10, 25, 12), 1) - startOfCopenhagenWeek(copenhagenWallTime(2026, 10, 25, 12))).toBe(169 * 3600_000);
  });
});

describe('copenhagenDateKeysBetween', () => {
  it('lists every Copenhagen day an instant of the range falls on, across daylight saving, and nothing outside', () => {
    const HOUR = 3_600_000;
    // The week of the spring change (Sunday 29 March 2026 has 23 hours) and of the autumn change (25 October, 25 hours).
    const spring = copenhagenWallTime(2026, 3, 23, 0, 0);
    expect(copenhagenDateKeysBetween(spring, copenhagenWallTime(2026, 3, 30, 0, 0))).toEqual(['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29']);
    const autumn = copenhagenWallTime(2026, 10, 25, 0, 0);
    expect(copenhagenDateKeysBetween(autumn, copenhagenWallTime(2026, 10, 27, 0, 0))).toEqual(['2026-10-25', '2026-10-26']);
    // Late evening to just after midnight: both days; an empty or reversed range: none.
    expect(copenhagenDateKeysBetween(copenhagenWallTime(2026, 7, 1, 23, 0), copenhagenWallTime(2026, 7, 2, 0, 30))).toEqual(['2026-07-01', '2026-07-02']);
    expect(copenhagenDateKeysBetween(spring, spring)).toEqual([]);
    expect(copenhagenDateKeysBetween(spring + HOUR, spring)).toEqual([]);
    // Every key of a 62-day range, one per day.
    const keys = copenhagenDateKeysBetween(copenhagenWallTime(2026, 3, 1, 12, 0), copenhagenWallTime(2026, 5, 2, 12, 0));
    expect(keys).toHaveLength(63);
    expect(new Set(keys).size).toBe(63);
  });
});

describe('the period /Kalender opens on', () => {
  const narrowerThan = (width: number) => (px: number) => width < px;

  it('is the Copenhagen day below the day-view width (cards and the grid\'s day view), 23 hours on the spring-forward day', () => {
    const nine = copenhagenWallTime(2026, 3, 29, 9);
    const day = { from: copenhagenWallTime(2026, 3, 29), to: copenhagenWallTime(2026, 3, 30) };
    expect(copenhagenDayRange(nine)).toEqual(day);
    expect(day.to - day.from).toBe(23 * 3600_000);
    expect(calendarOpeningRange(narrowerThan(390), nine)).toEqual(day);
    expect(calendarOpeningRange(narrowerThan(805), nine)).toEqual(day);
  });

  it('is the week from Monday 00:00 at the day-view width and wider', () => {
    const sundayNight = copenhagenWallTime(2026, 11, 29, 23, 30);
    expect(calendarOpeningRange(narrowerThan(810), sundayNight)).toEqual({ from: copenhagenWallTime(2026, 11, 23), to: copenhagenWallTime(2026, 11, 30) });
  });
});

import { closedHolidayDateKeys, closedHolidayIds, danishHolidays, danishHolidaysBetween, DEFAULT_CLOSED_HOLIDAYS, easterSunday } from './holidays.js';

/**
 * The moveable holidays of 2026–2035 from an independent source (python-dateutil's easter(), a different algorithm,
 * Easter Sundays checked against published calendars), not from the code under test: Maundy Thursday, Good Friday,
 * Easter Sunday, Easter Monday, Ascension Day, Whit Sunday, Whit Monday.
 */
const MOVEABLE: [number, string[]][] = [
  [2026, ['2026-04-02', '2026-04-03', '2026-04-05', '2026-04-06', '2026-05-14', '2026-05-24', '2026-05-25']],
  [2027, ['2027-03-25', '2027-03-26', '2027-03-28', '2027-03-29', '2027-05-06', '2027-05-16', '2027-05-17']],
  [2028, ['2028-04-13', '2028-04-14', '2028-04-16', '2028-04-17', '2028-05-25', '2028-06-04', '2028-06-05']],
  [2029, ['2029-03-29', '2029-03-30', '2029-04-01', '2029-04-02', '2029-05-10', '2029-05-20', '2029-05-21']],
  [2030, ['2030-04-18', '2030-04-19', '2030-04-21', '2030-04-22', '2030-05-30', '2030-06-09', '2030-06-10']],
  [2031, ['2031-04-10', '2031-04-11', '2031-04-13', '2031-04-14', '2031-05-22', '2031-06-01', '2031-06-02']],
  [2032, ['2032-03-25', '2032-03-26', '2032-03-28', '2032-03-29', '2032-05-06', '2032-05-16', '2032-05-17']],
  [2033, ['2033-04-14', '2033-04-15', '2033-04-17', '2033-04-18', '2033-05-26', '2033-06-05', '2033-06-06']],
  [2034, ['2034-04-06', '2034-04-07', '2034-04-09', '2034-04-10', '2034-05-18', '2034-05-28', '2034-05-29']],
  [2035, ['2035-03-22', '2035-03-23', '2035-03-25', '2035-03-26', '2035-05-03', '2035-05-13', '2035-05-14']],
];
const MOVEABLE_NAMES = ['Skærtorsdag', 'Langfredag', 'Påskedag', '2. påskedag', 'Kristi himmelfartsdag', 'Pinsedag', '2. pinsedag'];

/** The whole expected year as "date name (kind)", sorted as the function answers (by date). */
function expectedYear(year: number, moveable: string[]): string[] {
  const rows = [
    `${year}-01-01 Nytårsdag (public)`,
    ...moveable.map((date, index) => `${date} ${MOVEABLE_NAMES[index]} (public)`),
    `${year}-06-05 Grundlovsdag (optional)`,
    `${year}-12-24 Juleaftensdag (optional)`,
    `${year}-12-25 Juledag (public)`,
    `${year}-12-26 2. juledag (public)`,
    `${year}-12-31 Nytårsaftensdag (optional)`,
  ];
  // Stable on the date alone: Whit Monday 2028 and Whit Sunday 2033 share 5 June with Constitution Day, public first.
  return rows.sort((a, b) => a.slice(0, 10).localeCompare(b.slice(0, 10)));
}

describe('Danish holidays', () => {
  it.each(MOVEABLE)('gives every holiday of %i on its date, with its Danish name and kind', (year, moveable) => {
    expect(danishHolidays(year).map((day) => `${day.dateKey} ${day.name} (${day.kind})`)).toEqual(expectedYear(year, moveable));
  });

  it('computes Easter Sunday as published for 2026–2035', () => {
    expect(MOVEABLE.map(([year]) => easterSunday(year))).toEqual([
      { month: 4, day: 5 },
      { month: 3, day: 28 },
      { month: 4, day: 16 },
      { month: 4, day: 1 },
      { month: 4, day: 21 },
      { month: 4, day: 13 },
      { month: 3, day: 28 },
      { month: 4, day: 17 },
      { month: 4, day: 9 },
      { month: 3, day: 25 },
    ]);
  });

  it('has no Store Bededag (abolished from 2024): the fourth Friday after Easter is an ordinary day', () => {
    // Easter 2026 is 5 April; Store Bededag would have been Friday 1 May.
    expect(danishHolidays(2026).map((day) => day.dateKey)).not.toContain('2026-05-01');
    expect(danishHolidays(2026).map((day) => day.name)).not.toContain('Store bededag');
  });

  it('answers the days of a range across a new year, both ends included', () => {
    expect(danishHolidaysBetween('2026-12-24', '2027-01-01').map((day) => `${day.dateKey} ${day.id}`)).toEqual([
      '2026-12-24 juleaftensdag',
      '2026-12-25 juledag',
      '2026-12-26 anden-juledag',
      '2026-12-31 nytaarsaftensdag',
      '2027-01-01 nytaarsdag',
    ]);
    expect(danishHolidaysBetween('2026-12-27', '2026-12-30')).toEqual([]);
  });

  it('closes the public holidays, Christmas Eve and New Year\'s Eve by default, and follows a clinic\'s own choice', () => {
    expect([...closedHolidayIds(undefined)].sort()).toEqual([...DEFAULT_CLOSED_HOLIDAYS].sort());
    expect(closedHolidayIds(null).has('grundlovsdag')).toBe(false);
    expect(closedHolidayIds(null).has('juleaftensdag')).toBe(true);
    // A clinic that opens every day: an empty choice is a choice, not the default.
    expect(closedHolidayIds([]).size).toBe(0);
    expect([...closedHolidayDateKeys('2028-06-01', '2028-06-30', null)]).toEqual(['2028-06-04', '2028-06-05']);
    // Whit Monday 2028 is also Constitution Day: closed when either is.
    expect([...closedHolidayDateKeys('2028-06-01', '2028-06-30', ['grundlovsdag'])]).toEqual(['2028-06-05']);
    expect([...closedHolidayDateKeys('2026-06-01', '2026-06-30', ['grundlovsdag', 'unknown'])]).toEqual(['2026-06-05']);
  });
});

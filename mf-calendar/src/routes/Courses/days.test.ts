import { copenhagenWallTime } from '@klinik/core/time';
import { dayErrors, dayFromServer, isChanged, newDay, reconcileDays, TIME_OPTIONS, toDateFields } from './days';

const serverDay = (from: number, to: number, id = 'd1') => ({ id, eventId: 'e1', therapistId: 't1', from, to, latestDays: 2, clients: 1, waiting: 0, version: 3 });

describe('course days in the dialog', () => {
  it('offers 05:00 to 23:00 in 15-minute steps', () => {
    expect(TIME_OPTIONS[0]).toBe('05:00');
    expect(TIME_OPTIONS[1]).toBe('05:15');
    expect(TIME_OPTIONS.at(-1)).toBe('23:00');
    expect(TIME_OPTIONS).toHaveLength(73);
  });

  it('round-trips a day through Copenhagen wall time, also on the day summer time ends', () => {
    const from = copenhagenWallTime(2026, 10, 25, 10, 0);
    const to = copenhagenWallTime(2026, 10, 25, 12, 30);
    const draft = dayFromServer(serverDay(from, to));
    expect(draft).toMatchObject({ date: '2026-10-25', from: '10:00', to: '12:30', latestDays: '2' });
    expect(isChanged(draft)).toBe(false);
    expect(toDateFields(draft)).toEqual({ from, to, latestDays: 2 });
    expect(to - from).toBe(2.5 * 3600_000);
    expect(isChanged({ ...draft, to: '13:00' })).toBe(true);
  });

  it('refuses start after end with both opening-hours messages, and a deadline outside 0–365', () => {
    const draft = { ...newDay(undefined, Date.UTC(2026, 10, 22, 12)), from: '12:00', to: '10:00', latestDays: '400' };
    const errors = dayErrors(draft);
    expect(errors.from).toBeDefined();
    expect(errors.to).toBeDefined();
    expect(errors.from).not.toBe(errors.to);
    expect(errors.latestDays).toBe('Tilmeldingsfristen skal være 0 til 365 dage før kurset');
    expect(dayErrors({ ...draft, to: '13:00', latestDays: '0' })).toEqual({});
  });

  it('suggests the next day a week after the previous one, with its times', () => {
    const first = { ...newDay(undefined, Date.UTC(2026, 10, 22, 12)), from: '17:00', to: '18:30' };
    expect(first.date).toBe('2026-11-29');
    expect(newDay(first)).toMatchObject({ date: '2026-12-06', from: '17:00', to: '18:30' });
  });

  it("after a change shows exactly the server's days in order, keeping unsaved edits and new days", () => {
    const at = (day: number, hour: number) => copenhagenWallTime(2026, 12, day, hour);
    const tuesday = serverDay(at(1, 10), at(1, 12), 'tue');
    const thursday = serverDay(at(3, 17), at(3, 19), 'thu');
    const nextThursday = serverDay(at(10, 17), at(10, 19), 'thu2');
    const shown = [tuesday, thursday, nextThursday].map(dayFromServer);
    const edited = { ...shown[2]!, to: '20:00' };
    const draft = newDay(edited);
    const current = [shown[0]!, shown[1]!, edited, draft];

    // Thursday deleted on the server; the server now has a participant more on Tuesday and answers unsorted.
    const after = reconcileDays(current, [nextThursday, { ...tuesday, clients: 2, version: 4 }]);
    expect(after.map((day) => day.id)).toEqual(['tue', 'thu2', undefined]);
    expect(after.map((day) => day.key)).toEqual([shown[0]!.key, edited.key, draft.key]);
    expect(after[0]).toMatchObject({ clients: 2, version: 4, to: '12:00' });
    expect(isChanged(after[0]!)).toBe(false);
    // The unsaved edit of the other Thursday survives, still marked as changed against the server's values.
    expect(after[1]).toMatchObject({ to: '20:00', saved: { to: '19:00' } });
    expect(isChanged(after[1]!)).toBe(true);
    expect(after[2]).toBe(draft);
    // The same answer gives the same list whatever was shown before.
    expect(reconcileDays(shown, [nextThursday, tuesday]).map((day) => day.date)).toEqual(['2026-12-01', '2026-12-10']);
  });
});

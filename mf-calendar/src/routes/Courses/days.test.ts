import { copenhagenWallTime } from '@klinik/core/time';
import { dayErrors, dayFromServer, isChanged, newDay, TIME_OPTIONS, toDateFields } from './days';

const serverDay = (from: number, to: number) => ({ id: 'd1', eventId: 'e1', therapistId: 't1', from, to, latestDays: 2, clients: 1, waiting: 0, version: 3 });

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
});

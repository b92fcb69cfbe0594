import type { Holiday } from '@klinik/core';
import { holidayNamesByDay, toEvents } from './events';

const day = (id: Holiday['id'], name: string, dateKey: string, closed: boolean): Holiday => ({ id, name, dateKey, kind: 'public', closed, from: Date.parse(`${dateKey}T00:00:00+02:00`), to: Date.parse(`${dateKey}T00:00:00+02:00`) + 86_400_000 });
const empty = { bookings: [], leaves: [], openings: [], courses: [] };

describe("the calendar's holidays", () => {
  it('are all-day background events (the month view draws no other kind), named, with the closed note only when the public page is closed', () => {
    const events = toEvents({ ...empty, holidays: [day('pinsedag', 'Pinsedag', '2028-06-04', true), day('grundlovsdag', 'Grundlovsdag', '2028-06-05', false)] });
    expect(events.map(({ title, display, allDay, start, end }) => ({ title, display, allDay, start, end }))).toEqual([
      { title: 'Pinsedag · lukket for online booking', display: 'background', allDay: true, start: '2028-06-04', end: '2028-06-05' },
      { title: 'Grundlovsdag', display: 'background', allDay: true, start: '2028-06-05', end: '2028-06-06' },
    ]);
    // Not clickable: a slot on a holiday still opens the new-booking drawer.
    expect(events.every((event) => event.extendedProps === undefined)).toBe(true);
  });

  it("give each day's names for its column header, two on one day together", () => {
    const names = holidayNamesByDay([day('anden-pinsedag', '2. pinsedag', '2028-06-05', true), day('grundlovsdag', 'Grundlovsdag', '2028-06-05', false), day('pinsedag', 'Pinsedag', '2028-06-04', true)]);
    expect([...names]).toEqual([
      ['2028-06-05', '2. pinsedag, Grundlovsdag'],
      ['2028-06-04', 'Pinsedag'],
    ]);
  });
});

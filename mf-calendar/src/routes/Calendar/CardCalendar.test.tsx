import { render, screen } from '@testing-library/react';
import { copenhagenWallTime } from '@klinik/core/time';
import type { Holiday } from '@klinik/core';
import CardCalendar from './CardCalendar';

const noop = () => undefined;
const christmasDay: Holiday = { id: 'juledag', name: 'Juledag', dateKey: '2026-12-25', kind: 'public', closed: true, from: copenhagenWallTime(2026, 12, 25), to: copenhagenWallTime(2026, 12, 26) };

function showDay(day: number) {
  render(<CardCalendar day={day} data={{ bookings: [], leaves: [], openings: [], courses: [], holidays: [christmasDay] }} onSlot={noop} onOpen={noop} />);
}

describe("the phone's day", () => {
  it('names the holiday it falls on, and still offers its rows for a booking', () => {
    showDay(copenhagenWallTime(2026, 12, 25));
    expect(screen.getByText('Juledag · lukket for online booking')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ledig – opret booking kl. 09:00' })).toBeTruthy();
  });

  it('names no holiday on another day of the period', () => {
    showDay(copenhagenWallTime(2026, 12, 23));
    expect(screen.queryByText(/Juledag/)).toBeNull();
  });
});

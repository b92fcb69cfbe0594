import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { copenhagenDateKey, copenhagenDayRange } from '@klinik/core/time';
import type { Holiday } from '@klinik/core';
import type { CalendarView } from './GridCalendar';

// jsdom does not read style sheets; the grid's own look is not what this test is about.
jest.unstable_mockModule('./calendar.css', () => ({}));
const { default: GridCalendar } = await import('./GridCalendar');

const noop = () => undefined;

function showToday(holidays: Holiday[], initialView: CalendarView) {
  render(<GridCalendar data={{ bookings: [], leaves: [], openings: [], courses: [], holidays }} initialView={initialView} onRange={noop} onSlot={noop} onOpen={noop} onMove={noop} />);
}

/** A holiday today, so the grid shows it wherever the test runs (it opens on the current week). */
function holidayToday(closed: boolean): Holiday {
  const today = copenhagenDayRange(Date.now());
  return { id: 'juleaftensdag', name: 'Juleaftensdag', dateKey: copenhagenDateKey(today.from), kind: 'optional', closed, ...today };
}

describe('holidays in the calendar grid', () => {
  it.each(['timeGridWeek', 'timeGridDay'] as const)("names a holiday in its day's column header in the %s view", async (view) => {
    showToday([holidayToday(true)], view);
    const headers = await screen.findAllByRole('columnheader');
    const named = headers.filter((header) => header.textContent?.includes('Juleaftensdag'));
    expect(named).toHaveLength(1);
    expect(named[0]!.classList.contains('fc-day-today')).toBe(true);
  });

  it('tints the day in the month view with its name, and says whether the public page is closed then', async () => {
    showToday([holidayToday(true)], 'dayGridMonth');
    const title = await screen.findByText('Juleaftensdag · lukket for online booking');
    expect(title.closest('.fc-daygrid-day')?.classList.contains('fc-day-today')).toBe(true);
  });

  it('names no day when the period has no holiday', async () => {
    showToday([], 'timeGridWeek');
    const headers = await screen.findAllByRole('columnheader');
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.filter((header) => header.querySelector('.klinik-holiday-name'))).toEqual([]);
  });
});

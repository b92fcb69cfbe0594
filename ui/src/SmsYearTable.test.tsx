import { render, screen, within } from '@testing-library/react';
import { SmsYearTable } from './SmsYearTable';

const MONTHS = ['Januar', 'Februar', 'Marts', 'April', 'Maj', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'December'];

it("shows a clinic's SMS year as twelve month rows and the totals, read by core's one parser", () => {
  render(
    <SmsYearTable
      ytd={{ freeTexts: '20,3', sentBooking: '25,3,x,-1,2.7', sentCourse: '0,1' }}
      label="SMS i 2026"
      texts={{ month: 'Måned', free: 'Gratis SMS', booking: 'Sendt om bookinger', course: 'Sendt om kurser', total: 'I alt' }}
      monthLabel={(month) => `${MONTHS[month]} 2026`}
    />,
  );
  const rows = within(screen.getByRole('table', { name: 'SMS i 2026' })).getAllByRole('row');
  expect(rows).toHaveLength(14);
  expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
    ['Måned', 'Gratis SMS', 'Sendt om bookinger', 'Sendt om kurser'],
    ['Januar 2026', '20', '25', '0'],
    ['Februar 2026', '3', '3', '1'],
    ['Marts 2026', '0', '0', '0'],
    ['April 2026', '0', '0', '0'],
    ['Maj 2026', '0', '2', '0'],
    ...MONTHS.slice(5).map((month) => [`${month} 2026`, '0', '0', '0']),
    ['I alt', '23', '30', '1'],
  ]);
});

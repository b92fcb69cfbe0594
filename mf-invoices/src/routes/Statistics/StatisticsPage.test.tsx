import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMonths, copenhagenDateKey, emptyRevenue, type Statistics, type StatisticsMonth } from '@klinik/core';
import type { ActionClient } from '@klinik/core/client';
import type { ShellServices } from '@klinik/core/rules';
import StatisticsPage from './index';

const OWNER = '665f1c2e8b3a4d0012345678';
const thisMonth = copenhagenDateKey(Date.now()).slice(0, 7);

const month = (key: string, totalOre: number, bookings: number): StatisticsMonth => ({
  month: key,
  revenue: { ...emptyRevenue(), netOre: totalOre, totalOre, noVatOre: totalOre, invoices: 1, outstandingOre: totalOre },
  bookings: { count: bookings, online: 1, bookedMinutes: 45 * bookings },
  clients: { new: 1, returning: bookings - 1 },
  messages: { sms: 2, smsCostOre: 50 },
});

function answer(input: { from: string; to: string }): { data: Statistics } {
  return {
    data: {
      from: input.from,
      to: input.to,
      therapistId: null,
      months: [month(input.from, 191_102, 4)],
      previousYear: [month(addMonths(input.from, -12), 50_000, 2)],
      total: { ...emptyRevenue(), netOre: 191_102, totalOre: 191_102, paidOre: 56_250, outstandingOre: 30_000 },
      byTherapist: [{ therapistId: OWNER, name: 'Mette Ørsted', netOre: 191_102, vatOre: 0, totalOre: 191_102 }],
      byTreatment: [{ name: 'Massage', netOre: 191_102, vatOre: 0, totalOre: 191_102, lines: 4 }],
      utilisation: [{ week: '2026-W11', therapistId: OWNER, bookedMinutes: 180, openMinutes: 480 }],
      rebooked: { clients: 3, rebooked: 1 },
      cancellations: null,
      noShows: 0,
    },
  };
}

function page(isAdmin = true) {
  const call = jest.fn(async (action: string, input: Record<string, unknown>) => {
    if (action === 'getStatistics') return answer(input as { from: string; to: string });
    if (action === 'getCompanyTherapists') return { data: [{ id: OWNER, nameFirst: 'Mette', nameLast: 'Ørsted' }] };
    if (action === 'exportStatistics') return { data: { filename: 'statistik.xlsx', contentType: 'application/octet-stream', content: btoa('xlsx') } };
    throw new Error(`unexpected call ${action}`);
  });
  const shell = { client: { call, upload: jest.fn(), prefetch: jest.fn() } as unknown as ActionClient, therapist: { id: OWNER, nameFirst: 'Mette', nameLast: 'Ørsted', isAdmin } } as unknown as ShellServices;
  render(<StatisticsPage shell={shell} />);
  return call;
}

beforeAll(() => {
  // jsdom has no blob URLs: the download hands the file over through them.
  URL.createObjectURL = () => 'blob:statistik';
  URL.revokeObjectURL = () => undefined;
  // Nor a canvas to draw on: the charts say so, and their tables hold the numbers.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
});

it('shows each figure with a one-line summary, its table on request, and moves the period a step at a time', async () => {
  const call = page();
  const revenue = await screen.findByRole('region', { name: 'Omsætning pr. måned' });
  expect(within(revenue).getByText('Omsætning i alt 1.911,02 kr. (året før 500,00 kr.); betalt 562,50 kr., udestående 300,00 kr.')).toBeTruthy();
  await userEvent.click(within(revenue).getByRole('button', { name: 'Vis tabel' }));
  const table = within(revenue).getByRole('table', { name: 'Omsætning pr. måned' });
  expect(within(table).getAllByRole('row')[1]!.textContent).toContain('1.911,02 kr.');
  expect(within(screen.getByRole('region', { name: 'Klienter pr. måned' })).getByText('1 nye og 3 tilbagevendende klienter; 1 af 3 bookede igen inden for 90 dage.')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Forrige periode' }));
  const before = addMonths(thisMonth, -1);
  await waitFor(() => expect(call).toHaveBeenCalledWith('getStatistics', { from: before, to: before }));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Periodetype' }), 'year');
  const year = before.slice(0, 4);
  await waitFor(() => expect(call).toHaveBeenCalledWith('getStatistics', { from: `${year}-01`, to: `${year}-12` }));

  await userEvent.click(screen.getByRole('button', { name: 'Hent Excel' }));
  await waitFor(() => expect(call).toHaveBeenCalledWith('exportStatistics', { from: `${year}-01`, to: `${year}-12`, format: 'xlsx' }));
});

it("offers a therapist no clinic-wide choices: no therapist picker and no year statement", async () => {
  page(false);
  await screen.findByRole('region', { name: 'Omsætning pr. måned' });
  expect(screen.queryByRole('combobox', { name: 'Behandler' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Årsopgørelse/ })).toBeNull();
});

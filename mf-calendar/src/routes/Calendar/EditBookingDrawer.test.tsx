import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Booking } from '@klinik/core';
import { copenhagenWallTime } from '@klinik/core/time';
import { dialogTitled } from '@klinik/ui/testing';
import type { CalendarApi } from '../../api';
import EditBookingDrawer from './EditBookingDrawer';

const TREATMENT = '64b7f0c2a1b2c3d4e5f60718';
const from = copenhagenWallTime(2026, 12, 8, 10);

const booking: Booking = {
  id: '64b7f0c2a1b2c3d4e5f60720',
  clientId: '64b7f0c2a1b2c3d4e5f60719',
  treatmentId: TREATMENT,
  therapistId: '64b7f0c2a1b2c3d4e5f60717',
  from,
  to: from + 3600_000,
  bookingDate: '2026-12-08',
  reason: '',
  invoiceId: null,
  journalId: null,
  firstBooking: false,
  hasStamjournal: false,
  treatmentName: 'Fysioterapi',
  email: 'signe@example.dk',
  nameFirst: 'Signe',
  nameLast: 'Kjær',
  state: 'created',
  version: 0,
  seriesId: '64b7f0c2a1b2c3d4e5f60721',
  seriesIndex: 1,
  noShow: false,
  awaitingPayment: false,
  payment: null,
  noShowFee: null,
};

async function show(shown: Booking) {
  const setBooking = jest.fn<CalendarApi['setBooking']>().mockResolvedValue({ message: 'Bookingen er gemt', data: shown });
  const setBookingSeries = jest.fn<CalendarApi['setBookingSeries']>().mockResolvedValue({ message: 'Bookingen er gemt', data: { seriesId: shown.seriesId ?? null, dates: [], bookings: [shown] } });
  const deleteBookingSeries = jest.fn<CalendarApi['deleteBookingSeries']>().mockResolvedValue({ message: '2 slettet; 1 bevaret, fordi de har journal eller faktura', data: { deleted: ['a', 'b'], kept: [] } });
  const api = {
    bookableTreatments: async () => ({ data: [{ id: TREATMENT, name: 'Fysioterapi', duration: 3600 }] }),
    setBooking,
    setBookingSeries,
    deleteBookingSeries,
  } as unknown as CalendarApi;
  const notify = jest.fn();
  const onClose = jest.fn();
  render(<EditBookingDrawer api={api} booking={shown} notify={notify} onClose={onClose} />);
  // The treatments arrive first, as they would.
  await screen.findByRole('option', { name: 'Fysioterapi (60 min)' });
  return { user: userEvent.setup(), setBooking, setBookingSeries, deleteBookingSeries, notify, onClose };
}

describe('editing a date of a series', () => {
  it("saves this and the following dates when chosen, and only this one by default", async () => {
    const { user, setBooking, setBookingSeries, onClose } = await show(booking);
    expect(screen.getByText('↻ Signe Kjær')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Kun denne' }).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Denne og de følgende' }));
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(setBooking).not.toHaveBeenCalled();
    expect(setBookingSeries).toHaveBeenCalledWith({ id: booking.id, scope: 'following', from, reason: '', version: 0 });
  });

  it('asks before deleting this and the following dates, and says what stayed', async () => {
    const { user, deleteBookingSeries, notify } = await show(booking);
    await user.click(screen.getByRole('radio', { name: 'Denne og de følgende' }));
    await user.click(screen.getByRole('button', { name: 'Slet' }));
    const confirm = await dialogTitled('alertdialog', 'Er du sikker?');
    expect(confirm.textContent).toContain('Denne og de følgende tider i serien slettes');
    expect(deleteBookingSeries).not.toHaveBeenCalled();
    // The question's own button (jsdom may keep the question aria-hidden: see dialogTitled).
    await user.click(within(confirm).getByRole('button', { name: 'Slet', hidden: true }));
    await waitFor(() => expect(deleteBookingSeries).toHaveBeenCalledWith({ id: booking.id, scope: 'following' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('2 slettet; 1 bevaret, fordi de har journal eller faktura', 'success'));
  });

  it('offers neither choice nor delete for a booking outside a series', async () => {
    const { seriesId: _series, seriesIndex: _index, ...single } = booking;
    await show(single);
    expect(screen.getByText('Signe Kjær')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Denne og de følgende' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Slet' })).toBeNull();
  });
});

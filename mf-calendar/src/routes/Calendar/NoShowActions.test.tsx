import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Booking } from '@klinik/core';
import type { PageLinks } from '@klinik/core/rules';
import { dialogTitled } from '@klinik/ui/testing';
import type { CalendarApi } from '../../api';
import EventDialog from './EventDialog';
import { toEvents } from './events';
import { Legend } from './Legend';

const HOUR = 3_600_000;
const started = Date.now() - 2 * HOUR;

const booking: Booking = {
  id: '64b7f0c2a1b2c3d4e5f60720',
  clientId: '64b7f0c2a1b2c3d4e5f60719',
  treatmentId: '64b7f0c2a1b2c3d4e5f60718',
  therapistId: '64b7f0c2a1b2c3d4e5f60717',
  from: started,
  to: started + HOUR,
  bookingDate: '2026-12-08',
  reason: '',
  invoiceId: '64b7f0c2a1b2c3d4e5f60730',
  journalId: null,
  firstBooking: false,
  hasStamjournal: false,
  treatmentName: 'Massage',
  email: 'signe@example.dk',
  nameFirst: 'Signe',
  nameLast: 'Kjær',
  state: 'invoiced',
  version: 0,
  noShow: false,
  awaitingPayment: false,
  payment: { state: 'paid', kind: 'full', amountOre: 50_000, refundedOre: 12_500, method: 'card', canChargeCard: true, feeOre: 0 },
  noShowFee: { amountOre: 20_000, state: 'open' },
};

function show(shown: Booking, after: Booking = shown) {
  const markNoShow = jest.fn<CalendarApi['markNoShow']>().mockResolvedValue({ message: 'Bookingen er markeret som udeblevet', data: { ...shown, noShow: true } });
  const chargeNoShowFee = jest
    .fn<CalendarApi['chargeNoShowFee']>()
    .mockResolvedValue({ message: 'Gebyret på 200,00 kr. er trukket på klientens gemte kort', data: { method: 'card', amountOre: 20_000, invoiceId: 'x' } });
  const refundBookingPayment = jest
    .fn<CalendarApi['refundBookingPayment']>()
    .mockResolvedValue({ message: '100,00 kr. er refunderet, og der er lavet en kreditnota', data: { refundedOre: 22_500, leftOre: 27_500, creditNoteId: 'y' } });
  const reread = jest.fn<CalendarApi['booking']>().mockResolvedValue({ data: after });
  const api = { markNoShow, chargeNoShowFee, refundBookingPayment, booking: reread, rooms: async () => ({ data: { rooms: [] } }) } as unknown as CalendarApi;
  const notify = jest.fn();
  render(
    <MemoryRouter>
      <EventDialog
        api={api}
        item={{ kind: 'booking', booking: shown }}
        notify={notify}
        onClose={jest.fn()}
        onEdit={jest.fn()}
        pages={{ bookingJournal: () => '/Klientdata' } as unknown as PageLinks}
        dialogs={{ invoiceForBooking: jest.fn() }}
      />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), markNoShow, chargeNoShowFee, refundBookingPayment, reread, notify };
}

describe("the booking card's no-show and payment", () => {
  it("marks a begun booking 'Udeblevet', then offers its fee, asking first whether card or invoice and how much", async () => {
    const charged: Booking = { ...booking, noShow: true, noShowFee: { amountOre: 20_000, state: 'charged' } };
    const { user, markNoShow, chargeNoShowFee, reread } = show(booking, charged);
    expect(screen.getByText('500,00 kr. med kort')).toBeTruthy();
    expect(screen.getByText('125,00 kr.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Opkræv udeblivelsesgebyr' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Marker som udeblevet' }));
    await waitFor(() => expect(markNoShow).toHaveBeenCalledWith({ bookingId: booking.id, noShow: true }));
    expect(await screen.findByText('Udeblevet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fortryd udeblevet' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Opkræv udeblivelsesgebyr' }));
    const question = await dialogTitled('alertdialog', 'Opkræv udeblivelsesgebyr');
    expect(question.textContent).toContain('Gebyret på 200,00 kr. trækkes på det kort, klienten gemte ved bookingen');
    expect(chargeNoShowFee).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Opkræv', hidden: true }));
    await waitFor(() => expect(chargeNoShowFee).toHaveBeenCalledWith({ bookingId: booking.id }));
    await waitFor(() => expect(reread).toHaveBeenCalledWith(booking.id));
    expect(await screen.findByText('200,00 kr., trukket på klientens kort')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Opkræv udeblivelsesgebyr' })).toBeNull();
    // A charged fee keeps the mark.
    expect(screen.queryByRole('button', { name: 'Fortryd udeblevet' })).toBeNull();
  });

  it('says an invoice is made for the fee when the client saved no card', async () => {
    const { user } = show({ ...booking, noShow: true, payment: null });
    await user.click(screen.getByRole('button', { name: 'Opkræv udeblivelsesgebyr' }));
    const question = await dialogTitled('alertdialog', 'Opkræv udeblivelsesgebyr');
    expect(question.textContent).toContain('Der laves en faktura på 200,00 kr.');
  });

  it('refunds the amount typed, the rest by default, after asking', async () => {
    const { user, refundBookingPayment } = show(booking);
    await user.click(screen.getByRole('button', { name: 'Refundér' }));
    const dialog = await dialogTitled('dialog', 'Refundér betaling');
    const amount = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Beløb i kr\./, hidden: true });
    expect(amount.value).toBe('375,00');
    await user.clear(amount);
    await user.type(amount, 'ti kroner');
    await user.click(within(dialog).getByRole('button', { name: 'Refundér', hidden: true }));
    // Not an amount: refused at the field, nothing sent.
    expect(await within(dialog).findByText('Beløbet skal være større end 0')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Refundér', hidden: true }));
    const question = await dialogTitled('alertdialog', 'Refundér betaling');
    expect(question.textContent).toContain('100,00 kr. sendes tilbage til klienten, og der laves en kreditnota');
    await user.click(within(question).getByRole('button', { name: 'Refundér', hidden: true }));
    await waitFor(() => expect(refundBookingPayment).toHaveBeenCalledWith({ bookingId: booking.id, amountOre: 10_000 }));
  });

  it('offers no mark before the booking begins, and nothing to refund when all is refunded', () => {
    show({ ...booking, from: Date.now() + HOUR, to: Date.now() + 2 * HOUR, payment: { ...booking.payment!, state: 'refunded', refundedOre: 50_000 } });
    expect(screen.queryByRole('button', { name: 'Marker som udeblevet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refundér' })).toBeNull();
  });
});

describe("the calendar's look of the states", () => {
  it("names 'Udeblevet' and 'Afventer betaling' in the legend and on the bookings", () => {
    render(<Legend />);
    const legend = screen.getByRole('list', { name: 'Farver' });
    expect(within(legend).getByText('Udeblevet')).toBeTruthy();
    expect(within(legend).getByText('Afventer betaling')).toBeTruthy();
    const events = toEvents({ bookings: [{ ...booking, noShow: true }, { ...booking, id: 'b2', awaitingPayment: true }], leaves: [], openings: [], courses: [], holidays: [] });
    expect(events.map((event) => [event.title, event.classNames])).toEqual([
      ['Udeblevet: Signe Kjær · Massage', ['klinik-booking', 'klinik-booking-invoiced', 'klinik-booking-noshow']],
      ['Afventer betaling: Signe Kjær · Massage', ['klinik-booking', 'klinik-booking-invoiced', 'klinik-booking-awaiting']],
    ]);
  });
});

import { jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import type { Booking } from '@klinik/core';
import type { ClientsApi } from '../../../api';
import { ClientPageContext, type ClientPageServices } from '../page/context';
import BookingsSection from './BookingsSection';

const HOUR = 3_600_000;
const from = Date.UTC(2026, 10, 20, 9);

const booking = (id: string, extra: Partial<Booking>): Booking => ({
  id,
  clientId: '64b7f0c2a1b2c3d4e5f60719',
  treatmentId: '64b7f0c2a1b2c3d4e5f60718',
  therapistId: '64b7f0c2a1b2c3d4e5f60717',
  from,
  to: from + HOUR,
  bookingDate: '2026-11-20',
  reason: '',
  invoiceId: null,
  journalId: null,
  firstBooking: false,
  hasStamjournal: false,
  treatmentName: 'Massage',
  email: '',
  nameFirst: 'Signe',
  nameLast: 'Kjær',
  state: 'created',
  version: 0,
  noShow: false,
  awaitingPayment: false,
  payment: null,
  noShowFee: null,
  ...extra,
});

describe("the client's bookings", () => {
  it("say which the client did not come to ('Udeblevet'), beside their state", () => {
    const services = { api: {} as ClientsApi, notify: jest.fn(), print: jest.fn() } as unknown as ClientPageServices;
    render(
      <ClientPageContext.Provider value={services}>
        <BookingsSection
          bookings={[booking('64b7f0c2a1b2c3d4e5f60720', { noShow: true, state: 'invoiced', invoiceId: 'x' }), booking('64b7f0c2a1b2c3d4e5f60721', { from: from - 7 * 24 * HOUR, to: from - 7 * 24 * HOUR + HOUR })]}
          journals={[]}
          onOpenJournal={jest.fn()}
          onJournalCreated={jest.fn()}
          onClose={jest.fn()}
        />
      </ClientPageContext.Provider>,
    );
    const rows = within(screen.getByRole('table', { name: 'Klientens bookinger' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('Udeblevet · Faktureret')).toBeTruthy();
    expect(within(rows[2]!).getByText('Oprettet')).toBeTruthy();
  });
});

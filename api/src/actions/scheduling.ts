/** Bookings, leaves, opening hours and the booking drawer's client search (core/src/actions/scheduling.ts). Thin. */
import type { schedulingActions } from '@klinik/core';
import { withPayments } from '../domain/booking-payments/no-shows.js';
import { searchClients } from '../domain/clients/clients.js';
import { addBookingSeries, deleteBookingSeries, setBookingSeries } from '../domain/scheduling/booking-series.js';
import { addBooking, changeBooking, clientBookings, findBooking, listBookings, removeBooking, toBookingView } from '../domain/scheduling/bookings.js';
import {
  addLeave,
  addOpeningHours,
  addWeeklyOpeningHours,
  listLeaves,
  listOpeningHours,
  removeLeave,
  removeOpeningHours,
} from '../domain/scheduling/leaves-and-opening-hours.js';
import type { Handlers } from './types.js';

export const schedulingHandlers: Handlers<keyof typeof schedulingActions> = {
  getBookingsFromTherapist: async (input, ctx) => ({ data: await withPayments(ctx, await listBookings(ctx, input)) }),
  getBooking: async ({ id }, ctx) => ({ data: (await withPayments(ctx, [toBookingView(await findBooking(ctx, id))]))[0]! }),
  addBooking: async (input, ctx) => ({ message: 'Bookingen er oprettet', data: await addBooking(ctx, input) }),
  setBooking: async (input, ctx) => ({ message: 'Bookingen er gemt', data: (await withPayments(ctx, [await changeBooking(ctx, input)]))[0]! }),
  async deleteBooking({ id }, ctx) {
    await removeBooking(ctx, id);
    return { message: 'Bookingen er slettet' };
  },
  async addBookingSeries(input, ctx) {
    const data = await addBookingSeries(ctx, input);
    return { message: input.check ? 'Tiderne er tjekket' : `Serien er oprettet med ${data.bookings.length} tider`, data };
  },
  async setBookingSeries(input, ctx) {
    const data = await setBookingSeries(ctx, input);
    return { message: input.check ? 'Tiderne er tjekket' : 'Bookingen er gemt', data };
  },
  async deleteBookingSeries(input, ctx) {
    const data = await deleteBookingSeries(ctx, input);
    const message = data.kept.length ? `${data.deleted.length} slettet; ${data.kept.length} bevaret, fordi de har journal eller faktura` : 'Bookingen er slettet';
    return { message, data };
  },
  getBookingsFromClient: async ({ clientId }, ctx) => ({ data: await withPayments(ctx, await clientBookings(ctx, clientId)) }),

  getLeavesForDay: async (input, ctx) => ({ data: await listLeaves(ctx, input) }),
  addLeave: async (input, ctx) => ({ message: 'Fraværet er oprettet', data: await addLeave(ctx, input) }),
  async deleteLeave({ id }, ctx) {
    await removeLeave(ctx, id);
    return { message: 'Fraværet er slettet' };
  },
  getOpeningHoursFromTherapist: async (input, ctx) => ({ data: await listOpeningHours(ctx, input) }),
  addOpeningHours: async (input, ctx) => ({ message: 'Åbningstiden er oprettet', data: await addOpeningHours(ctx, input) }),
  addWeeklyOpeningHours: async ({ pattern, therapistId }, ctx) => ({
    message: 'Åbningstiderne er oprettet',
    data: await addWeeklyOpeningHours(ctx, pattern, therapistId),
  }),
  async deleteOpeningHours({ id }, ctx) {
    await removeOpeningHours(ctx, id);
    return { message: 'Åbningstiden er slettet' };
  },
  getClientsFromTherapistCompany: async ({ search }, ctx) => ({ data: await searchClients(ctx, search) }),
};

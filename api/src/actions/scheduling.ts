/** Treatments, bookings, leaves, opening hours and the client search of the booking drawer. Thin. */
import { searchClients } from '../domain/clients/clients.js';
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
import { createTreatment, deleteTreatment, getTreatment, listTreatments, therapistTreatments, updateTreatment } from '../domain/treatments/treatments.js';
import type { Handlers } from './types.js';

type SchedulingAction =
  | 'getAllTreatment'
  | 'getTreatment'
  | 'addTreatment'
  | 'setTreatment'
  | 'deleteTreatment'
  | 'getTreatmentsFromTherapist'
  | 'getAvailableTreatmentsFromTherapist'
  | 'getBookingsFromTherapist'
  | 'getBooking'
  | 'addBooking'
  | 'setBooking'
  | 'deleteBooking'
  | 'getBookingsFromClient'
  | 'getLeavesForDay'
  | 'addLeave'
  | 'deleteLeave'
  | 'getOpeningHoursFromTherapist'
  | 'addOpeningHours'
  | 'addWeeklyOpeningHours'
  | 'deleteOpeningHours'
  | 'getClientsFromTherapistCompany';

export const schedulingHandlers: Handlers<SchedulingAction> = {
  getAllTreatment: (input, ctx) => listTreatments(ctx, input),
  getTreatment: async ({ id }, ctx) => ({ data: await getTreatment(ctx, id) }),
  addTreatment: async (input, ctx) => ({ message: 'Behandling tilføjet med succes!', data: await createTreatment(ctx, input) }),
  setTreatment: async (input, ctx) => ({ message: 'Behandlingen blev opdateret med succes!', data: await updateTreatment(ctx, input) }),
  async deleteTreatment({ id }, ctx) {
    await deleteTreatment(ctx, id);
    return { message: 'Behandlingen er slettet' };
  },
  getTreatmentsFromTherapist: async ({ therapistId }, ctx) => ({ data: await therapistTreatments(ctx, therapistId) }),
  getAvailableTreatmentsFromTherapist: async ({ therapistId }, ctx) => ({ data: await therapistTreatments(ctx, therapistId) }),

  getBookingsFromTherapist: async (input, ctx) => ({ data: await listBookings(ctx, input) }),
  getBooking: async ({ id }, ctx) => ({ data: toBookingView(await findBooking(ctx, id)) }),
  addBooking: async (input, ctx) => ({ message: 'Bookingen er oprettet', data: await addBooking(ctx, input) }),
  setBooking: async (input, ctx) => ({ message: 'Bookingen er gemt', data: await changeBooking(ctx, input) }),
  async deleteBooking({ id }, ctx) {
    await removeBooking(ctx, id);
    return { message: 'Bookingen er slettet' };
  },
  getBookingsFromClient: async ({ clientId }, ctx) => ({ data: await clientBookings(ctx, clientId) }),

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

/** mf-calendar's calls, typed by the contracts, over the client the shell hands to every page. */
import type { ActionClient } from '@klinik/core/client';
import type { ActionInput } from '@klinik/core';

export const calendarApi = (client: ActionClient) => ({
  treatments: (input: ActionInput<'getAllTreatment'>) => client.call('getAllTreatment', input),
  addTreatment: (input: ActionInput<'addTreatment'>) => client.call('addTreatment', input),
  setTreatment: (input: ActionInput<'setTreatment'>) => client.call('setTreatment', input),
  deleteTreatment: (id: string) => client.call('deleteTreatment', { id }),
  /** The clinic's profile: its 'Momsregistreret' is a new treatment's VAT default. */
  company: () => client.call('getCompany', {}),
  /** Whether the clinic's own payment account is connected ('Betaling ved booking' needs it). */
  paymentAccount: () => client.call('getClinicPaymentAccount', {}),
  bookableTreatments: () => client.call('getAvailableTreatmentsFromTherapist', {}),
  bookings: (from: number, to: number) => client.call('getBookingsFromTherapist', { from, to }),
  leaves: (from: number, to: number) => client.call('getLeavesForDay', { from, to }),
  openingHours: (from: number, to: number) => client.call('getOpeningHoursFromTherapist', { from, to }),
  addBooking: (input: ActionInput<'addBooking'>) => client.call('addBooking', input),
  setBooking: (input: ActionInput<'setBooking'>) => client.call('setBooking', input),
  deleteBooking: (id: string) => client.call('deleteBooking', { id }),
  booking: (id: string) => client.call('getBooking', { id }),
  markNoShow: (input: ActionInput<'markNoShow'>) => client.call('markNoShow', input),
  chargeNoShowFee: (input: ActionInput<'chargeNoShowFee'>) => client.call('chargeNoShowFee', input),
  refundBookingPayment: (input: ActionInput<'refundBookingPayment'>) => client.call('refundBookingPayment', input),
  addBookingSeries: (input: ActionInput<'addBookingSeries'>) => client.call('addBookingSeries', input),
  setBookingSeries: (input: ActionInput<'setBookingSeries'>) => client.call('setBookingSeries', input),
  deleteBookingSeries: (input: ActionInput<'deleteBookingSeries'>) => client.call('deleteBookingSeries', input),
  addLeave: (input: ActionInput<'addLeave'>) => client.call('addLeave', input),
  deleteLeave: (id: string) => client.call('deleteLeave', { id }),
  addWeeklyOpeningHours: (input: ActionInput<'addWeeklyOpeningHours'>) => client.call('addWeeklyOpeningHours', input),
  deleteOpeningHours: (id: string) => client.call('deleteOpeningHours', { id }),
  searchClients: (search: string) => client.call('getClientsFromTherapistCompany', { search }),
  courseDates: (from: number, to: number) => client.call('getEventDatesFromTherapist', { from, to }),
  holidays: (from: number, to: number) => client.call('getHolidays', { from, to }),
  courseParticipants: (eventDateId: string) => client.call('getEventDateClientsFromTherapist', { eventDateId }),
  course: (id: string) => client.call('getEvent', { id }),
  calendarFeed: () => client.call('getCalendarFeed', {}),
  renewCalendarFeed: () => client.call('renewCalendarFeed', {}),
  deleteCalendarFeed: () => client.call('deleteCalendarFeed', {}),
  waitlist: () => client.call('getWaitlist', {}),
  addWaitlistEntry: (input: ActionInput<'addWaitlistEntry'>) => client.call('addWaitlistEntry', input),
  removeWaitlistEntry: (id: string) => client.call('removeWaitlistEntry', { id }),
  /** The clinic's rooms and equipment, and what each treatment needs (every therapist reads; the owner changes). */
  rooms: () => client.call('getRooms', {}),
  addRoom: (input: ActionInput<'addRoom'>) => client.call('addRoom', input),
  setRoom: (input: ActionInput<'setRoom'>) => client.call('setRoom', input),
  deleteRoom: (id: string) => client.call('deleteRoom', { id }),
  setTreatmentRooms: (input: ActionInput<'setTreatmentRooms'>) => client.call('setTreatmentRooms', input),
});

export type CalendarApi = ReturnType<typeof calendarApi>;

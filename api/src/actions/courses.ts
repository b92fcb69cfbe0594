/** Courses and the public online booking. Thin: parse is done, call the domain, answer. */
import { bookingMessages } from '@klinik/core';
import {
  addDates,
  changeDate,
  companyTherapists,
  courseDatesInRange,
  createCourse,
  deleteCourse,
  deleteDate,
  listCourses,
  participants,
  removeParticipant,
  therapistCourses,
  updateCourse,
} from '../domain/courses/courses.js';
import {
  addOnlineBooking,
  availability,
  courseSignUp,
  findClientByCpr,
  publicCourseDates,
  publicCourses,
  publicTherapist,
  publicTreatments,
  toPublicTherapist,
  unsubscribe,
} from '../domain/online-booking/online-booking.js';
import type { Handlers } from './types.js';

type CourseAction =
  | 'getAllEvent'
  | 'addEvent'
  | 'setEvent'
  | 'deleteEvent'
  | 'addEventDates'
  | 'setEventDate'
  | 'deleteEventDate'
  | 'getEventsFromTherapist'
  | 'getEventDatesFromTherapist'
  | 'getEventDateClientsFromTherapist'
  | 'deleteEventDateClient'
  | 'getCompanyTherapists'
  | 'clientGetTherapistInfo'
  | 'clientGetTreatmentsFromTherapist'
  | 'clientGetEventsFromTherapist'
  | 'clientGetEventDatesFromTherapist'
  | 'clientGetAvailable'
  | 'getClientsFromTherapistCompanyOnlineBooking'
  | 'clientAddBooking'
  | 'clientAddEventDateClients'
  | 'clientUnsubscribe'
  | 'getOnlineBookingSettings'
  | 'setOnlineBookingSettings';

function settingsOf(therapist: { bookingFormEnabled?: boolean | null; bookingMail?: boolean | null; bookingMailText?: string | null }) {
  return { bookingFormEnabled: therapist.bookingFormEnabled !== false, bookingMail: Boolean(therapist.bookingMail), bookingMailText: therapist.bookingMailText ?? '' };
}

export const courseHandlers: Handlers<CourseAction> = {
  getAllEvent: (input, ctx) => listCourses(ctx, input),
  addEvent: async (input, ctx) => ({ message: 'Kurset er oprettet', data: await createCourse(ctx, input) }),
  setEvent: async (input, ctx) => ({ message: 'Kurset er gemt', data: await updateCourse(ctx, input) }),
  async deleteEvent({ id }, ctx) {
    await deleteCourse(ctx, id);
    return { message: 'Kurset er slettet' };
  },
  addEventDates: async (input, ctx) => ({ message: 'Kursusdagene er oprettet', data: await addDates(ctx, input) }),
  setEventDate: async (input, ctx) => ({ message: 'Kursusdagen er gemt', data: await changeDate(ctx, input) }),
  deleteEventDate: async ({ id }, ctx) => ({ message: 'Kursusdagen er slettet', data: await deleteDate(ctx, id) }),
  getEventsFromTherapist: async ({ therapistId }, ctx) => ({ data: await therapistCourses(ctx, therapistId) }),
  getEventDatesFromTherapist: async (input, ctx) => ({ data: await courseDatesInRange(ctx, input) }),
  getEventDateClientsFromTherapist: async ({ eventDateId }, ctx) => ({ data: await participants(ctx, eventDateId) }),
  async deleteEventDateClient({ id }, ctx) {
    await removeParticipant(ctx, id);
    return { message: 'Deltageren er fjernet' };
  },
  getCompanyTherapists: async (_input, ctx) => ({ data: await companyTherapists(ctx) }),

  clientGetTherapistInfo: async ({ therapistId }, ctx) => ({ data: toPublicTherapist(await publicTherapist(ctx.models, therapistId), ctx.now()) }),
  clientGetTreatmentsFromTherapist: async ({ therapistId }, ctx) => ({ data: await publicTreatments(ctx.models, await publicTherapist(ctx.models, therapistId)) }),
  clientGetEventsFromTherapist: async ({ therapistId }, ctx) => ({ data: await publicCourses(ctx.models, await publicTherapist(ctx.models, therapistId), ctx.now()) }),
  clientGetEventDatesFromTherapist: async ({ eventId }, ctx) => ({ data: await publicCourseDates(ctx.models, eventId, ctx.now()) }),
  clientGetAvailable: async (input, ctx) => ({ data: await availability(ctx.models, await publicTherapist(ctx.models, input.therapistId), input, ctx.now()) }),
  getClientsFromTherapistCompanyOnlineBooking: async ({ therapistId, CPR }, ctx) => ({
    data: await findClientByCpr(ctx, await publicTherapist(ctx.models, therapistId), CPR),
  }),
  async clientAddBooking(input, ctx) {
    await addOnlineBooking(ctx, input);
    return { message: bookingMessages.done };
  },
  async clientAddEventDateClients(input, ctx) {
    const data = await courseSignUp(ctx, input);
    return { message: data.some((row) => row.isWaiting) ? bookingMessages.onWaitingList : bookingMessages.signedUp, data };
  },
  async clientUnsubscribe({ clientId }, ctx) {
    await unsubscribe(ctx, clientId);
    return { message: bookingMessages.unsubscribed };
  },
  getOnlineBookingSettings: async (_input, ctx) => ({ data: settingsOf(ctx.therapist) }),
  async setOnlineBookingSettings(input, ctx) {
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const updated = await ctx.models.Therapist.findOneAndUpdate({ _id: ctx.therapist._id }, { $set: changes }, { returnDocument: 'after' }).lean();
    return { message: 'Indstillingerne er gemt', data: settingsOf(updated ?? ctx.therapist) };
  },
};

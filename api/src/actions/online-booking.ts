/** The public online booking and the therapist's settings for it (core/src/actions/online-booking.ts). Thin. */
import { bookingMessages, publicMessages, type onlineBookingActions } from '@klinik/core';
import { availability, publicTreatments, toPublicTherapist } from '../domain/online-booking/availability.js';
import { addOnlineBooking } from '../domain/online-booking/booking.js';
import { courseSignUp, publicCourseDates, publicCourses } from '../domain/online-booking/courses.js';
import { cprLookup } from '../domain/online-booking/public-identity.js';
import { publicTherapist } from '../domain/online-booking/public-therapist.js';
import { acceptSubmission, listSubmissions, rejectSubmission, rejectSubmissions } from '../domain/online-booking/review.js';
import { bookingSettingsOf, changeBookingSettings } from '../domain/online-booking/settings.js';
import { unsubscribe } from '../domain/online-booking/unsubscribe.js';
import { merchantOf } from '../domain/payment-account/gateway.js';
import type { Handlers } from './types.js';

export const onlineBookingHandlers: Handlers<keyof typeof onlineBookingActions> = {
  clientGetTherapistInfo: async ({ therapistId }, ctx) => ({ data: toPublicTherapist(await publicTherapist(ctx, therapistId), ctx.now()) }),
  async clientGetTreatmentsFromTherapist({ therapistId }, ctx) {
    const page = await publicTherapist(ctx, therapistId);
    return { data: await publicTreatments(page, (await merchantOf(ctx.services, page.db)) !== null) };
  },
  clientGetEventsFromTherapist: async ({ therapistId }, ctx) => ({ data: await publicCourses(await publicTherapist(ctx, therapistId), ctx.now()) }),
  clientGetEventDatesFromTherapist: async ({ eventId }, ctx) => ({ data: await publicCourseDates(ctx, eventId) }),
  clientGetAvailable: async ({ treatmentId, ...input }, ctx) => ({ data: await availability(await publicTherapist(ctx, input.therapistId), { ...input, treatment: treatmentId }, ctx.now()) }),
  getClientsFromTherapistCompanyOnlineBooking: async ({ therapistId }, ctx) => ({ data: cprLookup(await publicTherapist(ctx, therapistId), ctx.now()) }),
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
  getOnlineBookingSettings: async (_input, ctx) => ({ data: bookingSettingsOf(ctx.therapist, ctx.company) }),
  setOnlineBookingSettings: async (input, ctx) => ({ message: 'Indstillingerne er gemt', data: await changeBookingSettings(ctx, input) }),
  getPublicSubmissions: async (_input, ctx) => ({ data: await listSubmissions(ctx) }),
  acceptPublicSubmission: async (input, ctx) => ({ message: publicMessages.submissionAccepted, data: await acceptSubmission(ctx, input) }),
  async rejectPublicSubmission({ id }, ctx) {
    await rejectSubmission(ctx, id);
    return { message: publicMessages.submissionRejected };
  },
  async rejectPublicSubmissions({ ids }, ctx) {
    const rejected = await rejectSubmissions(ctx, ids);
    return { message: publicMessages.submissionsRejected(rejected), data: { rejected } };
  },
};

/** Courses, their days and participants (core/src/actions/courses.ts). Thin. */
import type { courseActions } from '@klinik/core';
import { companyTherapists, createCourse, deleteCourse, listCourses, oneCourse, therapistCourses, updateCourse } from '../domain/courses/courses.js';
import { addDates, changeDate, courseDatesInRange, deleteDate } from '../domain/courses/days.js';
import { participants, removeParticipant } from '../domain/courses/participants.js';
import type { Handlers } from './types.js';

export const courseHandlers: Handlers<keyof typeof courseActions> = {
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
  getEvent: async ({ id }, ctx) => ({ data: await oneCourse(ctx, id) }),
  getEventsFromTherapist: async ({ therapistId }, ctx) => ({ data: await therapistCourses(ctx, therapistId) }),
  getEventDatesFromTherapist: async (input, ctx) => ({ data: await courseDatesInRange(ctx, input) }),
  getEventDateClientsFromTherapist: async ({ eventDateId }, ctx) => ({ data: await participants(ctx, eventDateId) }),
  async deleteEventDateClient({ id }, ctx) {
    await removeParticipant(ctx, id);
    return { message: 'Deltageren er fjernet' };
  },
  getCompanyTherapists: async (_input, ctx) => ({ data: await companyTherapists(ctx) }),
};

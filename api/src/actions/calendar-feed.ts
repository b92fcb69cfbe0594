/** The therapist's own calendar feed address (core/src/actions/calendar-feed.ts). Thin. */
import { calendarFeedMessages, type calendarFeedActions } from '@klinik/core';
import { calendarFeedStatus, deleteCalendarFeed, renewCalendarFeed } from '../domain/calendar-files/therapist-feed.js';
import type { Handlers } from './types.js';

export const calendarFeedHandlers: Handlers<keyof typeof calendarFeedActions> = {
  getCalendarFeed: async (_input, ctx) => ({ data: await calendarFeedStatus(ctx) }),
  renewCalendarFeed: async (_input, ctx) => ({ message: calendarFeedMessages.created, data: await renewCalendarFeed(ctx) }),
  deleteCalendarFeed: async (_input, ctx) => deleteCalendarFeed(ctx),
};

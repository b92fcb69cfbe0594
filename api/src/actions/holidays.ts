/** Danish holidays in the calendar and the clinic's choice of closed days (core/src/actions/holidays.ts). Thin. */
import { holidayMessages, type holidayActions } from '@klinik/core';
import { holidaySettingsOf, holidaysIn, saveHolidaySettings } from '../domain/scheduling/holidays.js';
import type { Handlers } from './types.js';

export const holidayHandlers: Handlers<keyof typeof holidayActions> = {
  getHolidays: async (input, ctx) => ({ data: holidaysIn(ctx.company, input) }),
  getHolidaySettings: async (_input, ctx) => ({ data: holidaySettingsOf(ctx.company) }),
  setHolidaySettings: async (input, ctx) => ({ message: holidayMessages.saved, data: await saveHolidaySettings(ctx, input) }),
};

/**
 * Danish holidays (core/src/holidays.ts): the days of a period as the calendar shows them, and which of them the
 * clinic keeps closed for online booking, a choice of the owner for the whole clinic.
 */
import { z } from 'zod';
import { defineAction, noInput } from '../contract.js';
import { epochMs } from '../fields.js';
import { HOLIDAY_IDS, holidayMessages, MAX_HOLIDAY_RANGE_MS } from '../holidays.js';
import { schedulingMessages } from '../messages-scheduling.js';

const holidayId = z.enum(HOLIDAY_IDS, { error: holidayMessages.unknownHoliday });

export const holidaySchema = z.strictObject({
  id: holidayId,
  name: z.string(),
  /** YYYY-MM-DD in Copenhagen time. */
  dateKey: z.string(),
  kind: z.enum(['public', 'optional']),
  /** Closed for online booking (the clinic's choice); the therapist may still book the day in the calendar. */
  closed: z.boolean(),
  /** The Copenhagen day, from its start to the next day's start (23, 24 or 25 hours). */
  from: z.number(),
  to: z.number(),
});
export type Holiday = z.infer<typeof holidaySchema>;

const holidaySettingsSchema = z.strictObject({ closed: z.array(holidayId) });
export type HolidaySettings = z.infer<typeof holidaySettingsSchema>;

export const holidayActions = {
  getHolidays: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'The Danish holidays in [from, to) (at most two years), each with its name, date, kind (public or optional) and whether the clinic keeps it closed for online booking.',
    input: z
      .strictObject({ from: epochMs, to: epochMs })
      .refine((value) => value.to > value.from, { message: schedulingMessages.endAfterStart, path: ['to'] })
      .refine((value) => value.to - value.from <= MAX_HOLIDAY_RANGE_MS, { message: schedulingMessages.rangeTooLong, path: ['to'] }),
    output: z.strictObject({ data: z.array(holidaySchema) }),
  }),
  getHolidaySettings: defineAction({
    access: 'therapist',
    summary: 'Which holidays the clinic keeps closed for online booking (the default until the owner chooses: every public holiday, Christmas Eve and New Year\'s Eve).',
    input: noInput,
    output: z.strictObject({ data: holidaySettingsSchema }),
  }),
  setHolidaySettings: defineAction({
    access: 'owner',
    plan: 'pro',
    summary: 'The owner chooses which holidays the clinic keeps closed for online booking (the whole list; the others are open like any day).',
    input: z.strictObject({
      closed: z
        .array(holidayId, { error: holidayMessages.unknownHoliday })
        .max(HOLIDAY_IDS.length, holidayMessages.unknownHoliday)
        .transform((ids) => HOLIDAY_IDS.filter((id) => ids.includes(id))),
    }),
    output: z.strictObject({ message: z.string(), data: holidaySettingsSchema }),
  }),
} as const;

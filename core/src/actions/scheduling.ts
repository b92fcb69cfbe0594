/** Bookings, leaves and opening hours (spec 2: Calendar, Bookings, Opening hours, New booking). */
import { z } from 'zod';
import { defineAction, messageAnswer } from '../contract.js';
import { epochMs, newClientSchema, objectId } from '../fields.js';
import { schedulingMessages } from '../messages-scheduling.js';
import { isOnUnitBoundary, MAX_CALENDAR_RANGE_MS, MAX_LEAVE_MS, timeRowProblems } from '../scheduling.js';
import { SERIES_MAX_DATES, SERIES_MAX_INTERVAL_WEEKS, seriesMessages, seriesProblem } from '../booking-series.js';

const onUnit = epochMs.refine(isOnUnitBoundary, schedulingMessages.timeOnFiveMinutes);

/** A calendar range [from, to): at most 62 days. */
const range = z
  .strictObject({ from: epochMs, to: epochMs, therapistId: objectId.optional() })
  .refine((value) => value.to > value.from, { message: schedulingMessages.endAfterStart, path: ['to'] })
  .refine((value) => value.to - value.from <= MAX_CALENDAR_RANGE_MS, { message: schedulingMessages.rangeTooLong, path: ['to'] });

/** A booking's payment at online booking, as the booking card shows it (øre incl. VAT). */
export const bookingPaymentViewSchema = z.strictObject({
  state: z.enum(['pending', 'paid', 'expired', 'refunded']),
  kind: z.enum(['full', 'deposit']),
  amountOre: z.number().int(),
  refundedOre: z.number().int(),
  method: z.enum(['card', 'mobilepay']).nullable(),
  /** A card was saved at checkout with the client's consent: a no-show fee can be charged from it. */
  canChargeCard: z.boolean(),
  /** The no-show fee charged or invoiced so far (0: none). */
  feeOre: z.number().int(),
});
export type BookingPaymentView = z.infer<typeof bookingPaymentViewSchema>;

/** The treatment's no-show fee: `open` until charged (from the saved card) or invoiced. */
export const noShowFeeViewSchema = z.strictObject({
  amountOre: z.number().int(),
  state: z.enum(['open', 'charged', 'invoiced']),
});

export const bookingSchema = z.strictObject({
  id: z.string(),
  clientId: z.string(),
  treatmentId: z.string().nullable(),
  therapistId: z.string(),
  from: z.number(),
  to: z.number(),
  /** YYYY-MM-DD in Copenhagen time. */
  bookingDate: z.string(),
  reason: z.string(),
  invoiceId: z.string().nullable(),
  journalId: z.string().nullable(),
  firstBooking: z.boolean(),
  hasStamjournal: z.boolean(),
  treatmentName: z.string(),
  email: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  /** created (yellow), journal (green), invoiced (blue). */
  state: z.enum(['created', 'journal', 'invoiced']),
  /** Changes compare this; a stale one answers 409. */
  version: z.number().int(),
  /** A date of a recurring series: the series, and its place in it (0 = the first; a skipped date leaves a gap). */
  seriesId: z.string().optional(),
  seriesIndex: z.number().int().optional(),
  /** The room it holds (a treatment that needs one: core/src/rooms.ts), and the equipment. */
  roomId: z.string().optional(),
  equipmentIds: z.array(z.string()).optional(),
  /** The client did not come ('Udeblevet'). */
  noShow: z.boolean(),
  /** Held while the client pays at online booking ('Afventer betaling'). */
  awaitingPayment: z.boolean(),
  /** What the client paid at online booking (øre incl. VAT), null when nothing was to be paid. */
  payment: bookingPaymentViewSchema.nullable(),
  /** The treatment's no-show fee and whether it is charged yet; null when the treatment has none. */
  noShowFee: noShowFeeViewSchema.nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * One date of a series as planned: where it lies now (after the choices), whether it was skipped, and what it
 * collides with (null: free), with a few free starts that day to choose from.
 */
export const seriesDateSchema = z.strictObject({
  index: z.number().int(),
  from: z.number(),
  to: z.number(),
  skipped: z.boolean(),
  /** 'room': the therapist is free, but no room (or equipment) the treatment needs is. */
  conflict: z.enum(['booking', 'leave', 'course', 'room']).nullable(),
  freeStarts: z.array(z.number()),
});
export type SeriesDate = z.infer<typeof seriesDateSchema>;

/** What the caller chose for a colliding date: `from` another start that day, or null to skip the date. */
const seriesChoice = z.strictObject({
  index: z.number().int().min(0).max(SERIES_MAX_DATES - 1),
  from: onUnit.nullable(),
});
const seriesChoices = z
  .array(seriesChoice)
  .max(SERIES_MAX_DATES)
  .default([])
  .refine((choices) => new Set(choices.map((choice) => choice.index)).size === choices.length, { message: seriesMessages.choiceUnknown });

export const seriesRepeatSchema = z.strictObject({
  intervalWeeks: z.number({ error: seriesMessages.interval }).int(seriesMessages.interval).min(1, seriesMessages.interval).max(SERIES_MAX_INTERVAL_WEEKS, seriesMessages.interval),
  until: z.string().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, seriesMessages.untilDate).optional(),
  count: z.number({ error: seriesMessages.tooFew }).int(seriesMessages.tooFew).min(2, seriesMessages.tooFew).max(SERIES_MAX_DATES, seriesMessages.tooMany).optional(),
});

/** The answer of a series call: the dates as planned, and the bookings saved (none when only checked). */
const seriesAnswer = z.strictObject({
  message: z.string(),
  data: z.strictObject({ seriesId: z.string().nullable(), dates: z.array(seriesDateSchema), bookings: z.array(bookingSchema) }),
});

export const leaveSchema = z.strictObject({ id: z.string(), therapistId: z.string(), from: z.number(), to: z.number(), reason: z.string() });
export type Leave = z.infer<typeof leaveSchema>;
export const openingHoursSchema = z.strictObject({ id: z.string(), therapistId: z.string(), from: z.number(), to: z.number() });
export type OpeningHours = z.infer<typeof openingHoursSchema>;

export const clientSummarySchema = z.strictObject({
  id: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string(),
  phonePrivate: z.string(),
  CPR6Digit: z.string(),
  CPRLast4Digit: z.string(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const newBookingClient = newClientSchema('Fejl: ');

/** What a new booking takes, alone (addBooking) or repeated (addBookingSeries). */
const newBookingFields = {
  treatmentId: objectId.optional(),
  from: onUnit,
  to: onUnit.optional(),
  clientId: objectId.optional(),
  client: newBookingClient.optional(),
  reason: z.string().trim().max(2000).default(''),
  therapistId: objectId.optional(),
};

/** A treatment is chosen, and exactly one of an existing client and a new one (each said at its field). */
function newBookingRules(value: { treatmentId?: string | undefined; clientId?: string | undefined; client?: unknown }, ctx: z.RefinementCtx): void {
  if (value.treatmentId === undefined) ctx.addIssue({ code: 'custom', message: schedulingMessages.treatmentRequired, path: ['treatmentId'] });
  if ((value.clientId === undefined) === (value.client === undefined)) ctx.addIssue({ code: 'custom', message: schedulingMessages.clientChoice, path: ['clientId'] });
}

const weekday = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7)]);
const hhmm = z.string().max(200).regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'Tidspunktet skal skrives tt:mm');

export const weeklyPatternSchema = z.strictObject({
  weekdays: z.array(weekday).min(1, 'Vælg mindst én ugedag').max(7),
  everyWeeks: z.number().int().min(1, 'Gentag hver 1. til 4. uge').max(4, 'Gentag hver 1. til 4. uge'),
  startDate: z.string().max(200).regex(/^\d{4}-\d{2}-\d{2}$/, 'Startdato skal være en dato'),
  occurrences: z.number().int().min(1, 'Antal gentagelser skal være mellem 1 og 52').max(52, 'Antal gentagelser skal være mellem 1 og 52'),
  times: z
    .array(z.strictObject({ start: hhmm, end: hhmm }))
    .min(1, 'Tilføj mindst ét tidsrum')
    .max(12)
    .superRefine((rows, ctx) => {
      for (const problem of timeRowProblems(rows)) ctx.addIssue({ code: 'custom', path: [problem.row, problem.field], message: problem.message });
    }),
});

export const schedulingActions = {
  getBookingsFromTherapist: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Bookings overlapping [from, to) of the caller (or, for the owner, of another therapist of the clinic).",
    input: range,
    output: z.strictObject({ data: z.array(bookingSchema) }),
  }),
  getBooking: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'One booking of the clinic.',
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ data: bookingSchema }),
  }),
  addBooking: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Books a treatment for an existing client (clientId) or a new one (client); the time is claimed atomically, an overlap answers 409.',
    input: z
      .strictObject(newBookingFields)
      .superRefine(newBookingRules),
    output: z.strictObject({ message: z.string(), data: bookingSchema }),
  }),
  setBooking: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Moves or edits a booking (time, treatment, reason); the new time is claimed first, a stale version answers 409.',
    input: z.strictObject({
      id: objectId,
      from: onUnit.optional(),
      to: onUnit.optional(),
      treatmentId: objectId.optional(),
      reason: z.string().trim().max(2000).optional(),
      version: z.number().int().min(0).optional(),
    }),
    output: z.strictObject({ message: z.string(), data: bookingSchema }),
  }),
  addBookingSeries: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary:
      "A recurring series of bookings (every 1–4 weeks, until a date or a number of times, at most 52), each date claimed like a single booking before anything is saved; saved whole or not at all. `check` answers the plan (conflicts with free starts) and saves nothing; a colliding date without a choice answers 409 with `errors['dates.<index>']`.",
    input: z
      .strictObject({
        ...newBookingFields,
        repeat: seriesRepeatSchema,
        choices: seriesChoices,
        check: z.boolean().default(false),
      })
      .superRefine(newBookingRules)
      .superRefine((value, ctx) => {
        const problem = seriesProblem(value.from, value.repeat);
        if (problem) ctx.addIssue({ code: 'custom', path: ['repeat', problem.path], message: problem.message });
      }),
    output: seriesAnswer,
  }),
  setBookingSeries: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary:
      "Edits a date of a series: 'this' (as setBooking) or 'following' (this and the later dates get the new time of day, day shift, treatment and reason), all or nothing with the same conflict listing, `check` and `choices` as addBookingSeries.",
    input: z.strictObject({
      id: objectId,
      scope: z.enum(['this', 'following']),
      from: onUnit.optional(),
      to: onUnit.optional(),
      treatmentId: objectId.optional(),
      reason: z.string().trim().max(2000).optional(),
      version: z.number().int().min(0).optional(),
      choices: seriesChoices,
      check: z.boolean().default(false),
    }),
    output: seriesAnswer,
  }),
  deleteBookingSeries: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Cancels a date of a series, or this and the later dates; dates with a journal or an invoice stay and are answered in `kept`.",
    input: z.strictObject({ id: objectId, scope: z.enum(['this', 'following']) }),
    output: z.strictObject({
      message: z.string(),
      data: z.strictObject({ deleted: z.array(z.string()), kept: z.array(z.strictObject({ id: z.string(), from: z.number(), reason: z.string() })) }),
    }),
  }),
  deleteBooking: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes a booking and frees its time.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getBookingsFromClient: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "A client's bookings in the clinic, newest first.",
    input: z.strictObject({ clientId: objectId }),
    output: z.strictObject({ data: z.array(bookingSchema) }),
  }),
  getLeavesForDay: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Leaves (unavailable times) overlapping [from, to).',
    input: range,
    output: z.strictObject({ data: z.array(leaveSchema) }),
  }),
  addLeave: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Marks the caller unavailable ('ikke tilgængelig') from–to with a reason; it claims the time like a booking.",
    input: z
      .strictObject({
        from: onUnit,
        to: onUnit,
        reason: z.string({ error: schedulingMessages.leaveReasonRequired }).trim().min(1, schedulingMessages.leaveReasonRequired).max(500),
        therapistId: objectId.optional(),
      })
      .refine((value) => value.to > value.from, { message: schedulingMessages.endAfterStart, path: ['to'] })
      .refine((value) => value.to - value.from <= MAX_LEAVE_MS, { message: schedulingMessages.leaveTooLong, path: ['to'] }),
    output: z.strictObject({ message: z.string(), data: leaveSchema }),
  }),
  deleteLeave: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes a leave and frees its time.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getOpeningHoursFromTherapist: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Opening hours overlapping [from, to).',
    input: range,
    output: z.strictObject({ data: z.array(openingHoursSchema) }),
  }),
  addOpeningHours: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Adds one opening interval from–to.',
    input: z
      .strictObject({ from: epochMs, to: epochMs, therapistId: objectId.optional() })
      .refine((value) => value.to > value.from, { message: schedulingMessages.endAfterStart, path: ['to'] })
      .refine((value) => value.to - value.from <= 24 * 3600_000, { message: schedulingMessages.rangeTooLong, path: ['to'] }),
    output: z.strictObject({ message: z.string(), data: z.array(openingHoursSchema) }),
  }),
  addWeeklyOpeningHours: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Adds the opening hours of the weekly dialog (weekdays, every 1–4 weeks, start date, occurrences, time rows), expanded in Copenhagen time.',
    input: z.strictObject({ pattern: weeklyPatternSchema, therapistId: objectId.optional() }),
    output: z.strictObject({ message: z.string(), data: z.array(openingHoursSchema) }),
  }),
  deleteOpeningHours: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes one opening interval.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getClientsFromTherapistCompany: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'a list of names and CPR numbers to pick a client from; the record opened from it is logged' },
    summary: "Finds clients of the clinic by name or CPR (at most 20), for the booking drawer's existing-client search.",
    input: z.strictObject({ search: z.string().trim().max(100).default('') }),
    output: z.strictObject({ data: z.array(clientSummarySchema) }),
  }),
} as const;

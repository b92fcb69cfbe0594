/** Courses (spec 2: Course, Event date, Event-date client). */
import { z } from 'zod';
import { defineAction, messageAnswer } from '../contract.js';
import { epochMs, objectId } from '../fields.js';
import { bookingMessages, schedulingMessages } from '../messages-scheduling.js';
import { isOnUnitBoundary, MAX_CALENDAR_RANGE_MS } from '../scheduling.js';

const onUnit = epochMs.refine(isOnUnitBoundary, schedulingMessages.timeOnFiveMinutes);

export const eventDateSchema = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  therapistId: z.string(),
  from: z.number(),
  to: z.number(),
  /** Sign-up closes this many days before the course. */
  latestDays: z.number(),
  /** Booked seats. */
  clients: z.number(),
  waiting: z.number(),
  version: z.number(),
});
export type EventDate = z.infer<typeof eventDateSchema>;

export const courseSchema = z.strictObject({
  id: z.string(),
  therapistId: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  limit: z.number(),
  min: z.number(),
  dates: z.array(eventDateSchema),
});
export type Course = z.infer<typeof courseSchema>;

export const courseDateInCalendarSchema = eventDateSchema.extend({ title: z.string(), limit: z.number() }).strict();
export type CourseDateInCalendar = z.infer<typeof courseDateInCalendarSchema>;

export const participantSchema = z.strictObject({
  id: z.string(),
  eventDateId: z.string(),
  clientId: z.string(),
  isWaiting: z.boolean(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string(),
  createdAt: z.number(),
});
export type Participant = z.infer<typeof participantSchema>;

const courseShape = {
  title: z.string({ error: bookingMessages.titleRequired }).trim().min(1, bookingMessages.titleRequired).max(200),
  description: z.string().max(50_000).default(''),
  limit: z.number({ error: bookingMessages.limitNumber }).int(bookingMessages.limitNumber).min(1, bookingMessages.limitNumber).max(1000, bookingMessages.limitNumber),
  min: z.number({ error: bookingMessages.minNumber }).int(bookingMessages.minNumber).min(0, bookingMessages.minNumber).max(1000, bookingMessages.minNumber),
};
const minNotAboveMax = (value: { min: number; limit: number }) => value.min <= value.limit;
const minAboveMaxIssue = { message: bookingMessages.minAboveMax, path: ['min'] };

const courseFields = z.strictObject(courseShape).refine(minNotAboveMax, minAboveMaxIssue);

const dateFields = z
  .strictObject({
    from: onUnit,
    to: onUnit,
    latestDays: z.number({ error: bookingMessages.latestDays }).int(bookingMessages.latestDays).min(0, bookingMessages.latestDays).max(365, bookingMessages.latestDays),
  })
  .refine((value) => value.to > value.from, { message: 'Sluttidspunkt skal være efter starttidspunkt!', path: ['to'] })
  .refine((value) => value.to - value.from <= 24 * 3600_000, { message: schedulingMessages.bookingTooLong, path: ['to'] });

const courseDates = z.array(dateFields).min(1, bookingMessages.courseDateRequired).max(100);

export const courseActions = {
  getAllEvent: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "The clinic's courses with their days, paginated and searchable; the owner may filter by therapist, others see their own.",
    input: z.strictObject({
      page: z.number().int().min(1).default(1),
      size: z.union([z.literal(5), z.literal(10), z.literal(15)]).default(10),
      search: z.string().trim().max(100).default(''),
      therapistId: objectId.optional(),
    }),
    output: z.strictObject({ data: z.array(courseSchema), total: z.number().int() }),
  }),
  addEvent: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary:
      'Creates a course (title, HTML description, limit, min) and, when `dates` are given, its days, all or nothing: a refused day leaves no course behind. The description is sanitised on the server.',
    input: z.strictObject({ ...courseShape, dates: courseDates.optional() }).refine(minNotAboveMax, minAboveMaxIssue),
    output: z.strictObject({ message: z.string(), data: courseSchema }),
  }),
  setEvent: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Changes a course.',
    input: z.strictObject({ id: objectId, course: courseFields }),
    output: z.strictObject({ message: z.string(), data: courseSchema }),
  }),
  deleteEvent: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes a course with its days and sign-ups, freeing the days.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  addEventDates: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Adds course days (from, to, latestDays); each claims the time like a booking, all or none.',
    input: z.strictObject({ eventId: objectId, dates: courseDates }),
    output: z.strictObject({ message: z.string(), data: z.array(eventDateSchema) }),
  }),
  setEventDate: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Moves a course day or changes its deadline (compare-and-swap on version).',
    input: z.strictObject({ id: objectId, date: dateFields, version: z.number().int().min(0).optional() }),
    output: z.strictObject({ message: z.string(), data: eventDateSchema }),
  }),
  deleteEventDate: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Deletes a course day with its sign-ups and frees the time; answers the course as it is afterwards (the dialog shows the server's days).",
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ message: z.string(), data: courseSchema }),
  }),
  getEvent: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "One course with its days (the calendar's course card): the owner any of the clinic's, a therapist their own.",
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ data: courseSchema }),
  }),
  getEventsFromTherapist: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "A therapist's courses with their days (the caller's own by default).",
    input: z.strictObject({ therapistId: objectId.optional() }),
    output: z.strictObject({ data: z.array(courseSchema) }),
  }),
  getEventDatesFromTherapist: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Course days overlapping [from, to), with their course titles (red in the calendar).',
    input: z
      .strictObject({ from: epochMs, to: epochMs, therapistId: objectId.optional() })
      .refine((value) => value.to > value.from && value.to - value.from <= MAX_CALENDAR_RANGE_MS, { message: schedulingMessages.rangeTooLong, path: ['to'] }),
    output: z.strictObject({ data: z.array(courseDateInCalendarSchema) }),
  }),
  getEventDateClientsFromTherapist: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'The participants of a course day and its waiting list.',
    input: z.strictObject({ eventDateId: objectId }),
    output: z.strictObject({ data: z.array(participantSchema) }),
  }),
  deleteEventDateClient: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Removes a participant (or someone waiting) from a course day; a freed seat goes to the first on the waiting list, who is mailed.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  getCompanyTherapists: defineAction({
    access: 'therapist',
    summary: "The clinic's therapists, sorted by first name (for the owner's therapist filters).",
    input: z.strictObject({}),
    output: z.strictObject({ data: z.array(z.strictObject({ id: z.string(), nameFirst: z.string(), nameLast: z.string() })) }),
  }),
} as const;

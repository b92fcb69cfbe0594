/**
 * The public online booking (spec 1 §2, §4, §5, §7, §8) and its settings. Public actions never tell whether
 * someone is a client of the clinic: a booking or sign-up carries the person's details, and the server
 * books the client on record only when name and e-mail match it, else holds it for the therapist; the answer is the
 * same either way (api/src/domain/online-booking/public-identity.ts).
 */
import { z } from 'zod';
import { publicTreatmentPaymentSchema } from '../booking-payments.js';
import { defineAction } from '../contract.js';
import { epochMs, newClientSchema, objectId } from '../fields.js';
import { bookingMessages, schedulingMessages } from '../messages-scheduling.js';
import { isOnUnitBoundary } from '../scheduling.js';
import { normalizeFullCpr } from '../predicates.js';
import { cancelNoticeHours } from './portal.js';

export const publicClient = newClientSchema('');

/** The opaque reference of an existing client, from getClientsFromTherapistCompanyOnlineBooking. */
const clientRef = z.string({ error: bookingMessages.missingInformation }).min(20, bookingMessages.missingInformation).max(2000, bookingMessages.missingInformation);

export const publicTherapistSchema = z.strictObject({
  id: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  companyName: z.string(),
  companyEmail: z.string(),
  companyPhone: z.string(),
  bookingFormEnabled: z.boolean(),
  /** False: the therapist takes no new clients; only existing ones can book. */
  isAvailable: z.boolean(),
  colors: z.array(z.string()),
});
export type PublicTherapist = z.infer<typeof publicTherapistSchema>;

export const publicTreatmentSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  duration: z.number(),
  pause: z.number(),
  price: z.number(),
  /** Paid at booking (startBookingPayment instead of clientAddBooking); null when not, or the clinic takes no payments. */
  payment: publicTreatmentPaymentSchema.nullable(),
});
export type PublicTreatment = z.infer<typeof publicTreatmentSchema>;

export const publicCourseSchema = z.strictObject({ id: z.string(), title: z.string(), description: z.string(), limit: z.number(), min: z.number() });
export type PublicCourse = z.infer<typeof publicCourseSchema>;

export const publicCourseDateSchema = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  from: z.number(),
  to: z.number(),
  latestDays: z.number(),
  /** Booked seats and the course's limit: at or above it, a sign-up goes on the waiting list. */
  clients: z.number(),
  limit: z.number(),
  full: z.boolean(),
  /** The last moment to sign up. */
  deadline: z.number(),
});
export type PublicCourseDate = z.infer<typeof publicCourseDateSchema>;

/** The therapist's online-booking settings, and the clinic's journal rule for 'Mine tider'. */
export const onlineBookingSettingsSchema = z.strictObject({
  bookingFormEnabled: z.boolean(),
  bookingMail: z.boolean(),
  bookingMailText: z.string(),
  cancelNoticeHours: z.number(),
  portalChangeMail: z.boolean(),
  journalExport: z.enum(['included', 'on-request']),
});

export const consent = z.literal(true, { error: bookingMessages.consentRequired });

/**
 * A public submission waiting for the therapist: a held booking or sign-up, an intake form without link, or a client's
 * request for their journal from 'Mine tider'.
 */
export const publicSubmissionSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['booking', 'course', 'intake', 'journal-request', 'waitlist']),
  createdAt: z.number(),
  person: z.strictObject({
    nameFirst: z.string(),
    nameLast: z.string(),
    CPR6Digit: z.string(),
    CPRLast4Digit: z.string(),
    email: z.string(),
    phonePrivate: z.string(),
    address: z.string(),
    post: z.string(),
    town: z.string(),
  }),
  /** The clinic's client with this CPR number, for the therapist to attach to (never answered on a public action). */
  matchingClientId: z.string().nullable(),
  treatmentName: z.string(),
  from: z.number(),
  reason: z.string(),
  eventDateIds: z.array(z.string()),
  answers: z.array(z.strictObject({ fieldName: z.string(), value: z.string() })),
});
export type PublicSubmission = z.infer<typeof publicSubmissionSchema>;

export const onlineBookingActions = {
  clientGetTherapistInfo: defineAction({
    access: 'public',
    // The booking page's reads (this and the three below) run once or a few times per visit: 600 in 15 minutes is a
    // busy page seen from one shared address (a workplace, a mobile carrier's NAT), as for clientGetAvailable.
    rateLimit: { points: 600, durationSeconds: 15 * 60 },
    summary: 'What the booking page shows of a therapist and the clinic, and whether the form is enabled.',
    input: z.strictObject({ therapistId: objectId }),
    output: z.strictObject({ data: publicTherapistSchema }),
  }),
  clientGetTreatmentsFromTherapist: defineAction({
    access: 'public',
    rateLimit: { points: 600, durationSeconds: 15 * 60 },
    summary: "The therapist's treatments that can be booked online.",
    input: z.strictObject({ therapistId: objectId, clientId: clientRef.optional() }),
    output: z.strictObject({ data: z.array(publicTreatmentSchema) }),
  }),
  clientGetEventsFromTherapist: defineAction({
    access: 'public',
    rateLimit: { points: 600, durationSeconds: 15 * 60 },
    summary: "The therapist's courses that have a day still open for sign-up.",
    input: z.strictObject({ therapistId: objectId }),
    output: z.strictObject({ data: z.array(publicCourseSchema) }),
  }),
  clientGetEventDatesFromTherapist: defineAction({
    access: 'public',
    rateLimit: { points: 600, durationSeconds: 15 * 60 },
    summary: "A course's upcoming days with seats booked, limit and sign-up deadline.",
    input: z.strictObject({ eventId: objectId }),
    output: z.strictObject({ data: z.array(publicCourseDateSchema) }),
  }),
  clientGetAvailable: defineAction({
    access: 'public',
    rateLimit: { points: 600, durationSeconds: 15 * 60 },
    summary: 'Free start times for a treatment of duration and pause (milliseconds) in [from, to), at most 7 days, never today; with `treatmentId`, only times when the rooms and equipment it needs are free too.',
    input: z
      .strictObject({
        therapistId: objectId,
        treatmentId: objectId.optional(),
        from: epochMs,
        to: epochMs,
        duration: z.number().int().min(5 * 60_000).max(12 * 3600_000),
        pause: z.number().int().min(0).max(2 * 3600_000),
      })
      .refine((value) => value.to > value.from && value.to - value.from <= 8 * 24 * 3600_000, { message: schedulingMessages.rangeTooLong, path: ['to'] }),
    output: z.strictObject({ data: z.array(z.number()) }),
  }),
  getClientsFromTherapistCompanyOnlineBooking: defineAction({
    access: 'public',
    // The CPR lookup is the one that could be abused to probe who is a client.
    rateLimit: { points: 10, durationSeconds: 15 * 60 },
    summary: 'Kept for the spec: answers an empty list for every CPR number while the form is open, so it tells no one who is a client (rate limited).',
    input: z.strictObject({
      therapistId: objectId,
      CPR: z
        .string({ error: bookingMessages.fullCpr })
        .max(20, bookingMessages.fullCpr)
        .transform((value) => normalizeFullCpr(value) ?? '')
        .refine((value) => value !== '', bookingMessages.fullCpr),
    }),
    output: z.strictObject({ data: z.array(z.never()).max(0) }),
  }),
  clientAddBooking: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary:
      'Books a treatment online: re-checks the time, the day (not today), the treatment and the form, claims the time atomically; a person the clinic cannot verify is held for the therapist, with the same answer.',
    input: z
      .strictObject({
        therapistId: objectId,
        treatmentId: objectId,
        from: epochMs.refine(isOnUnitBoundary, schedulingMessages.timeOnFiveMinutes),
        client: publicClient,
        reason: z.string({ error: bookingMessages.reasonRequired }).trim().min(1, bookingMessages.reasonRequired).max(2000),
        consent,
      }),
    output: z.strictObject({ message: z.string() }),
  }),
  clientAddEventDateClients: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary:
      'Signs a person up for course days; a full day puts them on its waiting list; the deadline is enforced; a person the clinic cannot verify is held for the therapist, with the same answer.',
    input: z.strictObject({
      therapistId: objectId,
      eventDateIds: z.array(objectId).min(1, bookingMessages.courseDateRequired).max(50),
      client: publicClient,
      consent,
    }),
    output: z.strictObject({ message: z.string(), data: z.array(z.strictObject({ eventDateId: z.string(), isWaiting: z.boolean() })) }),
  }),
  clientUnsubscribe: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: 'Opts a client out of newsletters; `clientId` is the signed token from the mail link, not a database id.',
    input: z.strictObject({ clientId: z.string().min(20, bookingMessages.unsubscribeLinkInvalid).max(2000, bookingMessages.unsubscribeLinkInvalid) }),
    output: z.strictObject({ message: z.string() }),
  }),
  getOnlineBookingSettings: defineAction({
    access: 'therapist',
    summary: "The caller's online-booking settings: form on/off, confirmation mail on/off and its text, the notice for cancelling and moving in 'Mine tider', and the clinic's journal rule there.",
    input: z.strictObject({}),
    output: z.strictObject({ data: onlineBookingSettingsSchema }),
  }),
  setOnlineBookingSettings: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Changes the caller's online-booking settings; the clinic's journal rule (`journalExport`) only the owner.",
    input: z.strictObject({
      bookingFormEnabled: z.boolean().optional(),
      bookingMail: z.boolean().optional(),
      bookingMailText: z.string().max(5000, 'Teksten må højst være 5000 tegn').optional(),
      cancelNoticeHours: cancelNoticeHours.optional(),
      portalChangeMail: z.boolean().optional(),
      /** The clinic's rule: only the owner may change it. */
      journalExport: z.enum(['included', 'on-request']).optional(),
    }),
    output: z.strictObject({ message: z.string(), data: onlineBookingSettingsSchema }),
  }),
  getPublicSubmissions: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'what someone typed on the public pages, before it is on a client; accepting it makes the record whose reads are logged' },
    plan: 'pro',
    summary: 'What the public pages handed in that waits for review: held bookings and sign-ups, intake forms sent without the signed link (newest first; a therapist their own, the owner all).',
    input: z.strictObject({}),
    output: z.strictObject({ data: z.array(publicSubmissionSchema) }),
  }),
  acceptPublicSubmission: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Accepts a public submission onto the chosen client (clientId) or a new client made from its details: books the time, signs up for the days, or adds the answers.',
    input: z.strictObject({ id: objectId, clientId: objectId.optional() }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ clientId: z.string() }) }),
  }),
  rejectPublicSubmission: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Rejects (deletes) a public submission; no client record is touched.',
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ message: z.string() }),
  }),
  rejectPublicSubmissions: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary:
      "Rejects (deletes) many public submissions at once (a queue filled by strangers is cleared in one go); those the caller may not see, or already gone, are skipped. Answers how many went.",
    input: z.strictObject({ ids: z.array(objectId).min(1, 'Vælg mindst én henvendelse').max(1000, 'Højst 1000 ad gangen') }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ rejected: z.number().int() }) }),
  }),
} as const;

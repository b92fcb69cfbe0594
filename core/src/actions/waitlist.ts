/**
 * The waiting list for ordinary treatments (core/src/waitlist.ts): the therapist puts a client on a therapist's list
 * for a treatment with the weekdays and hours that suit them, or a signed-in client joins from 'Mine tider'. When a
 * time frees up, the first suitable person is offered it by SMS and mail with a link; the link's page shows the time
 * (`getWaitlistOffer`) and takes it (`acceptWaitlistOffer`): the first accept books it, an offer lapses after 30
 * minutes and goes to the next.
 */
import { z } from 'zod';
import { defineAction } from '../contract.js';
import { objectId } from '../fields.js';
import { minutesOfClock, waitlistMessages as M, WAITLIST_OFFER_TTL_MS } from '../waitlist.js';
import { consent, publicClient } from './online-booking.js';
import { portalToken } from './portal.js';

const clock = z.string({ error: M.timeFormat }).max(5, M.timeFormat).regex(/^([01]\d|2[0-4]):[0-5]\d$/, M.timeFormat).refine((value) => minutesOfClock(value) !== null, M.timeFormat);

/** The weekdays (1 = Monday … 7 = Sunday) and the hours that suit someone on the list. */
const wishes = {
  days: z
    .array(z.number({ error: M.daysRequired }).int(M.daysRequired).min(1, M.daysRequired).max(7, M.daysRequired), { error: M.daysRequired })
    .min(1, M.daysRequired)
    .max(7, M.daysRequired)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  fromTime: clock,
  toTime: clock,
};
const hoursInOrder = (value: { fromTime: string; toTime: string }) => (minutesOfClock(value.toTime) ?? 0) > (minutesOfClock(value.fromTime) ?? 0);

/** The offer's link token (in the link's fragment): opaque, URL-safe. */
export const waitlistOfferToken = z
  .string({ error: M.offerUnknown })
  .max(200, M.offerUnknown)
  .regex(/^[A-Za-z0-9_-]{20,200}$/, M.offerUnknown);

export const waitlistOfferStates = ['offered', 'accepted', 'lapsed', 'taken', 'withdrawn'] as const;

export const waitlistOfferSchema = z.strictObject({
  from: z.number(),
  to: z.number(),
  state: z.enum(waitlistOfferStates),
  createdAt: z.number(),
  expiresAt: z.number(),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferSchema>;

export const waitlistEntrySchema = z.strictObject({
  id: z.string(),
  therapistId: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  treatmentId: z.string(),
  treatmentName: z.string(),
  days: z.array(z.number()),
  fromTime: z.string(),
  toTime: z.string(),
  state: z.enum(['active', 'booked', 'removed']),
  /** 'calendar' when the therapist added it, 'portal' when the client joined from 'Mine tider', 'booking-page' from the public booking page. */
  source: z.enum(['calendar', 'portal', 'booking-page']),
  createdAt: z.number(),
  /** The offers made to this person, newest first. */
  offers: z.array(waitlistOfferSchema),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** What the offer's page shows (only to whoever holds the link). */
export const publicWaitlistOfferSchema = z.strictObject({
  from: z.number(),
  to: z.number(),
  treatmentName: z.string(),
  therapistName: z.string(),
  clinicName: z.string(),
  expiresAt: z.number(),
  /** 'offered' while it may be taken; the others say why not. */
  state: z.enum(waitlistOfferStates),
});

/** `offer`: the link's token (the endpoint's `token` is the caller's sign-in). */
const link = { therapistId: objectId, offer: waitlistOfferToken };

export const waitlistActions = {
  addWaitlistEntry: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: `Puts one of the caller's clients on a therapist's waiting list (the caller's own, or for the owner a colleague's) for a treatment, with the weekdays and hours that suit; offers lapse after ${WAITLIST_OFFER_TTL_MS / 60_000} minutes.`,
    input: z
      .strictObject({ clientId: objectId, treatmentId: objectId, therapistId: objectId.optional(), ...wishes })
      .refine(hoursInOrder, { message: M.hoursOrder, path: ['toTime'] }),
    output: z.strictObject({ message: z.string(), data: waitlistEntrySchema }),
  }),
  getWaitlist: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "A therapist's waiting list (the caller's own, or for the owner a colleague's): the people on it, oldest first, each with the offers made and their state.",
    input: z.strictObject({ therapistId: objectId.optional() }),
    output: z.strictObject({ data: z.array(waitlistEntrySchema) }),
  }),
  removeWaitlistEntry: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Takes someone off the waiting list; an offer still open to them is withdrawn.',
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ message: z.string() }),
  }),
  clientPortalJoinWaitlist: defineAction({
    access: 'public',
    rateLimit: { points: 20, durationSeconds: 60 * 60 },
    summary: "From 'Mine tider': the signed-in client joins the booking page's therapist's waiting list for a treatment, with the weekdays and hours that suit.",
    input: z.strictObject({ portalToken, treatmentId: objectId, ...wishes }).refine(hoursInOrder, { message: M.hoursOrder, path: ['toTime'] }),
    output: z.strictObject({ message: z.string() }),
  }),
  clientJoinWaitlist: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary:
      "From the public booking page when no time suits: the person of the wizard's form joins the therapist's waiting list for a treatment, with the weekdays and hours that suit; decided as a booking is (the client on record, a new client, or held for the therapist), with one answer for all.",
    input: z
      .strictObject({ therapistId: objectId, treatmentId: objectId, client: publicClient, consent, ...wishes })
      .refine(hoursInOrder, { message: M.hoursOrder, path: ['toTime'] }),
    output: z.strictObject({ message: z.string() }),
  }),
  getWaitlistOffer: defineAction({
    access: 'public',
    rateLimit: { points: 60, durationSeconds: 60 * 60 },
    summary: 'The time an offer link holds (for its page): unknown links answer 404, one text for all.',
    input: z.strictObject(link),
    output: z.strictObject({ data: publicWaitlistOfferSchema }),
  }),
  acceptWaitlistOffer: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary:
      'Takes the time of an offer link: the first accept books it with the slot claims (one booking whatever the number of simultaneous accepts); a lapsed or used offer answers 409, an unknown link 404, a time taken meanwhile 409; nothing is saved then.',
    input: z.strictObject(link),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ from: z.number(), to: z.number() }) }),
  }),
} as const;

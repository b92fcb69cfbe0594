/**
 * The therapist's private calendar feed ('Abonnér i din egen kalender' on /Kalender): a secret address their phone's
 * calendar subscribes to, with their bookings as initials and treatment only. The address is shown once, when made;
 * the API keeps only its hash, so a lost address is replaced ('Ny adresse'), which ends the old one.
 */
import { z } from 'zod';
import { defineAction, messageAnswer, noInput } from '../contract.js';

export const calendarFeedMessages = {
  created: 'Din kalenderadresse er klar. Kopiér den nu: den vises kun denne ene gang.',
  deleted: 'Kalenderadressen er slettet. Din kalender henter ikke flere tider fra den.',
} as const;

export const calendarFeedSchema = z.strictObject({
  /** Whether an address works now, and since when (the address itself is never shown again). */
  active: z.boolean(),
  createdAt: z.number().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedActions = {
  getCalendarFeed: defineAction({
    access: 'therapist',
    summary: "Whether the caller's own calendar feed address works, and since when (never the address itself).",
    input: noInput,
    output: z.strictObject({ data: calendarFeedSchema }),
  }),
  renewCalendarFeed: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Makes a new secret address of the caller's own calendar feed and answers it once; an address made before stops working.",
    input: noInput,
    output: z.strictObject({ message: z.string(), data: calendarFeedSchema.extend({ url: z.string() }) }),
  }),
  deleteCalendarFeed: defineAction({
    access: 'therapist',
    summary: "Ends the caller's own calendar feed address: it answers 404 from then on.",
    input: noInput,
    output: messageAnswer,
  }),
} as const;

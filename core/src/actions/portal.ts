/**
 * 'Mine tider': a client's own page beside the public booking page, without a password. The client asks for a link
 * (`requestClientPortalLink`: one answer whatever the address), the mailed single-use link (15 minutes) is exchanged
 * for a portal session (`clientPortalSignIn`: one client record of one clinic, 30 minutes idle, revocable), and the
 * session's `portalToken` goes with every other portal action. Every portal action is `public` to the endpoint (no
 * therapist token) and checks the portal session itself (api/src/domain/portal/session.ts); another client's booking
 * or invoice answers 404 as an unknown id would.
 */
import { z } from 'zod';
import { defineAction } from '../contract.js';
import { email, epochMs, linkToken, objectId, optionalText, phone, post } from '../fields.js';
import { bookingMessages, schedulingMessages } from '../messages-scheduling.js';
import { portalMessages } from '../messages-portal.js';
import { isOnUnitBoundary } from '../scheduling.js';
import { invoiceSnapshotSchema } from './invoices.js';

/*
 * A mailed link's token travels as `linkToken`, never `token`: the endpoint takes a body's `token` as the caller's
 * sign-in (api/src/endpoint/dispatch.ts), so an input field of that name would never reach the action.
 */

/** The portal session's token: opaque, URL-safe, never a database id. */
export const portalToken = z
  .string({ error: portalMessages.signedOut })
  .max(200, portalMessages.signedOut)
  .regex(/^[A-Za-z0-9_-]{20,200}$/, portalMessages.signedOut);

/** The clinic's rule for cancelling and moving, in hours before the booking (0: until it starts). */
export const cancelNoticeHours = z.number({ error: portalMessages.cancelNoticeHours }).int(portalMessages.cancelNoticeHours).min(0, portalMessages.cancelNoticeHours).max(168, portalMessages.cancelNoticeHours);
export const DEFAULT_CANCEL_NOTICE_HOURS = 24;

/** What the portal shows of a booking. */
export const portalBookingSchema = z.strictObject({
  id: z.string(),
  from: z.number(),
  to: z.number(),
  treatmentId: z.string().nullable(),
  treatmentName: z.string(),
  therapistId: z.string(),
  therapistName: z.string(),
  /** The clinic's address as one line. */
  address: z.string(),
  /** Outside the notice: the client may move it here. */
  mayChange: z.boolean(),
  /**
   * Outside the notice and neither invoiced nor journaled: the client may cancel it here (the calendar's own rule
   * keeps an invoiced or journaled booking; the client calls the clinic). Moving keeps those links.
   */
  mayCancel: z.boolean(),
  /** The last moment it may be cancelled or moved here. */
  changeDeadline: z.number(),
  /**
   * Paid at online booking: what was paid now (all or a deposit, øre incl. VAT) of the price, what has come back, and
   * the cancellation rule the client accepted; null when nothing was paid at booking. Cancelled here before the notice,
   * the payment is refunded in full.
   */
  payment: z
    .strictObject({
      state: z.enum(['pending', 'paid', 'refunded']),
      kind: z.enum(['full', 'deposit']),
      amountOre: z.number().int(),
      priceOre: z.number().int(),
      refundedOre: z.number().int(),
      method: z.enum(['card', 'mobilepay']).nullable(),
      rule: z.string(),
    })
    .nullable(),
});
export type PortalBooking = z.infer<typeof portalBookingSchema>;

export const portalCourseSeatSchema = z.strictObject({
  eventDateId: z.string(),
  title: z.string(),
  from: z.number(),
  to: z.number(),
  isWaiting: z.boolean(),
});

export const portalInvoiceSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(['invoice', 'creditNote']),
  number: z.string(),
  /** Issue date, epoch ms. */
  date: z.number(),
  /** Total including VAT, in øre. */
  totalOre: z.number(),
  paid: z.boolean(),
});

export const portalClientSchema = z.strictObject({
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string(),
  phonePrivate: z.string(),
  address: z.string(),
  post: z.string(),
  town: z.string(),
  /** A new address waiting for its confirmation link, or ''. */
  pendingEmail: z.string(),
});

export const portalClinicSchema = z.strictObject({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  /** The booking page this portal belongs to (the therapist whose page the client came from). */
  therapistId: z.string(),
  cancelNoticeHours: z.number(),
  /** 'included': journals come with 'Hent mine data'; 'on-request': the client asks, the therapist approves. */
  journalExport: z.enum(['included', 'on-request']),
});

export const clientPortalSchema = z.strictObject({
  client: portalClientSchema,
  clinic: portalClinicSchema,
  upcoming: z.array(portalBookingSchema),
  past: z.array(portalBookingSchema),
  courses: z.array(portalCourseSeatSchema),
  invoices: z.array(portalInvoiceSchema),
});
export type ClientPortal = z.infer<typeof clientPortalSchema>;

const portalDetails = z.strictObject({
  portalToken,
  phonePrivate: phone.optional(),
  address: optionalText('Adresse', 200),
  post: post.optional(),
  town: optionalText('By', 100),
  email: email.optional(),
});

export const portalActions = {
  requestClientPortalLink: defineAction({
    access: 'public',
    // Each request may mail a stranger's address: a few per hour per caller address, and per recipient the message
    // budget's cap (api/src/config.ts MESSAGE_BUDGETS) on top.
    rateLimit: { points: 10, durationSeconds: 60 * 60 },
    summary:
      "Mails a single-use 'Mine tider' link (15 minutes) to the address when it is on a client of the booking page's clinic; the same answer, status and timing whatever the address.",
    input: z.strictObject({ therapistId: objectId, email }),
    output: z.strictObject({ message: z.string() }),
  }),
  clientPortalSignIn: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: "Uses up a portal link and answers a portal session (one client of one clinic, 30 minutes idle); an unknown, expired or used link answers 401 with one text (the link's page offers a new one).",
    input: z.strictObject({ linkToken }),
    output: z.strictObject({ data: z.strictObject({ portalToken, expiresIn: z.number(), therapistId: z.string() }) }),
  }),
  clientPortalSignOut: defineAction({
    access: 'public',
    rateLimit: { points: 60, durationSeconds: 15 * 60 },
    summary: 'Ends the portal session.',
    input: z.strictObject({ portalToken }),
    output: z.strictObject({ message: z.string() }),
  }),
  getClientPortal: defineAction({
    access: 'public',
    rateLimit: { points: 600, durationSeconds: 15 * 60 },
    summary: "The signed-in client's page: their details, upcoming and past bookings, course seats, invoices and credit notes, and the clinic's rule.",
    input: z.strictObject({ portalToken }),
    output: z.strictObject({ data: clientPortalSchema }),
  }),
  getClientPortalInvoice: defineAction({
    access: 'public',
    accessLog: { exempt: "the client reads their own invoice in 'Mine tider'" },
    rateLimit: { points: 120, durationSeconds: 15 * 60 },
    summary: "One of the signed-in client's invoices or credit notes as its stored snapshot, for the browser to draw the PDF; another's id answers 404.",
    input: z.strictObject({ portalToken, invoiceId: objectId }),
    // What renderInvoicePdf draws: one snapshot for an invoice or a credit note.
    output: z.strictObject({ data: invoiceSnapshotSchema }),
  }),
  getClientPortalFreeTimes: defineAction({
    access: 'public',
    rateLimit: { points: 600, durationSeconds: 15 * 60 },
    summary: "Free start times to move one of the client's bookings to, in [from, to) (at most 8 days): the booking page's times, the booking's own time counted free.",
    input: z
      .strictObject({ portalToken, bookingId: objectId, from: epochMs, to: epochMs })
      .refine((value) => value.to > value.from && value.to - value.from <= 8 * 24 * 3600_000, { message: schedulingMessages.rangeTooLong, path: ['to'] }),
    output: z.strictObject({ data: z.array(z.number()) }),
  }),
  clientPortalCancelBooking: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: "Cancels one of the client's bookings outside the clinic's notice (409 inside it); the calendar and the reminders follow, the therapist is told when they asked to be.",
    input: z.strictObject({ portalToken, bookingId: objectId }),
    output: z.strictObject({ message: z.string() }),
  }),
  clientPortalMoveBooking: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: "Moves one of the client's bookings to a free time, both outside the notice, claimed as the booking page claims; a time taken meanwhile answers 409 and changes nothing (the page asks for the free times again).",
    input: z.strictObject({ portalToken, bookingId: objectId, from: epochMs.refine(isOnUnitBoundary, schedulingMessages.timeOnFiveMinutes) }),
    output: z.strictObject({ message: z.string(), data: portalBookingSchema }),
  }),
  clientPortalAddBooking: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: "Books again as the signed-in client (no details typed, no review queue): the booking page's checks and claims.",
    input: z.strictObject({
      portalToken,
      therapistId: objectId,
      treatmentId: objectId,
      from: epochMs.refine(isOnUnitBoundary, schedulingMessages.timeOnFiveMinutes),
      reason: z.string({ error: bookingMessages.reasonRequired }).trim().min(1, bookingMessages.reasonRequired).max(2000),
    }),
    output: z.strictObject({ message: z.string(), data: portalBookingSchema }),
  }),
  setClientPortalDetails: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: "Corrects the client's phone and address; a new e-mail is mailed a confirmation link and applies once confirmed. Name and CPR only through the clinic.",
    input: portalDetails,
    output: z.strictObject({ message: z.string(), data: portalClientSchema }),
  }),
  confirmClientPortalEmail: defineAction({
    access: 'public',
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary: "Applies a client's new e-mail from the confirmation link mailed to it.",
    input: z.strictObject({ linkToken }),
    output: z.strictObject({ message: z.string() }),
  }),
  clientPortalExport: defineAction({
    access: 'public',
    accessLog: { kind: 'export', clients: 'noted' },
    rateLimit: { points: 10, durationSeconds: 60 * 60 },
    summary:
      "'Hent mine data': what the clinic holds about the client (details, bookings, course seats, invoices; journals when the clinic includes them), for the browser to save as JSON and draw as a PDF.",
    input: z.strictObject({ portalToken }),
    output: z.strictObject({ data: z.record(z.string(), z.unknown()) }),
  }),
  requestClientPortalJournal: defineAction({
    access: 'public',
    rateLimit: { points: 5, durationSeconds: 24 * 60 * 60 },
    summary: "Asks for the journal where the clinic gives it on request: a request in the therapist's 'Henvendelser' to approve.",
    input: z.strictObject({ portalToken }),
    output: z.strictObject({ message: z.string() }),
  }),
} as const;

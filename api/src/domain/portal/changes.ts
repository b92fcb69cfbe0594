/**
 * A client cancels or moves their own booking in 'Mine tider'. The booking's own therapist's notice applies
 * (`cancelNoticeHours`): outside it the client may act, inside it only the clinic can (409 with the clinic's rule).
 * The rest is the calendar's and the booking page's, not a copy of them:
 *
 * - free times: the booking page's availability (online-booking/availability.ts: opening hours, bookings with their
 *   pause, leaves, course days, closed holidays, never today) for the booking's length and pause, with the booking's
 *   own time counted free, and only starts outside the notice;
 * - a move: the new time must be among those, and is claimed as the calendar's changeBooking claims it (its room and
 *   equipment too: scheduling/resource-claims.ts, then slots.move with a compare-and-swap on `version`), so a
 *   concurrent calendar edit or a second move loses with 409 and changes nothing; the booking's `version` grows,
 *   which is the SEQUENCE of the calendar file mailed to the client;
 * - a cancellation: the calendar's deletion (scheduling/bookings.ts deleteBookingUnlessKept): a booking with a journal
 *   or an invoice stays, and its slot claims go, so the booking page offers the time at once;
 * - either way the freed time is noted for the waiting list (waitlist/freed-times.ts), as the calendar notes it.
 *
 * Reminders need nothing here: the planner and runner read the booking itself when they plan and send
 * (contact/planner.ts, jobs/message-runner.ts), so a deleted booking is not reminded and a moved one is reminded
 * of its new time.
 */
import { Types } from 'mongoose';
import { bookingMessages, copenhagenDateKey, isBookableDay, messages, portalMessages, startOfCopenhagenDay, type ParsedInput, type PortalBooking } from '@klinik/core';
import { sendNotice, type MailMessage } from '../../adapters/mail/index.js';
import { portalChangeMail } from '../../adapters/mail/templates.js';
import type { PublicContext } from '../../context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { BookingDoc, TherapistDoc } from '../../models/index.js';
import { refundBeforePortalCancel } from '../booking-payments/changes.js';
import { bookingCancelledMessage, bookingMovedMessage, danishWhen, type BookingMailFacts } from '../calendar-files/booking-mails.js';
import { mayMailPublicRecipient, spendMailBudget } from '../contact/outbound.js';
import { availability } from '../online-booking/availability.js';
import type { PublicPage } from '../online-booking/public-therapist.js';
import { deleteBookingUnlessKept } from '../scheduling/bookings.js';
import { bookingNeeds, heldSet, moveBookingClaims } from '../scheduling/resource-claims.js';
import { heldTime, noteFreedTime } from '../waitlist/freed-times.js';
import type { Portal } from './session.js';
import { cancelNoticeMs, paymentsOf, portalBooking } from './view.js';

const DAY_MS = 24 * 3600_000;

interface OwnBooking {
  booking: BookingDoc;
  therapist: TherapistDoc;
}

/** One of the signed-in client's bookings with its therapist; anyone else's is as unknown as a made-up id. */
async function ownBooking(portal: Portal, bookingId: string): Promise<OwnBooking> {
  const booking = await portal.db.Booking.findOne({ _id: new Types.ObjectId(bookingId), clientId: portal.clientId }).lean();
  const therapist = booking ? await portal.db.Therapist.findOne({ _id: booking.therapistId }).lean() : null;
  if (!booking || !therapist) throw new NotFoundError(messages.notFound);
  return { booking, therapist };
}

/** A journal written on the booking (its `_id` is the booking's) keeps it from being cancelled here. */
async function hasJournal(portal: Portal, booking: Pick<BookingDoc, '_id' | 'journalId'>): Promise<boolean> {
  return Boolean(booking.journalId) || (await portal.db.Journal.exists({ _id: booking._id, clientId: portal.clientId })) !== null;
}

/** Refuses a time inside the notice of its therapist (or already begun). */
function assertOutsideNotice(from: number, therapist: TherapistDoc, now: number): void {
  if (now >= from - cancelNoticeMs(therapist)) throw new ConflictError(portalMessages.insideNotice(cancelNoticeMs(therapist) / 3_600_000));
}

/**
 * The starts in [from, to) the booking may move to. Its length and pause are the booking's own (the treatment's when
 * it was booked; a move never changes the length, as dragging in the calendar does not).
 */
async function freeStarts(portal: Portal, { booking, therapist }: OwnBooking, range: { from: number; to: number }, now: number): Promise<number[]> {
  const page: PublicPage = { therapist, company: portal.company, db: portal.db };
  // Its rooms and equipment as a move would claim them (scheduling/resource-claims.ts).
  const needs = await bookingNeeds(portal.db, booking, { treatment: null, timeChanged: true });
  const starts = await availability(page, { ...range, duration: booking.to - booking.from, pause: (booking.pause ?? 0) * 1000, ignore: booking._id, needs }, now);
  const earliest = now + cancelNoticeMs(therapist);
  return starts.filter((start) => start > earliest);
}

export async function portalFreeTimes(ctx: PublicContext, portal: Portal, input: Omit<ParsedInput<'getClientPortalFreeTimes'>, 'portalToken'>): Promise<number[]> {
  const own = await ownBooking(portal, input.bookingId);
  return freeStarts(portal, own, { from: input.from, to: input.to }, ctx.now());
}

function mailFacts(portal: Portal, therapist: TherapistDoc, booking: Pick<BookingDoc, '_id' | 'from' | 'to' | 'treatmentName'>, sequence: number, now: number): BookingMailFacts {
  return {
    recipient: { email: portal.client.email ?? '', name: portal.client.nameFirst },
    bookingId: booking._id.toString(),
    sequence,
    from: booking.from,
    to: booking.to,
    treatment: booking.treatmentName ?? '',
    therapist,
    company: portal.company,
    now,
  };
}

/**
 * The client's mail with its calendar file, and the therapist's when they asked for it. Within the public mail caps
 * and the clinic's budget; a mail not sent never undoes the change.
 */
async function tellBoth(ctx: PublicContext, portal: Portal, therapist: TherapistDoc, clientMail: MailMessage, change: { when: string; previousWhen?: string; treatment: string }): Promise<void> {
  const now = ctx.now();
  const what = change.previousWhen === undefined ? 'portal cancellation' : 'portal move';
  const address = portal.client.email ?? '';
  if (address && (await mayMailPublicRecipient(ctx.services, portal.company, address, now, what))) await sendNotice(ctx.services, clientMail, what);
  if (therapist.portalChangeMail === false || !therapist.email) return;
  if ((await spendMailBudget(ctx.services.limiter, portal.company, 1, now)) !== null) return;
  const notice = portalChangeMail(therapist.email, {
    therapistName: therapist.nameFirst,
    clientName: `${portal.client.nameFirst} ${portal.client.nameLast}`.trim(),
    treatment: change.treatment,
    when: change.when,
    previousWhen: change.previousWhen,
    link: `${ctx.services.config.appUrl}/Kalender`,
  });
  await sendNotice(ctx.services, notice, `${what} notice`);
}

export async function portalCancelBooking(ctx: PublicContext, portal: Portal, bookingId: string): Promise<void> {
  const now = ctx.now();
  const own = await ownBooking(portal, bookingId);
  const { booking, therapist } = own;
  assertOutsideNotice(booking.from, therapist, now);
  // Paid at booking: the money back in full and a credit note of its invoice, then the booking goes as any other.
  await refundBeforePortalCancel({ db: portal.db, services: ctx.services, now: () => ctx.now() }, booking, await hasJournal(portal, booking));
  const current = (await portal.db.Booking.findOne({ _id: booking._id, clientId: portal.clientId }).lean()) ?? booking;
  try {
    await deleteBookingUnlessKept({ db: portal.db, now: () => ctx.now() }, current);
  } catch (error) {
    // A journal or an invoice on it (or one being issued this moment): the clinic's to cancel.
    if (error instanceof ConflictError) throw new ConflictError(portalMessages.keptByClinic);
    throw error;
  }
  // The waiting list hears of the freed time as after the calendar's own deletion.
  await noteFreedTime(portal.db, heldTime(booking), ctx.now(), ctx.services.logger);
  // Deleted, not changed: the CANCEL must still outrank every file mailed before it.
  const mail = bookingCancelledMessage(mailFacts(portal, therapist, booking, (booking.version ?? 0) + 1, now));
  await tellBoth(ctx, portal, therapist, mail, { when: danishWhen(booking.from), treatment: booking.treatmentName ?? '' });
}

export async function portalMoveBooking(ctx: PublicContext, portal: Portal, input: Omit<ParsedInput<'clientPortalMoveBooking'>, 'portalToken'>): Promise<PortalBooking> {
  const now = ctx.now();
  const own = await ownBooking(portal, input.bookingId);
  const { booking, therapist } = own;
  assertOutsideNotice(booking.from, therapist, now);
  const payment = (await paymentsOf(portal, [booking._id])).get(booking._id.toHexString()) ?? null;
  if (input.from === booking.from) return portalBooking(booking, therapist, portal.company, now, await hasJournal(portal, booking), payment);
  if (!isBookableDay(input.from, now)) throw new ValidationError(bookingMessages.sameDay, { from: bookingMessages.sameDay });
  assertOutsideNotice(input.from, therapist, now);
  const dayStart = startOfCopenhagenDay(input.from);
  // The day as the booking page checks it (a day with a clock change is 23 or 25 hours: the extra hours cover it).
  const offered = await freeStarts(portal, own, { from: dayStart, to: dayStart + DAY_MS + 3 * 3600_000 }, now);
  if (!offered.includes(input.from)) throw new ConflictError(portalMessages.timeTaken);

  const from = input.from;
  const to = from + (booking.to - booking.from);
  let moved: BookingDoc;
  try {
    moved = await moveBookingClaims(
      portal.db,
      {
        booking,
        after: { from, to },
        needs: await bookingNeeds(portal.db, booking, { treatment: null, timeChanged: true }),
        now,
        current: () => portal.db.Booking.findOne({ _id: booking._id, clientId: portal.clientId }, { from: 1, to: 1, roomId: 1, equipmentIds: 1 }).lean(),
      },
      (held) =>
        portal.db.Booking.findOneAndUpdate(
          { _id: booking._id, clientId: portal.clientId, version: booking.version },
          { $set: { from, to, bookingDate: copenhagenDateKey(from), ...heldSet(held) }, $inc: { version: 1 } },
          { returnDocument: 'after' },
        ).lean(),
      portalMessages.timeTaken,
    );
  } catch (error) {
    // The claim lost to another booking, leave or course day written meanwhile: the same answer as a lost swap.
    if (error instanceof ConflictError) throw new ConflictError(portalMessages.timeTaken);
    throw error;
  }
  await noteFreedTime(portal.db, heldTime(booking), ctx.now(), ctx.services.logger);
  const mail = bookingMovedMessage(mailFacts(portal, therapist, moved, moved.version ?? 0, now), booking.from);
  await tellBoth(ctx, portal, therapist, mail, { when: danishWhen(moved.from), previousWhen: danishWhen(booking.from), treatment: moved.treatmentName ?? '' });
  return portalBooking(moved, therapist, portal.company, now, await hasJournal(portal, moved), payment);
}

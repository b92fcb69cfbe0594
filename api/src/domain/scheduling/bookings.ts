/**
 * Bookings: created, moved, edited and deleted with their time claimed first, so an overlap with
 * another booking or a leave is refused by the database itself (data/concurrency/slot-claims.ts). Everything goes
 * through the caller-scoped data access: a therapist sees and works in their own calendar, the owner in any of the
 * clinic's.
 */
import { Types } from 'mongoose';
import { bookingRefundMessages, bookingState, copenhagenDateKey, copenhagenDateKeysBetween, MAX_BOOKING_MS, messages, schedulingMessages, type Booking, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { BookingDoc, ClientDoc, TreatmentDoc } from '../../models/index.js';
import { createClient, findVisibleClient } from '../clients/clients.js';
import { claimBooking } from '../invoices/issue.js';
import { heldTime, noteFreedTime } from '../waitlist/freed-times.js';
import { overlapFilter } from './ranges.js';
import { bookingNeeds, claimNewBooking, heldFields, heldSet, moveBookingClaims, needsOf } from './resource-claims.js';
import { assertMayChange, targetTherapist } from './target.js';

export function toBookingView(booking: BookingDoc): Booking {
  const view = {
    id: booking._id.toString(),
    clientId: booking.clientId.toString(),
    treatmentId: booking.treatmentId ? booking.treatmentId.toString() : null,
    therapistId: booking.therapistId.toString(),
    from: booking.from,
    to: booking.to,
    bookingDate: booking.bookingDate,
    reason: booking.reason ?? '',
    invoiceId: booking.invoiceId ? booking.invoiceId.toString() : null,
    journalId: booking.journalId ? booking.journalId.toString() : null,
    firstBooking: Boolean(booking.firstBooking),
    hasStamjournal: Boolean(booking.hasStamjournal),
    treatmentName: booking.treatmentName ?? '',
    email: booking.email ?? '',
    nameFirst: booking.nameFirst ?? '',
    nameLast: booking.nameLast ?? '',
    version: booking.version ?? 0,
    ...(booking.seriesId ? { seriesId: booking.seriesId.toString(), seriesIndex: booking.seriesIndex ?? 0 } : {}),
    ...(booking.roomId ? { roomId: booking.roomId.toString() } : {}),
    ...(booking.equipmentIds?.length ? { equipmentIds: booking.equipmentIds.map(String) } : {}),
    noShow: booking.noShow === true,
    awaitingPayment: booking.awaitingPayment === true,
    // Read apart by the booking ids where a screen needs them (booking-payments/no-shows.ts withPayments).
    payment: null,
    noShowFee: null,
  };
  return { ...view, state: bookingState(view) };
}

export async function findBooking(ctx: TherapistContext, id: string): Promise<BookingDoc> {
  const booking = await ctx.db.Booking.findById(new Types.ObjectId(id)).lean();
  if (!booking) throw new NotFoundError(messages.notFound);
  return booking;
}

export async function findTreatment(ctx: TherapistContext, treatmentId: string, therapistId: Types.ObjectId): Promise<TreatmentDoc> {
  const treatment = await ctx.db.Treatment.findOne({ _id: new Types.ObjectId(treatmentId), therapistId }).lean();
  if (!treatment) throw new ValidationError(schedulingMessages.treatmentRequired, { treatmentId: schedulingMessages.treatmentRequired });
  return treatment;
}

export function checkLength(from: number, to: number): void {
  if (to <= from) throw new ValidationError(schedulingMessages.endAfterStart, { to: schedulingMessages.endAfterStart });
  if (to - from > MAX_BOOKING_MS) throw new ValidationError(schedulingMessages.bookingTooLong, { to: schedulingMessages.bookingTooLong });
}

export async function listBookings(ctx: TherapistContext, input: ParsedInput<'getBookingsFromTherapist'>): Promise<Booking[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  // The range, and the Copenhagen days a booking overlapping it can start on, as exact keys: an index serves that on
  // MongoDB and on the embedded database alike, where a range alone reads every booking of the therapist
  // (docs/decisions/0006-patched-ferretdb-build.md: ranges are never pushed down, exact keys are).
  const days = copenhagenDateKeysBetween(input.from - MAX_BOOKING_MS, input.to);
  const bookings = await ctx.db.Booking.find({ ...overlapFilter(therapist._id, input, MAX_BOOKING_MS), bookingDate: { $in: days } }).sort({ from: 1 }).lean();
  return bookings.map(toBookingView);
}

/** Whether this is the client's first booking anywhere in the clinic (a colleague's counts too). */
export async function isFirstBooking(db: TenantDb, clientId: Types.ObjectId): Promise<boolean> {
  return !(await db.clinic('clinic-wide-check').Booking.exists({ clientId }));
}

export async function addBooking(ctx: TherapistContext, input: ParsedInput<'addBooking'>): Promise<Booking> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const treatment = await findTreatment(ctx, input.treatmentId!, therapist._id);
  const to = input.to ?? input.from + treatment.duration * 1000;
  checkLength(input.from, to);

  let client: ClientDoc;
  if (input.client) {
    if (therapist.isAvailable === false) throw new ConflictError(schedulingMessages.onlyExistingClients);
    client = await createClient(ctx.db, input.client, therapist._id);
  } else {
    const found = await findVisibleClient(ctx, input.clientId!);
    if (!found) throw new NotFoundError(messages.notFound);
    client = found;
  }

  const id = new Types.ObjectId();
  try {
    const needs = await needsOf(ctx.db, treatment);
    const booking = await claimNewBooking(ctx.db, { therapistId: therapist._id, span: { from: input.from, to }, ref: id, needs, now: ctx.now() }, async (held) =>
      ctx.db.Booking.create({
        ...heldFields(held),
        _id: id,
        therapistId: therapist._id,
        clientId: client._id,
        treatmentId: treatment._id,
        from: input.from,
        to,
        bookingDate: copenhagenDateKey(input.from),
        reason: input.reason,
        firstBooking: await isFirstBooking(ctx.db, client._id),
        treatmentName: treatment.name,
        pause: treatment.pause ?? 0,
        email: client.email ?? '',
        nameFirst: client.nameFirst,
        nameLast: client.nameLast,
        version: 0,
      }),
    );
    return toBookingView(booking.toObject());
  } catch (error) {
    // A new client made for this booking goes again, so a refused booking changes nothing.
    if (input.client) await ctx.db.Client.deleteOne({ _id: client._id });
    throw error;
  }
}

export async function changeBooking(ctx: TherapistContext, input: ParsedInput<'setBooking'>): Promise<Booking> {
  const booking = await findBooking(ctx, input.id);
  assertMayChange(ctx, booking.therapistId);
  if (input.version !== undefined && input.version !== booking.version) throw new ConflictError(schedulingMessages.changedMeanwhile);

  let treatment: TreatmentDoc | null = null;
  if (input.treatmentId && input.treatmentId !== booking.treatmentId?.toString()) {
    treatment = await findTreatment(ctx, input.treatmentId, booking.therapistId);
  }
  const from = input.from ?? booking.from;
  // A move keeps the duration (spec 2 §4: dragging cannot change it); a new treatment brings its own.
  const to = input.to ?? (treatment ? from + treatment.duration * 1000 : from + (booking.to - booking.from));
  checkLength(from, to);

  const needs = await bookingNeeds(ctx.db, booking, { treatment, timeChanged: from !== booking.from || to !== booking.to });
  const updated = await moveBookingClaims(
    ctx.db,
    {
      booking,
      after: { from, to },
      needs,
      now: ctx.now(),
      current: () => ctx.db.Booking.findById(booking._id, { from: 1, to: 1, roomId: 1, equipmentIds: 1 }).lean(),
    },
    (held) =>
      ctx.db.Booking.findOneAndUpdate(
        { _id: booking._id, version: booking.version },
        {
          $set: {
            from,
            to,
            bookingDate: copenhagenDateKey(from),
            ...(input.reason !== undefined ? { reason: input.reason } : {}),
            ...(treatment ? { treatmentId: treatment._id, treatmentName: treatment.name, pause: treatment.pause ?? 0 } : {}),
            ...heldSet(held),
          },
          $inc: { version: 1 },
        },
        { returnDocument: 'after' },
      ).lean(),
    schedulingMessages.changedMeanwhile,
  );
  if (from !== booking.from || to !== booking.to) await noteFreedTime(ctx.db, heldTime(booking), ctx.now(), ctx.services.logger);
  return toBookingView(updated);
}

/**
 * Deletes a booking unless something would be lost with it. One with a journal stays (the journal's `_id`
 * is the booking's, and journals are kept). One with an invoice stays until the invoice is credited: a credit note needs its booking.
 * Bookings have no cancelled state; an invoiced booking is credited, then it may go. The booking's invoicing claim is
 * taken first, as issuing takes it (invoices/issue.ts): of a deletion and an invoice issued at the same time, one
 * happens, never an invoice of a deleted booking. The claim stays behind, as every invoice claim does.
 */
export async function removeBooking(ctx: TherapistContext, id: string): Promise<void> {
  const booking = await findBooking(ctx, id);
  assertMayChange(ctx, booking.therapistId);
  await deleteBookingUnlessKept(ctx, booking);
  await noteFreedTime(ctx.db, heldTime(booking), ctx.now(), ctx.services.logger);
}

/** removeBooking's rules and work once the caller may delete `booking` (the calendar, or the client's own 'Mine tider'). */
export async function deleteBookingUnlessKept(ctx: Pick<TherapistContext, 'db' | 'now'>, booking: BookingDoc): Promise<void> {
  if (booking.journalId || (await ctx.db.clinic('clinic-wide-check').Journal.exists({ _id: booking._id }))) throw new ConflictError(schedulingMessages.bookingHasJournal);
  if (booking.invoiceId) throw new ConflictError(schedulingMessages.bookingInvoiced);
  // A no-show whose fee was charged or invoiced stays: the fee's invoice is of this booking (booking-payments/no-shows.ts).
  if (booking.noShow && (await ctx.db.clinic('clinic-wide-check').Invoice.exists({ claimId: `${booking._id.toHexString()}:fee` }))) {
    throw new ConflictError(bookingRefundMessages.feeKeepsBooking);
  }
  await claimBooking(ctx, booking, 'inv', schedulingMessages.bookingInvoiced);
  // The booking first, then its claims: a crash between leaves claims only the sweeper sees.
  await ctx.db.Booking.deleteOne({ _id: booking._id });
  await ctx.db.slots.release(booking._id);
}

export async function clientBookings(ctx: TherapistContext, clientId: string): Promise<Booking[]> {
  const client = await findVisibleClient(ctx, clientId);
  if (!client) throw new NotFoundError(messages.notFound);
  const bookings = await ctx.db.Booking.find({ clientId: client._id }).sort({ from: -1 }).limit(500).lean();
  return bookings.map(toBookingView);
}

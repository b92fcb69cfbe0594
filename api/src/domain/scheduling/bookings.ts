/**
 * Bookings: created, moved, edited and deleted with their time claimed first (claims.ts), so an overlap with
 * another booking or a leave is refused by the database itself. Every write is scoped by the caller's company;
 * a therapist works in their own calendar, the owner in any of the clinic's.
 */
import { Types } from 'mongoose';
import { bookingState, copenhagenDateKey, MAX_BOOKING_MS, messages, schedulingMessages, type Booking, type ParsedInput } from '@klinik/core';
import type { ActionContext } from '../../context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { BookingDoc, TreatmentDoc } from '../../models/index.js';
import { createClient, findVisibleClient } from '../clients/clients.js';
import { claimIds, claimUnits, releaseUnits } from './claims.js';
import { overlapFilter } from './ranges.js';
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
  };
  return { ...view, state: bookingState(view) };
}

/** What the caller may see of the clinic's bookings: all of them for the owner, their own otherwise. */
function bookingScope(ctx: ActionContext): Record<string, unknown> {
  return ctx.therapist.isAdmin ? { companyId: ctx.company._id } : { companyId: ctx.company._id, therapistId: ctx.therapist._id };
}

export async function findBooking(ctx: ActionContext, id: string): Promise<BookingDoc> {
  const booking = await ctx.models.Booking.findOne({ ...bookingScope(ctx), _id: new Types.ObjectId(id) }).lean();
  if (!booking) throw new NotFoundError(messages.notFound);
  return booking;
}

async function findTreatment(ctx: ActionContext, treatmentId: string, therapistId: Types.ObjectId): Promise<TreatmentDoc> {
  const treatment = await ctx.models.Treatment.findOne({ _id: new Types.ObjectId(treatmentId), companyId: ctx.company._id, therapistId }).lean();
  if (!treatment) throw new ValidationError(schedulingMessages.treatmentRequired, { treatmentId: schedulingMessages.treatmentRequired });
  return treatment;
}

function checkLength(from: number, to: number): void {
  if (to <= from) throw new ValidationError(schedulingMessages.endAfterStart, { to: schedulingMessages.endAfterStart });
  if (to - from > MAX_BOOKING_MS) throw new ValidationError(schedulingMessages.bookingTooLong, { to: schedulingMessages.bookingTooLong });
}

export async function listBookings(ctx: ActionContext, input: ParsedInput<'getBookingsFromTherapist'>): Promise<Booking[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const bookings = await ctx.models.Booking.find(overlapFilter(ctx.company._id, therapist._id, input, MAX_BOOKING_MS)).sort({ from: 1 }).lean();
  return bookings.map(toBookingView);
}

export async function addBooking(ctx: ActionContext, input: ParsedInput<'addBooking'>): Promise<Booking> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const treatment = await findTreatment(ctx, input.treatmentId!, therapist._id);
  const to = input.to ?? input.from + treatment.duration * 1000;
  checkLength(input.from, to);

  let client;
  if (input.client) {
    if (therapist.isAvailable === false) throw new ConflictError(schedulingMessages.onlyExistingClients);
    client = await createClient(ctx.models, ctx.company._id, input.client, therapist._id);
  } else {
    client = await findVisibleClient(ctx, input.clientId!);
    if (!client) throw new NotFoundError(messages.notFound);
  }

  const id = new Types.ObjectId();
  const now = ctx.now();
  const claims = claimIds(ctx.company._id, therapist._id, input.from, to);
  try {
    await claimUnits(ctx.models, claims, id, 'booking', now);
  } catch (error) {
    // A new client made for this booking goes again, so a refused booking changes nothing.
    if (input.client) await ctx.models.Client.deleteOne({ _id: client._id, companyId: ctx.company._id });
    throw error;
  }
  const firstBooking = !(await ctx.models.Booking.exists({ companyId: ctx.company._id, clientId: client._id }));
  const booking = await ctx.models.Booking.create({
    _id: id,
    companyId: ctx.company._id,
    therapistId: therapist._id,
    clientId: client._id,
    treatmentId: treatment._id,
    from: input.from,
    to,
    bookingDate: copenhagenDateKey(input.from),
    reason: input.reason,
    firstBooking,
    treatmentName: treatment.name,
    pause: treatment.pause ?? 0,
    email: client.email ?? '',
    nameFirst: client.nameFirst,
    nameLast: client.nameLast,
    version: 0,
  });
  return toBookingView(booking.toObject());
}

export async function changeBooking(ctx: ActionContext, input: ParsedInput<'setBooking'>): Promise<Booking> {
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

  const oldClaims = claimIds(booking.companyId, booking.therapistId, booking.from, booking.to);
  const newClaims = claimIds(booking.companyId, booking.therapistId, from, to);
  const added = await claimUnits(ctx.models, newClaims, booking._id, 'booking', ctx.now());
  const updated = await ctx.models.Booking.findOneAndUpdate(
    { _id: booking._id, companyId: ctx.company._id, version: booking.version },
    {
      $set: {
        from,
        to,
        bookingDate: copenhagenDateKey(from),
        ...(input.reason !== undefined ? { reason: input.reason } : {}),
        ...(treatment ? { treatmentId: treatment._id, treatmentName: treatment.name, pause: treatment.pause ?? 0 } : {}),
      },
      $inc: { version: 1 },
    },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) {
    await releaseUnits(ctx.models, booking._id, added);
    throw new ConflictError(schedulingMessages.changedMeanwhile);
  }
  const keep = new Set(newClaims);
  await releaseUnits(ctx.models, booking._id, oldClaims.filter((claim) => !keep.has(claim)));
  return toBookingView(updated);
}

export async function removeBooking(ctx: ActionContext, id: string): Promise<void> {
  const booking = await findBooking(ctx, id);
  assertMayChange(ctx, booking.therapistId);
  // The booking first, then its claims: a crash between leaves claims only the sweeper sees.
  await ctx.models.Booking.deleteOne({ _id: booking._id, companyId: ctx.company._id });
  await releaseUnits(ctx.models, booking._id);
}

export async function clientBookings(ctx: ActionContext, clientId: string): Promise<Booking[]> {
  const client = await findVisibleClient(ctx, clientId);
  if (!client) throw new NotFoundError(messages.notFound);
  const bookings = await ctx.models.Booking.find({ ...bookingScope(ctx), clientId: client._id }).sort({ from: -1 }).limit(500).lean();
  return bookings.map(toBookingView);
}

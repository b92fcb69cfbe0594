/**
 * Recurring series of bookings (docs/decisions/0040-recurring-series-claimed-whole.md). Every date is an ordinary booking (its own
 * journal, invoice and reminder) carrying `seriesId` and its place in the series. A series is planned first: each
 * date's 5-minute units are looked up in the slot claims, so a collision with another booking, a leave or a course
 * day is found before anything is written, and answered as a list with a few free starts that day. It is then
 * saved whole or not at all: every date's units are claimed in one insert (slot-claims.ts claimAll), which either
 * holds them all or releases what it took; only then are the bookings written.
 */
import { Types } from 'mongoose';
import {
  copenhagenDateKey,
  copenhagenDayRange,
  copenhagenDaysBetween,
  copenhagenMinutesOfDay,
  formatCopenhagenTime,
  formatDanishDayLong,
  freeStartsNear,
  messages,
  schedulingMessages,
  seriesMessages,
  seriesStarts,
  shiftCopenhagenDays,
  SLOT_UNIT_MS,
  unitStarts,
  type Booking,
  type ParsedInput,
  type SeriesDate,
} from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { ClaimKind } from '../../data/concurrency/slot-claims.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { BookingDoc, ClientDoc, TreatmentDoc } from '../../models/index.js';
import { createClient, findVisibleClient } from '../clients/clients.js';
import { heldTime, noteFreedTime } from '../waitlist/freed-times.js';
import { changeBooking, checkLength, findBooking, findTreatment, isFirstBooking, removeBooking, toBookingView } from './bookings.js';
import { overlapFilter } from './ranges.js';
import { bookingNeeds, heldFields, heldSet, needsOf, pickResources, resourceBusyUnits, resourceUnitIds, type HeldResources, type Needs } from './resource-claims.js';
import { assertMayChange, targetTherapist } from './target.js';

const DAY_MS = 24 * 3600_000;
/** A day without opening hours (therapists may book outside them) is offered starts in these hours. */
const FALLBACK_DAY = { fromHour: 8, toHour: 18 };

/** One date of a series as planned: `ref` is the booking's `_id` (a new one, or the booking moved). */
interface Planned {
  index: number;
  ref: Types.ObjectId;
  from: number;
  to: number;
  skipped: boolean;
  conflict: ClaimKind | 'room' | null;
  freeStarts: number[];
  booking?: BookingDoc;
  /** The room and equipment it will hold (resource-claims.ts), once planned free. */
  held?: HeldResources;
}

export interface SeriesAnswer {
  seriesId: string | null;
  dates: SeriesDate[];
  bookings: Booking[];
}

function view(date: Planned): SeriesDate {
  return { index: date.index, from: date.from, to: date.to, skipped: date.skipped, conflict: date.conflict, freeStarts: date.freeStarts };
}

/** The caller's choices for colliding dates: skip (from null), or another start the same Copenhagen day. */
function applyChoices(dates: Planned[], choices: { index: number; from: number | null }[]): void {
  for (const choice of choices) {
    const date = dates.find((planned) => planned.index === choice.index);
    if (!date) throw new ValidationError(seriesMessages.choiceUnknown, { choices: seriesMessages.choiceUnknown });
    if (choice.from === null) {
      date.skipped = true;
      continue;
    }
    if (copenhagenDateKey(choice.from) !== copenhagenDateKey(date.from)) {
      throw new ValidationError(seriesMessages.choiceSameDay, { [`dates.${date.index}`]: seriesMessages.choiceSameDay });
    }
    const length = date.to - date.from;
    date.from = choice.from;
    date.to = choice.from + length;
  }
}

/**
 * Marks each date whose units something else holds, with what holds them: the therapist's time (one lookup for all
 * dates), then the treatment's rooms and equipment for the dates left (one more), choosing each date's room.
 */
async function findConflicts(ctx: TherapistContext, therapistId: Types.ObjectId, dates: Planned[], needs: Needs): Promise<Planned[]> {
  const live = dates.filter((date) => !date.skipped);
  const idsOf = new Map(live.map((date) => [date, ctx.db.slots.ids(therapistId, date)]));
  const held = await ctx.db.slots.holders([...idsOf.values()].flat());
  for (const [date, ids] of idsOf) {
    const other = ids.map((id) => held.get(id)).find((holder) => holder && !holder.ref.equals(date.ref));
    date.conflict = other ? other.kind : null;
  }
  const free = live.filter((date) => date.conflict === null);
  const picks = await pickResources(
    ctx.db,
    needs,
    free.map((date) => ({ from: date.from, to: date.to, ref: date.ref, prefer: date.booking?.roomId ?? null })),
  );
  free.forEach((date, at) => {
    const pick = picks[at];
    if (pick) date.held = pick;
    else date.conflict = 'room';
  });
  return live.filter((date) => date.conflict !== null);
}

/** A few free starts on each colliding date's day: its opening hours (or a working day) minus the time taken. */
async function offerFreeStarts(ctx: TherapistContext, therapistId: Types.ObjectId, dates: Planned[], needs: Needs): Promise<void> {
  await Promise.all(
    dates.map(async (date) => {
      const day = copenhagenDayRange(date.from);
      const openings = await ctx.db.OpeningHours.find(overlapFilter(therapistId, day, DAY_MS), { from: 1, to: 1 }).lean();
      const windows = openings.length
        ? openings.map((opening) => ({ from: Math.max(opening.from, day.from), to: Math.min(opening.to, day.to) }))
        : [{ from: day.from + FALLBACK_DAY.fromHour * 3600_000, to: day.from + FALLBACK_DAY.toHour * 3600_000 }];
      const span = { from: Math.min(...windows.map((window) => window.from)), to: Math.max(...windows.map((window) => window.to)) };
      const units = unitStarts(span.from, span.to);
      const ids = ctx.db.slots.ids(therapistId, span);
      const held = await ctx.db.slots.holders(ids);
      const busy = units.filter((_unit, at) => held.has(ids[at]!) && !held.get(ids[at]!)!.ref.equals(date.ref)).map((unit) => ({ from: unit, to: unit + SLOT_UNIT_MS }));
      // Units without a room (or with the equipment taken) are busy too; a start whose span would need two rooms
      // one after the other is left out by the exact check below.
      busy.push(...(await resourceBusyUnits(ctx.db, needs, span, date.ref)));
      const near = freeStartsNear({ wanted: date.from, durationMs: date.to - date.from, windows, busy });
      const length = date.to - date.from;
      const picks = await pickResources(ctx.db, needs, near.map((start) => ({ from: start, to: start + length, ref: date.ref })));
      date.freeStarts = near.filter((_start, at) => picks[at] !== null);
    }),
  );
}

function conflictError(conflicts: Planned[]): ConflictError {
  const errors = Object.fromEntries(
    conflicts.map((date) => [`dates.${date.index}`, `${seriesMessages.dateTaken}: ${formatDanishDayLong(date.from)} kl. ${formatCopenhagenTime(date.from)}`]),
  );
  return new ConflictError(seriesMessages.conflicts(conflicts.length), errors);
}

/**
 * Claims every kept date's units in one go; a unit lost to another request (a race after the plan was made) answers
 * 409 listing the dates that collide now, with nothing claimed.
 */
async function claimDates(ctx: TherapistContext, therapistId: Types.ObjectId, dates: Planned[], needs: Needs): Promise<string[][]> {
  try {
    return await ctx.db.slots.claimAll(
      // The therapist's units and the room's and equipment's, in one insert: all of them held, or none.
      dates.map((date) => ({ ref: date.ref, ids: [...ctx.db.slots.ids(therapistId, date), ...resourceUnitIds(ctx.db, date.held ?? {}, date)] })),
      'booking',
      ctx.now(),
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const conflicts = await findConflicts(ctx, therapistId, dates, needs);
    throw conflicts.length ? conflictError(conflicts) : error;
  }
}

async function releaseDates(ctx: TherapistContext, dates: Planned[], ids: string[][]): Promise<void> {
  await Promise.all(dates.flatMap((date, at) => (ids[at]?.length ? [ctx.db.slots.release(date.ref, ids[at])] : [])));
}

export async function addBookingSeries(ctx: TherapistContext, input: ParsedInput<'addBookingSeries'>): Promise<SeriesAnswer> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const treatment = await findTreatment(ctx, input.treatmentId!, therapist._id);
  const length = (input.to ?? input.from + treatment.duration * 1000) - input.from;
  checkLength(input.from, input.from + length);

  let existing: ClientDoc | null = null;
  if (input.client) {
    if (therapist.isAvailable === false) throw new ConflictError(schedulingMessages.onlyExistingClients);
  } else {
    existing = await findVisibleClient(ctx, input.clientId!);
    if (!existing) throw new NotFoundError(messages.notFound);
  }

  const dates: Planned[] = seriesStarts(input.from, input.repeat).map((from, index) => ({
    index,
    ref: new Types.ObjectId(),
    from,
    to: from + length,
    skipped: false,
    conflict: null,
    freeStarts: [],
  }));
  applyChoices(dates, input.choices);
  const needs = await needsOf(ctx.db, treatment);
  const conflicts = await findConflicts(ctx, therapist._id, dates, needs);
  if (input.check) {
    await offerFreeStarts(ctx, therapist._id, conflicts, needs);
    return { seriesId: null, dates: dates.map(view), bookings: [] };
  }
  if (conflicts.length) throw conflictError(conflicts);
  const kept = dates.filter((date) => !date.skipped);
  if (kept.length === 0) throw new ValidationError(seriesMessages.allSkipped, { choices: seriesMessages.allSkipped });

  const client = existing ?? (await createClient(ctx.db, input.client!, therapist._id));
  let claimed: string[][] = [];
  try {
    claimed = await claimDates(ctx, therapist._id, kept, needs);
    const seriesId = new Types.ObjectId();
    const firstBooking = await isFirstBooking(ctx.db, client._id);
    const bookings = await ctx.db.Booking.insertMany(
      kept.map((date, at) => ({
        ...heldFields(date.held ?? { roomId: null, equipmentIds: [] }),
        _id: date.ref,
        therapistId: therapist._id,
        clientId: client._id,
        treatmentId: treatment._id,
        from: date.from,
        to: date.to,
        bookingDate: copenhagenDateKey(date.from),
        reason: input.reason,
        firstBooking: firstBooking && at === 0,
        treatmentName: treatment.name,
        pause: treatment.pause ?? 0,
        email: client.email ?? '',
        nameFirst: client.nameFirst,
        nameLast: client.nameLast,
        version: 0,
        seriesId,
        seriesIndex: date.index,
      })),
      { ordered: true },
    );
    return { seriesId: seriesId.toString(), dates: dates.map(view), bookings: bookings.map((booking) => toBookingView(booking.toObject<BookingDoc>())) };
  } catch (error) {
    // Nothing of the series stays: bookings written before a failure, the claims, a client made for it.
    if (claimed.length) {
      await ctx.db.Booking.deleteMany({ _id: { $in: kept.map((date) => date.ref) } });
      await releaseDates(ctx, kept, claimed);
    }
    if (input.client) await ctx.db.Client.deleteOne({ _id: client._id });
    throw error;
  }
}

/** This booking and the later dates of its series, in order. */
async function thisAndFollowing(ctx: TherapistContext, booking: BookingDoc): Promise<BookingDoc[]> {
  if (!booking.seriesId) throw new ValidationError(seriesMessages.notInSeries, { scope: seriesMessages.notInSeries });
  const dates = await ctx.db.Booking.find({ seriesId: booking.seriesId }).lean();
  return dates.filter((date) => (date.seriesIndex ?? 0) >= (booking.seriesIndex ?? 0)).sort((a, b) => (a.seriesIndex ?? 0) - (b.seriesIndex ?? 0));
}

/**
 * 'Kun denne' is setBooking. 'Denne og de følgende': each later date moves by the same number of days to the new
 * time of day (or keeps its own time), and takes the new treatment and reason; all or nothing.
 */
export async function setBookingSeries(ctx: TherapistContext, input: ParsedInput<'setBookingSeries'>): Promise<SeriesAnswer> {
  const booking = await findBooking(ctx, input.id);
  assertMayChange(ctx, booking.therapistId);
  if (input.version !== undefined && input.version !== booking.version) throw new ConflictError(schedulingMessages.changedMeanwhile);
  const seriesId = booking.seriesId ? booking.seriesId.toString() : null;
  const following = input.scope === 'this' ? [booking] : await thisAndFollowing(ctx, booking);
  if (input.scope === 'this' && !input.check && input.choices.length === 0) {
    const { scope: _scope, choices: _choices, check: _check, ...change } = input;
    return { seriesId, dates: [], bookings: [await changeBooking(ctx, change)] };
  }

  let treatment: TreatmentDoc | null = null;
  if (input.treatmentId && input.treatmentId !== booking.treatmentId?.toString()) treatment = await findTreatment(ctx, input.treatmentId, booking.therapistId);
  const start = input.from ?? booking.from;
  const days = copenhagenDaysBetween(booking.from, start);
  const minutes = input.from !== undefined ? copenhagenMinutesOfDay(input.from) : undefined;
  const dates: Planned[] = following.map((date) => {
    const from = shiftCopenhagenDays(date.from, days, minutes);
    const length = input.to !== undefined ? input.to - start : treatment ? treatment.duration * 1000 : date.to - date.from;
    return { index: date.seriesIndex ?? 0, ref: date._id, from, to: from + length, skipped: false, conflict: null, freeStarts: [], booking: date };
  });
  applyChoices(dates, input.choices);
  for (const date of dates) if (!date.skipped) checkLength(date.from, date.to);
  const needs = await bookingNeeds(ctx.db, booking, { treatment, timeChanged: true });
  const conflicts = await findConflicts(ctx, booking.therapistId, dates, needs);
  if (input.check) {
    await offerFreeStarts(ctx, booking.therapistId, conflicts, needs);
    return { seriesId, dates: dates.map(view), bookings: [] };
  }
  if (conflicts.length) throw conflictError(conflicts);

  const kept = dates.filter((date) => !date.skipped);
  const added = await claimDates(ctx, booking.therapistId, kept, needs);
  const swapped: Planned[] = [];
  const change = (date: Planned) => ({
    from: date.from,
    to: date.to,
    bookingDate: copenhagenDateKey(date.from),
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
    ...(treatment ? { treatmentId: treatment._id, treatmentName: treatment.name, pause: treatment.pause ?? 0 } : {}),
    ...heldSet(date.held ?? { roomId: null, equipmentIds: [] }),
  });
  const undo = (own: BookingDoc) => ({
    roomId: own.roomId ?? null,
    equipmentIds: own.equipmentIds ?? [],
    from: own.from,
    to: own.to,
    bookingDate: own.bookingDate,
    reason: own.reason ?? '',
    treatmentId: own.treatmentId,
    treatmentName: own.treatmentName,
    pause: own.pause,
  });
  const updated: BookingDoc[] = [];
  for (const date of kept) {
    const own = date.booking!;
    const after = await ctx.db.Booking.findOneAndUpdate({ _id: own._id, version: own.version }, { $set: change(date), $inc: { version: 1 } }, { returnDocument: 'after' }).lean();
    if (!after) {
      // A date changed meanwhile: those already changed go back (their old units are still theirs), the new units go.
      for (const done of swapped) {
        await ctx.db.Booking.findOneAndUpdate({ _id: done.ref, version: done.booking!.version + 1 }, { $set: undo(done.booking!), $inc: { version: 1 } });
      }
      await releaseDates(ctx, kept, added);
      throw new ConflictError(schedulingMessages.changedMeanwhile);
    }
    swapped.push(date);
    updated.push(after);
  }
  // The units no longer covered go last: a crash before this leaves claims the sweeper finds uncovered.
  await Promise.all(
    kept.flatMap((date) => {
      const now = new Set([...ctx.db.slots.ids(booking.therapistId, date), ...resourceUnitIds(ctx.db, date.held ?? {}, date)]);
      const before = date.booking!;
      const old = [...ctx.db.slots.ids(booking.therapistId, before), ...resourceUnitIds(ctx.db, before, before)].filter((id) => !now.has(id));
      return old.length ? [ctx.db.slots.release(date.ref, old)] : [];
    }),
  );
  // Each moved date's old time goes to the waiting list, as a single booking's move does.
  for (const date of kept) {
    const before = date.booking!;
    if (date.from !== before.from || date.to !== before.to) await noteFreedTime(ctx.db, heldTime(before), ctx.now(), ctx.services.logger);
  }
  return { seriesId, dates: dates.map(view), bookings: updated.map(toBookingView) };
}

/**
 * Cancels this date, or this and the later ones. A date with a journal or an invoice stays (removeBooking's rules),
 * and is answered with why; the others go.
 */
export async function deleteBookingSeries(
  ctx: TherapistContext,
  input: ParsedInput<'deleteBookingSeries'>,
): Promise<{ deleted: string[]; kept: { id: string; from: number; reason: string }[] }> {
  const booking = await findBooking(ctx, input.id);
  assertMayChange(ctx, booking.therapistId);
  if (input.scope === 'this') {
    await removeBooking(ctx, input.id);
    return { deleted: [input.id], kept: [] };
  }
  const deleted: string[] = [];
  const kept: { id: string; from: number; reason: string }[] = [];
  for (const date of await thisAndFollowing(ctx, booking)) {
    try {
      await removeBooking(ctx, date._id.toString());
      deleted.push(date._id.toString());
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      kept.push({ id: date._id.toString(), from: date.from, reason: error.message });
    }
  }
  return { deleted, kept };
}

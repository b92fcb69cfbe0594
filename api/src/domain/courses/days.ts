/**
 * Course days. A day claims the therapist's time like a booking (it is red in the calendar and not offered online),
 * so it can neither overlap a booking nor be overlapped by one (data/concurrency/slot-claims.ts).
 */
import { Types } from 'mongoose';
import { bookingMessages, type Course, type CourseDateInCalendar, type EventDate, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { ConflictError } from '../../errors.js';
import type { EventDateDoc, EventDoc } from '../../models/index.js';
import { overlapFilter } from '../scheduling/ranges.js';
import { assertMayChange, targetTherapist } from '../scheduling/target.js';
import { findCourse, findDate } from './access.js';
import { courseView, signUpCounts, toEventDateView } from './views.js';

const DAY_MS = 24 * 3600_000;

/** A day with its sign-ups and seats, and the time it held. */
export async function removeDate(db: TenantDb, date: EventDateDoc): Promise<void> {
  await db.clinic('course-days').EventDate.deleteOne({ _id: date._id });
  await Promise.all([db.slots.release(date._id), db.EventDateClient.deleteMany({ eventDateId: date._id }), db.seats.release({ eventDateId: date._id })]);
}

/** Inserts course days, each claiming its time; all or none (the days this call made go again on a refusal). */
export async function insertDates(ctx: TherapistContext, course: EventDoc, dates: ParsedInput<'addEventDates'>['dates']): Promise<EventDateDoc[]> {
  const created: EventDateDoc[] = [];
  try {
    for (const date of dates) {
      const id = new Types.ObjectId();
      const doc = await ctx.db.slots.claimFor(course.therapistId, date, id, 'course', ctx.now(), () =>
        ctx.db.clinic('course-days').EventDate.create({ _id: id, therapistId: course.therapistId, eventId: course._id, from: date.from, to: date.to, latestDays: date.latestDays }),
      );
      created.push(doc.toObject());
    }
  } catch (error) {
    for (const date of created) await removeDate(ctx.db, date);
    throw error;
  }
  return created;
}

export async function addDates(ctx: TherapistContext, input: ParsedInput<'addEventDates'>): Promise<EventDate[]> {
  const course = await findCourse(ctx, input.eventId);
  assertMayChange(ctx, course.therapistId);
  return (await insertDates(ctx, course, input.dates)).map((date) => toEventDateView(date));
}

export async function changeDate(ctx: TherapistContext, input: ParsedInput<'setEventDate'>): Promise<EventDate> {
  const date = await findDate(ctx, input.id);
  assertMayChange(ctx, date.therapistId);
  if (input.version !== undefined && input.version !== date.version) throw new ConflictError(bookingMessages.courseDateChangedMeanwhile);
  const updated = await ctx.db.slots.move(
    {
      ref: date._id,
      therapistId: date.therapistId,
      kind: 'course',
      before: date,
      after: input.date,
      now: ctx.now(),
      current: () => ctx.db.EventDate.findById(date._id, { from: 1, to: 1 }).lean(),
    },
    () =>
      ctx.db.EventDate.findOneAndUpdate(
        { _id: date._id, version: date.version },
        { $set: { from: input.date.from, to: input.date.to, latestDays: input.date.latestDays }, $inc: { version: 1 } },
        { returnDocument: 'after' },
      ).lean(),
    bookingMessages.courseDateChangedMeanwhile,
  );
  return toEventDateView(updated, (await signUpCounts(ctx.db, [updated._id])).get(updated._id.toString()));
}

/** Deletes a course day; answers its course as it is afterwards, so the dialog shows the server's days. */
export async function deleteDate(ctx: TherapistContext, id: string): Promise<Course> {
  const date = await findDate(ctx, id);
  assertMayChange(ctx, date.therapistId);
  await removeDate(ctx.db, date);
  return courseView(ctx.db, await findCourse(ctx, date.eventId));
}

export async function courseDatesInRange(ctx: TherapistContext, input: ParsedInput<'getEventDatesFromTherapist'>): Promise<CourseDateInCalendar[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const dates = await ctx.db.EventDate.find(overlapFilter(therapist._id, input, DAY_MS)).sort({ from: 1 }).lean();
  if (dates.length === 0) return [];
  const courses = await ctx.db.Event.find({ _id: { $in: [...new Set(dates.map((date) => date.eventId.toString()))] } }).lean();
  const byId = new Map(courses.map((course) => [course._id.toString(), course]));
  const counts = await signUpCounts(ctx.db, dates.map((date) => date._id));
  return dates.map((date) => {
    const course = byId.get(date.eventId.toString());
    return { ...toEventDateView(date, counts.get(date._id.toString())), title: course?.title ?? '', limit: course?.limit ?? 0 };
  });
}

/**
 * Courses on the public page: the therapist's courses with a day still open for sign-up, their days, and signing up
 * (a seat while one is left, data/concurrency/seats.ts decides races; else the waiting list).
 */
import { Types } from 'mongoose';
import { bookingMessages, messages, type ParsedInput, type PublicCourse, type PublicCourseDate } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import { ConflictError, isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import { signUpCounts } from '../courses/views.js';
import { resolveClient } from './public-client.js';
import { formEnabled, publicTherapist, type PublicPage } from './public-therapist.js';

const DAY_MS = 24 * 3600_000;

function deadline(date: { from: number; latestDays?: number | null }): number {
  return date.from - (date.latestDays ?? 0) * DAY_MS;
}

export async function publicCourses(page: PublicPage, now: number): Promise<PublicCourse[]> {
  if (!formEnabled(page, now)) return [];
  const dates = await page.db.EventDate.find({ therapistId: page.therapist._id, from: { $gt: now } }, { eventId: 1, from: 1, latestDays: 1 }).lean();
  const open = new Set(dates.filter((date) => deadline(date) >= now).map((date) => date.eventId.toString()));
  if (open.size === 0) return [];
  const courses = await page.db.Event.find({ _id: { $in: [...open] } }).sort({ title: 1 }).lean();
  return courses.map((course) => ({ id: course._id.toString(), title: course.title, description: course.description ?? '', limit: course.limit, min: course.min ?? 0 }));
}

export async function publicCourseDates(ctx: PublicContext, eventId: string): Promise<PublicCourseDate[]> {
  const now = ctx.now();
  // The page names the course; its therapist then decides the clinic and whether the page is open.
  const course = await ctx.platform.Event.findById(new Types.ObjectId(eventId)).setOptions({ crossTenant: 'a public page names its course by id' }).lean();
  if (!course) throw new NotFoundError(messages.notFound);
  const page = await publicTherapist(ctx, course.therapistId.toString());
  if (!page.company._id.equals(course.companyId) || !formEnabled(page, now)) return [];
  const dates = (await page.db.EventDate.find({ eventId: course._id, from: { $gt: now } }).sort({ from: 1 }).lean()).filter((date) => deadline(date) >= now);
  const counts = await signUpCounts(page.db, dates.map((date) => date._id));
  return dates.map((date) => {
    const clients = counts.get(date._id.toString())?.clients ?? 0;
    return {
      id: date._id.toString(),
      eventId: course._id.toString(),
      from: date.from,
      to: date.to,
      latestDays: date.latestDays ?? 0,
      clients,
      limit: course.limit,
      full: clients >= course.limit,
      deadline: deadline(date),
    };
  });
}

/** Signs up for course days: a seat while one is left, else the waiting list. */
export async function courseSignUp(ctx: PublicContext, input: ParsedInput<'clientAddEventDateClients'>) {
  const now = ctx.now();
  const page = await publicTherapist(ctx, input.therapistId);
  const { db } = page;
  if (!formEnabled(page, now)) throw new ConflictError(bookingMessages.formDisabled);
  const ids = [...new Set(input.eventDateIds)].map((id) => new Types.ObjectId(id));
  const dates = await db.EventDate.find({ _id: { $in: ids }, therapistId: page.therapist._id }).lean();
  if (dates.length !== ids.length) throw new NotFoundError(messages.notFound);
  for (const date of dates) {
    if (date.from <= now || deadline(date) < now) throw new ValidationError(bookingMessages.deadlinePassed, { eventDateIds: bookingMessages.deadlinePassed });
  }
  const courses = new Map((await db.Event.find({ _id: { $in: [...new Set(dates.map((date) => date.eventId.toString()))] } }).lean()).map((course) => [course._id.toString(), course]));
  const { client } = await resolveClient(ctx, page, input.clientId, input.client, false);

  const results: { eventDateId: string; isWaiting: boolean }[] = [];
  for (const date of dates) {
    const limit = courses.get(date.eventId.toString())?.limit ?? 0;
    if (await db.EventDateClient.exists({ eventDateId: date._id, clientId: client._id })) throw new ConflictError(bookingMessages.alreadySignedUp);
    const participantId = new Types.ObjectId();
    const seat = await db.seats.take(date._id, limit, participantId);
    try {
      await db.EventDateClient.create({
        _id: participantId,
        eventId: date.eventId,
        eventDateId: date._id,
        clientId: client._id,
        isWaiting: seat === null,
        nameFirst: client.nameFirst,
        nameLast: client.nameLast,
        email: client.email ?? '',
      });
    } catch (error) {
      // Signed up twice at the same moment: give back the seat this attempt took.
      await db.seats.release({ ref: participantId });
      throw isDuplicateKeyError(error) ? new ConflictError(bookingMessages.alreadySignedUp) : error;
    }
    results.push({ eventDateId: date._id.toString(), isWaiting: seat === null });
  }
  return results;
}

/**
 * Courses on the public page: the therapist's courses with a day still open for sign-up, their days, and signing up
 * (a seat while one is left, data/concurrency/seats.ts decides races; else the waiting list).
 */
import { Types } from 'mongoose';
import { bookingMessages, messages, type ParsedInput, type PublicCourse, type PublicCourseDate } from '@klinik/core';
import type { PublicContext } from '../../context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import { joinCourseDay } from '../courses/participants.js';
import { signUpCounts } from '../courses/views.js';
import { countPublicSubmission, holdSubmission, personOf, resolvePublicPerson } from './public-identity.js';
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
  const counts = await publicSeatCounts(page.db, dates.map((date) => date._id), () => course.limit);
  return dates.map((date) => {
    const clients = counts.get(date._id.toString()) ?? 0;
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

/**
 * Held sign-ups per course day (public-identity.ts): counted as taken on the public page, up to the course's limit,
 * exactly as a seat taken by a new client would be, so the page cannot tell a held sign-up from a seated one.
 */
async function heldCounts(db: PublicPage['db'], eventDateIds: Types.ObjectId[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (eventDateIds.length === 0) return counts;
  const held = await db.PublicSubmission.find({ kind: 'course', eventDateIds: { $in: eventDateIds } }, { eventDateIds: 1 }).lean();
  for (const row of held) for (const id of row.eventDateIds) counts.set(id.toString(), (counts.get(id.toString()) ?? 0) + 1);
  return counts;
}

/** Taken seats as the public page sees them: seated participants plus held sign-ups, never above the limit. */
export async function publicSeatCounts(db: PublicPage['db'], eventDateIds: Types.ObjectId[], limitOf: (eventDateId: string) => number): Promise<Map<string, number>> {
  const [seated, held] = await Promise.all([signUpCounts(db, eventDateIds), heldCounts(db, eventDateIds)]);
  return new Map(eventDateIds.map((id) => [id.toString(), Math.min(limitOf(id.toString()), (seated.get(id.toString())?.clients ?? 0) + (held.get(id.toString()) ?? 0))]));
}

/**
 * Signs up for course days: a seat while one is left, else the waiting list. Who it is for is decided by
 * public-identity.ts; a held sign-up waits for the therapist and answers as a new client's would. Signing up again for
 * a day one is already on answers that day's place rather than a refusal, which would tell that the person is known.
 */
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
  const limitOf = (date: (typeof dates)[number]) => courses.get(date.eventId.toString())?.limit ?? 0;
  await countPublicSubmission(ctx, page.company._id, input.client);
  // Courses take new clients whatever the treatment switch says (isAvailable is about treatments).
  const who = await resolvePublicPerson(page, input.client, true);

  if (who.kind === 'held') {
    const taken = await publicSeatCounts(db, ids, (id) => limitOf(dates.find((date) => date._id.toString() === id)!));
    await holdSubmission(ctx, db, (sourceKey) =>
      db.PublicSubmission.create({
        therapistId: page.therapist._id,
        kind: 'course',
        person: personOf(input.client),
        sourceKey,
        eventDateIds: ids,
        createdAt: now,
      }),
    );
    return dates.map((date) => ({ eventDateId: date._id.toString(), isWaiting: (taken.get(date._id.toString()) ?? 0) >= limitOf(date) }));
  }

  const { client } = who;
  const results: { eventDateId: string; isWaiting: boolean }[] = [];
  for (const date of dates) {
    const { isWaiting } = await joinCourseDay(db, date, client, limitOf(date));
    results.push({ eventDateId: date._id.toString(), isWaiting });
  }
  return results;
}

/** Courses and course days as the clients see them, with their counts (counted from the participants). */
import type { Types } from 'mongoose';
import type { Course, EventDate } from '@klinik/core';
import type { TenantDb } from '../../data/tenant-db.js';
import type { EventDateDoc, EventDoc } from '../../models/index.js';

export function toEventDateView(date: EventDateDoc, counts?: { clients: number; waiting: number }): EventDate {
  return {
    id: date._id.toString(),
    eventId: date.eventId.toString(),
    therapistId: date.therapistId.toString(),
    from: date.from,
    to: date.to,
    latestDays: date.latestDays ?? 0,
    clients: counts?.clients ?? 0,
    waiting: counts?.waiting ?? 0,
    version: date.version ?? 0,
  };
}

/** Seats taken and people waiting per course day. */
export async function signUpCounts(db: TenantDb, eventDateIds: Types.ObjectId[]): Promise<Map<string, { clients: number; waiting: number }>> {
  const counts = new Map(eventDateIds.map((id) => [id.toString(), { clients: 0, waiting: 0 }]));
  if (eventDateIds.length === 0) return counts;
  const rows = await db.EventDateClient.find({ eventDateId: { $in: eventDateIds } }, { eventDateId: 1, isWaiting: 1 }).lean();
  for (const row of rows) {
    const count = counts.get(row.eventDateId.toString());
    if (!count) continue;
    if (row.isWaiting) count.waiting++;
    else count.clients++;
  }
  return counts;
}

/** The courses with their days (a course's days are read with the course's visibility: all of them). */
export async function toCourseViews(db: TenantDb, courses: EventDoc[]): Promise<Course[]> {
  if (courses.length === 0) return [];
  const [dates, therapists] = await Promise.all([
    db.clinic('course-days').EventDate.find({ eventId: { $in: courses.map((course) => course._id) } }).sort({ from: 1 }).lean(),
    db.Therapist.find({}, { nameFirst: 1, nameLast: 1 }).lean(),
  ]);
  const names = new Map(therapists.map((therapist) => [therapist._id.toString(), therapist]));
  const counts = await signUpCounts(db, dates.map((date) => date._id));
  return courses.map((course) => ({
    id: course._id.toString(),
    therapistId: course.therapistId.toString(),
    nameFirst: names.get(course.therapistId.toString())?.nameFirst ?? '',
    nameLast: names.get(course.therapistId.toString())?.nameLast ?? '',
    title: course.title,
    description: course.description ?? '',
    limit: course.limit,
    min: course.min ?? 0,
    dates: dates.filter((date) => date.eventId.equals(course._id)).map((date) => toEventDateView(date, counts.get(date._id.toString()))),
  }));
}

export async function courseView(db: TenantDb, course: EventDoc): Promise<Course> {
  return (await toCourseViews(db, [course]))[0]!;
}

/**
 * Courses (spec 2, Course (event)): listed, created with their days in one call (all or nothing), changed and
 * deleted with their days. The days and the participants: days.ts and participants.ts.
 */
import sanitizeHtml from 'sanitize-html';
import { CAPS, messages, type Course, type ParsedInput } from '@klinik/core';
import { assertBelowCap } from '../caps.js';
import type { TherapistContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { escapeRegex } from '../search.js';
import { assertMayChange, targetTherapist } from '../scheduling/target.js';
import { findCourse } from './access.js';
import { insertDates, removeDate } from './days.js';
import { courseView, toCourseViews } from './views.js';

/** The HTML a course description may keep: text formatting and links, nothing that runs. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });
}

export async function listCourses(ctx: TherapistContext, input: ParsedInput<'getAllEvent'>): Promise<{ data: Course[]; total: number }> {
  const filter: Record<string, unknown> = {};
  if (input.therapistId) filter.therapistId = (await targetTherapist(ctx, input.therapistId))._id;
  if (input.search) filter.title = { $regex: escapeRegex(input.search), $options: 'i' };
  const [total, courses] = await Promise.all([
    ctx.db.Event.countDocuments(filter),
    ctx.db.Event.find(filter).sort({ createdAt: -1 }).skip((input.page - 1) * input.size).limit(input.size).lean(),
  ]);
  return { data: await toCourseViews(ctx.db, courses), total };
}

/**
 * Creates a course and, when given, its days: all or nothing. The days claim their time like any course day; if one
 * is refused (a booking or a leave is there), the days made so far and the course go again, so the therapist's
 * form keeps everything and no half-made course is left in the list.
 */
export async function createCourse(ctx: TherapistContext, input: ParsedInput<'addEvent'>): Promise<Course> {
  await assertBelowCap(() => ctx.db.Event.countDocuments({ therapistId: ctx.therapist._id }), CAPS.coursesPerTherapist, 'kurser');
  const course = (
    await ctx.db.Event.create({
      therapistId: ctx.therapist._id,
      title: input.title,
      description: sanitizeDescription(input.description),
      limit: input.limit,
      min: input.min,
    })
  ).toObject();
  if (input.dates) {
    try {
      await insertDates(ctx, course, input.dates);
    } catch (error) {
      await ctx.db.Event.deleteOne({ _id: course._id });
      throw error;
    }
  }
  return courseView(ctx.db, course);
}

export async function updateCourse(ctx: TherapistContext, input: ParsedInput<'setEvent'>): Promise<Course> {
  const course = await findCourse(ctx, input.id);
  assertMayChange(ctx, course.therapistId);
  const updated = await ctx.db.Event.findOneAndUpdate(
    { _id: course._id },
    { $set: { title: input.course.title, description: sanitizeDescription(input.course.description), limit: input.course.limit, min: input.course.min } },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new NotFoundError(messages.notFound);
  return courseView(ctx.db, updated);
}

export async function deleteCourse(ctx: TherapistContext, id: string): Promise<void> {
  const course = await findCourse(ctx, id);
  assertMayChange(ctx, course.therapistId);
  const dates = await ctx.db.clinic('course-days').EventDate.find({ eventId: course._id }).lean();
  for (const date of dates) await removeDate(ctx.db, date);
  await ctx.db.Event.deleteOne({ _id: course._id });
}

/** One course with its days (the Event rule: the owner any of the clinic's, a therapist their own). */
export async function oneCourse(ctx: TherapistContext, id: string): Promise<Course> {
  return courseView(ctx.db, await findCourse(ctx, id));
}

export async function therapistCourses(ctx: TherapistContext, therapistId?: string): Promise<Course[]> {
  const therapist = await targetTherapist(ctx, therapistId);
  const courses = await ctx.db.Event.find({ therapistId: therapist._id }).sort({ createdAt: -1 }).lean();
  return toCourseViews(ctx.db, courses);
}

export async function companyTherapists(ctx: TherapistContext) {
  const therapists = await ctx.db.Therapist.find({ deletedAt: null }, { nameFirst: 1, nameLast: 1 }).lean();
  return therapists
    .map((therapist) => ({ id: therapist._id.toString(), nameFirst: therapist.nameFirst, nameLast: therapist.nameLast }))
    .sort((a, b) => a.nameFirst.localeCompare(b.nameFirst, 'da'));
}

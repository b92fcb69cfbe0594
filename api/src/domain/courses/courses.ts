/**
 * Courses and their days. A course day claims the therapist's time like a booking (it is red in the calendar
 * and not offered online), so it can neither overlap a booking nor be overlapped by one.
 */
import { Types } from 'mongoose';
import sanitizeHtml from 'sanitize-html';
import { bookingMessages, messages, type Course, type CourseDateInCalendar, type EventDate, type ParsedInput, type Participant } from '@klinik/core';
import type { ActionContext } from '../../context.js';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { EventDateDoc, EventDoc } from '../../models/index.js';
import { claimIds, claimUnits, releaseUnits } from '../scheduling/claims.js';
import { overlapFilter } from '../scheduling/ranges.js';
import { promoteWaiting, releaseSeats, signUpCounts } from './seats.js';
import { sendNotice } from '../../adapters/mail/index.js';
import { courseSeatMail } from '../../adapters/mail/templates.js';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core';
import { assertMayChange, targetTherapist } from '../scheduling/target.js';
import { escapeRegex } from '../search.js';

const DAY_MS = 24 * 3600_000;

/** The HTML a course description may keep: text formatting and links, nothing that runs. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'h2', 'h3', 'blockquote', 'a'],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });
}

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


function courseScope(ctx: ActionContext): Record<string, unknown> {
  return ctx.therapist.isAdmin ? { companyId: ctx.company._id } : { companyId: ctx.company._id, therapistId: ctx.therapist._id };
}

async function toCourseViews(ctx: ActionContext, courses: EventDoc[]): Promise<Course[]> {
  if (courses.length === 0) return [];
  const [dates, therapists] = await Promise.all([
    ctx.models.EventDate.find({ companyId: ctx.company._id, eventId: { $in: courses.map((course) => course._id) } }).sort({ from: 1 }).lean(),
    ctx.models.Therapist.find({ companyId: ctx.company._id }, { nameFirst: 1, nameLast: 1 }).lean(),
  ]);
  const names = new Map(therapists.map((therapist) => [therapist._id.toString(), therapist]));
  const counts = await signUpCounts(ctx.models, dates.map((date) => date._id));
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

export async function findCourse(ctx: ActionContext, id: string | Types.ObjectId): Promise<EventDoc> {
  const course = await ctx.models.Event.findOne({ ...courseScope(ctx), _id: new Types.ObjectId(id) }).lean();
  if (!course) throw new NotFoundError(messages.notFound);
  return course;
}

export async function listCourses(ctx: ActionContext, input: ParsedInput<'getAllEvent'>): Promise<{ data: Course[]; total: number }> {
  const filter: Record<string, unknown> = courseScope(ctx);
  if (input.therapistId) filter.therapistId = (await targetTherapist(ctx, input.therapistId))._id;
  if (input.search) filter.title = { $regex: escapeRegex(input.search), $options: 'i' };
  const [total, courses] = await Promise.all([
    ctx.models.Event.countDocuments(filter),
    ctx.models.Event.find(filter).sort({ createdAt: -1 }).skip((input.page - 1) * input.size).limit(input.size).lean(),
  ]);
  return { data: await toCourseViews(ctx, courses), total };
}

export async function courseView(ctx: ActionContext, course: EventDoc): Promise<Course> {
  return (await toCourseViews(ctx, [course]))[0]!;
}

/**
 * Creates a course and, when given, its days: all or nothing. The days claim their time like any course day; if one
 * is refused (a booking or a leave is there), the days made so far and the course go again, so the therapist's
 * form keeps everything and no half-made course is left in the list.
 */
export async function createCourse(ctx: ActionContext, input: ParsedInput<'addEvent'>): Promise<Course> {
  const course = (
    await ctx.models.Event.create({
      companyId: ctx.company._id,
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
      await ctx.models.Event.deleteOne({ _id: course._id, companyId: ctx.company._id });
      throw error;
    }
  }
  return courseView(ctx, course);
}

export async function updateCourse(ctx: ActionContext, input: ParsedInput<'setEvent'>): Promise<Course> {
  const course = await findCourse(ctx, input.id);
  assertMayChange(ctx, course.therapistId);
  const updated = await ctx.models.Event.findOneAndUpdate(
    { _id: course._id, companyId: ctx.company._id },
    { $set: { title: input.course.title, description: sanitizeDescription(input.course.description), limit: input.course.limit, min: input.course.min } },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) throw new NotFoundError(messages.notFound);
  return courseView(ctx, updated);
}

async function removeDate(ctx: ActionContext, date: EventDateDoc): Promise<void> {
  await ctx.models.EventDate.deleteOne({ _id: date._id, companyId: ctx.company._id });
  await Promise.all([
    releaseUnits(ctx.models, date._id),
    ctx.models.EventDateClient.deleteMany({ eventDateId: date._id }),
    releaseSeats(ctx.models, { eventDateId: date._id }),
  ]);
}

export async function deleteCourse(ctx: ActionContext, id: string): Promise<void> {
  const course = await findCourse(ctx, id);
  assertMayChange(ctx, course.therapistId);
  const dates = await ctx.models.EventDate.find({ companyId: ctx.company._id, eventId: course._id }).lean();
  for (const date of dates) await removeDate(ctx, date);
  await ctx.models.Event.deleteOne({ _id: course._id, companyId: ctx.company._id });
}

export async function addDates(ctx: ActionContext, input: ParsedInput<'addEventDates'>): Promise<EventDate[]> {
  const course = await findCourse(ctx, input.eventId);
  assertMayChange(ctx, course.therapistId);
  return (await insertDates(ctx, course, input.dates)).map((date) => toEventDateView(date));
}

/** Inserts course days, each claiming its time; all or none (the days this call made go again on a refusal). */
async function insertDates(ctx: ActionContext, course: EventDoc, dates: ParsedInput<'addEventDates'>['dates']): Promise<EventDateDoc[]> {
  const created: EventDateDoc[] = [];
  try {
    for (const date of dates) {
      const id = new Types.ObjectId();
      await claimUnits(ctx.models, claimIds(ctx.company._id, course.therapistId, date.from, date.to), id, 'course', ctx.now());
      const doc = await ctx.models.EventDate.create({
        _id: id,
        companyId: ctx.company._id,
        therapistId: course.therapistId,
        eventId: course._id,
        from: date.from,
        to: date.to,
        latestDays: date.latestDays,
      });
      created.push(doc.toObject());
    }
  } catch (error) {
    for (const date of created) await removeDate(ctx, date);
    throw error;
  }
  return created;
}

async function findDate(ctx: ActionContext, id: string | Types.ObjectId): Promise<EventDateDoc> {
  const date = await ctx.models.EventDate.findOne({ ...courseScope(ctx), _id: new Types.ObjectId(id) }).lean();
  if (!date) throw new NotFoundError(messages.notFound);
  return date;
}

export async function changeDate(ctx: ActionContext, input: ParsedInput<'setEventDate'>): Promise<EventDate> {
  const date = await findDate(ctx, input.id);
  assertMayChange(ctx, date.therapistId);
  if (input.version !== undefined && input.version !== date.version) throw new ConflictError(bookingMessages.courseDateChangedMeanwhile);
  const oldClaims = claimIds(date.companyId, date.therapistId, date.from, date.to);
  const newClaims = claimIds(date.companyId, date.therapistId, input.date.from, input.date.to);
  const added = await claimUnits(ctx.models, newClaims, date._id, 'course', ctx.now());
  const updated = await ctx.models.EventDate.findOneAndUpdate(
    { _id: date._id, companyId: ctx.company._id, version: date.version },
    { $set: { from: input.date.from, to: input.date.to, latestDays: input.date.latestDays }, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean();
  if (!updated) {
    await releaseUnits(ctx.models, date._id, added);
    throw new ConflictError(bookingMessages.courseDateChangedMeanwhile);
  }
  const keep = new Set(newClaims);
  await releaseUnits(ctx.models, date._id, oldClaims.filter((claim) => !keep.has(claim)));
  return toEventDateView(updated, (await signUpCounts(ctx.models, [updated._id])).get(updated._id.toString()));
}

/** Deletes a course day; answers its course as it is afterwards, so the dialog shows the server's days. */
export async function deleteDate(ctx: ActionContext, id: string): Promise<Course> {
  const date = await findDate(ctx, id);
  assertMayChange(ctx, date.therapistId);
  await removeDate(ctx, date);
  return courseView(ctx, await findCourse(ctx, date.eventId));
}

export async function therapistCourses(ctx: ActionContext, therapistId?: string): Promise<Course[]> {
  const therapist = await targetTherapist(ctx, therapistId);
  const courses = await ctx.models.Event.find({ companyId: ctx.company._id, therapistId: therapist._id }).sort({ createdAt: -1 }).lean();
  return toCourseViews(ctx, courses);
}

export async function courseDatesInRange(ctx: ActionContext, input: ParsedInput<'getEventDatesFromTherapist'>): Promise<CourseDateInCalendar[]> {
  const therapist = await targetTherapist(ctx, input.therapistId);
  const dates = await ctx.models.EventDate.find(overlapFilter(ctx.company._id, therapist._id, input, DAY_MS)).sort({ from: 1 }).lean();
  if (dates.length === 0) return [];
  const courses = await ctx.models.Event.find({ companyId: ctx.company._id, _id: { $in: [...new Set(dates.map((date) => date.eventId.toString()))] } }).lean();
  const byId = new Map(courses.map((course) => [course._id.toString(), course]));
  const counts = await signUpCounts(ctx.models, dates.map((date) => date._id));
  return dates.map((date) => {
    const course = byId.get(date.eventId.toString());
    return { ...toEventDateView(date, counts.get(date._id.toString())), title: course?.title ?? '', limit: course?.limit ?? 0 };
  });
}

export async function participants(ctx: ActionContext, eventDateId: string): Promise<Participant[]> {
  const date = await findDate(ctx, eventDateId);
  const rows = await ctx.models.EventDateClient.find({ eventDateId: date._id }).sort({ isWaiting: 1, createdAt: 1 }).lean();
  return rows.map((row) => ({
    id: row._id.toString(),
    eventDateId: row.eventDateId.toString(),
    clientId: row.clientId.toString(),
    isWaiting: Boolean(row.isWaiting),
    nameFirst: row.nameFirst ?? '',
    nameLast: row.nameLast ?? '',
    email: row.email ?? '',
    createdAt: row.createdAt ?? 0,
  }));
}

export async function removeParticipant(ctx: ActionContext, id: string): Promise<void> {
  const row = await ctx.models.EventDateClient.findOne({ _id: new Types.ObjectId(id), companyId: ctx.company._id }).lean();
  if (!row) throw new NotFoundError(messages.notFound);
  const date = await findDate(ctx, row.eventDateId);
  assertMayChange(ctx, date.therapistId);
  await ctx.models.EventDateClient.deleteOne({ _id: row._id });
  await releaseSeats(ctx.models, { ref: row._id });
  if (row.isWaiting) return;
  // A freed seat goes to the first on the waiting list (a waiting list is a queue), who is told by mail.
  const course = await ctx.models.Event.findOne({ _id: date.eventId, companyId: ctx.company._id }).lean();
  if (!course) return;
  const promoted = await promoteWaiting(ctx.models, date._id, course.limit);
  for (const person of promoted.filter((person) => person.email)) {
    const mail = courseSeatMail(person.email, {
      clientName: person.nameFirst,
      clinicName: ctx.company.companyName ?? '',
      course: course.title,
      when: `${formatDanishDate(date.from)} kl. ${formatCopenhagenTime(date.from)}–${formatCopenhagenTime(date.to)}`,
    });
    await sendNotice(ctx.services, mail, 'course seat');
  }
}

export async function companyTherapists(ctx: ActionContext) {
  const therapists = await ctx.models.Therapist.find({ companyId: ctx.company._id }, { nameFirst: 1, nameLast: 1 }).lean();
  return therapists
    .map((therapist) => ({ id: therapist._id.toString(), nameFirst: therapist.nameFirst, nameLast: therapist.nameLast }))
    .sort((a, b) => a.nameFirst.localeCompare(b.nameFirst, 'da'));
}

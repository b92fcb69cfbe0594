/**
 * The public online booking. Nothing from the page is trusted: the therapist, the form switch, the plan, the
 * treatment, the day (never today), the time (must be one that is offered) and the client are all checked again
 * here, and the time is claimed atomically, so two clients racing for one slot get one booking and one refusal.
 * No answer carries another client's name, e-mail, phone or CPR.
 */
import { Types } from 'mongoose';
import {
  allowsProFeatures,
  availableStarts,
  bookingMessages,
  copenhagenDateKey,
  formatCopenhagenTime,
  formatDanishDate,
  isBookableDay,
  MAX_BOOKING_MS,
  messages,
  schedulingMessages,
  startOfCopenhagenDay,
  type ParsedInput,
  type PublicCourse,
  type PublicCourseDate,
  type PublicTherapist,
  type PublicTreatment,
} from '@klinik/core';
import { sendNotice } from '../../adapters/mail/index.js';
import { bookingConfirmationMail } from '../../adapters/mail/templates.js';
import type { ActionContext } from '../../context.js';
import type { TokenService } from '../../security/tokens.js';
import { ConflictError, isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import type { ClientDoc, CompanyDoc, Models, TherapistDoc } from '../../models/index.js';
import { createClient } from '../clients/clients.js';
import { claimIds, claimUnits } from '../scheduling/claims.js';
import { releaseSeats, signUpCounts, takeSeat } from '../courses/seats.js';
import { overlapFilter } from '../scheduling/ranges.js';

const DAY_MS = 24 * 3600_000;
/** An opaque client reference lives this long: enough to finish the wizard. */
const CLIENT_REF_TTL_SECONDS = 30 * 60;

interface PublicContext {
  therapist: TherapistDoc;
  company: CompanyDoc;
}

/** The therapist of a public page, with the clinic; an unknown, inactive or disabled one is simply not found. */
export async function publicTherapist(models: Models, therapistId: string): Promise<PublicContext> {
  const therapist = await models.Therapist.findOne({ _id: new Types.ObjectId(therapistId), isActive: { $ne: false } }).lean();
  const company = therapist ? await models.Company.findById(therapist.companyId).lean() : null;
  if (!therapist || !company || company.isDisabled) throw new NotFoundError(messages.notFound);
  return { therapist, company };
}

function formEnabled({ therapist, company }: PublicContext, now: number): boolean {
  return therapist.bookingFormEnabled !== false && allowsProFeatures(company, now);
}

export function toPublicTherapist(context: PublicContext, now: number): PublicTherapist {
  return {
    id: context.therapist._id.toString(),
    nameFirst: context.therapist.nameFirst,
    nameLast: context.therapist.nameLast,
    companyName: context.company.companyName,
    companyEmail: context.company.email ?? '',
    companyPhone: context.company.phone ?? '',
    bookingFormEnabled: formEnabled(context, now),
    isAvailable: context.therapist.isAvailable !== false,
    colors: [...(context.therapist.colors ?? [])],
  };
}

export async function publicTreatments(models: Models, context: PublicContext): Promise<PublicTreatment[]> {
  const treatments = await models.Treatment.find({ companyId: context.company._id, therapistId: context.therapist._id }).lean();
  return treatments
    .map((treatment) => ({ id: treatment._id.toString(), name: treatment.name, duration: treatment.duration, pause: treatment.pause ?? 0, price: treatment.priceOre / 100 }))
    .sort((a, b) => a.name.localeCompare(b.name, 'da'));
}

/** Taken time of a therapist in [from, to): bookings with their pause after them, leaves and course days. */
async function busyIntervals(models: Models, context: PublicContext, range: { from: number; to: number }) {
  const companyId = context.company._id;
  const therapistId = context.therapist._id;
  const [bookings, leaves, courseDates] = await Promise.all([
    models.Booking.find(overlapFilter(companyId, therapistId, { from: range.from - 2 * 3600_000, to: range.to }, MAX_BOOKING_MS), { from: 1, to: 1, pause: 1 }).lean(),
    models.Leave.find(overlapFilter(companyId, therapistId, range, 31 * DAY_MS), { from: 1, to: 1 }).lean(),
    models.EventDate.find(overlapFilter(companyId, therapistId, range, DAY_MS), { from: 1, to: 1 }).lean(),
  ]);
  return [
    ...bookings.map((booking) => ({ from: booking.from, to: booking.to + (booking.pause ?? 0) * 1000 })),
    ...leaves.map((leave) => ({ from: leave.from, to: leave.to })),
    ...courseDates.map((date) => ({ from: date.from, to: date.to })),
  ];
}

export async function availability(models: Models, context: PublicContext, input: { from: number; to: number; duration: number; pause: number }, now: number): Promise<number[]> {
  if (!formEnabled(context, now)) return [];
  const [openings, busy] = await Promise.all([
    models.OpeningHours.find(overlapFilter(context.company._id, context.therapist._id, input, DAY_MS), { from: 1, to: 1 }).lean(),
    busyIntervals(models, context, input),
  ]);
  return availableStarts({ from: input.from, to: input.to, durationMs: input.duration, pauseMs: input.pause, openings, busy, now });
}

function maskedName(client: ClientDoc): string {
  const mask = (name: string) => (name ? `${name[0]}${'*'.repeat(3)}` : '');
  return `${mask(client.nameFirst)} ${mask(client.nameLast)}`.trim();
}

/** Spec deviation (mf-booking README): only a full CPR number finds a client, and the answer is opaque. */
export async function findClientByCpr(ctx: ActionContext, context: PublicContext, cpr: string) {
  const client = await ctx.models.Client.findOne({ companyId: context.company._id, cprKey: cpr }).lean();
  if (!client) return [];
  const clientId = ctx.services.tokens.signPurpose('client-ref', { subject: client._id.toString(), companyId: context.company._id.toString() }, CLIENT_REF_TTL_SECONDS);
  return [{ clientId, name: maskedName(client) }];
}

async function clientFromRef(ctx: ActionContext, context: PublicContext, ref: string): Promise<ClientDoc> {
  const claims = ctx.services.tokens.verifyPurpose('client-ref', ref);
  if (!claims || claims.companyId !== context.company._id.toString() || !Types.ObjectId.isValid(claims.subject)) {
    throw new ValidationError(bookingMessages.clientRefExpired, { clientId: bookingMessages.clientRefExpired });
  }
  const client = await ctx.models.Client.findOne({ _id: new Types.ObjectId(claims.subject), companyId: context.company._id }).lean();
  if (!client) throw new ValidationError(bookingMessages.clientRefExpired, { clientId: bookingMessages.clientRefExpired });
  return client;
}

type PublicClientFields = NonNullable<ParsedInput<'clientAddBooking'>['client']>;

async function resolveClient(ctx: ActionContext, context: PublicContext, ref: string | undefined, fields: PublicClientFields | undefined, forTreatment: boolean) {
  if (ref) return { client: await clientFromRef(ctx, context, ref), created: false };
  if (forTreatment && context.therapist.isAvailable === false) throw new ConflictError(schedulingMessages.onlyExistingClients);
  return { client: await createClient(ctx.models, context.company._id, fields!, context.therapist._id), created: true };
}

export async function addOnlineBooking(ctx: ActionContext, input: ParsedInput<'clientAddBooking'>): Promise<void> {
  const now = ctx.now();
  const context = await publicTherapist(ctx.models, input.therapistId);
  if (!formEnabled(context, now)) throw new ConflictError(bookingMessages.formDisabled);
  if (!isBookableDay(input.from, now)) throw new ValidationError(bookingMessages.sameDay, { from: bookingMessages.sameDay });
  const treatment = await ctx.models.Treatment.findOne({ _id: new Types.ObjectId(input.treatmentId), companyId: context.company._id, therapistId: context.therapist._id }).lean();
  if (!treatment) throw new ValidationError(schedulingMessages.treatmentRequired, { treatmentId: schedulingMessages.treatmentRequired });
  const duration = treatment.duration * 1000;
  const dayStart = startOfCopenhagenDay(input.from);
  const offered = await availability(ctx.models, context, { from: dayStart, to: dayStart + DAY_MS + 3 * 3600_000, duration, pause: (treatment.pause ?? 0) * 1000 }, now);
  if (!offered.includes(input.from)) throw new ConflictError(bookingMessages.slotGone);

  const { client, created } = await resolveClient(ctx, context, input.clientId, input.client, true);
  const id = new Types.ObjectId();
  try {
    await claimUnits(ctx.models, claimIds(context.company._id, context.therapist._id, input.from, input.from + duration), id, 'booking', now);
  } catch (error) {
    if (created) await ctx.models.Client.deleteOne({ _id: client._id, companyId: context.company._id });
    throw error;
  }
  const firstBooking = !(await ctx.models.Booking.exists({ companyId: context.company._id, clientId: client._id }));
  await ctx.models.Booking.create({
    _id: id,
    companyId: context.company._id,
    therapistId: context.therapist._id,
    clientId: client._id,
    treatmentId: treatment._id,
    from: input.from,
    to: input.from + duration,
    bookingDate: copenhagenDateKey(input.from),
    reason: input.reason,
    firstBooking,
    treatmentName: treatment.name,
    pause: treatment.pause ?? 0,
    source: 'online',
    email: client.email ?? '',
    nameFirst: client.nameFirst,
    nameLast: client.nameLast,
  });

  if (context.therapist.bookingMail && client.email) {
    const mail = bookingConfirmationMail(client.email, {
      clientName: client.nameFirst,
      clinicName: context.company.companyName,
      therapistName: `${context.therapist.nameFirst} ${context.therapist.nameLast}`,
      treatment: treatment.name,
      when: `${formatDanishDate(input.from)} kl. ${formatCopenhagenTime(input.from)}`,
      address: [context.company.address, [context.company.post, context.company.town].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      text: context.therapist.bookingMailText ?? '',
    });
    await sendNotice(ctx.services, mail, 'booking confirmation');
  }
}

function deadline(date: { from: number; latestDays?: number | null }): number {
  return date.from - (date.latestDays ?? 0) * DAY_MS;
}

export async function publicCourses(models: Models, context: PublicContext, now: number): Promise<PublicCourse[]> {
  if (!formEnabled(context, now)) return [];
  const dates = await models.EventDate.find({ companyId: context.company._id, therapistId: context.therapist._id, from: { $gt: now } }, { eventId: 1, from: 1, latestDays: 1 }).lean();
  const open = new Set(dates.filter((date) => deadline(date) >= now).map((date) => date.eventId.toString()));
  if (open.size === 0) return [];
  const courses = await models.Event.find({ companyId: context.company._id, _id: { $in: [...open] } }).sort({ title: 1 }).lean();
  return courses.map((course) => ({ id: course._id.toString(), title: course.title, description: course.description ?? '', limit: course.limit, min: course.min ?? 0 }));
}

export async function publicCourseDates(models: Models, eventId: string, now: number): Promise<PublicCourseDate[]> {
  const course = await models.Event.findById(new Types.ObjectId(eventId)).lean();
  if (!course) throw new NotFoundError(messages.notFound);
  const context = await publicTherapist(models, course.therapistId.toString());
  if (!formEnabled(context, now)) return [];
  const dates = (await models.EventDate.find({ eventId: course._id, from: { $gt: now } }).sort({ from: 1 }).lean()).filter((date) => deadline(date) >= now);
  const counts = await signUpCounts(models, dates.map((date) => date._id));
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

/** Signs up for course days: a seat while one is left (seats.ts decides races), else the waiting list. */
export async function courseSignUp(ctx: ActionContext, input: ParsedInput<'clientAddEventDateClients'>) {
  const now = ctx.now();
  const context = await publicTherapist(ctx.models, input.therapistId);
  if (!formEnabled(context, now)) throw new ConflictError(bookingMessages.formDisabled);
  const ids = [...new Set(input.eventDateIds)].map((id) => new Types.ObjectId(id));
  const dates = await ctx.models.EventDate.find({ _id: { $in: ids }, companyId: context.company._id, therapistId: context.therapist._id }).lean();
  if (dates.length !== ids.length) throw new NotFoundError(messages.notFound);
  for (const date of dates) {
    if (date.from <= now || deadline(date) < now) throw new ValidationError(bookingMessages.deadlinePassed, { eventDateIds: bookingMessages.deadlinePassed });
  }
  const courses = new Map(
    (await ctx.models.Event.find({ _id: { $in: [...new Set(dates.map((date) => date.eventId.toString()))] } }).lean()).map((course) => [course._id.toString(), course]),
  );
  const { client } = await resolveClient(ctx, context, input.clientId, input.client, false);

  const results: { eventDateId: string; isWaiting: boolean }[] = [];
  for (const date of dates) {
    const limit = courses.get(date.eventId.toString())?.limit ?? 0;
    if (await ctx.models.EventDateClient.exists({ eventDateId: date._id, clientId: client._id })) throw new ConflictError(bookingMessages.alreadySignedUp);
    const participantId = new Types.ObjectId();
    const seat = await takeSeat(ctx.models, date._id, limit, participantId);
    try {
      await ctx.models.EventDateClient.create({
        _id: participantId,
        companyId: context.company._id,
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
      await releaseSeats(ctx.models, { ref: participantId });
      throw isDuplicateKeyError(error) ? new ConflictError(bookingMessages.alreadySignedUp) : error;
    }
    results.push({ eventDateId: date._id.toString(), isWaiting: seat === null });
  }
  return results;
}

export async function unsubscribe(ctx: ActionContext, token: string): Promise<void> {
  const claims = ctx.services.tokens.verifyPurpose('unsubscribe', token);
  if (!claims || !Types.ObjectId.isValid(claims.subject) || !Types.ObjectId.isValid(claims.companyId)) {
    throw new ValidationError(bookingMessages.unsubscribeLinkInvalid);
  }
  const result = await ctx.models.Client.updateOne(
    { _id: new Types.ObjectId(claims.subject), companyId: new Types.ObjectId(claims.companyId) },
    { $set: { newsletter: false } },
  );
  if (result.matchedCount === 0) throw new ValidationError(bookingMessages.unsubscribeLinkInvalid);
}

/** The token a newsletter's unsubscribe link carries for a client (/unsubscribe?clientId=…). */
export function unsubscribeToken(tokens: TokenService, clientId: string, companyId: string): string {
  return tokens.signPurpose('unsubscribe', { subject: clientId, companyId });
}

/**
 * The message planner: turns bookings, course days and newsletter sendings into message jobs. It runs
 * on a timer in every API process (planMessages in jobs/messages.ts); each job's `_id` is deterministic, so planning the same message
 * twice, or in two processes, makes it once (insertMany unordered, duplicates ignored).
 *
 * - SMS reminders: bookings and course days of therapists with reminders on, starting within their lead time
 *   (reminderLeadHours), to clients with reminders on. A reminder's job is keyed by its booking (or seat) and the
 *   Copenhagen day it goes out on, never by the start: a booking moved twenty times in a day makes one job,
 *   which the runner sends with the time the booking has when it goes out (message-runner.ts), so a client gets at
 *   most one reminder per booking per day however often it moves.
 * - Follow-up mails: `followUpTime` days after a booking or course day ended, to clients with follow-up on; only
 *   what comes due after the setting was switched on (followUpSince), and at most CATCH_UP_MS late (a server that
 *   was down for a week does not send a week's follow-ups at once).
 * - Newsletter sendings: one job per recipient (prepareSend); a sending whose jobs are all finished is done.
 *
 * The same candidates, further ahead, are the scheduled messages a therapist sees (preview in messages.ts).
 */
import type { Types } from 'mongoose';
import { copenhagenDateKey, DEFAULT_REMINDER_LEAD_HOURS } from '@klinik/core';
import { insertNew } from '../../data/insert-new.js';
import type { TenantDb } from '../../data/tenant-db.js';
import type { NewsletterSendDoc, TherapistDoc } from '../../models/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const CATCH_UP_MS = 2 * DAY;
const INSERT_CHUNK = 500;

export interface PlannedJob {
  _id: string;
  therapistId: Types.ObjectId;
  kind: 'reminder' | 'courseReminder' | 'followUp' | 'followUpCourse' | 'newsletter';
  channel: 'sms' | 'mail';
  ref: Types.ObjectId;
  clientId: Types.ObjectId;
  recipient: string;
  to: string;
  at: number | null;
  dueAt: number;
  nextAttemptAt: number;
}

type Range = { after: number; until: number };
export type SettingsOf = Pick<TherapistDoc, '_id' | 'reminders' | 'reminderLeadHours' | 'followUp' | 'followUpTime' | 'followUpSince' | 'followUpCourse' | 'followUpTimeCourse' | 'followUpCourseSince'>;

interface ClientBrief {
  _id: Types.ObjectId;
  nameFirst: string;
  nameLast: string;
  email?: string | null;
  phonePrivate?: string | null;
}

async function clientsWith(db: TenantDb, ids: Types.ObjectId[], setting: 'reminder' | 'followUp'): Promise<Map<string, ClientBrief>> {
  if (ids.length === 0) return new Map();
  const clients = await db.clinic('message-planning').Client.find({ _id: { $in: ids }, [setting]: true }, { nameFirst: 1, nameLast: 1, email: 1, phonePrivate: 1 }).lean();
  return new Map(clients.map((client) => [client._id.toHexString(), client as ClientBrief]));
}

const nameOf = (client: ClientBrief) => `${client.nameFirst} ${client.nameLast}`.trim();

/** How long before a start the therapist's reminder goes out. */
export function reminderLeadMs(therapist: { reminderLeadHours?: number | null }): number {
  return (therapist.reminderLeadHours ?? DEFAULT_REMINDER_LEAD_HOURS) * HOUR;
}

/** The key of a reminder's job: its booking (or seat) and the Copenhagen day it goes out on (not before `now`). */
export function reminderJobId(kind: 'reminder' | 'courseReminder', ref: Types.ObjectId, dueAt: number, now: number): string {
  return `${kind}:${ref.toHexString()}:${copenhagenDateKey(Math.max(dueAt, now))}`;
}

/** The reminders already made of these bookings and course days, as `<ref>:<client>:<start>`. */
async function handledStarts(db: TenantDb, refs: Types.ObjectId[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const jobs = await db.clinic('message-planning').MessageJob.find({ ref: { $in: refs }, kind: { $in: ['reminder', 'courseReminder'] } }, { ref: 1, clientId: 1, at: 1 }).lean();
  return new Set(jobs.map((job) => `${job.ref.toHexString()}:${job.clientId.toHexString()}:${job.at}`));
}

/** Reminders of bookings and course days starting in `starts` (dueAt = start − lead), as planned at `now`. */
export async function reminderCandidates(db: TenantDb, therapist: SettingsOf, starts: Range, now: number): Promise<PlannedJob[]> {
  const lead = reminderLeadMs(therapist);
  const [bookings, days] = await Promise.all([
    db.clinic('message-planning').Booking.find({ therapistId: therapist._id, from: { $gt: starts.after, $lte: starts.until } }, { clientId: 1, from: 1 }).lean(),
    db.clinic('message-planning').EventDate.find({ therapistId: therapist._id, from: { $gt: starts.after, $lte: starts.until } }, { from: 1 }).lean(),
  ]);
  const seats = days.length ? await db.clinic('message-planning').EventDateClient.find({ eventDateId: { $in: days.map((day) => day._id) }, isWaiting: false }, { eventDateId: 1, clientId: 1 }).lean() : [];
  const clients = await clientsWith(db, [...bookings.map((booking) => booking.clientId), ...seats.map((seat) => seat.clientId)], 'reminder');
  // A start already reminded of (or whose reminder was decided otherwise) is not planned again: one reminder per
  // booking and start, and by the day key at most one per booking and day however often it moves.
  const handled = await handledStarts(db, [...bookings.map((booking) => booking._id), ...days.map((day) => day._id)]);
  const jobs: PlannedJob[] = [];
  for (const booking of bookings) {
    const client = clients.get(booking.clientId.toHexString());
    if (!client || handled.has(`${booking._id.toHexString()}:${booking.clientId.toHexString()}:${booking.from}`)) continue;
    const dueAt = booking.from - lead;
    jobs.push({ _id: reminderJobId('reminder', booking._id, dueAt, now), therapistId: therapist._id, kind: 'reminder', channel: 'sms', ref: booking._id, clientId: client._id, recipient: nameOf(client), to: client.phonePrivate ?? '', at: booking.from, dueAt, nextAttemptAt: dueAt });
  }
  const dayById = new Map(days.map((day) => [day._id.toHexString(), day]));
  for (const seat of seats) {
    const client = clients.get(seat.clientId.toHexString());
    const day = dayById.get(seat.eventDateId.toHexString());
    if (!client || !day || handled.has(`${day._id.toHexString()}:${client._id.toHexString()}:${day.from}`)) continue;
    const dueAt = day.from - lead;
    jobs.push({ _id: reminderJobId('courseReminder', seat._id, dueAt, now), therapistId: therapist._id, kind: 'courseReminder', channel: 'sms', ref: day._id, clientId: client._id, recipient: nameOf(client), to: client.phonePrivate ?? '', at: day.from, dueAt, nextAttemptAt: dueAt });
  }
  return jobs;
}

/** Follow-ups of bookings (and course days) that ended in `ends` (dueAt = end + the setting's days). */
export async function followUpCandidates(db: TenantDb, therapist: SettingsOf, course: boolean, ends: Range): Promise<PlannedJob[]> {
  const delay = (course ? therapist.followUpTimeCourse : therapist.followUpTime) ?? 7;
  const after = ends.after;
  const until = ends.until;
  if (until <= after) return [];
  const jobs: PlannedJob[] = [];
  if (!course) {
    const bookings = await db.clinic('message-planning').Booking.find({ therapistId: therapist._id, to: { $gt: after, $lte: until } }, { clientId: 1, to: 1 }).lean();
    const clients = await clientsWith(db, bookings.map((booking) => booking.clientId), 'followUp');
    for (const booking of bookings) {
      const client = clients.get(booking.clientId.toHexString());
      if (!client) continue;
      const dueAt = booking.to + delay * DAY;
      jobs.push({ _id: `followUp:${booking._id.toHexString()}`, therapistId: therapist._id, kind: 'followUp', channel: 'mail', ref: booking._id, clientId: client._id, recipient: nameOf(client), to: client.email ?? '', at: null, dueAt, nextAttemptAt: dueAt });
    }
    return jobs;
  }
  const days = await db.clinic('message-planning').EventDate.find({ therapistId: therapist._id, to: { $gt: after, $lte: until } }, { to: 1 }).lean();
  if (days.length === 0) return [];
  const seats = await db.clinic('message-planning').EventDateClient.find({ eventDateId: { $in: days.map((day) => day._id) }, isWaiting: false }, { eventDateId: 1, clientId: 1 }).lean();
  const clients = await clientsWith(db, seats.map((seat) => seat.clientId), 'followUp');
  const dayById = new Map(days.map((day) => [day._id.toHexString(), day]));
  for (const seat of seats) {
    const client = clients.get(seat.clientId.toHexString());
    const day = dayById.get(seat.eventDateId.toHexString());
    if (!client || !day) continue;
    const dueAt = day.to + delay * DAY;
    jobs.push({ _id: `followUpCourse:${day._id.toHexString()}:${client._id.toHexString()}`, therapistId: therapist._id, kind: 'followUpCourse', channel: 'mail', ref: day._id, clientId: client._id, recipient: nameOf(client), to: client.email ?? '', at: null, dueAt, nextAttemptAt: dueAt });
  }
  return jobs;
}

/** The end-times whose follow-up is due now: due since the setting went on, at most CATCH_UP_MS ago. */
export function dueFollowUpEnds(days: number, since: number | null | undefined, now: number): Range {
  const delay = days * DAY;
  const from = Math.max(since ?? now, now - CATCH_UP_MS);
  return { after: from - delay - 1, until: now - delay };
}

/** Inserts the jobs that do not exist yet; returns how many were new. */
export async function insertJobs(db: TenantDb, jobs: PlannedJob[]): Promise<number> {
  return insertNew((chunk) => db.clinic('message-planning').MessageJob.insertMany(chunk, { ordered: false }), jobs, INSERT_CHUNK);
}

/** The jobs of a newsletter sending, one per recipient; then it is sending. Safe to run again after a crash. */
export async function prepareSend(db: TenantDb, send: NewsletterSendDoc, now: number): Promise<number> {
  const filter: Record<string, unknown> =
    send.audience === 'selection' ? { _id: { $in: send.clientIds } } : { newsletter: true, email: { $nin: ['', null] }, ...(send.byOwner ? {} : { createdBy: send.therapistId }) };
  const clients = (await db.clinic('message-planning').Client.find(filter, { nameFirst: 1, nameLast: 1, email: 1 }).lean()) as ClientBrief[];
  const jobs: PlannedJob[] = clients.map((client) => ({
    _id: `newsletter:${send._id.toHexString()}:${client._id.toHexString()}`,
    therapistId: send.therapistId,
    kind: 'newsletter',
    channel: 'mail',
    ref: send._id,
    clientId: client._id,
    recipient: nameOf(client),
    to: client.email ?? '',
    at: null,
    dueAt: now,
    nextAttemptAt: now,
  }));
  await insertJobs(db, jobs);
  await db.clinic('message-planning').NewsletterSend.updateOne({ _id: send._id, state: 'preparing' }, { $set: { state: 'sending', recipients: jobs.length } });
  return jobs.length;
}

/** A sending with no pending job left is done. */
export async function finishSendIfDone(db: TenantDb, sendId: Types.ObjectId, now: number): Promise<boolean> {
  if (await db.clinic('message-planning').MessageJob.exists({ ref: sendId, state: 'pending' })) return false;
  await db.clinic('message-planning').NewsletterSend.updateOne({ _id: sendId, state: 'sending' }, { $set: { state: 'done', finishedAt: now } });
  return true;
}

/**
 * Who takes part in a course day and who waits (spec 2, Event-date client). A participant holds a numbered seat
 * (data/concurrency/seats.ts), so the last seat goes to exactly one client however sign-ups interleave; whoever could
 * not get one waits, first come first served. Counts are always counted from the participants, never kept.
 */
import { Types } from 'mongoose';
import { formatCopenhagenTime, formatDanishDate, messages, type Participant } from '@klinik/core';
import { courseSeatMail } from '../../adapters/mail/templates.js';
import type { TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { isDuplicateKeyError, NotFoundError } from '../../errors.js';
import type { EventDateClientDoc } from '../../models/index.js';
import { sendClinicNotice } from '../contact/outbound.js';
import { assertMayChange } from '../scheduling/target.js';
import { findDate } from './access.js';

/**
 * Moves people up from a course day's waiting list, first come first served, while seats are free. Each promotion
 * is a seat insert like any sign-up, so a promotion racing a new sign-up cannot overbook. If two promotions race
 * for the same person, both may take a seat for them; the one holding the person's lowest seat keeps it and gives
 * back every higher one (the other may have looked before the lower seat existed and kept its own), the other gives
 * back its own; both carry on with the next in line. A seat is only ever given back while the same person holds it.
 * Returns the rows promoted here.
 */
export async function promoteWaiting(db: TenantDb, eventDateId: Types.ObjectId, limit: number): Promise<EventDateClientDoc[]> {
  const promoted = [];
  const waiting = await db.EventDateClient.find({ eventDateId, isWaiting: true }).sort({ createdAt: 1, _id: 1 }).lean();
  for (const row of waiting) {
    const seat = await db.seats.take(eventDateId, limit, row._id);
    if (!seat) break;
    const held = await db.seats.heldBy(row._id);
    if (held[0] !== seat) {
      await db.seats.giveBack(seat, row._id);
      continue;
    }
    // This promotion holds the person's lowest seat: any higher one is a racing promotion's duplicate, which that
    // promotion may already have kept (it looked before this seat existed), so it goes back here, while still the
    // person's. The loop then goes on, so the freed seat reaches the next in line.
    for (const duplicate of held.slice(1)) await db.seats.giveBack(duplicate, row._id);
    await db.EventDateClient.updateOne({ _id: row._id }, { $set: { isWaiting: false } });
    promoted.push(row);
  }
  return promoted;
}

/**
 * Signs `client` up for a course day with `limit` seats: a seat if one is free, else the waiting list; a client already
 * on the day keeps their place. Two sign-ups of one client at the same moment meet on the participant's unique
 * (day, client): the loser gives back the seat it took and answers the winner's place. The whole clinic (`clinic`):
 * the day may be a colleague's (a therapist accepting a request) or the public page's therapist's.
 */
export async function joinCourseDay(
  db: TenantDb,
  date: { _id: Types.ObjectId; eventId: Types.ObjectId },
  client: { _id: Types.ObjectId; nameFirst: string; nameLast: string; email?: string | null },
  limit: number,
): Promise<{ isWaiting: boolean }> {
  const { EventDateClient } = db;
  const already = await EventDateClient.findOne({ eventDateId: date._id, clientId: client._id }, { isWaiting: 1 }).lean();
  if (already) return { isWaiting: Boolean(already.isWaiting) };
  const participantId = new Types.ObjectId();
  const seat = await db.seats.take(date._id, limit, participantId);
  try {
    await EventDateClient.create({
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
    await db.seats.release({ ref: participantId });
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await EventDateClient.findOne({ eventDateId: date._id, clientId: client._id }, { isWaiting: 1 }).lean();
    return { isWaiting: Boolean(winner?.isWaiting) };
  }
  return { isWaiting: seat === null };
}

export async function participants(ctx: TherapistContext, eventDateId: string): Promise<Participant[]> {
  const date = await findDate(ctx, eventDateId);
  const rows = await ctx.db.EventDateClient.find({ eventDateId: date._id }).sort({ isWaiting: 1, createdAt: 1 }).lean();
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

export async function removeParticipant(ctx: TherapistContext, id: string): Promise<void> {
  const row = await ctx.db.EventDateClient.findById(new Types.ObjectId(id)).lean();
  if (!row) throw new NotFoundError(messages.notFound);
  const date = await findDate(ctx, row.eventDateId);
  assertMayChange(ctx, date.therapistId);
  await ctx.db.EventDateClient.deleteOne({ _id: row._id });
  await ctx.db.seats.release({ ref: row._id });
  if (row.isWaiting) return;
  // A freed seat goes to the first on the waiting list (a waiting list is a queue), who is told by mail.
  const course = await ctx.db.Event.findById(date.eventId).lean();
  if (!course) return;
  const promoted = await promoteWaiting(ctx.db, date._id, course.limit);
  for (const person of promoted.filter((person) => person.email)) {
    const mail = courseSeatMail(person.email, {
      clientName: person.nameFirst,
      clinicName: ctx.company.companyName ?? '',
      course: course.title,
      when: `${formatDanishDate(date.from)} kl. ${formatCopenhagenTime(date.from)}–${formatCopenhagenTime(date.to)}`,
    });
    await sendClinicNotice(ctx.services, ctx.db, ctx.company, mail, 'course seat', ctx.now());
  }
}

/**
 * The therapist's private calendar feed: a secret address (32 random bytes) that their phone's calendar polls, with
 * their own bookings from 30 days back to a year ahead. The address is a bearer secret that ends up in calendar apps
 * and their sync servers, so the feed says as little as a glance at the calendar needs: the client's initials and
 * the treatment, the clinic's address, the time. Never the name, the CPR number, the reason, an e-mail or a phone
 * number; the bookings are read with only the fields used here, so nothing else is even loaded.
 *
 * Only the SHA-256 of the secret is stored (models/calendar-feeds.ts): the address is shown once, and 'Ny adresse'
 * replaces the hash, which ends the old address at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import ical, { ICalEventClass, ICalEventStatus } from 'ical-generator';
import { calendarFeedMessages, copenhagenDateKeysBetween, type CalendarFeed } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { TenantDb } from '../../data/tenant-db.js';
import { isDuplicateKeyError } from '../../errors.js';
import type { CompanyDoc, TherapistDoc } from '../../models/index.js';
import { CALENDAR_PRODUCT, bookingUid } from './booking-event.js';
import { clinicAddress } from './booking-mails.js';

const DAY_MS = 24 * 3600_000;
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 365;
/** The feed's path on the API; the secret follows, then `.ics` (calendar apps like to see it). */
export const FEED_PATH = '/calendar-feed';
/** A generous ceiling: a year of a full calendar is about 2,500 bookings. */
const MAX_FEED_BOOKINGS = 5000;

export function feedTokenHash(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

export function feedUrl(origin: string, rawToken: string): string {
  return `${origin}${FEED_PATH}/${rawToken}.ics`;
}

export async function calendarFeedStatus(ctx: TherapistContext): Promise<CalendarFeed> {
  const feed = await ctx.db.CalendarFeed.findOne({ _id: ctx.therapist._id }, { createdAt: 1 }).lean();
  return { active: Boolean(feed), createdAt: feed?.createdAt ?? null };
}

/** A new secret address for the caller's own feed; the one before stops working in the same write. */
export async function renewCalendarFeed(ctx: TherapistContext): Promise<CalendarFeed & { url: string }> {
  const rawToken = randomBytes(32).toString('base64url');
  const tokenHash = feedTokenHash(rawToken);
  const createdAt = ctx.now();
  const own = { _id: ctx.therapist._id };
  try {
    await ctx.db.CalendarFeed.create({ ...own, therapistId: ctx.therapist._id, tokenHash, createdAt });
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    // One feed per therapist (`_id`): a second address replaces the first, last one wins.
    await ctx.db.CalendarFeed.updateOne(own, { $set: { tokenHash, createdAt } });
  }
  return { active: true, createdAt, url: feedUrl(ctx.origin, rawToken) };
}

export async function deleteCalendarFeed(ctx: TherapistContext): Promise<{ message: string }> {
  await ctx.db.CalendarFeed.deleteOne({ _id: ctx.therapist._id });
  return { message: calendarFeedMessages.deleted };
}

/** 'Signe Kjær' → 'SK'; letters only, so a name never leaks more than its first letters. */
export function initialsOf(nameFirst: string | null | undefined, nameLast: string | null | undefined): string {
  const initial = (name: string | null | undefined) => (name ?? '').trim().match(/\p{L}/u)?.[0]?.toLocaleUpperCase('da-DK') ?? '';
  return `${initial(nameFirst)}${initial(nameLast)}`;
}

/**
 * The feed of one therapist, from the clinic's scoped data (the GET route has found the therapist by the secret and
 * checked that they and their clinic are active).
 */
export async function therapistFeedCalendar(db: TenantDb, therapist: Pick<TherapistDoc, '_id'>, company: CompanyDoc, now: number): Promise<string> {
  const keys = copenhagenDateKeysBetween(now - FEED_DAYS_BACK * DAY_MS, now + FEED_DAYS_AHEAD * DAY_MS);
  const bookings = await db.Booking.find(
    { therapistId: new Types.ObjectId(therapist._id), bookingDate: { $in: keys } },
    { _id: 1, from: 1, to: 1, nameFirst: 1, nameLast: 1, treatmentName: 1, version: 1 },
  )
    .sort({ from: 1 })
    .limit(MAX_FEED_BOOKINGS)
    .lean();
  const location = [company.companyName, clinicAddress(company)].filter(Boolean).join(', ');
  const calendar = ical({
    prodId: CALENDAR_PRODUCT,
    name: `${company.companyName} · Klinik`,
    // Apple and Outlook poll at their own pace, at best this often.
    ttl: 15 * 60,
  });
  for (const booking of bookings) {
    const initials = initialsOf(booking.nameFirst, booking.nameLast);
    calendar.createEvent({
      id: bookingUid(booking._id.toString()),
      sequence: booking.version ?? 0,
      stamp: new Date(now),
      start: new Date(booking.from),
      end: new Date(booking.to),
      summary: [initials, booking.treatmentName].filter(Boolean).join(' · ') || 'Booking',
      location: location || null,
      status: ICalEventStatus.CONFIRMED,
      // A shared view of the therapist's calendar shows 'busy', not even the initials.
      class: ICalEventClass.PRIVATE,
    });
  }
  return calendar.toString();
}

/**
 * What the public page offers: the therapist as shown, the treatments, and the free start times of a week (opening
 * hours minus bookings with their pause, leaves and course days; never today: core's availableStarts; never on a
 * holiday the clinic keeps closed; the treatment's rooms and equipment free: scheduling/resource-claims.ts).
 */
import { Types } from 'mongoose';
import { availableStarts, closedHolidayDateKeys, copenhagenDateKey, MAX_BOOKING_MS, schedulingMessages, type PublicTherapist, type PublicTreatment } from '@klinik/core';
import { ValidationError } from '../../errors.js';
import type { TreatmentDoc } from '../../models/index.js';
import { publicPaymentOf } from '../booking-payments/treatment-payment.js';
import { overlapFilter } from '../scheduling/ranges.js';
import { needsOf, NO_NEEDS, startsWithFreeResources, type Needs } from '../scheduling/resource-claims.js';
import { formEnabled, type PublicPage } from './public-therapist.js';

const DAY_MS = 24 * 3600_000;

export function toPublicTherapist(page: PublicPage, now: number): PublicTherapist {
  return {
    id: page.therapist._id.toString(),
    nameFirst: page.therapist.nameFirst,
    nameLast: page.therapist.nameLast,
    companyName: page.company.companyName,
    companyEmail: page.company.email ?? '',
    companyPhone: page.company.phone ?? '',
    bookingFormEnabled: formEnabled(page, now),
    isAvailable: page.therapist.isAvailable !== false,
    colors: [...(page.therapist.colors ?? [])],
  };
}

/** `paymentsConnected`: the clinic's payment account is connected (else no treatment is paid at booking). */
export async function publicTreatments(page: PublicPage, paymentsConnected: boolean): Promise<PublicTreatment[]> {
  const treatments = await page.db.Treatment.find({ therapistId: page.therapist._id }).lean();
  return treatments
    .map((treatment) => ({
      id: treatment._id.toString(),
      name: treatment.name,
      duration: treatment.duration,
      pause: treatment.pause ?? 0,
      price: treatment.priceOre / 100,
      payment: publicPaymentOf(treatment, page, paymentsConnected),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'da'));
}

/**
 * Taken time of a therapist in [from, to): bookings with their pause after them, leaves and course days. `ignore`: a
 * booking whose own time counts free (one being moved in 'Mine tider' may stay where it is or move a little).
 */
async function busyIntervals(page: PublicPage, range: { from: number; to: number }, ignore?: Types.ObjectId) {
  const therapistId = page.therapist._id;
  const [found, leaves, courseDates, held] = await Promise.all([
    page.db.Booking.find(overlapFilter(therapistId, { from: range.from - 2 * 3600_000, to: range.to }, MAX_BOOKING_MS), { from: 1, to: 1, pause: 1 }).lean(),
    page.db.Leave.find(overlapFilter(therapistId, range, 31 * DAY_MS), { from: 1, to: 1 }).lean(),
    page.db.EventDate.find(overlapFilter(therapistId, range, DAY_MS), { from: 1, to: 1 }).lean(),
    // Bookings held for the therapist to confirm (public-identity.ts) look taken, exactly as a confirmed one would.
    page.db.PublicSubmission.find({ ...overlapFilter(therapistId, { from: range.from - 2 * 3600_000, to: range.to }, MAX_BOOKING_MS), kind: 'booking' }, { from: 1, to: 1, pause: 1 }).lean(),
  ]);
  const bookings = ignore ? found.filter((booking) => !booking._id.equals(ignore)) : found;
  return [
    ...[...bookings, ...held].map((booking) => ({ from: booking.from, to: booking.to + (booking.pause ?? 0) * 1000 })),
    ...leaves.map((leave) => ({ from: leave.from, to: leave.to })),
    ...courseDates.map((date) => ({ from: date.from, to: date.to })),
  ];
}

/**
 * `treatment` (a document, or an id from the page): only times when the rooms and equipment it needs are free too;
 * an unknown id is refused. `needs`: those needs already known (a booking being moved). Without either, the
 * therapist's time alone (a page that does not say which treatment).
 */
export async function availability(
  page: PublicPage,
  input: { from: number; to: number; duration: number; pause: number; ignore?: Types.ObjectId; treatment?: Pick<TreatmentDoc, 'roomIds' | 'equipmentIds'> | string; needs?: Needs },
  now: number,
): Promise<number[]> {
  if (!formEnabled(page, now)) return [];
  const [openings, busy, needs] = await Promise.all([
    page.db.OpeningHours.find(overlapFilter(page.therapist._id, input, DAY_MS), { from: 1, to: 1 }).lean(),
    busyIntervals(page, input, input.ignore),
    input.needs ?? treatmentNeeds(page, input.treatment),
  ]);
  const starts = availableStarts({ from: input.from, to: input.to, durationMs: input.duration, pauseMs: input.pause, openings, busy, now });
  // A holiday the clinic keeps closed offers nothing, whatever the opening hours say; clientAddBooking books only
  // offered times, so this closes it there too. Course days are not treatments and stay open for sign-up.
  const closed = closedHolidayDateKeys(copenhagenDateKey(input.from), copenhagenDateKey(input.to - 1), page.company.closedHolidays);
  const open = closed.size === 0 ? starts : starts.filter((start) => !closed.has(copenhagenDateKey(start)));
  // Rooms and equipment last, over the starts left: one query of the room bookings of those days.
  return startsWithFreeResources(page.db, needs, open, input.duration, input.ignore);
}

async function treatmentNeeds(page: PublicPage, treatment: Pick<TreatmentDoc, 'roomIds' | 'equipmentIds'> | string | undefined): Promise<Needs> {
  if (treatment === undefined) return NO_NEEDS;
  if (typeof treatment !== 'string') return needsOf(page.db, treatment);
  const found = await page.db.Treatment.findOne({ _id: new Types.ObjectId(treatment), therapistId: page.therapist._id }, { roomIds: 1, equipmentIds: 1 }).lean();
  if (!found) throw new ValidationError(schedulingMessages.treatmentRequired, { treatmentId: schedulingMessages.treatmentRequired });
  return needsOf(page.db, found);
}

/**
 * A clinic's figures per Copenhagen month, per therapist, counted from its records and kept (models/statistics.ts):
 * a month is counted again only when a change of its records is newer than its count. Counting one month reads that
 * month's bookings, invoices and SMS by exact matches the embedded database serves from its indexes (bookingDate,
 * issuedMonth, month); opening hours have no month key and are read for the clinic.
 *
 * Why kept counts are right under concurrent writes: a writer records its change after its write, and a count reads
 * the changes before the records, so a change the count has seen is in what it counted. A count that took longer than
 * STALE_COUNT_MS is not stored (it may have read records older than a change it has not seen and that a newer count
 * has seen), and a change is removed only once older than twice that and seen by the stored count.
 */
import type { Types } from 'mongoose';
import {
  addRevenue,
  copenhagenDateKey,
  copenhagenWallTime,
  dayNumber,
  daysOfMonth,
  emptyRevenue,
  invoiceRevenue,
  isoWeekOf,
  mergeVisits,
  newAndReturning,
  type ClientVisits,
  type InvoiceSnapshot,
  type PaymentState,
  type RevenueFigures,
  type TreatmentRevenue,
} from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { isDuplicateKeyError } from '../../errors.js';

/** The counting rules' version: stored counts of another version are counted again. */
export const COUNT_VERSION = 3;
const STALE_COUNT_MS = 5 * 60_000;
const ID_BATCH = 100;

/** One therapist's month. */
export interface TherapistMonth {
  revenue: RevenueFigures;
  treatments: Record<string, TreatmentRevenue>;
  bookings: { count: number; online: number; bookedMinutes: number };
  /** Booked and opening minutes per ISO week, of the days of this month. */
  weeks: Record<string, { bookedMinutes: number; openMinutes: number }>;
  /** New and returning clients of this therapist (core newAndReturning). */
  clientCounts: { new: number; returning: number };
  sms: { count: number; costOre: number };
  /** Bookings marked 'Udeblevet'. */
  noShows: number;
}

/** A month of the clinic: per therapist (hex id), the clinic's own count of its clients (one seen by two therapists is one). */
export interface ClinicMonth {
  therapists: Record<string, TherapistMonth>;
  clinicClients: { new: number; returning: number };
}

/** Who came in a month, per therapist (hex id) and client (hex id): for 'booked again within 90 days'. */
export type MonthVisits = Record<string, Record<string, ClientVisits>>;

export function emptyTherapistMonth(): TherapistMonth {
  return { revenue: emptyRevenue(), treatments: {}, bookings: { count: 0, online: 0, bookedMinutes: 0 }, weeks: {}, clientCounts: { new: 0, returning: 0 }, sms: { count: 0, costOre: 0 }, noShows: 0 };
}

function chunks<T>(list: readonly T[], size = ID_BATCH): T[][] {
  const parts: T[][] = [];
  for (let index = 0; index < list.length; index += size) parts.push(list.slice(index, index + size));
  return parts;
}

function monthBounds(month: string): { start: number; end: number } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? { year: year + 1, mon: 1 } : { year, mon: mon + 1 };
  return { start: copenhagenWallTime(year, mon, 1), end: copenhagenWallTime(next.year, next.mon, 1) };
}

const MINUTE = 60_000;

/** Counts one month of the clinic from its records. */
export async function countMonth(ctx: TherapistContext, month: string): Promise<{ figures: ClinicMonth; visits: MonthVisits }> {
  const db = ctx.db.clinic('statistics');
  const therapists: Record<string, TherapistMonth> = {};
  const visits: MonthVisits = {};
  const of = (therapistId: Types.ObjectId | string) => (therapists[String(therapistId)] ??= emptyTherapistMonth());
  const { start, end } = monthBounds(month);

  const [bookings, invoices, openings, sms] = await Promise.all([
    db.Booking.find({ bookingDate: { $in: daysOfMonth(month) } }, { therapistId: 1, clientId: 1, from: 1, to: 1, source: 1, firstBooking: 1, noShow: 1 }).lean(),
    db.Invoice.find({ issuedMonth: month }, { therapistId: 1, isCredit: 1, isMerged: 1, paidOn: 1, overdueFrom: 1, 'snapshots.lines': 1, 'snapshots.amounts': 1, 'snapshots.treatment': 1 }).lean<CountedInvoice[]>(),
    db.OpeningHours.find({ from: { $lt: end }, to: { $gt: start } }, { therapistId: 1, from: 1, to: 1 }).lean(),
    db.SmsUsage.find({ month }, { therapistId: 1, priceOre: 1 }).lean(),
  ]);

  for (const booking of bookings) {
    const therapist = of(booking.therapistId);
    const minutes = Math.max(0, Math.round((booking.to - booking.from) / MINUTE));
    const day = copenhagenDateKey(booking.from);
    therapist.bookings.count += 1;
    if (booking.source === 'online') therapist.bookings.online += 1;
    if (booking.noShow === true) therapist.noShows += 1;
    therapist.bookings.bookedMinutes += minutes;
    const week = (therapist.weeks[isoWeekOf(day)] ??= { bookedMinutes: 0, openMinutes: 0 });
    week.bookedMinutes += minutes;
    const client = String(booking.clientId);
    const number = dayNumber(day);
    const own = (visits[String(booking.therapistId)] ??= {});
    own[client] = mergeVisits(own[client], [number, number, booking.firstBooking ? 1 : 0]);
  }

  for (const opening of openings) {
    const from = Math.max(opening.from, start);
    const to = Math.min(opening.to, end);
    if (to <= from) continue;
    const week = (of(opening.therapistId).weeks[isoWeekOf(copenhagenDateKey(from))] ??= { bookedMinutes: 0, openMinutes: 0 });
    week.openMinutes += Math.round((to - from) / MINUTE);
  }

  const counted = invoices.filter((invoice) => !invoice.isMerged && (invoice.snapshots?.length ?? 0) > 0);
  const settled = new Set<string>();
  const open = counted.filter((invoice) => !invoice.isCredit && !invoice.paidOn && invoice.overdueFrom !== null && invoice.overdueFrom !== undefined);
  for (const ids of chunks(open.map((invoice) => invoice._id))) {
    const credits = await db.Invoice.find({ creditForId: { $in: ids } }, { creditForId: 1 }).lean();
    for (const credit of credits) settled.add(String(credit.creditForId));
  }
  for (const invoice of counted) {
    const payment: PaymentState = invoice.isCredit ? 'none' : invoice.paidOn ? 'paid' : invoice.overdueFrom !== null && invoice.overdueFrom !== undefined && !settled.has(String(invoice._id)) ? 'outstanding' : 'none';
    const { revenue, treatments } = invoiceRevenue(invoice.snapshots![0]!, invoice.isCredit, payment);
    const therapist = of(invoice.therapistId);
    addRevenue(therapist.revenue, revenue);
    for (const [key, line] of treatments) {
      const into = (therapist.treatments[key] ??= { name: line.name, netOre: 0, vatOre: 0, totalOre: 0, lines: 0 });
      into.netOre += line.netOre;
      into.vatOre += line.vatOre;
      into.totalOre += line.totalOre;
      into.lines += line.lines;
    }
  }

  for (const usage of sms) {
    const therapist = of(usage.therapistId);
    therapist.sms.count += 1;
    therapist.sms.costOre += usage.priceOre ?? 0;
  }
  const clinic: Record<string, ClientVisits> = {};
  for (const [therapistId, clients] of Object.entries(visits)) {
    of(therapistId).clientCounts = newAndReturning(clients);
    for (const [client, seen] of Object.entries(clients)) clinic[client] = mergeVisits(clinic[client], seen);
  }
  return { figures: { therapists, clinicClients: newAndReturning(clinic) }, visits };
}

type CountedInvoice = {
  _id: Types.ObjectId;
  therapistId: Types.ObjectId;
  isCredit: boolean;
  isMerged: boolean;
  paidOn: string | null;
  overdueFrom: number | null;
  snapshots?: Pick<InvoiceSnapshot, 'amounts' | 'lines' | 'treatment'>[];
};

/**
 * Stored per month: the figures (`<company>:<YYYY-MM>`) and, apart, who came (`<company>:<YYYY-MM>:visits`), which is
 * large (thousands of clients in a busy month) and read only for the months 'booked again' needs. The embedded database
 * decodes every value of a document one by one: the visits are one string per therapist
 * ('<client>:<first day>:<last day>:<new>,…', days base 36).
 */
type StoredMonth = { _id: string; month: string; version: number; covered: string[]; therapists: ClinicMonth | Record<string, string> };

function packVisits(clients: Record<string, ClientVisits>): string {
  return Object.entries(clients)
    .map(([client, [first, last, isNew]]) => `${client}:${first.toString(36)}:${last.toString(36)}:${isNew}`)
    .join(',');
}

function unpackVisits(packed: string): Record<string, ClientVisits> {
  const clients: Record<string, ClientVisits> = {};
  if (!packed) return clients;
  for (const entry of packed.split(',')) {
    const [client, first, last, isNew] = entry.split(':');
    clients[client!] = [parseInt(first!, 36), parseInt(last!, 36), isNew === '1' ? 1 : 0];
  }
  return clients;
}

/** Months counted at once: each count is a few bounded reads; more at a time only queue in the database. */
const COUNTS_AT_ONCE = 2;

/**
 * The figures of `months`, and who came in `visitMonths` (each kept from before when no change is newer than its
 * count, else counted now and kept). A month with no records is an empty clinic month.
 */
export async function clinicMonths(
  ctx: TherapistContext,
  months: readonly string[],
  visitMonths: readonly string[] = [],
): Promise<{ figures: Map<string, ClinicMonth>; visits: Map<string, MonthVisits> }> {
  const db = ctx.db.clinic('statistics');
  const company = ctx.db.companyId.toHexString();
  const idOf = (month: string) => `${company}:${month}`;
  const visitsIdOf = (month: string) => `${company}:${month}:visits`;
  const unique = [...new Set([...months, ...visitMonths])];
  const wantVisits = new Set(visitMonths);
  const changesOf = async (part: readonly string[]) => {
    const changes = await db.StatisticsChange.find({ month: { $in: [...part] } }, { month: 1, at: 1 }).lean();
    const byMonth = new Map<string, { id: string; at: number }[]>();
    for (const change of changes) byMonth.set(change.month, [...(byMonth.get(change.month) ?? []), { id: String(change._id), at: change.at }]);
    return byMonth;
  };
  const ids = [...unique.map(idOf), ...[...wantVisits].map(visitsIdOf)];
  const [stored, changes] = await Promise.all([
    Promise.all(chunks(ids).map((part) => db.StatisticsMonth.find({ _id: { $in: part } }).lean<StoredMonth[]>())).then((parts) => parts.flat()),
    Promise.all(chunks(unique).map(changesOf)).then((parts) => new Map(parts.flatMap((part) => [...part]))),
  ]);
  const storedById = new Map(stored.map((doc) => [doc._id, doc]));
  const isCurrent = (kept: StoredMonth | undefined, seen: readonly { id: string }[]): kept is StoredMonth =>
    kept !== undefined && kept.version === COUNT_VERSION && seen.every((change) => kept.covered.includes(change.id));

  const figures = new Map<string, ClinicMonth>();
  const visits = new Map<string, MonthVisits>();
  const settledChanges: string[] = [];
  const old = Date.now() - 2 * STALE_COUNT_MS;
  const toCount: string[] = [];
  for (const month of unique) {
    const seen = changes.get(month) ?? [];
    const kept = storedById.get(idOf(month));
    const keptVisits = storedById.get(visitsIdOf(month));
    if (isCurrent(kept, seen) && (!wantVisits.has(month) || isCurrent(keptVisits, seen))) {
      figures.set(month, kept.therapists as ClinicMonth);
      if (keptVisits) visits.set(month, Object.fromEntries(Object.entries(keptVisits.therapists as Record<string, string>).map(([therapistId, packed]) => [therapistId, unpackVisits(packed)])));
      if (!wantVisits.has(month) || keptVisits) settledChanges.push(...seen.filter((change) => change.at < old).map((change) => change.id));
    } else toCount.push(month);
  }

  const count = async (month: string) => {
    // The month's changes read again right before its records: what this count has seen.
    const started = Date.now();
    const seen = (await changesOf([month])).get(month) ?? [];
    const counted = await countMonth(ctx, month);
    figures.set(month, counted.figures);
    visits.set(month, counted.visits);
    if (Date.now() - started > STALE_COUNT_MS) return;
    const store = async (_id: string, therapists: unknown) => {
      try {
        await db.StatisticsMonth.updateOne({ _id }, { $set: { month, version: COUNT_VERSION, covered: seen.map((change) => change.id), computedAt: Date.now(), therapists } }, { upsert: true });
      } catch (error) {
        // Another count of the same month stored its own first: it is as current as this one.
        if (!isDuplicateKeyError(error)) throw error;
      }
    };
    await store(visitsIdOf(month), Object.fromEntries(Object.entries(counted.visits).map(([therapistId, clients]) => [therapistId, packVisits(clients)])));
    await store(idOf(month), counted.figures);
  };
  const queue = [...toCount];
  await Promise.all(
    Array.from({ length: Math.min(COUNTS_AT_ONCE, queue.length) }, async () => {
      for (let month = queue.shift(); month !== undefined; month = queue.shift()) await count(month);
    }),
  );
  for (const part of chunks(settledChanges)) await db.StatisticsChange.deleteMany({ _id: { $in: part } });
  return { figures, visits };
}

/**
 * getStatistics: the months of a period and the same months a year before, added up from the kept monthly figures
 * (months.ts). The owner sees the clinic, or one therapist of it; a therapist only their own: a colleague's id is
 * refused rather than answered with their own figures, so a screen never shows one therapist's numbers under
 * another's name.
 */
import { Types } from 'mongoose';
import {
  addMonths,
  addRevenue,
  emptyRevenue,
  mergeVisits,
  monthsBetween,
  rebookedWithin,
  REBOOKING_DAYS,
  statisticsMessages,
  type ClientVisits,
  type ParsedInput,
  type Statistics,
  type StatisticsMonth,
  type TreatmentRevenue,
} from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ForbiddenError, NotFoundError } from '../../errors.js';
import { clinicMonths, emptyTherapistMonth, type ClinicMonth, type MonthVisits, type TherapistMonth } from './months.js';

/** Whose figures the caller asks for: one therapist (hex id), or null for the clinic (the owner only). */
export async function whoseFigures(ctx: TherapistContext, therapistId: string | undefined): Promise<string | null> {
  const own = ctx.therapist._id.toHexString();
  if (!ctx.therapist.isAdmin) {
    if (therapistId !== undefined && therapistId !== own) throw new ForbiddenError(statisticsMessages.notYours);
    return own;
  }
  if (therapistId === undefined) return null;
  if (!(await ctx.db.clinic('statistics').Therapist.exists({ _id: new Types.ObjectId(therapistId) }))) throw new NotFoundError(statisticsMessages.unknownTherapist);
  return therapistId;
}

/** The therapists' parts of a month that `whose` covers. */
function partsOf(month: ClinicMonth | undefined, whose: string | null): [string, TherapistMonth][] {
  const entries = Object.entries(month?.therapists ?? {});
  return whose === null ? entries : entries.filter(([therapistId]) => therapistId === whose);
}

/** Who came in a month among those `whose` covers, a client seen by two therapists once. */
function clientsOf(month: MonthVisits | undefined, whose: string | null): Record<string, ClientVisits> {
  const clients: Record<string, ClientVisits> = {};
  for (const [therapistId, seen] of Object.entries(month ?? {})) {
    if (whose !== null && therapistId !== whose) continue;
    for (const [client, visits] of Object.entries(seen)) clients[client] = mergeVisits(clients[client], visits);
  }
  return clients;
}

function monthRow(month: string, figures: ClinicMonth | undefined, whose: string | null): StatisticsMonth {
  const parts = partsOf(figures, whose);
  const sum = emptyTherapistMonth();
  for (const [, part] of parts) {
    addRevenue(sum.revenue, part.revenue);
    sum.bookings.count += part.bookings.count;
    sum.bookings.online += part.bookings.online;
    sum.bookings.bookedMinutes += part.bookings.bookedMinutes;
    sum.sms.count += part.sms.count;
    sum.sms.costOre += part.sms.costOre;
  }
  return {
    month,
    revenue: sum.revenue,
    bookings: sum.bookings,
    clients: whose === null ? (figures?.clinicClients ?? { new: 0, returning: 0 }) : (parts[0]?.[1].clientCounts ?? { new: 0, returning: 0 }),
    messages: { sms: sum.sms.count, smsCostOre: sum.sms.costOre },
  };
}

export async function statistics(ctx: TherapistContext, input: ParsedInput<'getStatistics'>): Promise<Statistics> {
  const whose = await whoseFigures(ctx, input.therapistId);
  const period = monthsBetween(input.from, input.to);
  const previous = period.map((month) => addMonths(month, -12));
  // A client's next booking after the period's last month can come up to REBOOKING_DAYS later.
  const after = monthsBetween(addMonths(input.to, 1), addMonths(input.to, Math.ceil(REBOOKING_DAYS / 28)));
  const { figures, visits } = await clinicMonths(ctx, [...period, ...previous], [...period, ...after]);

  const total = emptyRevenue();
  let noShows = 0;
  const byTherapist = new Map<string, { netOre: number; vatOre: number; totalOre: number }>();
  const byTreatment = new Map<string, TreatmentRevenue>();
  const weeks = new Map<string, { week: string; therapistId: string; bookedMinutes: number; openMinutes: number }>();
  for (const month of period) {
    for (const [therapistId, part] of partsOf(figures.get(month), whose)) {
      addRevenue(total, part.revenue);
      noShows += part.noShows ?? 0;
      const therapist = byTherapist.get(therapistId) ?? { netOre: 0, vatOre: 0, totalOre: 0 };
      therapist.netOre += part.revenue.netOre;
      therapist.vatOre += part.revenue.vatOre;
      therapist.totalOre += part.revenue.totalOre;
      byTherapist.set(therapistId, therapist);
      for (const [key, line] of Object.entries(part.treatments)) {
        const into = byTreatment.get(key) ?? { name: line.name, netOre: 0, vatOre: 0, totalOre: 0, lines: 0 };
        into.netOre += line.netOre;
        into.vatOre += line.vatOre;
        into.totalOre += line.totalOre;
        into.lines += line.lines;
        byTreatment.set(key, into);
      }
      for (const [week, minutes] of Object.entries(part.weeks)) {
        const key = `${week}:${therapistId}`;
        const into = weeks.get(key) ?? { week, therapistId, bookedMinutes: 0, openMinutes: 0 };
        into.bookedMinutes += minutes.bookedMinutes;
        into.openMinutes += minutes.openMinutes;
        weeks.set(key, into);
      }
    }
  }

  const names = await therapistNames(ctx, [...byTherapist.keys()]);
  const rebooked = rebookedWithin(
    [...period, ...after].map((month) => ({ month, clients: clientsOf(visits.get(month), whose) })),
    new Set(period),
  );
  return {
    from: input.from,
    to: input.to,
    therapistId: whose,
    months: period.map((month) => monthRow(month, figures.get(month), whose)),
    previousYear: previous.map((month) => monthRow(month, figures.get(month), whose)),
    total,
    byTherapist: [...byTherapist].map(([therapistId, sums]) => ({ therapistId, name: names.get(therapistId) ?? 'Tidligere behandler', ...sums })).sort((a, b) => b.totalOre - a.totalOre || a.name.localeCompare(b.name, 'da')),
    byTreatment: [...byTreatment.values()].sort((a, b) => b.totalOre - a.totalOre || a.name.localeCompare(b.name, 'da')),
    utilisation: [...weeks.values()].sort((a, b) => a.week.localeCompare(b.week) || a.therapistId.localeCompare(b.therapistId)),
    rebooked,
    cancellations: null,
    noShows,
  };
}

export async function therapistNames(ctx: TherapistContext, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const therapists = await ctx.db
    .clinic('statistics')
    .Therapist.find({ _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }, { nameFirst: 1, nameLast: 1 })
    .lean();
  return new Map(therapists.map((therapist) => [therapist._id.toHexString(), `${therapist.nameFirst ?? ''} ${therapist.nameLast ?? ''}`.trim()]));
}

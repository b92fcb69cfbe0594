/**
 * /Statistik: the clinic's figures for a period of whole months, next to the same months a year before; the tables as
 * CSV or Excel; the year statement for the accountant as a PDF. The owner sees the clinic (or one therapist of it), a
 * therapist only their own figures: asking for a colleague's is refused (403).
 */
import { z } from 'zod';
import { defineAction } from '../contract.js';
import { objectId } from '../fields.js';
import { isMonthKey, monthsBetween, STATISTICS_MONTHS_MAX } from '../statistics.js';

export const statisticsMessages = {
  month: 'Vælg en måned (ÅÅÅÅ-MM)',
  order: 'Slutmåneden skal være samme måned som startmåneden eller senere',
  tooLong: `Vælg højst ${STATISTICS_MONTHS_MAX} måneder`,
  year: 'Vælg et år',
  notYours: 'Du kan kun se dine egne tal',
  unknownTherapist: 'Behandleren findes ikke i klinikken',
} as const;

const monthKey = z.string({ error: statisticsMessages.month }).max(7, statisticsMessages.month).refine(isMonthKey, statisticsMessages.month);

export const statisticsPeriodSchema = z
  .strictObject({ from: monthKey, to: monthKey, therapistId: objectId.optional() })
  .refine((value) => value.to >= value.from, { message: statisticsMessages.order, path: ['to'] })
  .refine((value) => monthsBetween(value.from, value.to).length <= STATISTICS_MONTHS_MAX, { message: statisticsMessages.tooLong, path: ['to'] });

const ore = z.number().int();
export const revenueFiguresSchema = z.strictObject({
  netOre: ore,
  vatOre: ore,
  totalOre: ore,
  vatBaseOre: ore,
  exemptOre: ore,
  noVatOre: ore,
  creditNetOre: ore,
  creditVatOre: ore,
  creditTotalOre: ore,
  invoices: z.number().int(),
  creditNotes: z.number().int(),
  paidOre: ore,
  outstandingOre: ore,
});

export const statisticsMonthSchema = z.strictObject({
  month: z.string(),
  revenue: revenueFiguresSchema,
  /** Bookings starting in the month; `online` of them booked on the public page. */
  bookings: z.strictObject({ count: z.number().int(), online: z.number().int(), bookedMinutes: z.number().int() }),
  clients: z.strictObject({ new: z.number().int(), returning: z.number().int() }),
  /** SMS handed to the gateway and what they cost beyond the free quota (øre, without VAT). */
  messages: z.strictObject({ sms: z.number().int(), smsCostOre: ore }),
});
export type StatisticsMonth = z.infer<typeof statisticsMonthSchema>;

export const statisticsSchema = z.strictObject({
  from: z.string(),
  to: z.string(),
  /** Whose figures: one therapist's, or null for the whole clinic. */
  therapistId: z.string().nullable(),
  months: z.array(statisticsMonthSchema),
  /** The same months a year before. */
  previousYear: z.array(statisticsMonthSchema),
  total: revenueFiguresSchema,
  byTherapist: z.array(z.strictObject({ therapistId: z.string(), name: z.string(), netOre: ore, vatOre: ore, totalOre: ore })),
  byTreatment: z.array(z.strictObject({ name: z.string(), netOre: ore, vatOre: ore, totalOre: ore, lines: z.number().int() })),
  /** Booked minutes against opening minutes, per ISO week ('2026-W05') and therapist. */
  utilisation: z.array(z.strictObject({ week: z.string(), therapistId: z.string(), bookedMinutes: z.number().int(), openMinutes: z.number().int() })),
  /** Of the clients who came in the period, how many booked again within 90 days of their first visit in it. */
  rebooked: z.strictObject({ clients: z.number().int(), rebooked: z.number().int() }),
  /** Bookings have no cancelled state (a cancelled booking is deleted): null says the figure does not exist rather than that it is 0. */
  cancellations: z.null(),
  /** Bookings of the period marked 'Udeblevet'. */
  noShows: z.number().int(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const STATISTICS_TABLES = ['revenue', 'bookings', 'clients', 'messages', 'therapists', 'treatments', 'utilisation'] as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

const fileAnswer = z.strictObject({
  data: z.strictObject({ filename: z.string(), contentType: z.string(), /** The file, base64. */ content: z.string() }),
});

export const statisticsActions = {
  getStatistics: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary:
      "The figures of whole months from–to (YYYY-MM, at most 36) and of the same months a year before: revenue (excl. VAT, VAT, total; paid and outstanding; per therapist and treatment; credit notes subtracted), bookings, utilisation per week, new and returning clients, SMS. The owner sees the clinic or the therapist picked; a therapist their own (another's id: 403).",
    input: statisticsPeriodSchema,
    output: z.strictObject({ data: statisticsSchema }),
  }),
  exportStatistics: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'One table of getStatistics (or all, one sheet each in Excel) as CSV (semicolons, UTF-8) or Excel, base64.',
    input: z
      .strictObject({
        from: monthKey,
        to: monthKey,
        therapistId: objectId.optional(),
        table: z.enum([...STATISTICS_TABLES, 'all'], { error: 'Ukendt tabel' }).default('all'),
        format: z.enum(EXPORT_FORMATS, { error: 'Vælg CSV eller Excel' }),
      })
      .refine((value) => value.to >= value.from, { message: statisticsMessages.order, path: ['to'] })
      .refine((value) => monthsBetween(value.from, value.to).length <= STATISTICS_MONTHS_MAX, { message: statisticsMessages.tooLong, path: ['to'] })
      .refine((value) => value.format === 'xlsx' || value.table !== 'all', { message: 'Vælg én tabel til CSV', path: ['table'] }),
    output: fileAnswer,
  }),
  getYearStatement: defineAction({
    access: 'owner',
    plan: 'pro',
    summary:
      "'Årsopgørelse': the clinic's year as a PDF for the accountant (base64): revenue per month by VAT kind, VAT, credit notes, and what was outstanding at the year's end.",
    input: z.strictObject({ year: z.number({ error: statisticsMessages.year }).int(statisticsMessages.year).min(2000, statisticsMessages.year).max(2100, statisticsMessages.year) }),
    output: fileAnswer,
  }),
} as const;

/**
 * The records /Statistik counts, and the months each write of them changes (statistics.ts says how the changes are
 * recorded and why). Applied to the schemas once, before any model is bound (index.ts).
 */
import type { Connection, Types } from 'mongoose';
import { contactModels } from './contact.js';
import { invoiceModels } from './invoices.js';
import { schedulingModels } from './scheduling.js';
import { monthOfMoment, recordStatisticsChanges, type StatisticsSource } from './statistics.js';

const moment = (value: unknown): string[] => (typeof value === 'number' && Number.isFinite(value) ? [monthOfMoment(value)] : []);
const text = (value: unknown): string[] => (typeof value === 'string' && value !== '' ? [value] : []);

const BOOKINGS: StatisticsSource = {
  fields: ['from', 'to', 'therapistId', 'clientId', 'source', 'firstBooking', 'noShow'],
  months: (doc) => moment(doc.from),
};

const OPENING_HOURS: StatisticsSource = {
  fields: ['from', 'to', 'therapistId'],
  months: (doc) => [...moment(doc.from), ...(typeof doc.to === 'number' ? moment(doc.to - 1) : [])],
};

const INVOICES: StatisticsSource = {
  fields: ['createdAt', 'issuedMonth', 'therapistId', 'isCredit', 'isMerged', 'snapshots', 'paidOn', 'creditForId', 'overdueFrom'],
  months: (doc) => (typeof doc.issuedMonth === 'string' ? [doc.issuedMonth] : moment(doc.createdAt)),
  // A credit note settles its invoice, which then no longer counts as outstanding in the invoice's own month.
  async related(conn: Connection, doc, companyId: Types.ObjectId) {
    if (!doc.creditForId) return [];
    const credited = await conn.model('Invoice').findOne({ _id: doc.creditForId, companyId }, { issuedMonth: 1, createdAt: 1 }).lean<{ issuedMonth?: string | null; createdAt?: number }>();
    return credited ? (credited.issuedMonth ? [credited.issuedMonth] : moment(credited.createdAt)) : [];
  },
};

const SMS_USAGE: StatisticsSource = {
  fields: ['month', 'priceOre', 'therapistId'],
  months: (doc) => text(doc.month),
};

let tracked = false;

export function trackStatisticsSources(): void {
  if (tracked) return;
  tracked = true;
  recordStatisticsChanges(schedulingModels.Booking.schema, BOOKINGS);
  recordStatisticsChanges(schedulingModels.OpeningHours.schema, OPENING_HOURS);
  recordStatisticsChanges(invoiceModels.Invoice.schema, INVOICES);
  recordStatisticsChanges(contactModels.SmsUsage.schema, SMS_USAGE);
}

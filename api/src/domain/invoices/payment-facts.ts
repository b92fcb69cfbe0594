/**
 * What the payment status of invoices depends on beyond the invoices themselves (payments.ts says how it changes):
 * the credit notes that settle them and the reminders sent, for answers; and the filters of the invoice list and
 * its outstanding total.
 */
import type { Types } from 'mongoose';
import type { InvoiceStatusFilter } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import type { InvoiceDoc } from '../../models/index.js';
import type { PaymentView } from './views.js';

/**
 * The facts beyond the invoices themselves that their statuses need: which of `docs` a credit note settles, and the
 * reminders sent. Read from the whole clinic: the invoices are ones the caller sees, and a credit note of one is its
 * booking's, whoever the booking has moved to since.
 */
export async function paymentView(ctx: TherapistContext, docs: readonly InvoiceDoc[]): Promise<PaymentView> {
  const now = ctx.now();
  const ids = docs.filter((doc) => !doc.isMerged && !doc.isCredit && doc.overdueFrom !== null && doc.overdueFrom !== undefined).map((doc) => doc._id);
  if (ids.length === 0) return { now, creditedBy: new Map(), reminders: new Map() };
  const [credits, reminders] = await Promise.all([
    ctx.db.clinic('invoice-of-a-visible-record').Invoice.find({ isCredit: true, creditForId: { $in: ids } }, { creditForId: 1, number: 1 }).lean(),
    ctx.db.InvoiceEvent.find({ invoiceId: { $in: ids }, kind: 'reminder' }, { invoiceId: 1, at: 1 }).lean(),
  ]);
  const creditedBy = new Map(credits.map((credit) => [String(credit.creditForId), credit.number]));
  const sent = new Map<string, number[]>();
  for (const reminder of reminders.sort((a, b) => a.at - b.at)) {
    const key = reminder.invoiceId.toString();
    sent.set(key, [...(sent.get(key) ?? []), reminder.at]);
  }
  return { now, creditedBy, reminders: sent };
}

/** The ids of the invoices credit notes settle (anyone's: only ever used to leave invoices out). */
async function settledByCredit(ctx: TherapistContext): Promise<Types.ObjectId[]> {
  const credits = await ctx.db.clinic('invoice-of-a-visible-record').Invoice.find({ isCredit: true, creditForId: { $ne: null } }, { creditForId: 1 }).lean();
  return credits.map((credit) => credit.creditForId).filter((id): id is Types.ObjectId => id !== null);
}

/** The part of the invoice list's filter that picks a status; {} for all. */
export async function statusFilter(ctx: TherapistContext, status: InvoiceStatusFilter, now: number): Promise<Record<string, unknown>> {
  if (status === 'all') return {};
  if (status === 'paid') return { isCredit: false, overdueFrom: { $ne: null }, paidOn: { $ne: null } };
  return { isCredit: false, paidOn: null, overdueFrom: status === 'overdue' ? { $lte: now } : { $gt: now }, _id: { $nin: await settledByCredit(ctx) } };
}

/**
 * What the unpaid and overdue invoices the caller sees add up to, in øre (`scope`: the owner's therapist filter).
 * Invoices a credit note settles are left out: the credit note cancels exactly what they ask.
 */
export async function outstandingOre(ctx: TherapistContext, scope: Record<string, unknown>): Promise<number> {
  const open = await ctx.db.Invoice.find(
    { ...scope, isMerged: false, isCredit: false, paidOn: null, overdueFrom: { $ne: null }, _id: { $nin: await settledByCredit(ctx) } },
    { totalOre: 1 },
  ).lean();
  return open.reduce((sum, invoice) => sum + (invoice.totalOre ?? 0), 0);
}

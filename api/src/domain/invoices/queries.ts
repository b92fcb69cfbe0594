/**
 * Finding invoices and credit notes: the Invoice rule (the owner sees all of the clinic's, a therapist the invoices of
 * their own bookings), and for a client's statements the client's rule.
 */
import { Types } from 'mongoose';
import type { Invoice, ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { InvoiceDoc } from '../../models/index.js';
import { cprDigitsFilter, findVisibleClient } from '../clients/clients.js';
import { targetTherapist } from '../scheduling/target.js';
import { escapeRegex, nameWordsFilter } from '../search.js';
import { outstandingOre, paymentView, statusFilter } from './payment-facts.js';
import { toInvoice } from './views.js';

export const INVOICE_NOT_FOUND = 'Fakturaen findes ikke';

export async function visibleInvoice(ctx: TherapistContext, id: string): Promise<InvoiceDoc> {
  const invoice = await ctx.db.Invoice.findById(new Types.ObjectId(id)).lean();
  if (!invoice) throw new NotFoundError(INVOICE_NOT_FOUND);
  return invoice;
}

/** The id of a client the caller may see, or 404. */
export async function visibleClientId(ctx: TherapistContext, clientId: string | Types.ObjectId): Promise<Types.ObjectId> {
  const client = await findVisibleClient(ctx, clientId);
  if (!client) throw new NotFoundError('Klienten findes ikke');
  return client._id;
}

/** The caller's invoices as answered, their payment status included. */
async function answered(ctx: TherapistContext, docs: InvoiceDoc[]): Promise<Invoice[]> {
  const view = await paymentView(ctx, docs);
  return docs.map((doc) => toInvoice(doc, view));
}

export async function listInvoices(ctx: TherapistContext, input: ParsedInput<'getAllInvoice'>): Promise<{ result: Invoice[]; totalCount: number; outstandingOre: number }> {
  // The owner's therapist picker narrows the outstanding total too; the search and the status filter only the rows.
  const scope: Record<string, unknown> = {};
  if (input.therapistId) scope.therapistId = (await targetTherapist(ctx, input.therapistId))._id;
  const filter: Record<string, unknown> = { isMerged: false, ...scope, ...(await statusFilter(ctx, input.status, ctx.now())) };
  const text = input.search.trim();
  if (text) {
    const digits = text.replace(/\s/g, '');
    if (/^[\d-]+$/.test(digits)) {
      // The CPR number is stored encrypted: invoices of the visible clients whose CPR matches (clients.ts).
      const clients = await ctx.db.Client.find(await cprDigitsFilter(ctx, digits.replace(/-/g, '')), { _id: 1 }).lean();
      filter.$or = [{ number: { $regex: `^${escapeRegex(digits)}` } }, { clientId: { $in: clients.map((client) => client._id) } }];
    }
    else Object.assign(filter, nameWordsFilter(text));
  }
  const [docs, totalCount, outstanding] = await Promise.all([
    ctx.db.Invoice.find(filter).sort({ createdAt: -1, seq: -1 }).skip((input.page - 1) * input.size).limit(input.size).lean(),
    ctx.db.Invoice.countDocuments(filter),
    outstandingOre(ctx, scope),
  ]);
  return { result: await answered(ctx, docs), totalCount, outstandingOre: outstanding };
}

export async function invoicesOfBookings(ctx: TherapistContext, bookingIds: string[]): Promise<Invoice[]> {
  const docs = await ctx.db.Invoice.find({ isMerged: false, bookingId: { $in: bookingIds.map((id) => new Types.ObjectId(id)) } })
    .sort({ createdAt: -1 })
    .lean();
  return answered(ctx, docs);
}

/** A visible client's invoices of bookings in [from, to], whoever's bookings they were (for a merged statement). */
export async function invoicesForPeriod(ctx: TherapistContext, input: ParsedInput<'getInvoicesForPeriod'>): Promise<Invoice[]> {
  const clientId = await visibleClientId(ctx, input.clientId);
  const docs = await ctx.db.clinic('merged-statement').Invoice.find({ clientId, isMerged: false, bookingFrom: { $gte: input.from, $lte: input.to } })
    .sort({ bookingFrom: 1, seq: 1 })
    .lean();
  return answered(ctx, docs);
}

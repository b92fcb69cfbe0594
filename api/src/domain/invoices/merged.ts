/**
 * Merged statements (spec 2, 'Samlet opgørelse'): a visible client's invoices of a period in one document. They are not
 * numbered documents, so they may be changed and deleted; a colleague may bundle invoices of several therapists'
 * bookings, so the client's rule decides who may see them, not the invoices' therapists.
 */
import { Types } from 'mongoose';
import { formatDanishDate, type Invoice, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import type { InvoiceDoc } from '../../models/index.js';
import { ownClaimId } from '../../models/invoices.js';
import { INVOICE_NOT_FOUND, visibleClientId } from './queries.js';
import { asIssued, copenhagenYear, toInvoice } from './views.js';

/** A merged statement is not paid on its own (its invoices are): it has no payment status. */
const statement = (ctx: TherapistContext) => asIssued(ctx.now());

export async function mergedOfClient(ctx: TherapistContext, clientId: string): Promise<Invoice[]> {
  const id = await visibleClientId(ctx, clientId);
  const docs = await ctx.db.clinic('merged-statement').Invoice.find({ clientId: id, isMerged: true }).sort({ createdAt: -1 }).lean();
  return docs.map((doc) => toInvoice(doc, statement(ctx)));
}

async function chosenInvoices(ctx: TherapistContext, clientId: Types.ObjectId, ids: string[]): Promise<InvoiceDoc[]> {
  const unique = [...new Set(ids)];
  const docs = await ctx.db.clinic('merged-statement').Invoice.find({ clientId, isMerged: false, _id: { $in: unique.map((id) => new Types.ObjectId(id)) } })
    .sort({ bookingFrom: 1, seq: 1 })
    .lean();
  if (docs.length !== unique.length) throw new ValidationError('En af de valgte fakturaer findes ikke hos denne klient', { invoiceIds: 'Ugyldigt valg' });
  return docs;
}

function mergedNumber(from: number, to: number): string {
  return `Samlet opgørelse ${formatDanishDate(from)}–${formatDanishDate(to)}`;
}

function mergedFields(invoices: InvoiceDoc[]) {
  return {
    invoiceIds: invoices.map((invoice) => invoice._id),
    // The statement holds its invoices' snapshots as they were issued (they never change).
    snapshots: invoices.flatMap((invoice): unknown[] => invoice.snapshots ?? []),
    totalOre: invoices.reduce((sum, invoice) => sum + (invoice.totalOre ?? 0), 0),
  };
}

export async function createMerged(ctx: TherapistContext, input: ParsedInput<'addMergedInvoice'>): Promise<Invoice> {
  if (input.to <= input.from) throw new ValidationError('Slutdatoen skal være efter startdatoen', { to: 'Slutdatoen skal være efter startdatoen' });
  const clientId = await visibleClientId(ctx, input.clientId);
  const invoices = await chosenInvoices(ctx, clientId, input.invoiceIds);
  const first = invoices[0]!;
  // The statement belongs to whoever made it. Issued under no claim, it carries its own (models/invoices.ts).
  const _id = new Types.ObjectId();
  const doc = await ctx.db.Invoice.create({
    _id,
    claimId: ownClaimId(_id),
    therapistId: ctx.therapist._id,
    clientId,
    year: copenhagenYear(ctx.now()),
    seq: 0,
    number: mergedNumber(input.from, input.to),
    isMerged: true,
    nameFirst: first.nameFirst,
    nameLast: first.nameLast,
    CPR: first.CPR,
    from: input.from,
    to: input.to,
    ...mergedFields(invoices),
    createdBy: ctx.therapist._id,
    createdAt: ctx.now(),
  });
  return toInvoice(doc.toObject(), statement(ctx));
}

/** A merged statement (or, for deletion, any invoice document) of a client the caller may see. */
async function statementOfVisibleClient(ctx: TherapistContext, id: string, mergedOnly: boolean): Promise<InvoiceDoc> {
  const filter: Record<string, unknown> = { _id: new Types.ObjectId(id) };
  if (mergedOnly) filter.isMerged = true;
  const invoice = await ctx.db.clinic('merged-statement').Invoice.findOne(filter).lean();
  if (!invoice) throw new NotFoundError(INVOICE_NOT_FOUND);
  await visibleClientId(ctx, invoice.clientId);
  return invoice;
}

export async function updateMerged(ctx: TherapistContext, input: ParsedInput<'setMergedInvoice'>): Promise<Invoice> {
  const merged = await statementOfVisibleClient(ctx, input.id, true);
  const invoices = await chosenInvoices(ctx, merged.clientId, input.invoiceIds);
  await ctx.db.clinic('merged-statement').Invoice.updateOne({ _id: merged._id }, { $set: { ...mergedFields(invoices), updatedAt: ctx.now() } });
  return toInvoice((await ctx.db.clinic('merged-statement').Invoice.findById(merged._id).lean())!, statement(ctx));
}

export async function deleteMerged(ctx: TherapistContext, id: string): Promise<void> {
  const invoice = await statementOfVisibleClient(ctx, id, false);
  if (!invoice.isMerged) throw new ForbiddenError('En faktura eller kreditnota kan ikke slettes (bogføringsloven). Lav en kreditnota i stedet.');
  await ctx.db.clinic('merged-statement').Invoice.deleteOne({ _id: invoice._id, isMerged: true });
}

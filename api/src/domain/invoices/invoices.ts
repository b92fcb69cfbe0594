/**
 * Invoices, credit notes and merged statements. The server builds every snapshot from its own records and never
 * changes it afterwards; amounts are integer øre (core/invoices.ts). A booking is invoiced once per cycle: the
 * invoice claim (`<booking>:<credit notes so far>:inv|cred`) decides a race before a number is taken, and a credit
 * note frees the booking for a new invoice. Invoices and credit notes are never deleted (Danish bookkeeping rules);
 * merged statements are not numbered documents and may be deleted.
 */
import { Types } from 'mongoose';
import {
  copenhagenDateKey,
  formatDanishDate,
  INVOICE_ERROR_SEPARATOR,
  invoiceAmounts,
  missingInvoiceData,
  type Invoice,
  type InvoiceSnapshot,
  type ParsedInput,
} from '@klinik/core';
import { invoicePdfBytes } from '@klinik/core/invoice-pdf';
import type { ActionContext } from '../../context.js';
import { ConflictError, ForbiddenError, isDuplicateKeyError, NotFoundError, ValidationError } from '../../errors.js';
import type { BookingDoc, InvoiceDoc } from '../../models/index.js';
import { clientVisibility } from '../clients/clients.js';
import { targetTherapist } from '../scheduling/target.js';
import { insertNumbered } from './numbering.js';
import { escapeRegex, nameWordsFilter } from '../search.js';

type Settings = ParsedInput<'addInvoice'>['settings'];

const NOT_FOUND = 'Fakturaen findes ikke';

function scope(ctx: ActionContext): Record<string, unknown> {
  return ctx.therapist.isAdmin ? { companyId: ctx.company._id } : { companyId: ctx.company._id, therapistId: ctx.therapist._id };
}

export function copenhagenYear(now: number): number {
  return Number(copenhagenDateKey(now).slice(0, 4));
}

export function toInvoice(doc: InvoiceDoc): Invoice {
  return {
    id: doc._id.toString(),
    number: doc.number,
    createdAt: doc.createdAt,
    isMerged: Boolean(doc.isMerged),
    isCredit: Boolean(doc.isCredit),
    therapistId: doc.therapistId.toString(),
    clientId: doc.clientId.toString(),
    bookingId: doc.bookingId ? doc.bookingId.toString() : null,
    creditForId: doc.creditForId ? doc.creditForId.toString() : null,
    nameFirst: doc.nameFirst ?? '',
    nameLast: doc.nameLast ?? '',
    CPR: doc.CPR ?? '',
    totalOre: doc.totalOre ?? 0,
    from: doc.from ?? null,
    to: doc.to ?? null,
    image: (doc.snapshots ?? []) as InvoiceSnapshot[],
  };
}

async function visibleBooking(ctx: ActionContext, bookingId: string): Promise<BookingDoc> {
  const booking = await ctx.models.Booking.findOne({ ...scope(ctx), _id: new Types.ObjectId(bookingId) }).lean();
  if (!booking) throw new NotFoundError('Bookingen findes ikke');
  if (!booking.treatmentId) throw new ValidationError('Et fravær kan ikke faktureres');
  return booking;
}

/** The snapshot of an invoice of `booking` as the records are now; refuses with the spec's '||' list. */
async function buildSnapshot(ctx: ActionContext, booking: BookingDoc, settings: Settings, number: string, issuedAt: number): Promise<InvoiceSnapshot> {
  const [client, treatment, therapist, journal, stamJournal, upcoming] = await Promise.all([
    ctx.models.Client.findOne({ _id: booking.clientId, companyId: ctx.company._id }).lean(),
    ctx.models.Treatment.findOne({ _id: booking.treatmentId, companyId: ctx.company._id }).lean(),
    ctx.models.Therapist.findOne({ _id: booking.therapistId, companyId: ctx.company._id }).lean(),
    ctx.models.Journal.findOne({ _id: booking._id, companyId: ctx.company._id }).lean(),
    ctx.models.CustomField.find({ companyId: ctx.company._id, clientId: booking.clientId, journalId: null }).sort({ position: 1, _id: 1 }).lean(),
    ctx.models.Booking.find({ companyId: ctx.company._id, clientId: booking.clientId, from: { $gt: booking.from }, treatmentId: { $ne: null } })
      .sort({ from: 1 })
      .limit(2)
      .lean(),
  ]);
  if (!client) throw new NotFoundError('Klienten findes ikke');
  if (!treatment) throw new ValidationError('Behandlingen findes ikke længere');
  const company = (await ctx.models.Company.findById(ctx.company._id).lean())!;
  const clientFields = { ...client, CPR: `${client.CPR6Digit}-${client.CPRLast4Digit}` };
  const problems = missingInvoiceData(company, clientFields);
  if (problems.length) throw new ValidationError(problems.join(INVOICE_ERROR_SEPARATOR));
  return {
    number,
    issuedAt,
    therapist: { nameFirst: therapist?.nameFirst ?? '', nameLast: therapist?.nameLast ?? '' },
    company: {
      companyName: company.companyName,
      address: company.address ?? '',
      post: company.post ?? '',
      town: company.town ?? '',
      email: company.email ?? '',
      phone: company.phone ?? '',
      CVR: company.CVR ?? '',
      regNumber: company.regNumber ?? '',
      accountNumber: company.accountNumber ?? '',
      mobilePay: company.mobilePay ?? '',
      logo: company.logo ?? null,
    },
    client: {
      nameFirst: client.nameFirst,
      nameLast: client.nameLast,
      address: client.address ?? '',
      post: client.post ?? '',
      town: client.town ?? '',
      email: client.email ?? '',
      CPR: clientFields.CPR,
    },
    treatment: { name: treatment.name, duration: booking.to > booking.from ? Math.round((booking.to - booking.from) / 1000) : treatment.duration, price: treatment.priceOre },
    booking: { from: booking.from, to: booking.to },
    journal: journal ? { treatment: journal.treatment ?? '', followUp: journal.followUp ?? '' } : null,
    stamJournal: stamJournal.map((field) => ({ name: field.name, value: field.value ?? '' })),
    upComing: upcoming.map((next) => ({ from: next.from })),
    settings: { ...settings },
    amounts: invoiceAmounts(treatment.priceOre, settings.discount, settings.moms),
    creditFor: null,
  };
}

/** The credit note of an issued invoice: its snapshot with the amounts negated, today's date and a new number. */
function creditSnapshot(original: InvoiceSnapshot, number: string, issuedAt: number): InvoiceSnapshot {
  const amounts = invoiceAmounts(original.amounts.priceOre, original.amounts.discountOre, original.settings.moms, true);
  return { ...original, number, issuedAt, settings: { ...original.settings, type: false }, amounts, creditFor: original.number };
}

export async function previewInvoice(ctx: ActionContext, input: ParsedInput<'getInvoicePreview'>): Promise<InvoiceSnapshot> {
  const booking = await visibleBooking(ctx, input.bookingId);
  const now = ctx.now();
  if (!input.settings.type) {
    const original = await invoiceOfBooking(ctx, booking);
    return creditSnapshot(original.snapshots[0] as InvoiceSnapshot, 'Udkast', now);
  }
  if (booking.invoiceId) throw new ConflictError('Bookingen er allerede faktureret. Lav en kreditnota, hvis fakturaen skal annulleres.');
  return buildSnapshot(ctx, booking, input.settings, 'Udkast', now);
}

async function invoiceOfBooking(ctx: ActionContext, booking: BookingDoc): Promise<InvoiceDoc> {
  const invoice = booking.invoiceId ? await ctx.models.Invoice.findOne({ _id: booking.invoiceId, companyId: ctx.company._id }).lean() : null;
  if (!invoice) throw new ConflictError('Bookingen har ingen faktura at kreditere');
  return invoice;
}

/** How old a claim without its invoice must be before it counts as left over by a crash. */
const ORPHAN_CLAIM_MS = 60_000;

async function claimBooking(ctx: ActionContext, booking: BookingDoc, kind: 'inv' | 'cred'): Promise<string> {
  const credits = await ctx.models.Invoice.countDocuments({ companyId: ctx.company._id, bookingId: booking._id, isCredit: true });
  const id = `${booking._id.toString()}:${credits}:${kind}`;
  const insert = () => ctx.models.InvoiceClaim.create({ _id: id, companyId: ctx.company._id, createdAt: ctx.now() });
  try {
    await insert();
    return id;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const claim = await ctx.models.InvoiceClaim.findById(id).lean();
  if (claim && !claim.invoiceId && claim.createdAt < ctx.now() - ORPHAN_CLAIM_MS) {
    await ctx.models.InvoiceClaim.deleteOne({ _id: id, invoiceId: null });
    await insert();
    return id;
  }
  throw new ConflictError(kind === 'inv' ? 'Bookingen er allerede faktureret' : 'Fakturaen er allerede krediteret');
}

export async function issueInvoice(ctx: ActionContext, input: ParsedInput<'addInvoice'>): Promise<Invoice> {
  const booking = await visibleBooking(ctx, input.bookingId);
  const now = ctx.now();
  const year = copenhagenYear(now);
  const credit = !input.settings.type;
  let original: InvoiceDoc | null = null;
  let draft: InvoiceSnapshot;
  if (credit) {
    original = await invoiceOfBooking(ctx, booking);
    draft = creditSnapshot(original.snapshots[0] as InvoiceSnapshot, '', now);
  } else {
    if (booking.invoiceId) throw new ConflictError('Bookingen er allerede faktureret. Lav en kreditnota, hvis fakturaen skal annulleres.');
    draft = await buildSnapshot(ctx, booking, input.settings, '', now);
  }
  const claim = await claimBooking(ctx, booking, credit ? 'cred' : 'inv');
  const company = (await ctx.models.Company.findById(ctx.company._id).lean())!;
  const { id } = await insertNumbered(ctx.models, company, year, (seq, number, _id) => ({
    _id,
    companyId: ctx.company._id,
    therapistId: booking.therapistId,
    clientId: booking.clientId,
    bookingId: booking._id,
    bookingFrom: booking.from,
    year,
    seq,
    number,
    isCredit: credit,
    creditForId: original?._id ?? null,
    nameFirst: draft.client.nameFirst,
    nameLast: draft.client.nameLast,
    CPR: draft.client.CPR,
    totalOre: draft.amounts.totalOre,
    snapshots: [{ ...draft, number }],
    createdBy: ctx.therapist._id,
    createdAt: now,
  }));
  await ctx.models.InvoiceClaim.updateOne({ _id: claim }, { $set: { invoiceId: id } });
  // The booking turns blue with its invoice, and back once credited (it may then be invoiced again).
  await ctx.models.Booking.updateOne({ _id: booking._id, companyId: ctx.company._id }, { $set: { invoiceId: credit ? null : id }, $inc: { version: 1 } });
  return toInvoice((await ctx.models.Invoice.findById(id).lean())!);
}

export async function visibleInvoice(ctx: ActionContext, id: string): Promise<InvoiceDoc> {
  const invoice = await ctx.models.Invoice.findOne({ ...scope(ctx), _id: new Types.ObjectId(id) }).lean();
  if (!invoice) throw new NotFoundError(NOT_FOUND);
  return invoice;
}


export async function listInvoices(ctx: ActionContext, input: ParsedInput<'getAllInvoice'>): Promise<{ result: Invoice[]; totalCount: number }> {
  const filter: Record<string, unknown> = { ...scope(ctx), isMerged: false };
  if (input.therapistId) filter.therapistId = (await targetTherapist(ctx, input.therapistId))._id;
  const text = input.search.trim();
  if (text) {
    const digits = text.replace(/\s/g, '');
    if (/^[\d-]+$/.test(digits)) filter.$or = [{ number: { $regex: `^${escapeRegex(digits)}` } }, { CPR: { $regex: `^${escapeRegex(digits)}` } }];
    else Object.assign(filter, nameWordsFilter(text));
  }
  const [docs, totalCount] = await Promise.all([
    ctx.models.Invoice.find(filter).sort({ createdAt: -1, seq: -1 }).skip((input.page - 1) * input.size).limit(input.size).lean(),
    ctx.models.Invoice.countDocuments(filter),
  ]);
  return { result: docs.map(toInvoice), totalCount };
}

export async function invoicesOfBookings(ctx: ActionContext, bookingIds: string[]): Promise<Invoice[]> {
  const docs = await ctx.models.Invoice.find({ ...scope(ctx), isMerged: false, bookingId: { $in: bookingIds.map((id) => new Types.ObjectId(id)) } })
    .sort({ createdAt: -1 })
    .lean();
  return docs.map(toInvoice);
}

async function visibleClientId(ctx: ActionContext, clientId: string): Promise<Types.ObjectId> {
  const client = await ctx.models.Client.findOne({ ...clientVisibility(ctx), _id: new Types.ObjectId(clientId) }, { _id: 1 }).lean();
  if (!client) throw new NotFoundError('Klienten findes ikke');
  return client._id;
}

export async function mergedOfClient(ctx: ActionContext, clientId: string): Promise<Invoice[]> {
  const id = await visibleClientId(ctx, clientId);
  const docs = await ctx.models.Invoice.find({ companyId: ctx.company._id, clientId: id, isMerged: true }).sort({ createdAt: -1 }).lean();
  return docs.map(toInvoice);
}

export async function invoicesForPeriod(ctx: ActionContext, input: ParsedInput<'getInvoicesForPeriod'>): Promise<Invoice[]> {
  const id = await visibleClientId(ctx, input.clientId);
  const docs = await ctx.models.Invoice.find({ companyId: ctx.company._id, clientId: id, isMerged: false, bookingFrom: { $gte: input.from, $lte: input.to } })
    .sort({ bookingFrom: 1, seq: 1 })
    .lean();
  return docs.map(toInvoice);
}

async function chosenInvoices(ctx: ActionContext, clientId: Types.ObjectId, ids: string[]): Promise<InvoiceDoc[]> {
  const unique = [...new Set(ids)];
  const docs = await ctx.models.Invoice.find({ companyId: ctx.company._id, clientId, isMerged: false, _id: { $in: unique.map((id) => new Types.ObjectId(id)) } })
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
    snapshots: invoices.flatMap((invoice) => invoice.snapshots ?? []),
    totalOre: invoices.reduce((sum, invoice) => sum + (invoice.totalOre ?? 0), 0),
  };
}

export async function createMerged(ctx: ActionContext, input: ParsedInput<'addMergedInvoice'>): Promise<Invoice> {
  if (input.to <= input.from) throw new ValidationError('Slutdatoen skal være efter startdatoen', { to: 'Slutdatoen skal være efter startdatoen' });
  const clientId = await visibleClientId(ctx, input.clientId);
  const invoices = await chosenInvoices(ctx, clientId, input.invoiceIds);
  const first = invoices[0]!;
  // The statement belongs to whoever made it (a colleague may bundle invoices of several therapists' bookings).
  const doc = await ctx.models.Invoice.create({
    companyId: ctx.company._id,
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
  return toInvoice(doc.toObject());
}

export async function updateMerged(ctx: ActionContext, input: ParsedInput<'setMergedInvoice'>): Promise<Invoice> {
  const merged = await ctx.models.Invoice.findOne({ _id: new Types.ObjectId(input.id), companyId: ctx.company._id, isMerged: true }).lean();
  if (!merged) throw new NotFoundError(NOT_FOUND);
  await visibleClientId(ctx, merged.clientId.toString());
  const invoices = await chosenInvoices(ctx, merged.clientId, input.invoiceIds);
  await ctx.models.Invoice.updateOne({ _id: merged._id, companyId: ctx.company._id }, { $set: { ...mergedFields(invoices), updatedAt: ctx.now() } });
  return toInvoice((await ctx.models.Invoice.findById(merged._id).lean())!);
}

export async function deleteMerged(ctx: ActionContext, id: string): Promise<void> {
  const invoice = await ctx.models.Invoice.findOne({ _id: new Types.ObjectId(id), companyId: ctx.company._id }).lean();
  if (!invoice) throw new NotFoundError(NOT_FOUND);
  await visibleClientId(ctx, invoice.clientId.toString());
  if (!invoice.isMerged) throw new ForbiddenError('En faktura eller kreditnota kan ikke slettes (bogføringsloven). Lav en kreditnota i stedet.');
  await ctx.models.Invoice.deleteOne({ _id: invoice._id, companyId: ctx.company._id, isMerged: true });
}

export async function mailInvoice(ctx: ActionContext, input: ParsedInput<'invoiceMail'>): Promise<void> {
  const invoice = await ctx.models.Invoice.findOne({ _id: new Types.ObjectId(input.id), companyId: ctx.company._id }).lean();
  if (!invoice) throw new NotFoundError(NOT_FOUND);
  if (invoice.isMerged) await visibleClientId(ctx, invoice.clientId.toString());
  else if (!ctx.therapist.isAdmin && !invoice.therapistId.equals(ctx.therapist._id)) throw new NotFoundError(NOT_FOUND);
  // Built here from the stored snapshot; an uploaded file is never trusted (issue 6).
  const pdf = Buffer.from(invoicePdfBytes((invoice.snapshots ?? []) as InvoiceSnapshot[]));
  await ctx.services.mailer.send({
    to: input.to,
    subject: input.subject,
    text: input.message || `Hermed ${invoice.isCredit ? 'kreditnota' : 'faktura'} ${invoice.number} fra ${ctx.company.companyName}.`,
    attachments: [{ filename: 'Faktura.pdf', content: pdf, contentType: 'application/pdf' }],
  });
}

/**
 * What an invoice holds: a snapshot the server builds from its own records (never from the browser) and never changes
 * afterwards; a credit note copies its invoice's snapshot with the amounts negated. Amounts are integer øre.
 * the snapshot has lines, each with the VAT of its treatment (core `invoiceLines`), and an invoice its
 * due date from the clinic's 'Betalingsfrist'.
 */
import { Types } from 'mongoose';
import {
  amountLine,
  creditLines,
  DEFAULT_DUE_DAYS,
  invoiceAmounts,
  invoiceDueDate,
  INVOICE_ERROR_SEPARATOR,
  invoiceLines,
  invoiceTotals,
  missingInvoiceData,
  printedOnly,
  type InvoiceLine,
  type InvoiceSnapshot,
  type LineSource,
  type ParsedInput,
} from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { BookingDoc, ClientDoc, CompanyDoc, TreatmentDoc } from '../../models/index.js';

export type InvoiceSettings = ParsedInput<'addInvoice'>['settings'];

type CompanyOnInvoice = Pick<CompanyDoc, 'companyName' | 'address' | 'post' | 'town' | 'email' | 'phone' | 'CVR' | 'regNumber' | 'accountNumber' | 'mobilePay' | 'logo'>;
type ClientOnInvoice = Pick<ClientDoc, 'nameFirst' | 'nameLast' | 'address' | 'post' | 'town' | 'email' | 'CPR6Digit' | 'CPRLast4Digit'>;

/** The clinic as an invoice prints it: every invoice and credit note snapshot takes it from here. */
export function companyOnInvoice(company: CompanyOnInvoice): InvoiceSnapshot['company'] {
  return {
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
  };
}

/** The client as an invoice prints it, with the CPR number written 'ddmmåå-xxxx'. */
export function clientOnInvoice(client: ClientOnInvoice): InvoiceSnapshot['client'] {
  return {
    nameFirst: client.nameFirst,
    nameLast: client.nameLast,
    address: client.address ?? '',
    post: client.post ?? '',
    town: client.town ?? '',
    email: client.email ?? '',
    CPR: `${client.CPR6Digit}-${client.CPRLast4Digit}`,
  };
}

const EXTRA_NOT_FOUND = 'En af de valgte ekstra ydelser findes ikke';

/** The line a treatment makes; the booking's own prints its duration (as the booking lasted). */
function lineSource(treatment: TreatmentDoc, duration: number | null): LineSource {
  return { name: treatment.name, treatmentId: treatment._id.toString(), duration, priceOre: treatment.priceOre, vatExempt: treatment.vatExempt === true };
}

/** The clinic's treatments chosen as more lines, in the order chosen (the same one twice is two lines). */
async function extraTreatments(ctx: TherapistContext, ids: readonly string[]): Promise<TreatmentDoc[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const found = await ctx.db.Treatment.find({ _id: { $in: unique.map((id) => new Types.ObjectId(id)) } }).lean();
  const byId = new Map(found.map((treatment) => [treatment._id.toString(), treatment]));
  return ids.map((id) => {
    const treatment = byId.get(id);
    if (!treatment) throw new ValidationError(EXTRA_NOT_FOUND, { extraTreatmentIds: EXTRA_NOT_FOUND });
    return treatment;
  });
}

/**
 * A deposit paid at online booking (booking-payments/invoice.ts issued it as its own paid invoice) is deducted on the
 * booking's final invoice: one line of minus what is left of it after refunds, with the VAT it contained.
 */
async function depositDeduction(ctx: TherapistContext, bookingId: Types.ObjectId): Promise<InvoiceLine[]> {
  const payment = await ctx.db.clinic('invoice-of-a-visible-record').BookingPayment.findById(bookingId).lean();
  if (!payment || payment.kind !== 'deposit' || payment.state !== 'paid' || !payment.invoiceId) return [];
  const left = payment.amountOre - (payment.refundedOre ?? 0);
  if (left <= 0) return [];
  const deposit = await ctx.db.clinic('invoice-of-a-visible-record').Invoice.findById(payment.invoiceId, { number: 1 }).lean();
  return [amountLine(`Betalt depositum (faktura ${deposit?.number ?? ''})`, payment.treatmentId.toHexString(), -left, { vatExempt: payment.vatExempt === true, chargeVat: payment.chargeVat === true })];
}

/** The snapshot of an invoice of `booking` as the records are now; refuses with the spec's '||' list. */
export async function buildSnapshot(
  ctx: TherapistContext,
  booking: BookingDoc,
  settings: InvoiceSettings,
  number: string,
  issuedAt: number,
  extraTreatmentIds: readonly string[] = [],
  /**
   * A receipt of money already taken (a no-show fee charged from the saved card): issued whatever the clinic knows of
   * the client, as a paid invoice of online booking is (the public page asks no address); the clinic's details are
   * still required.
   */
  options: { paidReceipt?: boolean } = {},
): Promise<InvoiceSnapshot> {
  // The booking is one the caller may see; what the invoice prints of it comes from the whole clinic (the
  // client's next appointments may be with a colleague).
  const clinic = ctx.db.clinic('invoice-of-a-visible-record');
  // Health records are read only when the chosen settings print them (and then only what they print: printedOnly).
  const [client, treatment, therapist, journal, stamJournal, upcoming] = await Promise.all([
    clinic.Client.findById(booking.clientId).lean(),
    clinic.Treatment.findById(booking.treatmentId).lean(),
    clinic.Therapist.findById(booking.therapistId).lean(),
    settings.treatmentText || settings.followUpText ? clinic.Journal.findById(booking._id).lean() : null,
    settings.aktuelBehandling ? clinic.CustomField.find({ clientId: booking.clientId, journalId: null }).sort({ position: 1, _id: 1 }).lean() : [],
    settings.followUpText ? clinic.Booking.find({ clientId: booking.clientId, from: { $gt: booking.from }, treatmentId: { $ne: null } }).sort({ from: 1 }).limit(2).lean() : [],
  ]);
  if (!client) throw new NotFoundError('Klienten findes ikke');
  if (!treatment) throw new ValidationError('Behandlingen findes ikke længere');
  const extras = await extraTreatments(ctx, extraTreatmentIds);
  const company = (await ctx.db.Company.findById(ctx.company._id).lean())!;
  const clientFields = { ...client, CPR: `${client.CPR6Digit}-${client.CPRLast4Digit}` };
  const problems = missingInvoiceData(company, clientFields).filter((problem) => !options.paidReceipt || !problem.includes('(Klientdata:'));
  if (problems.length) throw new ValidationError(problems.join(INVOICE_ERROR_SEPARATOR));
  const duration = booking.to > booking.from ? Math.round((booking.to - booking.from) / 1000) : treatment.duration;
  const lines = [
    ...invoiceLines([lineSource(treatment, duration), ...extras.map((extra) => lineSource(extra, null))], settings.discount, settings.moms),
    ...(await depositDeduction(ctx, booking._id)),
  ];
  return printedOnly({
    number,
    issuedAt,
    therapist: { nameFirst: therapist?.nameFirst ?? '', nameLast: therapist?.nameLast ?? '' },
    company: companyOnInvoice(company),
    client: clientOnInvoice(client),
    treatment: { name: treatment.name, duration, price: treatment.priceOre },
    booking: { from: booking.from, to: booking.to },
    journal: journal ? { treatment: journal.treatment ?? '', followUp: journal.followUp ?? '' } : null,
    stamJournal: stamJournal.map((field) => ({ name: field.name, value: field.value ?? '' })),
    upComing: upcoming.map((next) => ({ from: next.from })),
    settings: { ...settings },
    amounts: invoiceTotals(lines),
    creditFor: null,
    lines,
    dueDate: invoiceDueDate(issuedAt, company.dueDays ?? DEFAULT_DUE_DAYS),
  });
}

/**
 * The credit note of an issued invoice: its snapshot with the amounts negated, today's date and a new number. Its lines
 * are the invoice's, negated with their VAT kinds; it has no due date. An invoice issued before VAT per line
 * (no lines) is credited as it was then.
 */
export function creditSnapshot(original: InvoiceSnapshot, number: string, issuedAt: number): InvoiceSnapshot {
  const { dueDate: _dueDate, lines: originalLines, ...rest } = original;
  const base = { ...rest, number, issuedAt, settings: { ...original.settings, type: false }, creditFor: original.number };
  if (!originalLines) return { ...base, amounts: invoiceAmounts(original.amounts.priceOre, original.amounts.discountOre, original.settings.moms, true) };
  const lines = creditLines(originalLines);
  return { ...base, amounts: invoiceTotals(lines), lines };
}

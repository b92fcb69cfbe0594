/**
 * What an invoice holds: a snapshot the server builds from its own records (never from the browser) and never changes
 * afterwards; a credit note copies its invoice's snapshot with the amounts negated. Amounts are integer øre.
 */
import { invoiceAmounts, INVOICE_ERROR_SEPARATOR, missingInvoiceData, type InvoiceSnapshot, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { BookingDoc } from '../../models/index.js';

export type InvoiceSettings = ParsedInput<'addInvoice'>['settings'];

/** The Stamjournal field the invoice prints when `settings.aktuelBehandling` is on (core/src/invoice-pdf.ts). */
const PRINTED_STAMJOURNAL_FIELD = 'Aktuel behandling';

/**
 * What of a snapshot the invoice prints (core/src/invoice-pdf.ts), and nothing more: health data the chosen settings
 * do not print (the other Stamjournal fields, journal texts, upcoming times) is never stored or answered. Used when
 * an invoice is built, on every answer, and by the start-up migration of older invoices (idempotent).
 */
export function printedOnly(snapshot: InvoiceSnapshot): InvoiceSnapshot {
  const { settings } = snapshot;
  const journal = snapshot.journal && (settings.treatmentText || settings.followUpText)
    ? { treatment: settings.treatmentText ? snapshot.journal.treatment : '', followUp: settings.followUpText ? snapshot.journal.followUp : '' }
    : null;
  return {
    ...snapshot,
    journal,
    stamJournal: settings.aktuelBehandling
      ? snapshot.stamJournal.filter((field) => field.name === PRINTED_STAMJOURNAL_FIELD && field.value).map(({ name, value }) => ({ name, value }))
      : [],
    upComing: settings.followUpText ? snapshot.upComing : [],
  };
}

/** The snapshot of an invoice of `booking` as the records are now; refuses with the spec's '||' list. */
export async function buildSnapshot(ctx: TherapistContext, booking: BookingDoc, settings: InvoiceSettings, number: string, issuedAt: number): Promise<InvoiceSnapshot> {
  // The booking is one the caller may see; what the invoice prints of it comes from the whole clinic (the
  // client's next appointments may be with a colleague).
  const { clinic } = ctx.db;
  const [client, treatment, therapist, journal, stamJournal, upcoming] = await Promise.all([
    clinic.Client.findById(booking.clientId).lean(),
    clinic.Treatment.findById(booking.treatmentId).lean(),
    clinic.Therapist.findById(booking.therapistId).lean(),
    clinic.Journal.findById(booking._id).lean(),
    clinic.CustomField.find({ clientId: booking.clientId, journalId: null }).sort({ position: 1, _id: 1 }).lean(),
    clinic.Booking.find({ clientId: booking.clientId, from: { $gt: booking.from }, treatmentId: { $ne: null } }).sort({ from: 1 }).limit(2).lean(),
  ]);
  if (!client) throw new NotFoundError('Klienten findes ikke');
  if (!treatment) throw new ValidationError('Behandlingen findes ikke længere');
  const company = (await ctx.db.Company.findById(ctx.company._id).lean())!;
  const clientFields = { ...client, CPR: `${client.CPR6Digit}-${client.CPRLast4Digit}` };
  const problems = missingInvoiceData(company, clientFields);
  if (problems.length) throw new ValidationError(problems.join(INVOICE_ERROR_SEPARATOR));
  return printedOnly({
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
  });
}

/**
 * What an issued invoice of an erased client keeps (5 years, Danish bookkeeping law): the parties, the lines and the
 * amounts, and the CPR number it printed; no journal text, Stamjournal field, upcoming time or e-mail address.
 */
export function bookkeepingOnly(snapshot: InvoiceSnapshot): InvoiceSnapshot {
  return { ...snapshot, client: { ...snapshot.client, email: '' }, journal: null, stamJournal: [], upComing: [] };
}

/** The credit note of an issued invoice: its snapshot with the amounts negated, today's date and a new number. */
export function creditSnapshot(original: InvoiceSnapshot, number: string, issuedAt: number): InvoiceSnapshot {
  const amounts = invoiceAmounts(original.amounts.priceOre, original.amounts.discountOre, original.settings.moms, true);
  return { ...original, number, issuedAt, settings: { ...original.settings, type: false }, amounts, creditFor: original.number };
}

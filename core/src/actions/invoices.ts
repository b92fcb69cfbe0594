/**
 * Invoices, credit notes, merged statements ('samlet opgørelse') and the company profile they need (spec 2:
 * Invoice record, Invoice snapshot, Company CVR counter, Invoice flow, Invoice list, Merged invoice; spec 3:
 * company profile).
 *
 * Deviation from the spec's addInvoice(number, images JSON): the browser never sends a number or a snapshot.
 * The server builds the snapshot from its own records (getInvoicePreview shows it, addInvoice stores it) and
 * takes the next number itself, so an issued invoice cannot be forged or renumbered.
 */
import { z } from 'zod';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { LOGO_MAX_BYTES } from '../client-records.js';
import { companyMessages, companyProfileInputSchema } from '../company.js';
import { epochMs, kronerToOre, objectId } from '../fields.js';
import { INVOICE_EXTRA_LINES_MAX } from '../constants.js';
import { INVOICE_STATUS_FILTERS, INVOICE_STATUSES, isDateKey, PAYMENT_METHODS, REMINDER_INTERVAL_DAYS } from '../invoice-payments.js';
import { INVOICE_SEQUENCE_MAX } from '../invoice-numbering.js';

export const invoiceSettingsSchema = z.strictObject({
  /** true: invoice; false: credit note of the booking's invoice. */
  type: z.boolean(),
  /** Discount in DKK ('12,50' or 12.5), applied before VAT. */
  discount: z
    .union([z.number(), z.string().max(32, 'Rabat skal være et beløb i kroner')], { error: 'Rabat skal være et beløb i kroner' })
    .default(0)
    .transform((value, ctx) => {
      const ore = kronerToOre(value === '' ? 0 : value);
      if (ore === null || ore > 100_000_000) {
        ctx.addIssue({ code: 'custom', message: 'Rabat skal være et beløb i kroner med højst to decimaler' });
        return z.NEVER;
      }
      return ore;
    }),
  /**
   * The spec's 'Moms' yes/no: VAT is charged on the lines whose treatment is not exempt (off for a clinic
   * that is not VAT registered; the dialog starts from the clinic's 'Momsregistreret'). Exempt lines never carry VAT.
   */
  moms: z.boolean().default(false),
  /** Show the journal's treatment text. */
  treatmentText: z.boolean().default(false),
  /** Show the Stamjournal's 'Aktuel behandling'. */
  aktuelBehandling: z.boolean().default(false),
  /** Show the journal's follow-up text and the upcoming bookings. */
  followUpText: z.boolean().default(false),
});
export type InvoiceSettingsInput = z.input<typeof invoiceSettingsSchema>;

const party = {
  address: z.string(),
  post: z.string(),
  town: z.string(),
  email: z.string(),
};

/**
 * One line of an invoice: a treatment with its own VAT. Amounts in øre: the price, its share of the
 * invoice's discount, what is left (the VAT base when VAT is charged), the VAT and the line's total. `vatExempt`: a
 * health service exempt from VAT (momslovens § 13, stk. 1, nr. 1); `vatPercent` 25 or 0. A credit note's lines are its
 * invoice's, negated.
 */
export const invoiceLineSchema = z.strictObject({
  name: z.string(),
  /** The treatment it was made from (the accounting system's product); null for an imported line. */
  treatmentId: z.string().nullable(),
  /** Seconds, printed after the name ('(45 min.)'); null when not printed. */
  duration: z.number().nullable(),
  priceOre: z.number(),
  discountOre: z.number(),
  netOre: z.number(),
  vatExempt: z.boolean(),
  vatPercent: z.number(),
  vatOre: z.number(),
  totalOre: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSnapshotSchema = z.strictObject({
  number: z.string(),
  issuedAt: z.number(),
  therapist: z.strictObject({ nameFirst: z.string(), nameLast: z.string() }),
  company: z.strictObject({
    companyName: z.string(),
    ...party,
    phone: z.string(),
    CVR: z.string(),
    regNumber: z.string(),
    accountNumber: z.string(),
    mobilePay: z.string(),
    /** The clinic's logo as a small PNG data URL, or null. */
    logo: z.string().nullable().default(null),
  }),
  client: z.strictObject({ nameFirst: z.string(), nameLast: z.string(), ...party, CPR: z.string() }),
  treatment: z.strictObject({ name: z.string(), duration: z.number(), price: z.number() }),
  booking: z.strictObject({ from: z.number(), to: z.number() }),
  journal: z.strictObject({ treatment: z.string(), followUp: z.string() }).nullable(),
  stamJournal: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  upComing: z.array(z.strictObject({ from: z.number() })),
  settings: z.strictObject({
    type: z.boolean(),
    discount: z.number(),
    moms: z.boolean(),
    treatmentText: z.boolean(),
    aktuelBehandling: z.boolean(),
    followUpText: z.boolean(),
  }),
  amounts: z.strictObject({
    priceOre: z.number(),
    discountOre: z.number(),
    netOre: z.number(),
    vatOre: z.number(),
    totalOre: z.number(),
    /** the sum of the lines VAT is charged on, and of the lines without VAT. */
    vatBaseOre: z.number().optional(),
    vatFreeOre: z.number().optional(),
  }),
  /** A credit note: the number of the invoice it credits. */
  creditFor: z.string().nullable(),
  /**
   * the lines, each with its own VAT. A snapshot without them (issued before) is one line, its
   * `treatment`, with the VAT of `settings.moms`, and prints exactly as it did.
   */
  lines: z.array(invoiceLineSchema).optional(),
  /** invoices only: the last day to pay (YYYY-MM-DD, Copenhagen), the issue date plus 'Betalingsfrist'. */
  dueDate: z.string().optional(),
});
export type InvoiceSnapshot = z.infer<typeof invoiceSnapshotSchema>;

/**
 * Whether an invoice is paid. Null for what is not paid on its own: a credit note, a merged statement, an
 * invoice brought by an import or issued before payments were tracked.
 */
export const invoicePaymentSchema = z.strictObject({
  status: z.enum(INVOICE_STATUSES),
  /** The last day to pay (YYYY-MM-DD, Copenhagen); overdue from the next day. */
  dueDate: z.string(),
  /** Marked paid: the day the payment came in, how, who marked it (their name then) and when. */
  paidOn: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  markedBy: z.string().nullable(),
  markedAt: z.number().nullable(),
  /** The number of the credit note that settles it, when one does. */
  creditedBy: z.string().nullable(),
  /** When each reminder was sent, oldest first. */
  reminders: z.array(z.number()),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceSchema = z.strictObject({
  id: z.string(),
  number: z.string(),
  createdAt: z.number(),
  isMerged: z.boolean(),
  isCredit: z.boolean(),
  therapistId: z.string(),
  clientId: z.string(),
  bookingId: z.string().nullable(),
  creditForId: z.string().nullable(),
  nameFirst: z.string(),
  nameLast: z.string(),
  CPR: z.string(),
  totalOre: z.number(),
  /** Merged statements: the period they cover. */
  from: z.number().nullable(),
  to: z.number().nullable(),
  /** The snapshot, or for a merged statement the snapshots of its invoices (spec 2, Invoice record `image`). */
  image: z.array(invoiceSnapshotSchema),
  payment: invoicePaymentSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const companyProfileSchema = z.strictObject({
  companyName: z.string(),
  email: z.string(),
  mobilePay: z.string(),
  CVR: z.string(),
  phone: z.string(),
  moms: z.boolean(),
  address: z.string(),
  town: z.string(),
  post: z.string(),
  regNumber: z.string(),
  accountNumber: z.string(),
  /** 'Betalingsfrist': days from an invoice's date to its due date. */
  dueDays: z.number(),
  /** A PNG data URL (at most 600 × 240 px), or null. */
  logo: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/**
 * What an invoice of a booking is made of: the booking's treatment, and up to INVOICE_EXTRA_LINES_MAX more treatments
 * of the clinic delivered at the same visit, each a line with its own VAT. A credit note takes its
 * invoice's lines and ignores these.
 */
const invoiceOfBookingInput = z.strictObject({
  bookingId: objectId,
  settings: invoiceSettingsSchema,
  extraTreatmentIds: z.array(objectId).max(INVOICE_EXTRA_LINES_MAX, `Højst ${INVOICE_EXTRA_LINES_MAX} ekstra ydelser på en faktura`).default([]),
});

const page = {
  page: z.number().int().min(1).default(1),
  size: z.union([z.literal(5), z.literal(10), z.literal(15)]).default(10),
};
const listAnswer = z.strictObject({ data: z.array(invoiceSchema), total: z.number().int() });

export const invoiceActions = {
  getCompany: defineAction({
    access: 'therapist',
    summary: "The clinic's profile (everyone reads it; only the owner changes it).",
    input: noInput,
    output: z.strictObject({ data: companyProfileSchema }),
  }),
  setCompany: defineAction({
    access: 'owner',
    summary: "Changes the clinic's profile (spec 3 §5 company profile rules).",
    input: companyProfileInputSchema,
    output: z.strictObject({ message: z.string(), data: companyProfileSchema }),
  }),
  uploadCompanyLogo: defineAction({
    access: 'owner',
    uploads: { files: 1, fileBytes: LOGO_MAX_BYTES, field: 'logo', tooLarge: companyMessages.logoTooLarge, tooMany: companyMessages.logoType },
    summary: 'Multipart upload of the clinic logo (JPG, JPEG or PNG by name and content, at most 5 MB); stored as a small PNG and printed on invoices.',
    input: z.strictObject({}),
    output: z.strictObject({ message: z.string(), data: companyProfileSchema }),
  }),
  getInvoicePreview: defineAction({
    access: 'therapist',
    accessLog: { kind: 'invoice', clients: 'noted' },
    plan: 'pro',
    summary: "The snapshot an invoice (or credit note) of a booking would carry now; missing data answers 400 with the reasons joined by '||'.",
    input: invoiceOfBookingInput,
    output: z.strictObject({ data: invoiceSnapshotSchema }),
  }),
  addInvoice: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers the invoice the caller just issued' },
    plan: 'pro',
    summary: 'Issues the invoice (or the credit note of its invoice) of a booking with the next number of the year; the snapshot never changes afterwards.',
    input: invoiceOfBookingInput,
    output: z.strictObject({ message: z.string(), data: invoiceSchema }),
  }),
  getInvoice: defineAction({
    access: 'therapist',
    accessLog: { kind: 'invoice', clients: (_input, answer) => answer.data.clientId },
    plan: 'pro',
    summary: 'One invoice, credit note or merged statement.',
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ data: invoiceSchema }),
  }),
  getAllInvoice: defineAction({
    access: 'therapist',
    accessLog: { kind: 'invoice', clients: (_input, answer) => answer.result.map((invoice) => invoice.clientId) },
    plan: 'pro',
    summary:
      "Invoices and credit notes, newest first, searchable by name, CPR or number and filtered by payment status; the owner may pick a therapist (result, totalCount). outstandingOre: what the unpaid and overdue invoices the caller sees (of the therapist picked) add up to, credited ones left out.",
    input: z.strictObject({
      ...page,
      search: z.string().trim().max(100).default(''),
      therapistId: objectId.optional(),
      status: z.enum(INVOICE_STATUS_FILTERS, { error: 'Ukendt status' }).default('all'),
    }),
    output: z.strictObject({ result: z.array(invoiceSchema), totalCount: z.number().int(), outstandingOre: z.number().int() }),
  }),
  getInvoicesByBookingIds: defineAction({
    access: 'therapist',
    accessLog: { kind: 'invoice', clients: (_input, answer) => answer.data.map((invoice) => invoice.clientId) },
    plan: 'pro',
    summary: 'The invoices of some bookings (embedded list).',
    input: z.strictObject({ bookingIds: z.array(objectId).min(1).max(200) }),
    output: listAnswer,
  }),
  getMergedInvoicesByClient: defineAction({
    access: 'therapist',
    accessLog: { kind: 'invoice', clients: (input) => input.clientId },
    plan: 'pro',
    summary: "A client's merged statements (embedded list).",
    input: z.strictObject({ clientId: objectId }),
    output: listAnswer,
  }),
  getInvoicesForPeriod: defineAction({
    access: 'therapist',
    accessLog: { kind: 'invoice', clients: (input) => input.clientId },
    plan: 'pro',
    summary: "A client's invoices and credit notes for treatments from the start of the first day to the end of the last.",
    input: z
      .strictObject({ clientId: objectId, from: epochMs, to: epochMs })
      .refine((value) => value.to > value.from, { message: 'Slutdatoen skal være efter startdatoen', path: ['to'] }),
    output: listAnswer,
  }),
  addMergedInvoice: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers the statement the caller just made' },
    plan: 'pro',
    summary: "Creates a merged statement of chosen invoices of one client for a period.",
    input: z.strictObject({ clientId: objectId, from: epochMs, to: epochMs, invoiceIds: z.array(objectId).min(1, 'Vælg mindst én faktura').max(200) }),
    output: z.strictObject({ message: z.string(), data: invoiceSchema }),
  }),
  setMergedInvoice: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers the statement the caller just changed' },
    plan: 'pro',
    summary: 'Replaces the invoices of a merged statement.',
    input: z.strictObject({ id: objectId, invoiceIds: z.array(objectId).min(1, 'Vælg mindst én faktura').max(200) }),
    output: z.strictObject({ message: z.string(), data: invoiceSchema }),
  }),
  deleteInvoice: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Deletes a merged statement. Invoices and credit notes are never deleted (bookkeeping rules): credit them instead.',
    input: z.strictObject({ id: objectId }),
    output: messageAnswer,
  }),
  invoiceMail: defineAction({
    access: 'therapist',
    // Invoices carry CPR numbers: mailing them to arbitrary addresses is capped per address (and per clinic by the
    // API's `invoiceMail:company`, so many addresses do not add up).
    rateLimit: { points: 100, durationSeconds: 60 * 60 },
    mailsTypedAddresses: true,
    plan: 'pro',
    summary:
      "Mails the PDF (built on the server from the stored snapshot) as Faktura.pdf to the comma-separated recipients typed, with the invoice's own subject and the message as plain text in the invoice mail template; limited per clinic.",
    input: z.strictObject({
      id: objectId,
      to: z
        .string({ error: 'Skriv mindst én modtager' })
        .max(2000, 'Højst 10 modtagere')
        .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
        .pipe(z.array(z.email({ error: 'Ugyldig e-mailadresse blandt modtagerne' })).min(1, 'Skriv mindst én modtager').max(10, 'Højst 10 modtagere')),
      message: z.string().max(5000).default(''),
    }),
    output: messageAnswer,
  }),
  setInvoicePaid: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers the invoice the caller just marked paid' },
    plan: 'pro',
    summary:
      'Marks an invoice paid: the day the payment came in (not in the future) and how (bank transfer, MobilePay, card, cash), recorded with who and when. 409 when it is paid or credited already, or changed at the same moment.',
    input: z.strictObject({
      id: objectId,
      paidOn: z.string({ error: 'Vælg betalingsdatoen' }).max(10, 'Betalingsdatoen skal være en dato').refine(isDateKey, 'Betalingsdatoen skal være en dato'),
      method: z.enum(PAYMENT_METHODS, { error: 'Vælg hvordan der er betalt' }),
    }),
    output: z.strictObject({ message: z.string(), data: invoiceSchema }),
  }),
  setInvoiceUnpaid: defineAction({
    access: 'owner',
    accessLog: { exempt: 'answers the invoice the caller just marked unpaid' },
    plan: 'pro',
    summary: 'Undoes marking an invoice paid (the owner only), recorded with who and when. 409 when it is not marked paid, or changed at the same moment.',
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ message: z.string(), data: invoiceSchema }),
  }),
  sendInvoiceReminder: defineAction({
    access: 'therapist',
    accessLog: { exempt: 'answers the invoice whose reminder the caller just sent' },
    mailsTypedAddresses: true,
    plan: 'pro',
    summary: `Mails a reminder ('Rykker: Faktura 0001-26 fra …') with the invoice's PDF to the client's e-mail on record (never a typed address), for an overdue invoice, at most once per invoice in ${REMINDER_INTERVAL_DAYS} days; spends the clinic's mail budget.`,
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ message: z.string(), data: invoiceSchema }),
  }),
  getCvrFromNumber: defineAction({
    access: 'therapist',
    summary: "The clinic's invoice counter for its CVR number: the count this year and when it last moved.",
    input: z.strictObject({ CVR: z.string().trim().max(8) }),
    output: z.strictObject({ data: z.strictObject({ CVR: z.string(), count: z.number(), year: z.number(), updatedAt: z.number().nullable() }) }),
  }),
  addCvrNumber: defineAction({
    access: 'owner',
    summary: "Starts the invoice counter of the clinic's CVR number (at 0 this year) when it has none.",
    input: z.strictObject({ CVR: z.string().max(200).trim().regex(/^\d{8}$/, 'CVR skal være 8 cifre') }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ CVR: z.string(), count: z.number(), year: z.number(), updatedAt: z.number().nullable() }) }),
  }),
  setCvrCounter: defineAction({
    access: 'owner',
    summary:
      "Continues numbering after another system (/Settings' 'Næste fakturanummer'): the next invoice this year gets count + 1. The counter only goes up: a count below this year's (numbers used, imported or set) is refused, 409.",
    input: z.strictObject({ CVR: z.string().max(200).trim().regex(/^\d{8}$/, 'CVR skal være 8 cifre'), count: z.number().int().min(0).max(INVOICE_SEQUENCE_MAX) }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ CVR: z.string(), count: z.number(), year: z.number(), updatedAt: z.number().nullable() }) }),
  }),
} as const;

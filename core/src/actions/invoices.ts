/**
 * Invoices, credit notes, merged statements ('samlet opgørelse') and the company profile they need (spec 2:
 * Invoice record, Invoice snapshot, Company CVR counter, Invoice flow, Invoice list, Merged invoice; spec 3:
 * company profile; issue 6).
 *
 * Deviation from the spec's addInvoice(number, images JSON): the browser never sends a number or a snapshot.
 * The server builds the snapshot from its own records (getInvoicePreview shows it, addInvoice stores it) and
 * takes the next number itself, so an issued invoice cannot be forged or renumbered.
 */
import { z } from 'zod';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { companyProfileInputSchema } from '../company.js';
import { epochMs, objectId } from '../fields.js';
import { kronerToOre } from '../invoices.js';

export const invoiceSettingsSchema = z.strictObject({
  /** true: invoice; false: credit note of the booking's invoice. */
  type: z.boolean(),
  /** Discount in DKK ('12,50' or 12.5), applied before VAT. */
  discount: z
    .union([z.number(), z.string()], { error: 'Rabat skal være et beløb i kroner' })
    .default(0)
    .transform((value, ctx) => {
      const ore = kronerToOre(value === '' ? 0 : value);
      if (ore === null || ore > 100_000_000) {
        ctx.addIssue({ code: 'custom', message: 'Rabat skal være et beløb i kroner med højst to decimaler' });
        return z.NEVER;
      }
      return ore;
    }),
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
  amounts: z.strictObject({ priceOre: z.number(), discountOre: z.number(), netOre: z.number(), vatOre: z.number(), totalOre: z.number() }),
  /** A credit note: the number of the invoice it credits. */
  creditFor: z.string().nullable(),
});
export type InvoiceSnapshot = z.infer<typeof invoiceSnapshotSchema>;

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
  /** A PNG data URL (at most 600 × 240 px), or null. */
  logo: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

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
    summary: 'Multipart upload of the clinic logo (JPG, JPEG or PNG by name and content, at most 5 MB); stored as a small PNG and printed on invoices.',
    input: z.strictObject({}),
    output: z.strictObject({ message: z.string(), data: companyProfileSchema }),
  }),
  getInvoicePreview: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "The snapshot an invoice (or credit note) of a booking would carry now; missing data answers 400 with the reasons joined by '||'.",
    input: z.strictObject({ bookingId: objectId, settings: invoiceSettingsSchema }),
    output: z.strictObject({ data: invoiceSnapshotSchema }),
  }),
  addInvoice: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Issues the invoice (or the credit note of its invoice) of a booking with the next number of the year; the snapshot never changes afterwards.',
    input: z.strictObject({ bookingId: objectId, settings: invoiceSettingsSchema }),
    output: z.strictObject({ message: z.string(), data: invoiceSchema }),
  }),
  getInvoice: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'One invoice, credit note or merged statement.',
    input: z.strictObject({ id: objectId }),
    output: z.strictObject({ data: invoiceSchema }),
  }),
  getAllInvoice: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'Invoices and credit notes, newest first, searchable by name, CPR or number; the owner may pick a therapist (result, totalCount).',
    input: z.strictObject({ ...page, search: z.string().trim().max(100).default(''), therapistId: objectId.optional() }),
    output: z.strictObject({ result: z.array(invoiceSchema), totalCount: z.number().int() }),
  }),
  getInvoicesByBookingIds: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: 'The invoices of some bookings (embedded list).',
    input: z.strictObject({ bookingIds: z.array(objectId).min(1).max(200) }),
    output: listAnswer,
  }),
  getMergedInvoicesByClient: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "A client's merged statements (embedded list).",
    input: z.strictObject({ clientId: objectId }),
    output: listAnswer,
  }),
  getInvoicesForPeriod: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "A client's invoices and credit notes for treatments from the start of the first day to the end of the last.",
    input: z
      .strictObject({ clientId: objectId, from: epochMs, to: epochMs })
      .refine((value) => value.to > value.from, { message: 'Slutdatoen skal være efter startdatoen', path: ['to'] }),
    output: listAnswer,
  }),
  addMergedInvoice: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary: "Creates a merged statement of chosen invoices of one client for a period.",
    input: z.strictObject({ clientId: objectId, from: epochMs, to: epochMs, invoiceIds: z.array(objectId).min(1, 'Vælg mindst én faktura').max(200) }),
    output: z.strictObject({ message: z.string(), data: invoiceSchema }),
  }),
  setMergedInvoice: defineAction({
    access: 'therapist',
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
    plan: 'pro',
    summary:
      "Mails the PDF (built on the server from the stored snapshot) as Faktura.pdf to the comma-separated recipients typed, with the invoice's own subject and the message as plain text in the invoice mail template; limited per clinic.",
    input: z.strictObject({
      id: objectId,
      to: z
        .string({ error: 'Skriv mindst én modtager' })
        .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
        .pipe(z.array(z.email({ error: 'Ugyldig e-mailadresse blandt modtagerne' })).min(1, 'Skriv mindst én modtager').max(10, 'Højst 10 modtagere')),
      message: z.string().max(5000).default(''),
    }),
    output: messageAnswer,
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
    input: z.strictObject({ CVR: z.string().trim().regex(/^\d{8}$/, 'CVR skal være 8 cifre') }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ CVR: z.string(), count: z.number(), year: z.number(), updatedAt: z.number().nullable() }) }),
  }),
  setCvrCounter: defineAction({
    access: 'owner',
    summary: 'Continues numbering after another system: the next invoice this year gets count + 1 (never below numbers already used).',
    input: z.strictObject({ CVR: z.string().trim().regex(/^\d{8}$/, 'CVR skal være 8 cifre'), count: z.number().int().min(0).max(999_999) }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ CVR: z.string(), count: z.number(), year: z.number(), updatedAt: z.number().nullable() }) }),
  }),
} as const;

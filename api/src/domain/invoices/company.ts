/** The clinic's profile (spec 3: company profile) and the invoice counter of its CVR number (spec 2). */
import { clientMessages, COMPANY_FIELD_LABELS, DEFAULT_DUE_DAYS, formatInvoiceNumber, invoiceNumberMessages, logoFileProblem, type CompanyProfile, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.js';
import type { CompanyDoc } from '../../models/index.js';
import { decodeLogo } from '../images/decode.js';
import { assertNoWebAddress } from '../web-addresses.js';
import { copenhagenYear } from './views.js';
import { counterOf } from './numbering.js';

function toProfile(company: CompanyDoc): CompanyProfile {
  return {
    companyName: company.companyName,
    email: company.email ?? '',
    mobilePay: company.mobilePay ?? '',
    CVR: company.CVR ?? '',
    phone: company.phone ?? '',
    moms: company.moms !== false,
    address: company.address ?? '',
    town: company.town ?? '',
    post: company.post ?? '',
    regNumber: company.regNumber ?? '',
    accountNumber: company.accountNumber ?? '',
    dueDays: company.dueDays ?? DEFAULT_DUE_DAYS,
    logo: company.logo ?? null,
  };
}

/**
 * The logo: checked by name and by content (sharp decodes it: a GIF or a program renamed .png is refused), at
 * most 5,120,000 bytes, then made into a PNG of at most
 * 600 × 240 px without metadata, kept on the company as a data URL (a few KB) so every invoice snapshot carries it.
 */
export async function uploadLogo(ctx: TherapistContext): Promise<CompanyProfile> {
  const file = ctx.files[0];
  if (!file || ctx.files.length !== 1) throw new ValidationError(clientMessages.logoType, { logo: clientMessages.logoType });
  // The same name and size rule the browser applies before it uploads (spec 3 §8: the size's text is the spec's).
  const problem = logoFileProblem({ name: file.originalName, size: file.size });
  if (problem) throw new ValidationError(problem, { logo: problem });
  // Decoded in a worker with bounds on pixels and time (domain/images/decode.ts).
  const png = await decodeLogo(file.path, clientMessages.logoType, ctx.companyId);
  await ctx.db.Company.updateOne({}, { $set: { logo: `data:image/png;base64,${png.toString('base64')}` } });
  return toProfile(await freshCompany(ctx));
}

async function freshCompany(ctx: TherapistContext): Promise<CompanyDoc> {
  return (await ctx.db.Company.findById(ctx.company._id).lean())!;
}

export async function companyProfile(ctx: TherapistContext): Promise<CompanyProfile> {
  return toProfile(await freshCompany(ctx));
}

export async function updateCompanyProfile(ctx: TherapistContext, input: ParsedInput<'setCompany'>): Promise<CompanyProfile> {
  assertNoWebAddress('companyName', COMPANY_FIELD_LABELS.companyName, input.companyName);
  const set: Record<string, unknown> = { ...input, CVR: input.CVR ?? '' };
  if (input.moms === undefined) delete set.moms;
  if (input.dueDays === undefined) delete set.dueDays;
  await ctx.db.Company.updateOne({}, { $set: set });
  return toProfile(await freshCompany(ctx));
}

interface CounterView {
  CVR: string;
  count: number;
  year: number;
  updatedAt: number | null;
}

async function counterView(ctx: TherapistContext, company: CompanyDoc): Promise<CounterView> {
  const year = copenhagenYear(ctx.now());
  const last = await ctx.db.clinic('invoice-numbering').Invoice.findOne({ year, isMerged: false }, { createdAt: 1 }).sort({ seq: -1 }).lean();
  const updatedAt = Math.max(company.invoiceCounter?.year === year ? (company.invoiceCounter.updatedAt ?? 0) : 0, last?.createdAt ?? 0) || null;
  return { CVR: company.CVR ?? '', count: await counterOf(ctx.db, company, year), year, updatedAt };
}

function assertOwnCvr(company: CompanyDoc, cvr: string): void {
  // Another clinic's CVR number is simply not found: counters are per clinic.
  if ((company.CVR ?? '') !== cvr) throw new NotFoundError('CVR-nummeret hører ikke til din klinik');
}

export async function cvrCounter(ctx: TherapistContext, cvr: string): Promise<CounterView> {
  const company = await freshCompany(ctx);
  assertOwnCvr(company, cvr);
  return counterView(ctx, company);
}

export async function startCvrCounter(ctx: TherapistContext, cvr: string): Promise<CounterView> {
  let company = await freshCompany(ctx);
  if (!company.CVR) await ctx.db.Company.updateOne({ CVR: '' }, { $set: { CVR: cvr } });
  company = await freshCompany(ctx);
  assertOwnCvr(company, cvr);
  if (!company.invoiceCounter) {
    await ctx.db.Company.updateOne({}, { $set: { invoiceCounter: { count: 0, year: copenhagenYear(ctx.now()), updatedAt: ctx.now() } } });
  }
  return counterView(ctx, await freshCompany(ctx));
}

/**
 * The owner's 'Næste fakturanummer' (/Settings): the counter only goes up, never below this year's count
 * (numbers issued, imported or set before), so no number can be offered twice. The numbers themselves are held by
 * the invoices' `_id`s (numbering.ts); the counter is only where the next one starts. The write is also conditional
 * on the stored counter not being higher, so an older screen's save does not undo a higher one saved meanwhile.
 */
export async function setCvrCounter(ctx: TherapistContext, input: ParsedInput<'setCvrCounter'>): Promise<CounterView> {
  const company = await freshCompany(ctx);
  assertOwnCvr(company, input.CVR);
  const year = copenhagenYear(ctx.now());
  const refuse = (count: number) => new ConflictError(invoiceNumberMessages.onlyUp(formatInvoiceNumber(count + 1, year)));
  const current = await counterOf(ctx.db, company, year);
  if (input.count < current) throw refuse(current);
  const written = await ctx.db.Company.updateOne(
    { $or: [{ 'invoiceCounter.year': { $ne: year } }, { 'invoiceCounter.count': { $lte: input.count } }] },
    { $set: { invoiceCounter: { count: input.count, year, updatedAt: ctx.now() } } },
  );
  const after = await freshCompany(ctx);
  if (written.matchedCount === 0) throw refuse(await counterOf(ctx.db, after, year));
  return counterView(ctx, after);
}

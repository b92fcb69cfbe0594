/**
 * The platform administrator's companies (spec 1 §2, §5, §7): the table, the edit, enable/disable, delete,
 * a company's users and its SMS year to date. Nothing here reads a client record, a journal or a CPR number.
 *
 * The table is sorted and paged here, not in the database: a platform has hundreds or a few thousand clinics, the
 * `users` column is a count over another collection, and FerretDB 1.24 sorts nothing in the database anyway
 * (docs/decisions/0030-deleting-a-clinic-in-two-steps.md); one read of the companies' table fields and one of the
 * therapists' company ids is a few milliseconds for a thousand clinics. Danish collation for the text columns.
 */
import { Types } from 'mongoose';
import {
  COMPANY_FIELD_LABELS,
  COMPANY_PAGE_SIZE,
  platformMessages,
  type CompanyAdminRow,
  type CompanySortColumn,
  type CompanyUserSortColumn,
  type ParsedInput,
} from '@klinik/core';
import type { SuperadminContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { CompanyDoc, TherapistDoc } from '../../models/index.js';
import { smsMonth, yearToDate } from '../contact/sms-ledger.js';
import { assertNoWebAddress } from '../web-addresses.js';
import { startCompanyDeletion } from './deletion.js';

const ACROSS = { crossTenant: 'the platform administrator lists every clinic and counts their users' };

const collator = new Intl.Collator('da', { numeric: true, sensitivity: 'base' });

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  const left = a === null || a === undefined ? -Infinity : Number(a);
  const right = b === null || b === undefined ? -Infinity : Number(b);
  return left - right;
}

/** Sorted by `column` in `direction`, ties by id (so paging never shows a row twice or skips one). */
export function sortRows<T extends { id: string }>(rows: T[], column: keyof T, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => sign * compareValues(a[column], b[column]) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

type CompanyFields = Pick<
  CompanyDoc,
  'companyName' | 'CVR' | 'address' | 'post' | 'town' | 'email' | 'phone' | 'contactPersion' | 'createdAt' | 'planType' | 'status' | 'trial' | 'isDisabled' | 'freeTextsPerMonth' | 'moms' | 'newsletter' | 'reepayId' | 'smsCapReachedAt' | 'mailCapReachedAt'
> & { _id: Types.ObjectId };

const ROW_FIELDS = {
  companyName: 1,
  CVR: 1,
  address: 1,
  post: 1,
  town: 1,
  email: 1,
  phone: 1,
  contactPersion: 1,
  createdAt: 1,
  planType: 1,
  status: 1,
  trial: 1,
  isDisabled: 1,
  freeTextsPerMonth: 1,
  moms: 1,
  newsletter: 1,
  reepayId: 1,
  smsCapReachedAt: 1,
  mailCapReachedAt: 1,
} as const;

function toRow(company: CompanyFields, users: number): CompanyAdminRow {
  return {
    id: company._id.toString(),
    companyName: company.companyName ?? '',
    CVR: company.CVR ?? '',
    address: company.address ?? '',
    post: company.post ?? '',
    town: company.town ?? '',
    email: company.email ?? '',
    phone: company.phone ?? '',
    contactPersion: company.contactPersion ?? '',
    users,
    createdAt: company.createdAt ?? 0,
    planType: company.planType ?? 'empty',
    status: company.status ?? 'empty',
    trial: company.trial ?? null,
    isDisabled: company.isDisabled === true,
    freeTextsPerMonth: company.freeTextsPerMonth ?? 20,
    moms: company.moms !== false,
    newsletter: company.newsletter !== false,
    reepayId: company.reepayId ?? null,
    smsCapReachedAt: company.smsCapReachedAt ?? null,
    mailCapReachedAt: company.mailCapReachedAt ?? null,
  };
}

const SEARCHED: (keyof CompanyAdminRow)[] = ['companyName', 'CVR', 'email', 'phone', 'town', 'post', 'address', 'contactPersion'];

export async function listCompanies(ctx: SuperadminContext, input: ParsedInput<'getCompaniesSuperadmin'>) {
  const [companies, therapists] = await Promise.all([
    ctx.platform.Company.find({ deletedAt: null }, ROW_FIELDS).setOptions(ACROSS).lean<CompanyFields[]>(),
    ctx.platform.Therapist.find({ deletedAt: null }, { companyId: 1 }).setOptions(ACROSS).lean(),
  ]);
  const users = new Map<string, number>();
  for (const therapist of therapists) users.set(therapist.companyId.toString(), (users.get(therapist.companyId.toString()) ?? 0) + 1);
  let rows = companies.map((company) => toRow(company, users.get(company._id.toString()) ?? 0));
  const search = input.search.toLocaleLowerCase('da');
  if (search) rows = rows.filter((row) => SEARCHED.some((field) => String(row[field]).toLocaleLowerCase('da').includes(search)));
  const sorted = sortRows(rows, input.sortColumn satisfies CompanySortColumn, input.sortType);
  const start = (input.pageNumber - 1) * COMPANY_PAGE_SIZE;
  return { data: sorted.slice(start, start + COMPANY_PAGE_SIZE), total: { total: sorted.length } };
}

/** A company that exists and is not deleted, or 404. */
export async function liveCompany(ctx: SuperadminContext, companyId: string): Promise<CompanyDoc> {
  const company = await ctx.tenant(new Types.ObjectId(companyId)).Company.findOne({}).lean();
  if (!company || company.deletedAt) throw new NotFoundError(platformMessages.companyNotFound);
  return company;
}

async function rowOf(ctx: SuperadminContext, company: CompanyDoc): Promise<CompanyAdminRow> {
  const users = await ctx.tenant(company._id).Therapist.countDocuments({ deletedAt: null });
  return toRow(company, users);
}

export async function updateCompany(ctx: SuperadminContext, info: ParsedInput<'setCompanySuperadmin'>['companyInfo']) {
  assertNoWebAddress('companyInfo.companyName', COMPANY_FIELD_LABELS.companyName, info.companyName);
  const company = await liveCompany(ctx, info.id);
  const { id: _id, ...fields } = info;
  const next = { ...fields, CVR: fields.CVR ?? '', contactPersion: fields.contactPersion ?? '' };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => String(company[key] ?? '') !== String(next[key]));
  await ctx.tenant(company._id).Company.updateOne({}, { $set: next });
  return { row: await rowOf(ctx, { ...company, ...next }), changed };
}

export async function setCompanyDisabled(ctx: SuperadminContext, companyId: string, isDisabled: boolean): Promise<void> {
  const company = await liveCompany(ctx, companyId);
  await ctx.tenant(company._id).Company.updateOne({}, { $set: { isDisabled } });
}

export async function deleteCompany(ctx: SuperadminContext, companyId: string): Promise<void> {
  const company = await liveCompany(ctx, companyId);
  await startCompanyDeletion(ctx, company);
}

const USER_FIELDS = { nameFirst: 1, nameLast: 1, email: 1, phone: 1, isAdmin: 1, isActive: 1, createdAt: 1 } as const;

export async function companyUsers(ctx: SuperadminContext, input: ParsedInput<'getCompanyTherapistsSuperadmin'>) {
  const company = await liveCompany(ctx, input.companyId);
  const therapists = await ctx.tenant(company._id).Therapist.find({ deletedAt: null }, USER_FIELDS).lean<Pick<TherapistDoc, '_id' | keyof typeof USER_FIELDS>[]>();
  const rows = therapists.map((therapist) => ({
    id: therapist._id.toString(),
    nameFirst: therapist.nameFirst,
    nameLast: therapist.nameLast,
    email: therapist.email,
    phone: therapist.phone ?? '',
    isAdmin: therapist.isAdmin === true,
    isActive: therapist.isActive !== false,
    createdAt: therapist.createdAt ?? 0,
  }));
  return sortRows(rows, input.sortColumn satisfies CompanyUserSortColumn, input.sortDirection);
}

export async function companyYearToDate(ctx: SuperadminContext, companyId: string) {
  const company = await liveCompany(ctx, companyId);
  const { year } = smsMonth(ctx.now());
  return { year, ...(await yearToDate(ctx.tenant(company._id), year)) };
}

/** The newsletter-subscriber list (spec 1 §2): Tilmeldte = newsletter on, Trial = clinics on the free trial. */
export async function subscriberList(ctx: SuperadminContext, filter: ParsedInput<'adminGetTherapists'>['filter']) {
  const [therapists, companies] = await Promise.all([
    ctx.platform.Therapist.find({ deletedAt: null }, { nameFirst: 1, nameLast: 1, email: 1, phone: 1, newsletter: 1, createdAt: 1, companyId: 1 })
      .setOptions({ crossTenant: 'the platform administrator lists the newsletter subscribers of every clinic' })
      .lean(),
    ctx.platform.Company.find({ deletedAt: null }, { companyName: 1, planType: 1, trial: 1 }).setOptions(ACROSS).lean(),
  ]);
  const byId = new Map(companies.map((company) => [company._id.toString(), company]));
  const rows = therapists.flatMap((therapist) => {
    const company = byId.get(therapist.companyId.toString());
    if (!company) return [];
    const onTrial = company.planType === 'freeTrial';
    if (filter === 'subscribed' && therapist.newsletter === false) return [];
    if (filter === 'trial' && !onTrial) return [];
    return [
      {
        id: therapist._id.toString(),
        nameFirst: therapist.nameFirst,
        nameLast: therapist.nameLast,
        email: therapist.email,
        phone: therapist.phone ?? '',
        companyName: company.companyName,
        newsletter: therapist.newsletter !== false,
        trial: onTrial ? (company.trial ?? null) : null,
        createdAt: therapist.createdAt ?? 0,
      },
    ];
  });
  return sortRows(rows, 'createdAt', 'desc');
}

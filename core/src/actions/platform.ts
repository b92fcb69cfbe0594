/**
 * The platform administrator (spec 1 §2 'Platform administrator screens', §7 'Platform administrator') and the
 * support team (spec 3 §2, §7 'Support meeting and upload'). Neither role reads a clinic's client records,
 * journals, CPR numbers or invoices: nothing here answers them, and the therapist actions refuse both tokens.
 */
import { z } from 'zod';
import { defineAction, messageAnswer, noInput } from '../contract.js';
import { cvr, email, objectId, optionalText, phone, post, requiredText } from '../fields.js';
import { messages } from '../messages.js';
import { platformMessages as P, SUPPORT_IMPORT_MAX_FILE_BYTES, SUPPORT_IMPORT_MAX_FILES, supportMessages as S } from '../messages-platform.js';
import { PLAN_STATUSES, PLAN_TYPES } from '../plan.js';

/** Spec 1 §9: the companies table's page size. */
export const COMPANY_PAGE_SIZE = 10;
export const AUDIT_PAGE_SIZE = 50;

/** The columns the companies table sorts by, server-side. */
export const COMPANY_SORT_COLUMNS = ['companyName', 'CVR', 'email', 'phone', 'town', 'post', 'users', 'createdAt', 'planType', 'status', 'isDisabled', 'freeTextsPerMonth'] as const;
export type CompanySortColumn = (typeof COMPANY_SORT_COLUMNS)[number];
export const COMPANY_USER_SORT_COLUMNS = ['nameFirst', 'nameLast', 'email', 'phone', 'isAdmin', 'isActive', 'createdAt'] as const;
export type CompanyUserSortColumn = (typeof COMPANY_USER_SORT_COLUMNS)[number];
/** The older newsletter-subscriber list's filters (spec 1 §2): Tilmeldte, Alle, Trial. */
export const SUBSCRIBER_FILTERS = ['subscribed', 'all', 'trial'] as const;
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number];

const sortDirection = z.enum(['asc', 'desc']).default('asc');
const pageNumber = z.number().int().min(1).max(1_000_000).default(1);

export const companyAdminRowSchema = z.strictObject({
  id: z.string(),
  companyName: z.string(),
  CVR: z.string(),
  address: z.string(),
  post: z.string(),
  town: z.string(),
  email: z.string(),
  phone: z.string(),
  contactPersion: z.string(),
  /** Therapists of the clinic (deleted ones not counted). */
  users: z.number().int(),
  createdAt: z.number(),
  planType: z.enum(PLAN_TYPES),
  status: z.enum(PLAN_STATUSES),
  trial: z.number().nullable(),
  isDisabled: z.boolean(),
  freeTextsPerMonth: z.number().int(),
  moms: z.boolean(),
  newsletter: z.boolean(),
  /** The payment provider's customer handle, null before the first purchase. */
  reepayId: z.string().nullable(),
  /** When the clinic last reached its daily SMS cap, or its mail budget (a spike worth a look). */
  smsCapReachedAt: z.number().nullable(),
  mailCapReachedAt: z.number().nullable(),
});
export type CompanyAdminRow = z.infer<typeof companyAdminRowSchema>;

/** Spec 1 §5 'Administrator company edit': freeTextsPerMonth required, 0 to 99999999 (a number or its digits). */
const freeTextsPerMonth = z
  .union([z.number(), z.string().max(20, P.freeTextsRange)], { error: P.freeTextsRange })
  .transform((value) => (typeof value === 'string' ? (/^\d{1,8}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN) : value))
  .pipe(z.number({ error: P.freeTextsRange }).int(P.freeTextsRange).min(0, P.freeTextsRange).max(99_999_999, P.freeTextsRange));

export const companyAdminEditSchema = z.strictObject({
  id: objectId,
  companyName: requiredText('Firmanavn'),
  CVR: cvr,
  address: requiredText('Adresse'),
  post,
  town: requiredText('By', 100),
  email,
  phone,
  contactPersion: optionalText('Kontaktperson'),
  freeTextsPerMonth,
});

export const companyUserRowSchema = z.strictObject({
  id: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string(),
  phone: z.string(),
  isAdmin: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.number(),
});

export const subscriberRowSchema = z.strictObject({
  id: z.string(),
  nameFirst: z.string(),
  nameLast: z.string(),
  email: z.string(),
  phone: z.string(),
  companyName: z.string(),
  newsletter: z.boolean(),
  /** The clinic's free trial end while it is on the free trial, else null. */
  trial: z.number().nullable(),
  createdAt: z.number(),
});

export const auditEntrySchema = z.strictObject({
  id: z.string(),
  at: z.number(),
  /** The administrator's username. */
  administrator: z.string(),
  action: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  outcome: z.enum(['ok', 'refused', 'failed']),
  /** What changed, in a few words (never a password or a client's data). */
  detail: z.string(),
});

export const supportUploadSchema = z.strictObject({
  id: z.string(),
  createdAt: z.number(),
  therapistId: z.string(),
  therapistName: z.string(),
  orderHandleId: z.string().nullable(),
  files: z.array(z.strictObject({ name: z.string(), size: z.number().int() })),
  /** received: stored, waiting for the import (the data import's engine); imported / failed: the import's outcome. */
  status: z.enum(['received', 'imported', 'failed']),
});

export const supportMeetingSchema = z.strictObject({
  id: z.string(),
  createdAt: z.number(),
  therapistId: z.string(),
  eventUri: z.string(),
  inviteeUri: z.string(),
});

/** An address the embedded meeting calendar reports (https, or http on the local placeholder page). */
const meetingUri = z
  .string({ error: S.meetingReferenceInvalid })
  .trim()
  .max(500, S.meetingReferenceInvalid)
  .regex(/^https?:\/\/[^\s]+$/, S.meetingReferenceInvalid);

const chosenTherapist = z.string({ error: S.noTherapist }).min(1, S.noTherapist).max(100, S.therapistNotFound).pipe(objectId);

export const platformActions = {
  getCompaniesSuperadmin: defineAction({
    access: 'superadmin',
    audit: { company: null },
    summary: 'The companies table: 10 per page, sorted server-side by any column, optionally searched (name, CVR, e-mail, phone, town); deleted companies are not listed.',
    input: z.strictObject({
      sortType: sortDirection,
      sortColumn: z.enum(COMPANY_SORT_COLUMNS).default('createdAt'),
      pageNumber,
      search: z.string().trim().max(100, P.searchTooLong).default(''),
    }),
    output: z.strictObject({ data: z.array(companyAdminRowSchema), total: z.strictObject({ total: z.number().int() }) }),
  }),
  setCompanySuperadmin: defineAction({
    access: 'superadmin',
    audit: { company: 'companyInfo.id' },
    summary: "Edits a company's profile and its free SMS per month (spec 1 §5 'Administrator company edit').",
    input: z.strictObject({ companyInfo: companyAdminEditSchema }),
    output: z.strictObject({ message: z.string(), data: companyAdminRowSchema }),
  }),
  getCompanyTherapistsSuperadmin: defineAction({
    access: 'superadmin',
    audit: { company: 'companyId' },
    summary: "A company's users (names, e-mail, phone, owner, active), sorted server-side.",
    input: z.strictObject({ companyId: objectId, sortDirection, sortColumn: z.enum(COMPANY_USER_SORT_COLUMNS).default('nameFirst') }),
    output: z.strictObject({ data: z.array(companyUserRowSchema) }),
  }),
  getCompanyYTD: defineAction({
    access: 'superadmin',
    audit: { company: 'companyId' },
    summary: "A company's SMS year to date: freeTexts, sentBooking, sentCourse as twelve comma-separated monthly values (spec 1 §3).",
    input: z.strictObject({ companyId: objectId }),
    output: z.strictObject({
      data: z.strictObject({ year: z.number().int(), freeTexts: z.string(), sentBooking: z.string(), sentCourse: z.string() }),
    }),
  }),
  disableCompany: defineAction({
    access: 'superadmin',
    audit: { company: 'companyId' },
    summary:
      "Disables or enables a company: a disabled clinic's users are signed out on their next call and cannot sign in; its public pages say it takes no online bookings; its reminders stop.",
    input: z.strictObject({ companyId: objectId, isDisabled: z.boolean({ error: messages.required('Status') }) }),
    output: messageAnswer,
  }),
  deleteCompany: defineAction({
    access: 'superadmin',
    audit: { company: 'companyId' },
    summary:
      'Deletes a company: at once nothing of it can be read or signed into; its data is then purged in the background, except the issued invoices and credit notes bookkeeping law keeps for 5 years (docs/decisions/0030-deleting-a-clinic-in-two-steps.md).',
    input: z.strictObject({ companyId: objectId }),
    output: messageAnswer,
  }),
  adminGetTherapists: defineAction({
    access: 'superadmin',
    audit: { company: null },
    summary: "The newsletter-subscriber list of the platform's therapists: Tilmeldte (newsletter on), Alle, Trial (clinics on the free trial).",
    input: z.strictObject({ filter: z.enum(SUBSCRIBER_FILTERS).default('subscribed') }),
    output: z.strictObject({ data: z.array(subscriberRowSchema) }),
  }),
  getAdminAuditLog: defineAction({
    access: 'superadmin',
    audit: { company: 'companyId' },
    summary: 'The administrator audit log, newest first, 50 per page, optionally of one company. Written by the endpoint for every administrator action; no action changes it.',
    input: z.strictObject({ pageNumber, companyId: objectId.optional() }),
    output: z.strictObject({ data: z.array(auditEntrySchema), total: z.strictObject({ total: z.number().int() }) }),
  }),
  getTherapistsSupport: defineAction({
    access: 'team',
    summary: "The support team's therapist autocomplete across clinics: name, e-mail and clinic of at most 20 matches (deleted and disabled clinics left out).",
    input: z.strictObject({ search: z.string().trim().max(100, P.searchTooLong).default('') }),
    output: z.strictObject({
      data: z.array(z.strictObject({ id: z.string(), name: z.string(), email: z.string(), companyName: z.string() })),
    }),
  }),
  addSupportHelp: defineAction({
    access: 'team',
    uploads: {
      files: SUPPORT_IMPORT_MAX_FILES,
      fileBytes: SUPPORT_IMPORT_MAX_FILE_BYTES,
      field: 'files',
      tooLarge: S.fileTooLarge(`${SUPPORT_IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB`),
      tooMany: S.tooManyFiles(SUPPORT_IMPORT_MAX_FILES),
    },
    summary:
      "The support upload (multipart: files, therapistId, orderHandleId): checks spec 3 §5's confirm rules, stores the files encrypted with a support-upload record of the therapist's clinic, where the import picks them up.",
    // The therapist is checked after the files (spec 3 §5's order: files first), by the handler.
    input: z.strictObject({ therapistId: z.string().trim().max(100).default(''), orderHandleId: z.string().trim().max(100).optional() }),
    output: z.strictObject({ message: z.string(), data: z.strictObject({ uploadId: z.string() }) }),
  }),
  addSupportMeeting: defineAction({
    access: 'team',
    summary: 'Records a meeting booked in the embedded calendar (its scheduled event and invitee) for a therapist.',
    input: z.strictObject({ therapistId: chosenTherapist, eventUri: meetingUri, inviteeUri: meetingUri }),
    output: messageAnswer,
  }),
  checkSupportMeetingAndgHelp: defineAction({
    access: 'team',
    summary: "What the support team has already done for a therapist's clinic: its support uploads (names and sizes, never contents) and meetings.",
    input: z.strictObject({ therapistId: chosenTherapist }),
    output: z.strictObject({ data: z.strictObject({ uploads: z.array(supportUploadSchema), meetings: z.array(supportMeetingSchema) }) }),
  }),
  getSupportUploads: defineAction({
    access: 'owner',
    summary: "The clinic's files uploaded by the support team, newest first (listed on /Importerdata until the import has run).",
    input: noInput,
    output: z.strictObject({ data: z.array(supportUploadSchema) }),
  }),
} as const;

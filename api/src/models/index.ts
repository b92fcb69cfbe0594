/**
 * The mongoose models, one file per aggregate beside this one, bound to one connection. Everything runs on MongoDB 7
 * and on FerretDB 1.24 alike: no transactions, no $lookup; uniqueness only on fields that are always present
 * (docs/architecture.md, 'Data'). Times are epoch milliseconds. Each model declares its scope rule (scope.ts); a model
 * registered without one fails api/test/tenant-scope.test.ts.
 */
import type { Connection, Schema } from 'mongoose';
import { accessLogModels } from './access-log.js';
import { accountingModels } from './accounting.js';
import { accountModels } from './accounts.js';
import { bookingPaymentModels } from './booking-payments.js';
import { calendarFeedModels } from './calendar-feeds.js';
import { clientModels } from './clients.js';
import { commerceModels } from './commerce.js';
import { contactModels } from './contact.js';
import { courseModels } from './courses.js';
import { driveModels } from './drive.js';
import { imageModels } from './images.js';
import { importModels } from './imports.js';
import { invoiceModels } from './invoices.js';
import { journalModels } from './journals.js';
import { oauthModels } from './oauth.js';
import { outboxModels } from './outbox.js';
import { paymentAccountModels } from './payment-account.js';
import { paymentsSandboxModels } from './payments-sandbox.js';
import { platformModels } from './platform.js';
import { portalModels } from './portal.js';
import { publicSubmissionModels } from './public-submissions.js';
import { roomModels } from './rooms.js';
import { schedulingModels } from './scheduling.js';
import { signInModels } from './signin.js';
import { statisticsModels } from './statistics.js';
import { trackStatisticsSources } from './statistics-sources.js';
import type { ScopeRule } from './scope.js';
import { treatmentModels } from './treatments.js';
import { waitlistModels } from './waitlist.js';

export type { AccessLogDoc, AccessLogSweepOptions } from './access-log.js';
export type { AccountingRunDoc } from './accounting.js';
export type { CompanyDoc, TherapistDoc, TeamUserDoc } from './accounts.js';
export type { BookingPaymentDoc } from './booking-payments.js';
export type { CalendarFeedDoc } from './calendar-feeds.js';
export type { ClientDoc, ClientFormFieldDoc } from './clients.js';
export type { PurchaseDoc, SubscriptionDoc } from './commerce.js';
export type { MessageJobDoc, NewsletterDoc, NewsletterSendDoc } from './contact.js';
export type { EventDoc, EventDateDoc, EventDateClientDoc } from './courses.js';
export type { DriveConnectionDoc } from './drive.js';
export type { ClinicPaymentAccountDoc } from './payment-account.js';
export type { ImageDoc } from './images.js';
export type { ImportRunDoc } from './imports.js';
export type { InvoiceDoc } from './invoices.js';
export type { JournalDoc, CustomFieldDoc, FieldCommentDoc, RevisionDoc } from './journals.js';
export type { PublicSubmissionDoc } from './public-submissions.js';
export type { RoomDoc } from './rooms.js';
export type { AdminAuditDoc, SupportUploadDoc } from './platform.js';
export type { BookingDoc, LeaveDoc, OpeningHoursDoc } from './scheduling.js';
export type { TreatmentDoc } from './treatments.js';
export type { FreedTimeDoc, WaitlistEntryDoc, WaitlistOfferDoc } from './waitlist.js';
export type { ScopeRule } from './scope.js';

const DEFINITIONS = {
  ...accountModels,
  ...treatmentModels,
  ...clientModels,
  ...schedulingModels,
  ...courseModels,
  ...journalModels,
  ...imageModels,
  ...driveModels,
  ...invoiceModels,
  ...commerceModels,
  ...contactModels,
  ...outboxModels,
  ...oauthModels,
  ...paymentsSandboxModels,
  ...paymentAccountModels,
  ...accountingModels,
  ...signInModels,
  ...publicSubmissionModels,
  ...platformModels,
  ...importModels,
  ...portalModels,
  ...calendarFeedModels,
  ...waitlistModels,
  ...accessLogModels,
  ...roomModels,
  ...statisticsModels,
  ...bookingPaymentModels,
};
// Before any model is bound: the hooks of the records /Statistik counts.
trackStatisticsSources();

export type ModelName = keyof typeof DEFINITIONS;

function bind<S extends Schema>(conn: Connection, name: string, schema: S) {
  return conn.model(name, schema);
}
type Bound<S extends Schema> = ReturnType<typeof bind<S>>;

export type Models = { [K in ModelName]: Bound<(typeof DEFINITIONS)[K]['schema']> };

/** Every model's scope rule, by model name. */
export const MODEL_SCOPES: Readonly<Record<ModelName, ScopeRule>> = Object.fromEntries(
  Object.entries(DEFINITIONS).map(([name, definition]) => [name, definition.scope]),
) as Record<ModelName, ScopeRule>;

/** A model's schema (for building plain documents with its defaults: data/insert-new.ts `withSchemaDefaults`). */
export function schemaOf(name: ModelName): Schema {
  return DEFINITIONS[name].schema;
}

export function createModels(conn: Connection): Models {
  return Object.fromEntries(Object.entries(DEFINITIONS).map(([name, definition]) => [name, bind(conn, name, definition.schema)])) as Models;
}

/** The models whose documents belong to one clinic and carry `companyId`. */
export const TENANT_MODELS = (Object.keys(MODEL_SCOPES) as ModelName[]).filter((name) => MODEL_SCOPES[name].kind === 'tenant');

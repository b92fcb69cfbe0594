/**
 * The accounts aggregate: the clinic (Company, the tenant itself), its therapists, single-use link tokens and the
 * support team's users.
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { DEFAULT_DUE_DAYS, DEFAULT_THERAPIST_COLORS, PLAN_STATUSES, PLAN_TYPES } from '@klinik/core/rules';
import { INCLUDED_STORAGE_BYTES } from '@klinik/core/records';
import { now, timestamps } from './common.js';
import { defineModel } from './scope.js';
import { recordSignInChanges } from './sign-in-changes.js';

const companySchema = new Schema(
  {
    companyName: { type: String, required: true },
    CVR: { type: String, default: '' },
    address: { type: String, default: '' },
    post: { type: String, default: '' },
    town: { type: String, default: '' },
    email: { type: String, default: '' },
    phone: { type: String, default: '' },
    /** 'Mine tider': journals come with a client's 'Hent mine data' ('included'), or the client asks and a therapist approves. */
    portalJournalExport: { type: String, enum: ['included', 'on-request'], default: 'on-request' },
    contactPersion: { type: String, default: '' },
    moms: { type: Boolean, default: true },
    /** 'Betalingsfrist': days from an invoice's date to its due date. Clinics made before have none: the default. */
    dueDays: { type: Number, default: DEFAULT_DUE_DAYS },
    newsletter: { type: Boolean, default: true },
    /**
     * The Danish holidays (core/src/holidays.ts ids) kept closed for online booking, as the owner chose them. No default:
     * a clinic that never chose has none stored and gets core's DEFAULT_CLOSED_HOLIDAYS; an empty list opens every day.
     */
    closedHolidays: { type: [String], default: undefined },
    isDisabled: { type: Boolean, default: false },
    /**
     * Set when the platform administrator deletes the clinic: from then on nothing of it can be read or
     * signed into, and the purge job (jobs/company-purge.ts) removes its data; `purgedAt` when that has finished.
     * The issued invoices and credit notes stay until `keepUntil` (bookkeeping law: 5 years), then go with this record.
     */
    deletedAt: { type: Number, default: null },
    purgedAt: { type: Number, default: null },
    keepUntil: { type: Number, default: null },
    /**
     * false from registration until the owner opens the confirmation link; until then the clinic cannot
     * mail its clients. No default: clinics registered before the rule have no value and count as confirmed.
     */
    emailConfirmed: { type: Boolean },
    freeTextsPerMonth: { type: Number, default: 20 },
    /** SMS to numbers outside Denmark: off unless the owner opts in, and then only with a paid plan and a chargeable card. */
    smsAbroad: { type: Boolean, default: false },
    /**
     * When the clinic last reached its daily SMS cap, or its mail budget (domain/contact/outbound.ts): a
     * spike the platform administrator sees on /Companies.
     */
    smsCapReachedAt: { type: Number, default: null },
    mailCapReachedAt: { type: Number, default: null },
    planType: { type: String, enum: PLAN_TYPES, default: 'empty' },
    status: { type: String, enum: PLAN_STATUSES, default: 'empty' },
    /** End of the free trial (epoch ms). */
    trial: { type: Number, default: null },
    cancelDate: { type: Number, default: null },
    logo: { type: String, default: null },
    dineroOrgId: { type: String, default: null },
    /** Secret: never leaves the server. */
    dineroRefreshToken: { type: String, default: null },
    /**
     * Secret, never leaves the server: the accounting access token while it is valid, shared by every transfer so
     * that the rotating refresh token is spent once per hour, not once per transfer (domain/accounting/transfer.ts).
     */
    dineroAccessToken: { type: String, default: null },
    dineroAccessTokenExpiresAt: { type: Number, default: null },
    /** The payment provider's customer handle of the clinic (`c<companyId>`), set at its first purchase. */
    reepayId: { type: String, default: null },
    /** End of the Pro period paid for (the provider's subscription period), epoch ms. */
    planPeriodEnd: { type: Number, default: null },
    /** The provider handle of the Pro subscription the plan follows (the most recently started one). */
    planHandle: { type: String, default: null },
    /**
     * Pro bought during the free trial: the moment its paid period and first charge start (the trial's
     * end); null once it has started, or when there is none. Follows the subscription's webhooks (commerce/events.ts).
     */
    proStartsAt: { type: Number, default: null },
    /** The clinic's base storage quota (1 GB included); each storage add-on adds 5 GB (AddOnPurchase). Used: StorageEntry. */
    total_purchased_storage_bytes: { type: Number, default: INCLUDED_STORAGE_BYTES },
    /** Whether the cloud-drive add-on is active (a monthly add-on: follows its subscription's webhooks). */
    driveAddOnActive: { type: Boolean, default: false },
    /** Whether the data-import add-on is bought (one-time; unlocks /Importerdata). */
    importDataActive: { type: Boolean, default: false },
    /** Whether the accounting integration is activated (free with Pro; deactivating also disconnects it). */
    accountingAddOnActive: { type: Boolean, default: false },
    /** Bank and payment details printed on invoices (spec 3, company profile). */
    regNumber: { type: String, default: '' },
    accountNumber: { type: String, default: '' },
    mobilePay: { type: String, default: '' },
    /**
     * The invoice counter of the clinic's CVR number (spec 2, Company CVR counter): a floor set by setCvrCounter for
     * `year`; the next number is above both it and every number already used that year.
     */
    invoiceCounter: {
      type: new Schema({ count: Number, year: Number, updatedAt: Number }, { _id: false }),
      default: null,
    },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
);

const therapistSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    /** The e-mail in lower case; unique over the whole platform. */
    username: { type: String, required: true, unique: true },
    /** argon2id; null for an invited therapist who has not set a password yet. */
    passwordHash: { type: String, default: null },
    nameFirst: { type: String, required: true },
    nameLast: { type: String, required: true },
    email: { type: String, required: true },
    phone: { type: String, default: '' },
    isAdmin: { type: Boolean, default: false },
    isAvailable: { type: Boolean, default: true },
    isActive: { type: Boolean, default: true },
    newsletter: { type: Boolean, default: true },
    trial: { type: Number, default: null },
    colors: { type: [String], default: () => [...DEFAULT_THERAPIST_COLORS] },
    /** Online booking (spec 2): the form on or off, and the confirmation mail with its text. */
    bookingFormEnabled: { type: Boolean, default: true },
    bookingMail: { type: Boolean, default: false },
    bookingMailText: { type: String, default: '' },
    /** 'Mine tider': how many hours before a booking the client may still cancel or move it there. */
    cancelNoticeHours: { type: Number, default: 24 },
    /** 'Mine tider': the therapist is mailed when a client cancels or moves. */
    portalChangeMail: { type: Boolean, default: true },
    /**
     * Follow-up mails and SMS reminders (spec 2, Follow-up settings on the therapist). The *Since times
     * are when a setting was last switched on: nothing due before that is sent (no flood of old follow-ups).
     */
    followUp: { type: Boolean, default: false },
    followUpText: { type: String, default: '' },
    followUpTime: { type: Number, default: 7 },
    followUpSince: { type: Number, default: null },
    followUpCourse: { type: Boolean, default: false },
    followUpTextCourse: { type: String, default: '' },
    followUpTimeCourse: { type: Number, default: 7 },
    followUpCourseSince: { type: Number, default: null },
    reminders: { type: Boolean, default: false },
    reminderLeadHours: { type: Number, default: 24 },
    /** Bumped on logout, password change, deactivation and lost admin rights: older tokens stop working. */
    tokenVersion: { type: Number, default: 0 },
    /** Occupation ids (core/src/therapists.ts OCCUPATIONS). */
    occupation: { type: [String], default: () => [] },
    /**
     * The therapist's own subscription (spec 3 §4): null for a clinic's owner and a former owner (the clinic's plan
     * covers them); pending when the owner invites a therapist, the active 90-day trial when the users page makes one
     * (domain/therapists/trial.ts; older colleagues without one got it from migrations/colleague-trials.ts).
     */
    subscription: {
      type: new Schema(
        {
          planType: { type: String, enum: ['freeTrial', 'pro'], default: 'freeTrial' },
          status: { type: String, enum: ['pending', 'active', 'cancelled', 'expired'], default: 'pending' },
          /** End of the trial or of the paid period (epoch ms). */
          endsAt: { type: Number, default: null },
          /** The provider handle of a Pro subscription. */
          handle: { type: String, default: null },
          trialUsed: { type: Boolean, default: false },
        },
        { _id: false },
      ),
      default: null,
    },
    /** Set when the owner deletes the therapist: no access, out of every list; their records stay with the clinic. */
    deletedAt: { type: Number, default: null },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
);

/**
 * A clinic's therapist seats: `_id` `<companyId>:<n>` for n = 1..5 (core MAX_THERAPISTS). Adding a therapist inserts
 * the first free one; `_id` uniqueness makes the fifth seat go to exactly one of any number of simultaneous adds (a
 * count-then-insert would not be atomic on FerretDB 1.24). Deleting a therapist gives the seat back.
 */
const therapistSeatSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/** Owner handovers, one per owner session (`_id` `<companyId>:<ownerId>:<tokenVersion>`): two at once make one. */
const ownerChangeSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    from: { type: Schema.Types.ObjectId, required: true },
    to: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/**
 * Single-use link tokens (password reset, invitation). Only the SHA-256 of the token is stored, as `_id`, so a
 * database leak does not leak working links, and use is one atomic findOneAndDelete.
 */
const linkTokenSchema = new Schema(
  {
    _id: { type: String, required: true },
    purpose: { type: String, enum: ['reset', 'setPassword'], required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true, index: true },
    expiresAt: { type: Number, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

const teamUserSchema = new Schema(
  {
    username: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    isActive: { type: Boolean, default: true },
    tokenVersion: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
);

// What a signed-in call is checked against, cached by each API process: every change is announced to all of them.
recordSignInChanges(companySchema, 'company');
recordSignInChanges(therapistSchema, 'therapist');

export type CompanyDoc = InferSchemaType<typeof companySchema> & { _id: Types.ObjectId };
export type TherapistDoc = InferSchemaType<typeof therapistSchema> & { _id: Types.ObjectId };
export type TeamUserDoc = InferSchemaType<typeof teamUserSchema> & { _id: Types.ObjectId };

export const accountModels = {
  Company: defineModel(companySchema, { kind: 'tenant-root' }),
  // Colleagues see each other (names in lists, the owner's filters); who may change what is decided per action.
  Therapist: defineModel(therapistSchema, { kind: 'tenant' }),
  TherapistSeat: defineModel(therapistSeatSchema, { kind: 'tenant' }),
  OwnerChange: defineModel(ownerChangeSchema, { kind: 'tenant' }),
  LinkToken: defineModel(linkTokenSchema, { kind: 'platform', why: 'reached only by the hash of a mailed link, before anyone is signed in' }),
  TeamUser: defineModel(teamUserSchema, { kind: 'platform', why: 'the support team works across clinics' }),
};

/**
 * Contact: newsletters and their sendings, the message jobs (reminders, follow-ups, newsletter mails) and the SMS
 * ledger. How the jobs are claimed, retried and counted: jobs/message-runner.ts and
 * docs/decisions/0027-message-jobs-with-deterministic-ids-and-leases.md.
 */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { now, timestamps } from './common.js';
import { defineModel } from './scope.js';

/** A newsletter (spec 2, Newsletter): subject and sanitised HTML. */
const newsletterSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    subject: { type: String, required: true },
    message: { type: String, required: true },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
newsletterSchema.index({ companyId: 1, therapistId: 1 });

/**
 * One sending of a newsletter, with a snapshot of its text (a later edit does not change what is under way). Its
 * progress is counted from its message jobs, never kept as a counter (no atomic $inc on FerretDB).
 */
const newsletterSendSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    therapistName: { type: String, default: '' },
    newsletterId: { type: Schema.Types.ObjectId, required: true },
    subject: { type: String, required: true },
    html: { type: String, required: true },
    audience: { type: String, enum: ['all', 'selection'], required: true },
    /** Sent by the clinic's owner: 'all' means all of the clinic's clients, else the therapist's own. */
    byOwner: { type: Boolean, default: false },
    clientIds: { type: [Schema.Types.ObjectId], default: () => [] },
    state: { type: String, enum: ['preparing', 'sending', 'done'], default: 'preparing' },
    recipients: { type: Number, default: 0 },
    createdAt: { type: Number, default: now },
    finishedAt: { type: Number, default: null },
  },
  { versionKey: false },
);
newsletterSendSchema.index({ companyId: 1, therapistId: 1, createdAt: -1 });

/**
 * A message to one client. `_id` is deterministic per message and recipient (reminder:<booking>:<day it goes out>,
 * followUp:<booking>, newsletter:<send>:<client> …), so planning it twice makes it once. Claimed for sending through
 * a MessageLease `<_id>#<leaseSeq>`.
 */
const messageJobSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['reminder', 'courseReminder', 'followUp', 'followUpCourse', 'newsletter', 'waitlistOffer'], required: true },
    channel: { type: String, enum: ['sms', 'mail'], required: true },
    /** The booking, course day or newsletter sending it belongs to (a waiting-list offer: the entry; the offer is in `_id`). */
    ref: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    recipient: { type: String, default: '' },
    to: { type: String, default: '' },
    /** The booking's or course day's start the reminder was planned for (a moved booking is not reminded of the old time). */
    at: { type: Number, default: null },
    dueAt: { type: Number, required: true },
    state: { type: String, enum: ['pending', 'sent', 'skipped', 'failed'], default: 'pending' },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Number, required: true },
    leaseSeq: { type: Number, default: 0 },
    reason: { type: String, default: '' },
    sentAt: { type: Number, default: null },
    finishedAt: { type: Number, default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
messageJobSchema.index({ state: 1, nextAttemptAt: 1 });
messageJobSchema.index({ companyId: 1, ref: 1 });
messageJobSchema.index({ companyId: 1, therapistId: 1, finishedAt: -1 });

/**
 * The claim of a message job for one attempt: `_id` `<job>#<leaseSeq>`. Inserting it is the claim (atomic on every
 * MongoDB-protocol server); a claim whose `until` has passed is taken over by raising the job's leaseSeq.
 */
const messageLeaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    holder: { type: String, required: true },
    until: { type: Number, required: true },
  },
  { versionKey: false },
);

/** One SMS handed to the gateway, for the clinic's year to date and billing: `_id` is the message job's. */
const smsUsageSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    /** Copenhagen 'YYYY-MM' and year of the sending. */
    month: { type: String, required: true },
    year: { type: Number, required: true },
    kind: { type: String, enum: ['booking', 'course'], required: true },
    free: { type: Boolean, required: true },
    /** What it costs beyond the free quota, in øre without VAT (0 when free). */
    priceOre: { type: Number, default: 0 },
    sentAt: { type: Number, required: true },
  },
  { versionKey: false },
);
smsUsageSchema.index({ companyId: 1, year: 1 });
smsUsageSchema.index({ companyId: 1, therapistId: 1, month: 1 });

/**
 * A free SMS of a therapist's month: `_id` `<therapist>:<YYYY-MM>:<n>` for n = 1 … the clinic's freeTextsPerMonth,
 * holding the job that used it. Taking one is inserting it, so racing runners never hand out more than the quota.
 */
const smsFreeSlotSchema = new Schema(
  {
    _id: { type: String, required: true },
    jobId: { type: String, required: true, index: true },
  },
  { versionKey: false },
);

/**
 * The charge for a clinic's SMS beyond the free quota in one finished month (`_id` `sms:<company>:<YYYY-MM>`):
 * charged on the clinic's saved card through the payment adapter (jobs/sms-billing.ts).
 */
const smsChargeSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    month: { type: String, required: true },
    count: { type: Number, required: true },
    amountExVatOre: { type: Number, required: true },
    state: { type: String, enum: ['charged', 'failed', 'no-card'], required: true },
    /** The provider's charge handle of the latest try (a new one per try: a failed charge is answered again for its handle). */
    handle: { type: String, required: true },
    attempts: { type: Number, default: 1 },
    nextAttemptAt: { type: Number, default: 0 },
    reason: { type: String, default: '' },
    updatedAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export type NewsletterDoc = InferSchemaType<typeof newsletterSchema> & { _id: Types.ObjectId };
export type NewsletterSendDoc = InferSchemaType<typeof newsletterSendSchema> & { _id: Types.ObjectId };
export type MessageJobDoc = InferSchemaType<typeof messageJobSchema> & { _id: string };

export const contactModels = {
  Newsletter: defineModel(newsletterSchema, { kind: 'tenant', owner: 'therapistId' }),
  NewsletterSend: defineModel(newsletterSendSchema, { kind: 'tenant', owner: 'therapistId' }),
  MessageJob: defineModel(messageJobSchema, { kind: 'tenant', owner: 'therapistId' }),
  SmsUsage: defineModel(smsUsageSchema, { kind: 'tenant', owner: 'therapistId' }),
  SmsCharge: defineModel(smsChargeSchema, { kind: 'tenant' }),
  MessageLease: defineModel(messageLeaseSchema, {
    kind: 'derived',
    via: 'data/concurrency/message-leases.ts',
    why: '`_id` is a message job (already found in its clinic) and its attempt',
  }),
  SmsFreeSlot: defineModel(smsFreeSlotSchema, {
    kind: 'derived',
    via: 'data/concurrency/sms-free-slots.ts',
    why: "`_id` is a therapist's month and a number; taken only for a message job already found in its clinic",
  }),
};

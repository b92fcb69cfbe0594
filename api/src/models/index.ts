/**
 * The mongoose models, bound to one connection. Everything runs on MongoDB 7 and on FerretDB 1.24 alike: no
 * transactions, no $lookup; uniqueness only on fields that are always present (ARCHITECTURE.md, Data).
 * Times are epoch milliseconds.
 */
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { DEFAULT_THERAPIST_COLORS, PLAN_STATUSES, PLAN_TYPES } from '@klinik/core/rules';
import { INCLUDED_STORAGE_BYTES } from '@klinik/core/records';

const now = () => Date.now();
const timestamps = { currentTime: now } as const;

const companySchema = new Schema(
  {
    companyName: { type: String, required: true },
    CVR: { type: String, default: '' },
    address: { type: String, default: '' },
    post: { type: String, default: '' },
    town: { type: String, default: '' },
    email: { type: String, default: '' },
    phone: { type: String, default: '' },
    contactPersion: { type: String, default: '' },
    moms: { type: Boolean, default: true },
    newsletter: { type: Boolean, default: true },
    isDisabled: { type: Boolean, default: false },
    freeTextsPerMonth: { type: Number, default: 20 },
    planType: { type: String, enum: PLAN_TYPES, default: 'empty' },
    status: { type: String, enum: PLAN_STATUSES, default: 'empty' },
    /** End of the free trial (epoch ms). */
    trial: { type: Number, default: null },
    cancelDate: { type: Number, default: null },
    logo: { type: String, default: null },
    dineroOrgId: { type: String, default: null },
    /** Secret: never leaves the server. */
    dineroRefreshToken: { type: String, default: null },
    reepayId: { type: String, default: null },
    /** Storage the clinic may use: 1 GB included plus 5 GB per storage add-on (spec 3). Used bytes: StorageEntry. */
    total_purchased_storage_bytes: { type: Number, default: INCLUDED_STORAGE_BYTES },
    /** Whether the cloud-drive add-on is active (bought in the add-on area). */
    driveAddOnActive: { type: Boolean, default: false },
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
    /** Bumped on logout, password change, deactivation and lost admin rights: older tokens stop working. */
    tokenVersion: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: 'version' },
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

/** A treatment of the catalogue (spec 3, Treatment): duration and pause in seconds, price in øre (DKK × 100). */
const treatmentSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    therapistId: { type: Schema.Types.ObjectId, required: true, index: true },
    name: { type: String, required: true },
    duration: { type: Number, required: true },
    pause: { type: Number, default: 0 },
    priceOre: { type: Number, required: true },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);

/**
 * A client of the clinic (spec 2, Client). `cprKey` (the ten CPR digits) is unique per clinic and always present.
 * `createdBy` is the therapist the client belongs to. Intake answers are appended, never overwritten.
 */
const intakeAnswerSchema = new Schema(
  {
    questionId: { type: String, required: true },
    fieldName: { type: String, required: true },
    fieldType: { type: String, required: true },
    value: { type: String, default: '' },
    submittedAt: { type: Number, required: true },
  },
  { _id: false },
);

const clientSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    nameFirst: { type: String, required: true },
    nameLast: { type: String, required: true },
    email: { type: String, default: '' },
    phonePrivate: { type: String, default: '' },
    phoneWork: { type: String, default: '' },
    phoneRelative: { type: String, default: '' },
    CPR6Digit: { type: String, required: true },
    CPRLast4Digit: { type: String, required: true },
    cprKey: { type: String, required: true },
    address: { type: String, default: '' },
    post: { type: String, default: '' },
    town: { type: String, default: '' },
    civilStatus: { type: String, default: '' },
    sex: { type: Number, default: 0 },
    education: { type: String, default: '' },
    children: { type: String, default: '' },
    doctor: { type: String, default: '' },
    otherTreater: { type: String, default: '' },
    reminder: { type: Boolean, default: false },
    followUp: { type: Boolean, default: false },
    newsletter: { type: Boolean, default: true },
    tags: { type: [String], default: () => [] },
    profileImage: { type: Schema.Types.ObjectId, default: null },
    intakeAnswers: { type: [intakeAnswerSchema], default: () => [] },
    updatedBy: { type: String, default: '' },
    updatedBySJ: { type: String, default: '' },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
clientSchema.index({ companyId: 1, cprKey: 1 }, { unique: true });
clientSchema.index({ companyId: 1, nameFirst: 1 });

/**
 * A booking (spec 2, Booking). Client name, e-mail and treatment name are copied in so the calendar reads one
 * collection; `version` is the compare-and-swap counter every change checks.
 */
const bookingSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    treatmentId: { type: Schema.Types.ObjectId, default: null },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    bookingDate: { type: String, required: true },
    reason: { type: String, default: '' },
    invoiceId: { type: Schema.Types.ObjectId, default: null },
    journalId: { type: Schema.Types.ObjectId, default: null },
    firstBooking: { type: Boolean, default: false },
    hasStamjournal: { type: Boolean, default: false },
    treatmentName: { type: String, default: '' },
    /** The treatment's pause after the booking, in seconds: online availability keeps it free. */
    pause: { type: Number, default: 0 },
    /** 'online' when the client booked it on the public page. */
    source: { type: String, enum: ['calendar', 'online'], default: 'calendar' },
    email: { type: String, default: '' },
    nameFirst: { type: String, default: '' },
    nameLast: { type: String, default: '' },
    version: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
bookingSchema.index({ companyId: 1, therapistId: 1, from: 1 });
bookingSchema.index({ companyId: 1, clientId: 1, from: -1 });

/** A leave ('ikke tilgængelig'): the therapist is unavailable from–to. */
const leaveSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    reason: { type: String, required: true },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
leaveSchema.index({ companyId: 1, therapistId: 1, from: 1 });

/** One opening interval (white background in the calendar; the online booking offers times inside them). */
const openingHoursSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    createdAt: Number,
  },
  { versionKey: false },
);
openingHoursSchema.index({ companyId: 1, therapistId: 1, from: 1 });

/**
 * A claimed 5-minute unit of a therapist's time. `_id` is company:therapist:unitStart, so two bookings (or a
 * booking and a leave) cannot hold the same unit: the second insert fails on `_id` uniqueness on every
 * MongoDB-protocol server. `ref` is the booking or leave holding it.
 */
const slotClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    ref: { type: Schema.Types.ObjectId, required: true, index: true },
    kind: { type: String, enum: ['booking', 'leave', 'course'], required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/** A course (spec 2, Course (event)): the description is sanitised HTML. */
const eventSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    title: { type: String, required: true },
    description: { type: String, default: '' },
    limit: { type: Number, required: true },
    min: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
eventSchema.index({ companyId: 1, therapistId: 1 });

/** A course day. How many seats are taken is counted from its participants, never kept as a counter. */
const eventDateSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    eventId: { type: Schema.Types.ObjectId, required: true },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    latestDays: { type: Number, default: 0 },
    version: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
eventDateSchema.index({ companyId: 1, therapistId: 1, from: 1 });
eventDateSchema.index({ eventId: 1 });

/**
 * A participant of a course day, or someone on its waiting list (isWaiting). One per client and day. A seat holder
 * holds a CourseSeat; whoever could not get one waits.
 */
const eventDateClientSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    eventId: { type: Schema.Types.ObjectId, required: true },
    eventDateId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    isWaiting: { type: Boolean, default: false },
    nameFirst: { type: String, default: '' },
    nameLast: { type: String, default: '' },
    email: { type: String, default: '' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
eventDateClientSchema.index({ eventDateId: 1, clientId: 1 }, { unique: true });

/**
 * A seat of a course day: `_id` is eventDate:n for n = 1 … limit. Taking a seat is inserting one, so two clients
 * racing for the last seat cannot both get it: `_id` uniqueness decides, on MongoDB and FerretDB alike (a counter
 * with a conditional update is not atomic on FerretDB 1.24, see docs/architecture.md).
 */
const courseSeatSchema = new Schema(
  {
    _id: { type: String, required: true },
    eventDateId: { type: Schema.Types.ObjectId, required: true, index: true },
    ref: { type: Schema.Types.ObjectId, required: true, index: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/**
 * A treatment journal (spec 2, Journal). `_id` is the booking's id, so a booking has at most one journal on
 * every MongoDB-protocol server. `to` is the booking's end: the journal is writable until 24 hours after it.
 * The first-input stamps are set by the server only.
 */
const journalSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    treatmentId: { type: Schema.Types.ObjectId, default: null },
    from: { type: Number, required: true },
    to: { type: Number, required: true },
    treatmentName: { type: String, default: '' },
    effect: { type: String, default: '' },
    treatment: { type: String, default: '' },
    followUp: { type: String, default: '' },
    remark: { type: String, default: '' },
    firstInputEffectDate: { type: Number, default: null },
    firstInputTreatmentUpDate: { type: Number, default: null },
    firstInputFollowUpDate: { type: Number, default: null },
    firstInputRemarkUpDate: { type: Number, default: null },
    updatedBy: { type: String, default: '' },
    version: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
journalSchema.index({ companyId: 1, clientId: 1, from: -1 });

/** A custom field: of the Stamjournal (journalId null, isJournal false) or of one journal. */
const customFieldSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    journalId: { type: Schema.Types.ObjectId, default: null },
    isJournal: { type: Boolean, required: true },
    name: { type: String, required: true },
    value: { type: String, default: '' },
    locked: { type: Boolean, default: false },
    position: { type: Number, default: 0 },
    firstInputValueDate: { type: Number, default: null },
    updatedBy: { type: String, default: '' },
    version: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
customFieldSchema.index({ companyId: 1, clientId: 1, journalId: 1 });

/**
 * The fixed Stamjournal fields of a client are created once: `_id` of this marker is the client id, so two first
 * reads racing cannot both create them.
 */
const stamjournalSeedSchema = new Schema({ _id: { type: String, required: true }, createdAt: { type: Number, default: now } }, { versionKey: false });

/** A comment on a journal field or a custom field (spec 2, Comment on field). Read-only 24 hours after creation. */
const fieldCommentSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    journalId: { type: Schema.Types.ObjectId, default: null },
    customFieldId: { type: Schema.Types.ObjectId, default: null },
    customFieldName: { type: String, required: true },
    value: { type: String, required: true },
    createdBy: { type: String, required: true },
    createdById: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Number, required: true },
    updatedAt: { type: Number, required: true },
  },
  { versionKey: false },
);
fieldCommentSchema.index({ companyId: 1, clientId: 1 });

/**
 * One change of a health record: who, when, the previous and the new value. Insert-only. For versioned entities
 * (journals, custom fields) `_id` is `<entity>:<id>:<new version>`, so of two saves on the same version only one
 * can insert its revision: the loser answers 409 on every MongoDB-protocol server.
 */
const revisionSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    journalId: { type: Schema.Types.ObjectId, default: null },
    entity: { type: String, enum: ['client', 'journal', 'customField', 'comment'], required: true },
    entityId: { type: String, required: true },
    changes: {
      type: [new Schema({ field: String, previous: String, value: String }, { _id: false })],
      default: () => [],
    },
    changedBy: { type: String, required: true },
    changedAt: { type: Number, required: true },
    /** Set once the change itself is written; an unapplied revision older than a minute is an orphan of a crash. */
    applied: { type: Boolean, default: false },
  },
  { versionKey: false },
);
revisionSchema.index({ companyId: 1, clientId: 1, changedAt: -1 });

/** A question of the clinic's intake form (spec 2, Client form question). */
const clientFormFieldSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    fieldName: { type: String, required: true },
    fieldType: { type: String, enum: ['text', 'number', 'checkbox'], default: 'text' },
    isRequired: { type: Boolean, default: false },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);

/**
 * A stored image (spec 2, Image entry): the EXIF-free original and its 800 px copy in the blob store. `status`
 * is 'uploading' until both blobs and the storage entry are written; only 'ready' images are shown.
 */
const imageSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    journalId: { type: Schema.Types.ObjectId, default: null },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['profile', 'journal'], required: true },
    imageName: { type: String, required: true },
    contentType: { type: String, required: true },
    blobKey: { type: String, required: true },
    previewKey: { type: String, required: true },
    bytes: { type: Number, default: 0 },
    status: { type: String, enum: ['uploading', 'ready'], default: 'uploading' },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);
imageSchema.index({ companyId: 1, clientId: 1, createdAt: -1 });

/**
 * The storage ledger: +bytes when an image is stored, −bytes when it is deleted. `_id` is `<imageId>:add` or
 * `<imageId>:del`, so a retried upload or delete cannot count twice. Used bytes are the sum, which stays exact
 * under any concurrency (an `$inc`ed counter is not atomic on FerretDB 1.24, see docs/architecture.md).
 */
const storageEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    bytes: { type: Number, required: true },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

/**
 * An invoice, credit note or merged statement (spec 2, Invoice record). A numbered invoice's `_id` is derived from
 * company, year and sequence number (invoices/numbering.ts), so two invoices can never take the same number on any
 * MongoDB-protocol server, and a crash before the insert uses no number. `snapshots` never change once written.
 */
const invoiceSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true },
    therapistId: { type: Schema.Types.ObjectId, required: true },
    clientId: { type: Schema.Types.ObjectId, required: true },
    bookingId: { type: Schema.Types.ObjectId, default: null },
    /** The booking's start (the treatment's date), for the merged statement's period search. */
    bookingFrom: { type: Number, default: null },
    year: { type: Number, required: true },
    seq: { type: Number, required: true },
    number: { type: String, required: true },
    isMerged: { type: Boolean, default: false },
    isCredit: { type: Boolean, default: false },
    creditForId: { type: Schema.Types.ObjectId, default: null },
    nameFirst: { type: String, default: '' },
    nameLast: { type: String, default: '' },
    CPR: { type: String, default: '' },
    totalOre: { type: Number, default: 0 },
    from: { type: Number, default: null },
    to: { type: Number, default: null },
    invoiceIds: { type: [Schema.Types.ObjectId], default: () => [] },
    snapshots: { type: [Schema.Types.Mixed], default: () => [] },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Number, required: true },
    updatedAt: { type: Number, default: null },
  },
  { versionKey: false },
);
invoiceSchema.index({ companyId: 1, year: 1, seq: -1 });
invoiceSchema.index({ companyId: 1, clientId: 1, bookingFrom: 1 });
invoiceSchema.index({ companyId: 1, createdAt: -1 });

/**
 * One invoicing step of a booking: `_id` is `<bookingId>:<credit notes so far>:<inv|cred>`, so a booking is
 * invoiced (or credited) once per cycle even when two requests race; `invoiceId` is set when the invoice exists.
 */
const invoiceClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    invoiceId: { type: Schema.Types.ObjectId, default: null },
    createdAt: { type: Number, required: true },
  },
  { versionKey: false },
);

/** The development outbox: mails that would have been sent, viewable at /dev/outbox. */
const outboxMailSchema = new Schema(
  {
    to: { type: [String], required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    html: { type: String, default: null },
    createdAt: { type: Number, default: now },
  },
  { versionKey: false },
);

export type CompanyDoc = InferSchemaType<typeof companySchema> & { _id: Types.ObjectId };
export type TherapistDoc = InferSchemaType<typeof therapistSchema> & { _id: Types.ObjectId };
export type TreatmentDoc = InferSchemaType<typeof treatmentSchema> & { _id: Types.ObjectId };
export type ClientDoc = InferSchemaType<typeof clientSchema> & { _id: Types.ObjectId };
export type BookingDoc = InferSchemaType<typeof bookingSchema> & { _id: Types.ObjectId };
export type LeaveDoc = InferSchemaType<typeof leaveSchema> & { _id: Types.ObjectId };
export type OpeningHoursDoc = InferSchemaType<typeof openingHoursSchema> & { _id: Types.ObjectId };
export type EventDoc = InferSchemaType<typeof eventSchema> & { _id: Types.ObjectId };
export type EventDateDoc = InferSchemaType<typeof eventDateSchema> & { _id: Types.ObjectId };
export type EventDateClientDoc = InferSchemaType<typeof eventDateClientSchema> & { _id: Types.ObjectId };
export type JournalDoc = InferSchemaType<typeof journalSchema> & { _id: Types.ObjectId };
export type CustomFieldDoc = InferSchemaType<typeof customFieldSchema> & { _id: Types.ObjectId };
export type FieldCommentDoc = InferSchemaType<typeof fieldCommentSchema> & { _id: Types.ObjectId };
export type RevisionDoc = InferSchemaType<typeof revisionSchema>;
export type ClientFormFieldDoc = InferSchemaType<typeof clientFormFieldSchema> & { _id: Types.ObjectId };
export type ImageDoc = InferSchemaType<typeof imageSchema> & { _id: Types.ObjectId };
export type InvoiceDoc = InferSchemaType<typeof invoiceSchema> & { _id: Types.ObjectId };
export type TeamUserDoc = InferSchemaType<typeof teamUserSchema> & { _id: Types.ObjectId };

export function createModels(conn: Connection) {
  return {
    Company: conn.model('Company', companySchema),
    Therapist: conn.model('Therapist', therapistSchema),
    LinkToken: conn.model('LinkToken', linkTokenSchema),
    TeamUser: conn.model('TeamUser', teamUserSchema),
    Treatment: conn.model('Treatment', treatmentSchema),
    Client: conn.model('Client', clientSchema),
    Booking: conn.model('Booking', bookingSchema),
    Leave: conn.model('Leave', leaveSchema),
    OpeningHours: conn.model('OpeningHours', openingHoursSchema),
    SlotClaim: conn.model('SlotClaim', slotClaimSchema),
    Event: conn.model('Event', eventSchema),
    EventDate: conn.model('EventDate', eventDateSchema),
    EventDateClient: conn.model('EventDateClient', eventDateClientSchema),
    CourseSeat: conn.model('CourseSeat', courseSeatSchema),
    Journal: conn.model('Journal', journalSchema),
    CustomField: conn.model('CustomField', customFieldSchema),
    StamjournalSeed: conn.model('StamjournalSeed', stamjournalSeedSchema),
    FieldComment: conn.model('FieldComment', fieldCommentSchema),
    Revision: conn.model('Revision', revisionSchema),
    ClientFormField: conn.model('ClientFormField', clientFormFieldSchema),
    Image: conn.model('Image', imageSchema),
    StorageEntry: conn.model('StorageEntry', storageEntrySchema),
    Invoice: conn.model('Invoice', invoiceSchema),
    InvoiceClaim: conn.model('InvoiceClaim', invoiceClaimSchema),
    OutboxMail: conn.model('OutboxMail', outboxMailSchema),
  };
}

export type Models = ReturnType<typeof createModels>;

/** The scheduling aggregate: bookings, leaves, opening hours, and the slot claims that keep them apart. */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { now, timestamps } from './common.js';
import { defineModel } from './scope.js';

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
    source: { type: String, enum: ['calendar', 'online', 'import'], default: 'calendar' },
    email: { type: String, default: '' },
    nameFirst: { type: String, default: '' },
    nameLast: { type: String, default: '' },
    version: { type: Number, default: 0 },
    /** A date of a recurring series (domain/scheduling/booking-series.ts): the series, and its place in it. */
    seriesId: { type: Schema.Types.ObjectId, default: undefined },
    seriesIndex: { type: Number, default: undefined },
    /**
     * The room and equipment it holds (a treatment that needs them: domain/scheduling/resource-claims.ts), claimed
     * unit by unit as its therapist's time is; the sweeper counts them as covered.
     */
    roomId: { type: Schema.Types.ObjectId, default: undefined },
    equipmentIds: { type: [Schema.Types.ObjectId], default: undefined },
    /**
     * Held while the client pays at online booking (models/booking-payments.ts, same id): the time is claimed, the
     * calendar shows 'Afventer betaling'; settling clears it, the expiry job deletes the booking and its claims.
     */
    awaitingPayment: { type: Boolean, default: undefined },
    /** The client did not come ('Udeblevet'): marked by the therapist, counted on the client's page. */
    noShow: { type: Boolean, default: undefined },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);
bookingSchema.index({ companyId: 1, therapistId: 1, from: 1 });
// 'This and the following' of a series.
bookingSchema.index({ companyId: 1, seriesId: 1 });
// The week view's query by day keys (domain/scheduling/bookings.ts listBookings), which the embedded database can serve too.
bookingSchema.index({ companyId: 1, therapistId: 1, bookingDate: 1 });
// A month of the whole clinic's bookings, by its days (/Statistik's counts: domain/statistics/months.ts).
bookingSchema.index({ companyId: 1, bookingDate: 1 });
bookingSchema.index({ companyId: 1, clientId: 1, from: -1 });
// Which times a room or a piece of equipment is held on the days asked for (free times on the booking page, a room's day).
bookingSchema.index({ companyId: 1, roomId: 1, bookingDate: 1 });
bookingSchema.index({ companyId: 1, equipmentIds: 1, bookingDate: 1 });
// The reason is why the client comes, in their own words on the public page: health data, stored encrypted.
encryptedFields(bookingSchema, { paths: ['reason'] });

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

export type BookingDoc = InferSchemaType<typeof bookingSchema> & { _id: Types.ObjectId };
export type LeaveDoc = InferSchemaType<typeof leaveSchema> & { _id: Types.ObjectId };
export type OpeningHoursDoc = InferSchemaType<typeof openingHoursSchema> & { _id: Types.ObjectId };

export const schedulingModels = {
  Booking: defineModel(bookingSchema, { kind: 'tenant', owner: 'therapistId' }),
  Leave: defineModel(leaveSchema, { kind: 'tenant', owner: 'therapistId' }),
  OpeningHours: defineModel(openingHoursSchema, { kind: 'tenant', owner: 'therapistId' }),
  SlotClaim: defineModel(slotClaimSchema, {
    kind: 'derived',
    via: 'data/concurrency/slot-claims.ts',
    why: "`_id` is company:therapist:unit of a booking, leave or course day the caller has already found in its clinic",
  }),
};

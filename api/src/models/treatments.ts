/** The treatments catalogue aggregate. */
import { Schema, type InferSchemaType, type Types } from 'mongoose';
import { timestamps } from './common.js';
import { defineModel } from './scope.js';

/** A treatment of the catalogue (spec 3, Treatment): duration and pause in seconds, price in øre (DKK × 100). */
const treatmentSchema = new Schema(
  {
    companyId: { type: Schema.Types.ObjectId, required: true, index: true },
    therapistId: { type: Schema.Types.ObjectId, required: true, index: true },
    name: { type: String, required: true },
    duration: { type: Number, required: true },
    pause: { type: Number, default: 0 },
    priceOre: { type: Number, required: true },
    /**
     * A health service exempt from VAT (momslovens § 13, stk. 1, nr. 1): its invoice lines carry none and
     * print the exemption text. Treatments made before VAT per treatment (and imported ones) are taxable, as every invoice line
     * was then; a new one starts from the clinic's default (domain/treatments).
     */
    vatExempt: { type: Boolean, default: false },
    /** Rooms and equipment it needs (models/rooms.ts): one of `roomIds`, all of `equipmentIds`; set by the owner. */
    roomIds: { type: [Schema.Types.ObjectId], default: () => [] },
    equipmentIds: { type: [Schema.Types.ObjectId], default: () => [] },
    /** 'Betaling ved booking': paid in full or a deposit (`depositOre`, incl. VAT) at online booking, or nothing. */
    paymentAtBooking: { type: String, enum: ['none', 'full', 'deposit'], default: 'none' },
    depositOre: { type: Number, default: 0 },
    /** 'Gebyr ved udeblivelse eller sen afbestilling', øre incl. VAT (0: none). */
    noShowFeeOre: { type: Number, default: 0 },
    createdAt: Number,
    updatedAt: Number,
  },
  { timestamps, versionKey: false },
);

export type TreatmentDoc = InferSchemaType<typeof treatmentSchema> & { _id: Types.ObjectId };

export const treatmentModels = {
  // Every therapist of the clinic sees the clinic's treatments; a therapist changes their own (checked per action).
  Treatment: defineModel(treatmentSchema, { kind: 'tenant' }),
};

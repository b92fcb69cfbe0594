/**
 * ClinicPaymentAccount: the clinic's own merchant account at a payment provider, where the money clients pay at online
 * booking goes (never through the platform's account). One per clinic (`_id` the company's id). The Frisbii private
 * key and the webhook secret open the clinic's money: stored encrypted (security/encryption.ts) and never answered.
 * Disconnecting clears the provider and the secrets and keeps the record (when it was connected, by whom), while
 * the booking payments made through it stay with their bookings.
 */
import { Schema, type InferSchemaType } from 'mongoose';
import { encryptedFields } from '../security/encryption.js';
import { defineModel } from './scope.js';

const clinicPaymentAccountSchema = new Schema(
  {
    _id: { type: String, required: true },
    companyId: { type: Schema.Types.ObjectId, required: true },
    /** null while not connected (never, or disconnected). */
    provider: { type: String, enum: ['sandbox', 'frisbii'], default: null },
    privateKey: { type: String, default: null },
    webhookSecret: { type: String, default: null },
    connectedAt: { type: Number, default: null },
    connectedBy: { type: Schema.Types.ObjectId, default: null },
    disconnectedAt: { type: Number, default: null },
  },
  { versionKey: false },
);

// The key takes money from and refunds the clinic's account; the secret makes its webhooks believable.
encryptedFields(clinicPaymentAccountSchema, { paths: ['privateKey', 'webhookSecret'] });

export type ClinicPaymentAccountDoc = InferSchemaType<typeof clinicPaymentAccountSchema>;

export const paymentAccountModels = {
  ClinicPaymentAccount: defineModel(clinicPaymentAccountSchema, { kind: 'tenant' }),
};

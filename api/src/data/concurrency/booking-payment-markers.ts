/**
 * Booking payment markers: a booking payment's outcome is decided once, by inserting a marker whose `_id` is
 * `<companyId>:<payment id>:<what>`: 'decided' for the race of the payment landing as its hold expires (paid or
 * expired, never both), a refund's key for each refund. FerretDB 1.24 is atomic only on `_id` uniqueness at insert, so
 * of two callers racing exactly one insert wins. The only way to the BookingPaymentMarker model (its scope rule in
 * models/booking-payments.ts); a TenantDb's markers are bound to its clinic.
 */
import type { Types } from 'mongoose';
import { isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';

export interface BookingPaymentMarkers {
  /** True for exactly one caller per payment and `what`; the winner's `outcome` is kept. */
  claim(paymentId: Types.ObjectId, what: string, outcome: string): Promise<boolean>;
  /** The outcome the winner recorded, or null when nothing was decided yet. */
  outcome(paymentId: Types.ObjectId, what: string): Promise<string | null>;
  /** Gives a decision back (the winner's own follow-up failed before anything happened). */
  forget(paymentId: Types.ObjectId, what: string): Promise<void>;
  /** Every marker of one payment (the payment itself is gone). */
  forgetAll(paymentId: Types.ObjectId): Promise<void>;
}

export function bookingPaymentMarkers(models: Models, companyId: Types.ObjectId): BookingPaymentMarkers {
  const { BookingPaymentMarker } = models;
  const key = (paymentId: Types.ObjectId, what: string) => `${companyId.toHexString()}:${paymentId.toHexString()}:${what}`;
  return {
    async claim(paymentId, what, outcome) {
      try {
        await BookingPaymentMarker.create({ _id: key(paymentId, what), outcome });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    },
    async outcome(paymentId, what) {
      const marker = await BookingPaymentMarker.findById(key(paymentId, what)).lean();
      return marker ? marker.outcome : null;
    },
    async forget(paymentId, what) {
      await BookingPaymentMarker.deleteOne({ _id: key(paymentId, what) });
    },
    async forgetAll(paymentId) {
      const prefix = `${companyId.toHexString()}:${paymentId.toHexString()}:`;
      await BookingPaymentMarker.deleteMany({ _id: { $regex: `^${prefix}` } });
    },
  };
}

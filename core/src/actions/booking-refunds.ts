/**
 * After a booking: the therapist marks a client who did not come ('Udeblevet'), charges the treatment's no-show fee
 * (from the card saved at online booking where the client accepted that, else as an invoice for the fee), and
 * refunds all or part of what the client paid at booking, with a credit note. Amounts are øre including VAT; the fee
 * is the treatment's, never the browser's.
 */
import { z } from 'zod';
import { bookingRefundMessages } from '../booking-refunds.js';
import { defineAction } from '../contract.js';
import { objectId } from '../fields.js';
import { bookingSchema } from './scheduling.js';

export const bookingRefundActions = {
  markNoShow: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary:
      "Marks a booking that has started as 'Udeblevet' (the client did not come), or takes the mark away again (not once its fee is charged); a therapist their own bookings, the owner any of the clinic's.",
    input: z.strictObject({ bookingId: objectId, noShow: z.boolean() }),
    output: z.strictObject({ message: z.string(), data: bookingSchema }),
  }),
  chargeNoShowFee: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary:
      "Charges the treatment's no-show fee of a booking marked 'Udeblevet', once: from the card saved at online booking when the client agreed to that (an invoice issued as paid), else as an invoice for the fee sent as usual.",
    input: z.strictObject({ bookingId: objectId }),
    output: z.strictObject({
      message: z.string(),
      data: z.strictObject({ method: z.enum(['card', 'invoice']), amountOre: z.number().int(), invoiceId: z.string() }),
    }),
  }),
  refundBookingPayment: defineAction({
    access: 'therapist',
    plan: 'pro',
    summary:
      "Refunds part or all of what the client paid at booking and has not had back, through the clinic's payment account (idempotent), with a credit note of the amount; more than is left answers 409 and changes nothing.",
    input: z.strictObject({
      bookingId: objectId,
      amountOre: z
        .number({ error: bookingRefundMessages.amountPositive })
        .int(bookingRefundMessages.amountPositive)
        .min(1, bookingRefundMessages.amountPositive)
        .max(100_000_000, bookingRefundMessages.amountPositive),
    }),
    output: z.strictObject({
      message: z.string(),
      data: z.strictObject({ refundedOre: z.number().int(), leftOre: z.number().int(), creditNoteId: z.string() }),
    }),
  }),
} as const;

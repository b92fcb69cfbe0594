/**
 * Payment at online booking: the client pays the treatment's price (or its deposit) to the clinic's own payment
 * account through the provider's hosted checkout (MobilePay or card) while the chosen time is held for
 * BOOKING_PAYMENT_HOLD_MINUTES. The amount is decided by the server from the treatment; nothing in the input is one.
 * The answer is the same whether the person is a new client, the client on record, or held for the therapist.
 */
import { z } from 'zod';
import { defineAction } from '../contract.js';
import { bookingPaymentMessages } from '../booking-payments.js';
import { onlineBookingActions } from './online-booking.js';

const paymentState = z.enum(['pending', 'paid', 'expired', 'refunded']);

export const bookingPaymentActions = {
  startBookingPayment: defineAction({
    access: 'public',
    // As clientAddBooking: each call holds a time for 15 minutes.
    rateLimit: { points: 30, durationSeconds: 60 * 60 },
    summary:
      "Books a treatment that is paid at booking: the same checks as clientAddBooking, the time held for 15 minutes, the amount decided from the treatment (full price or deposit), the accepted rule stored; answers the clinic's checkout and a status token. Same answer for a new, a matched and a held person.",
    input: onlineBookingActions.clientAddBooking.input.extend({
      acceptRule: z.literal(true, { error: bookingPaymentMessages.acceptRule }),
      saveCard: z.boolean({ error: bookingPaymentMessages.saveCard }),
    }),
    output: z.strictObject({ data: z.strictObject({ checkoutUrl: z.string(), paymentToken: z.string(), holdUntil: z.number() }) }),
  }),
  getBookingPayment: defineAction({
    access: 'public',
    // The return page polls this while the provider's webhook is on its way.
    rateLimit: { points: 600, durationSeconds: 15 * 60 },
    summary: "A booking payment's state by its status token (the checkout's return page): paid, still waiting, lapsed or refunded.",
    // Not `token`: that name at the top of a call is the session's (the endpoint takes it off the input).
    input: z.strictObject({ paymentToken: z.string({ error: bookingPaymentMessages.tokenInvalid }).max(200, bookingPaymentMessages.tokenInvalid).regex(/^[A-Za-z0-9_-]{20,200}$/, bookingPaymentMessages.tokenInvalid) }),
    output: z.strictObject({
      data: z.strictObject({ state: paymentState, from: z.number(), treatmentName: z.string(), amountOre: z.number().int(), holdUntil: z.number() }),
    }),
  }),
} as const;

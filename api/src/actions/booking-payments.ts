/** Payment at online booking (core/src/actions/booking-payments.ts). Thin. */
import type { bookingPaymentActions } from '@klinik/core';
import { startBookingPayment } from '../domain/booking-payments/start.js';
import { bookingPaymentStatus } from '../domain/booking-payments/status.js';
import type { Handlers } from './types.js';

export const bookingPaymentHandlers: Handlers<keyof typeof bookingPaymentActions> = {
  startBookingPayment: async (input, ctx) => ({ data: await startBookingPayment(ctx, input) }),
  getBookingPayment: async ({ paymentToken }, ctx) => ({ data: await bookingPaymentStatus(ctx, paymentToken) }),
};

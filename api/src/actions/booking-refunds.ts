/** No-shows, no-show fees and refunds of booking payments (core/src/actions/booking-refunds.ts). Thin. */
import { bookingRefundMessages, type bookingRefundActions } from '@klinik/core';
import { chargeNoShowFee, markNoShow } from '../domain/booking-payments/no-shows.js';
import { refundBookingPayment } from '../domain/booking-payments/refunds.js';
import type { Handlers } from './types.js';

export const bookingRefundHandlers: Handlers<keyof typeof bookingRefundActions> = {
  markNoShow: async (input, ctx) => ({
    message: input.noShow ? bookingRefundMessages.noShowMarked : bookingRefundMessages.noShowCleared,
    data: await markNoShow(ctx, input),
  }),
  async chargeNoShowFee(input, ctx) {
    const data = await chargeNoShowFee(ctx, input);
    return { message: data.method === 'card' ? bookingRefundMessages.feeCharged(data.amountOre) : bookingRefundMessages.feeInvoiced(data.amountOre), data };
  },
  async refundBookingPayment(input, ctx) {
    const data = await refundBookingPayment(ctx, input);
    return { message: bookingRefundMessages.refunded(input.amountOre), data };
  },
};

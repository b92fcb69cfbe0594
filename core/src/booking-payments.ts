/**
 * The rules of payment at online booking that the booking page and the server share: how long a time is held while
 * its client pays, the cancellation rule's text, and the messages.
 */
import { z } from 'zod';
import { formatKroner } from './format.js';

/** How long a time is held while its client pays; unpaid after it, the hold is released (api/src/jobs). */
export const BOOKING_PAYMENT_HOLD_MINUTES = 15;
export const BOOKING_PAYMENT_HOLD_MS = BOOKING_PAYMENT_HOLD_MINUTES * 60_000;

/** Kept zod-free (messages-booking-payments.ts) so the public booking page can show them without the schemas. */
export { bookingPaymentMessages } from './messages-booking-payments.js';

/** What a treatment asks at online booking, as the public booking page shows it (null: nothing to pay). */
export const publicTreatmentPaymentSchema = z.strictObject({
  atBooking: z.enum(['full', 'deposit']),
  /** Øre incl. VAT, paid at booking. */
  payNowOre: z.number().int(),
  /** The treatment's whole price as its invoice totals it, øre incl. VAT (`price` is the list price, excl. VAT). */
  priceOre: z.number().int(),
  noShowFeeOre: z.number().int(),
  /** The cancellation rule the client accepts (bookingPaymentRule). */
  rule: z.string(),
});
export type PublicTreatmentPayment = z.infer<typeof publicTreatmentPaymentSchema>;

/**
 * The cancellation rule's text, from the notice for cancelling in 'Mine tider' and the treatment's fee: the one text
 * the page shows, the client accepts and the booking stores.
 */
export function bookingPaymentRule(noticeHours: number, noShowFeeOre: number): string {
  const before = noticeHours <= 0 ? 'Afbestilling inden tiden begynder' : `Afbestilling senest ${noticeHours} ${noticeHours === 1 ? 'time' : 'timer'} før tiden`;
  const late =
    noShowFeeOre > 0
      ? `Ved senere afbestilling eller udeblivelse opkræves et gebyr på ${formatKroner(noShowFeeOre)}`
      : 'Ved senere afbestilling eller udeblivelse får du ikke pengene tilbage';
  // A fee ends in 'kr.': no second full stop.
  return `${before}: du får pengene tilbage. ${late}${late.endsWith('.') ? '' : '.'}`;
}

/** The fragment key of the checkout's return address on the booking page (`#betaling=<payment token>`). */
export const BOOKING_PAYMENT_FRAGMENT = 'betaling';

/** Where the checkout sends the browser back: the booking page of `therapistId`, with the status token in the fragment. */
export function bookingPaymentReturnPath(therapistId: string, token: string, cancelled = false): string {
  const fragment = new URLSearchParams({ [BOOKING_PAYMENT_FRAGMENT]: token, ...(cancelled ? { afbrudt: '1' } : {}) }).toString();
  return `/OnlineBooking?therapistId=${encodeURIComponent(therapistId)}#${fragment}`;
}

/**
 * The checkout's way back to the booking page: `#betaling=<token>` (and `&afbrudt=1` when the client left the checkout
 * without paying), as the server writes it (bookingPaymentReturnPath in @klinik/core, which this page may not import:
 * it carries zod). In the fragment, the status token never reaches a server's log; the page keeps it in the address,
 * so a reload shows the payment again.
 */
export interface PaymentReturnLink {
  token: string;
  /** The client left the checkout without paying. */
  cancelled: boolean;
}

export function paymentReturnOf(hash: string): PaymentReturnLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('betaling');
  return token ? { token, cancelled: params.get('afbrudt') === '1' } : null;
}

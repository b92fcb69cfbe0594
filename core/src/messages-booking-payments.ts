/**
 * The Danish messages of payment at online booking, apart from the schemas (booking-payments.ts) so the public booking
 * page, which may not carry zod, shows the same words the server answers (`@klinik/core/messages`).
 */
export const bookingPaymentMessages = {
  acceptRule: 'Du skal acceptere afbestillingsreglerne for at betale',
  saveCard: 'Vælg om kortet må gemmes til et eventuelt gebyr',
  notConnected: 'Klinikken kan ikke tage imod betaling lige nu. Kontakt klinikken for at booke.',
  accountRequired: 'Forbind jeres betalingskonto under Indstillinger først',
  /** 'Book ny tid' in 'Mine tider' books without paying: a treatment paid at booking is booked on the booking page. */
  portalRequiresPayment: 'Behandlingen betales ved booking. Book den på bookingsiden, hvor du betaler med MobilePay eller kort.',
  requiresPayment: 'Behandlingen skal betales ved booking. Gå videre til betaling for at booke tiden.',
  noPayment: 'Behandlingen skal ikke betales ved booking',
  tokenInvalid: 'Linket til betalingen er ugyldigt eller udløbet',
  depositRange: 'Depositum skal være større end 0 og højst behandlingens pris',
  feeRange: 'Gebyret må højst være behandlingens pris',
  checkoutFailed: 'Betalingen kunne ikke startes. Prøv igen om lidt.',
  heldNotPaid: 'Betalingen for bookingen er ikke gennemført endnu. Prøv igen om lidt.',
  paidJustNow: 'Betalingen er lige gennemført. Hent siden igen, og prøv derefter igen.',
} as const;

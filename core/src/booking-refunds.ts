/**
 * No-shows, no-show fees and refunds of booking payments: the messages, and the arithmetic of a credit note or fee
 * invoice for an amount the client paid (øre including VAT). Pure: the booking card and the server agree by
 * construction.
 */
import type { InvoiceLine } from './actions/invoices.js';
import { VAT_RATE_PERCENT } from './constants.js';
import { formatKroner } from './format.js';

export const bookingRefundMessages = {
  noShowMarked: 'Bookingen er markeret som udeblevet',
  noShowCleared: 'Markeringen som udeblevet er fjernet',
  notStarted: 'Bookingen er ikke begyndt endnu, så klienten kan ikke være udeblevet',
  notABooking: 'Et fravær kan ikke markeres som udeblevet',
  feeKeepsNoShow: 'Udeblivelsesgebyret er opkrævet, så markeringen kan ikke fjernes',
  feeKeepsBooking: 'Bookingen har et udeblivelsesgebyr og kan ikke slettes',
  useRefund: 'Fakturaen er betalt ved online booking. Brug Refundér på bookingen: så får klienten pengene tilbage, og der laves en kreditnota.',
  awaitingPayment: 'Bookingen afventer betaling',
  noShowRequired: 'Gebyret kan kun opkræves, når bookingen er markeret som udeblevet',
  noFee: 'Behandlingen har intet gebyr ved udeblivelse',
  feeAlreadyCharged: 'Udeblivelsesgebyret er allerede opkrævet',
  feeCharged: (amountOre: number) => `Gebyret på ${formatKroner(amountOre)} er trukket på klientens gemte kort`,
  feeInvoiced: (amountOre: number) => `Der er lavet en faktura på gebyret på ${formatKroner(amountOre)}`,
  feeLineName: (treatmentName: string) => `Gebyr for udeblivelse: ${treatmentName}`,
  noPayment: 'Bookingen har ingen betaling at refundere',
  notPaid: 'Betalingen er ikke gennemført, så der er intet at refundere',
  noInvoice: 'Betalingen har ingen faktura at lave en kreditnota til. En anmodning, der venter på godkendelse, refunderes, når den afvises.',
  nothingLeft: 'Hele betalingen er allerede refunderet',
  amountPositive: 'Beløbet skal være større end 0',
  tooMuch: (leftOre: number) => `Der kan højst refunderes ${formatKroner(leftOre)}`,
  changedMeanwhile: 'Betalingen er lige blevet ændret. Hent bookingen igen, og prøv derefter igen.',
  refunded: (amountOre: number) => `${formatKroner(amountOre)} er refunderet, og der er lavet en kreditnota`,
  refundLineName: (treatmentName: string) => `Refusion: ${treatmentName}`,
  notConnected: 'Klinikkens betalingskonto er ikke forbundet. Forbind den under Indstillinger først.',
  providerFailed: 'Betalingsudbyderen svarede ikke. Prøv igen om lidt.',
  refundRefused: 'Betalingsudbyderen afviste refusionen',
} as const;

/**
 * One invoice line of exactly `totalOre` including VAT (a refund, a fee): the VAT is the part of the amount the rate
 * makes, so the line adds up to what the client paid to the øre. Negative for a credit note.
 */
export function amountLine(name: string, treatmentId: string | null, totalOre: number, vat: { vatExempt: boolean; chargeVat: boolean }): InvoiceLine {
  const vatPercent = vat.chargeVat && !vat.vatExempt ? VAT_RATE_PERCENT : 0;
  const netOre = Math.round((totalOre * 100) / (100 + vatPercent));
  const vatOre = totalOre - netOre;
  return { name, treatmentId, duration: null, priceOre: netOre, discountOre: 0, netOre, vatExempt: vat.vatExempt, vatPercent, vatOre: vatOre === 0 ? 0 : vatOre, totalOre };
}

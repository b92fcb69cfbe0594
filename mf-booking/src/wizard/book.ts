/**
 * Sends the wizard's booking: a treatment at the chosen time, or the chosen course days (a full day puts the
 * client on its waiting list). Spec 1 §8: 'same day' is shown as the server says it, and so are the answers of a
 * full review queue; any other refusal asks for the missing information, and the client chooses a time again. The
 * public booking never answers 'client exists': the server decides who the booking is for.
 *
 * A treatment paid at booking goes through `startBookingPayment` instead (the accepted rule, and whether the card
 * may be kept for a fee); its answer is the provider's checkout, where the page then sends the client. What the
 * payment refusals say (no payment account, the checkout not starting, the treatment changed meanwhile) is shown
 * as the server says it: none of it tells anything about the person.
 */
import { ActionError, type ActionClient } from '@klinik/core/client';
import { bookingMessages, bookingPaymentMessages, publicMessages } from '@klinik/core/messages';
import { texts } from '../texts';
import type { WizardState } from './state';

const SHOWN_AS_IS: readonly string[] = [
  bookingMessages.sameDay,
  publicMessages.tooManySubmissions,
  bookingPaymentMessages.notConnected,
  bookingPaymentMessages.checkoutFailed,
  bookingPaymentMessages.requiresPayment,
  bookingPaymentMessages.noPayment,
  bookingPaymentMessages.acceptRule,
];

/** What the booking led to: a waiting list (course days), or the checkout to pay at (a treatment paid at booking). */
export interface BookingOutcome {
  waiting: boolean;
  checkoutUrl?: string;
}

export function refusalMessage(reason: unknown): string {
  const message = reason instanceof ActionError ? reason.message : '';
  return SHOWN_AS_IS.includes(message) ? message : bookingMessages.missingInformation;
}

export async function sendBooking(client: ActionClient, therapistId: string, state: WizardState): Promise<BookingOutcome> {
  const identity = { client: state.fields };
  if (state.kind === 'treatment') {
    if (!state.treatment || state.time === null) throw new Error(bookingMessages.missingInformation);
    const treatmentId = state.treatment.id;
    const payment = state.treatment.payment;
    if (payment) {
      if (!state.acceptRule) throw new Error(texts.payment.acceptMissing);
      const input = { therapistId, treatmentId, from: state.time, reason: state.reason, consent: true as const, ...identity };
      // The card is kept only for a fee, and only when the client ticked it.
      const started = await client.call('startBookingPayment', { ...input, acceptRule: true, saveCard: payment.noShowFeeOre > 0 && state.saveCard }).catch((reason: unknown) => {
        throw new Error(refusalMessage(reason));
      });
      return { waiting: false, checkoutUrl: started.data.checkoutUrl };
    }
    await client.call('clientAddBooking', { therapistId, treatmentId, from: state.time, reason: state.reason, consent: true, ...identity }).catch((reason: unknown) => {
      throw new Error(refusalMessage(reason));
    });
    return { waiting: false };
  }
  if (state.chosenDates.length === 0) throw new Error(bookingMessages.courseDateRequired);
  const answer = await client.call('clientAddEventDateClients', { therapistId, eventDateIds: state.chosenDates, consent: true, ...identity }).catch((reason: unknown) => {
    throw new Error(refusalMessage(reason));
  });
  return { waiting: answer.data.some((row) => row.isWaiting) };
}

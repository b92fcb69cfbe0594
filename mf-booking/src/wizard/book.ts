/**
 * Sends the wizard's booking: a treatment at the chosen time, or the chosen course days (a full day puts the
 * client on its waiting list). Spec 1 §8: 'same day' is shown as the server says it, and so are the answers of a
 * full review queue; any other refusal asks for the missing information, and the client chooses a time again. The
 * public booking never answers 'client exists': the server decides who the booking is for.
 */
import { ActionError, type ActionClient } from '@klinik/core/client';
import { bookingMessages, publicMessages } from '@klinik/core/messages';
import type { WizardState } from './state';

const SHOWN_AS_IS: readonly string[] = [bookingMessages.sameDay, publicMessages.tooManySubmissions];

export function refusalMessage(reason: unknown): string {
  const message = reason instanceof ActionError ? reason.message : '';
  return SHOWN_AS_IS.includes(message) ? message : bookingMessages.missingInformation;
}

export async function sendBooking(client: ActionClient, therapistId: string, state: WizardState): Promise<{ waiting: boolean }> {
  const identity = { client: state.fields };
  if (state.kind === 'treatment') {
    if (!state.treatment || state.time === null) throw new Error(bookingMessages.missingInformation);
    const treatmentId = state.treatment.id;
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

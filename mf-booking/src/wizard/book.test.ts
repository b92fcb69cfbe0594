import { ActionError, type ActionClient } from '@klinik/core/client';
import { bookingMessages, publicMessages, schedulingMessages } from '@klinik/core/messages';
import { sendBooking } from './book';
import { initialWizard, type WizardState } from './state';

const massage = { id: 't1', name: 'Massage', duration: 2700, pause: 900, price: 450, payment: null };

/** A client that records the calls and answers (or refuses) as told. */
function fakeClient(answer: (action: string) => unknown): { client: ActionClient; calls: { action: string; input: unknown }[] } {
  const calls: { action: string; input: unknown }[] = [];
  const client = {
    call: async (action: string, input: unknown) => {
      calls.push({ action, input });
      const result = answer(action);
      if (result instanceof Error) throw result;
      return result;
    },
  } as unknown as ActionClient; // only `call` is used
  return { client, calls };
}

const treatmentState = (): WizardState => ({ ...initialWizard(Date.UTC(2026, 2, 25)), treatment: massage, time: Date.UTC(2026, 2, 30, 8), reason: 'Ondt i lænden', fields: { ...initialWizard(0).fields, nameFirst: 'Signe' } });

describe('sending the booking', () => {
  it('books the treatment at the chosen time for a new client, with consent', async () => {
    const { client, calls } = fakeClient(() => ({ message: 'ok', data: {} }));
    await expect(sendBooking(client, 'th1', treatmentState())).resolves.toEqual({ waiting: false });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.action).toBe('clientAddBooking');
    expect(calls[0]!.input).toMatchObject({ therapistId: 'th1', treatmentId: 't1', from: Date.UTC(2026, 2, 30, 8), reason: 'Ondt i lænden', consent: true, client: { nameFirst: 'Signe' } });
  });

  it('signs up an existing client by the details typed, and says when a course day put them on the waiting list', async () => {
    const { client, calls } = fakeClient(() => ({ message: 'ok', data: [{ isWaiting: false }, { isWaiting: true }] }));
    const state: WizardState = { ...initialWizard(0), kind: 'course', clientKind: 'existing', fields: treatmentState().fields, chosenDates: ['d1', 'd2'] };
    await expect(sendBooking(client, 'th1', state)).resolves.toEqual({ waiting: true });
    expect(calls[0]).toEqual({ action: 'clientAddEventDateClients', input: { therapistId: 'th1', eventDateIds: ['d1', 'd2'], consent: true, client: treatmentState().fields } });
  });

  it("shows 'same day' and too many submissions as they are, and asks for the missing information otherwise", async () => {
    for (const [refusal, shown] of [
      [new ActionError(bookingMessages.sameDay, 400), bookingMessages.sameDay],
      [new ActionError(publicMessages.tooManySubmissions, 429), publicMessages.tooManySubmissions],
      [new ActionError(schedulingMessages.clientExists, 409), bookingMessages.missingInformation],
      [new ActionError('Denne tidspunkt overlapper med en anden booking.', 409), bookingMessages.missingInformation],
      [new ActionError('Cannot connect to the server. Please try again.', 0), bookingMessages.missingInformation],
    ] as const) {
      const { client } = fakeClient(() => refusal);
      await expect(sendBooking(client, 'th1', treatmentState())).rejects.toThrow(shown);
    }
  });

  it('sends nothing without a time or a course day', async () => {
    const { client, calls } = fakeClient(() => ({}));
    await expect(sendBooking(client, 'th1', { ...treatmentState(), time: null })).rejects.toThrow(bookingMessages.missingInformation);
    await expect(sendBooking(client, 'th1', { ...initialWizard(0), kind: 'course' })).rejects.toThrow(bookingMessages.courseDateRequired);
    expect(calls).toEqual([]);
  });
});

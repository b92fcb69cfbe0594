import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { waitlistMessages } from '@klinik/core';
import { ActionError, type ActionClient } from '@klinik/core/client';
import { initialWizard } from '../state';
import { WaitlistJoin } from './WaitlistJoin';

const THERAPIST = '665f1c2e8b3a4d0012345678';
const TREATMENT = '665f1c2e8b3a4d00000000c1';
const person = { nameFirst: 'Signe', nameLast: 'Kjær', CPR6Digit: '010190', CPRLast4Digit: '1234', email: 'signe@example.dk', phonePrivate: '20304050', address: '', post: '', town: '' };

function open(answer: (input: Record<string, unknown>) => unknown) {
  const call = jest.fn(async (_action: string, input: Record<string, unknown>) => answer(input));
  const state = { ...initialWizard(Date.now()), fields: { ...initialWizard(Date.now()).fields, ...person }, consent: true };
  render(<WaitlistJoin client={{ call, upload: jest.fn(), prefetch: jest.fn() } as unknown as ActionClient} therapistId={THERAPIST} treatmentId={TREATMENT} state={state} />);
  return { call, user: userEvent.setup() };
}

describe("the booking page's 'Skriv mig på ventelisten'", () => {
  it("sends the days and hours with the person the form already holds, and shows the server's one answer", async () => {
    const { call, user } = open(() => ({ message: waitlistMessages.joinRequested }));
    await user.click(screen.getByRole('button', { name: 'Skriv mig på ventelisten' }));
    await user.click(screen.getByRole('checkbox', { name: 'Man' }));
    await user.click(screen.getByRole('checkbox', { name: 'Lør' }));
    const from = screen.getByLabelText('Fra kl.');
    await user.clear(from);
    await user.type(from, '10:00');
    await user.click(screen.getByRole('button', { name: 'Skriv mig på' }));
    expect((await screen.findByRole('status')).textContent).toBe(waitlistMessages.joinRequested);
    expect(call.mock.calls.map(([action]) => action)).toEqual(['clientJoinWaitlist']);
    const [, sent] = call.mock.calls[0]!;
    expect(sent.client).toMatchObject(person);
    expect({ ...sent, client: undefined }).toEqual({
      therapistId: THERAPIST,
      treatmentId: TREATMENT,
      client: undefined,
      consent: true,
      days: [2, 3, 4, 5, 6],
      fromTime: '10:00',
      toTime: '16:00',
    });
  });

  it("shows the server's refusal and keeps the form to try again", async () => {
    const { user } = open(() => {
      throw new ActionError(waitlistMessages.hoursOrder, 400);
    });
    await user.click(screen.getByRole('button', { name: 'Skriv mig på ventelisten' }));
    await user.click(screen.getByRole('button', { name: 'Skriv mig på' }));
    expect((await screen.findByRole('alert')).textContent).toBe(waitlistMessages.hoursOrder);
    expect(screen.getByRole('button', { name: 'Skriv mig på' })).toBeTruthy();
  });
});

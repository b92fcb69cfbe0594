import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { waitlistMessages } from '@klinik/core';
import { ActionError, type ActionClient } from '@klinik/core/client';
import { copenhagenWallTime } from '@klinik/core/time';
import { WaitlistOffer } from './WaitlistOffer';

const THERAPIST = '665f1c2e8b3a4d0012345678';
const FROM = copenhagenWallTime(2030, 3, 5, 10);

let links = 0;
/** A link of its own per test: the page's answers are kept by key for the module's life. */
function openLink(state: string, accept: () => Promise<unknown>) {
  links += 1;
  const offer = `offer-token-of-test-${links}-abcdefghij`;
  const call = jest.fn(async (action: string, input: Record<string, unknown>) => {
    expect(input).toEqual({ therapistId: THERAPIST, offer });
    if (action === 'getWaitlistOffer') return { data: { from: FROM, to: FROM + 3600_000, treatmentName: 'Massage', therapistName: 'Ida Holm', clinicName: 'Klinik Holm', expiresAt: FROM - 86_400_000, state } };
    if (action === 'acceptWaitlistOffer') return accept();
    throw new Error(`unexpected call ${action}`);
  });
  render(<WaitlistOffer client={{ call, upload: jest.fn(), prefetch: jest.fn() } as unknown as ActionClient} therapistId={THERAPIST} offer={offer} />);
  return call;
}

describe("/Venteliste's offer", () => {
  it("shows the offered time from the link and takes it with 'Tag tiden'", async () => {
    const call = openLink('offered', async () => ({ message: waitlistMessages.accepted, data: { from: FROM, to: FROM + 3600_000 } }));
    expect(await screen.findByText(/Massage tirsdag d\. 05-03-2030 kl\. 10:00 hos Ida Holm/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tag tiden' }));
    expect((await screen.findByRole('status')).textContent).toBe(waitlistMessages.accepted);
    expect(call.mock.calls.map(([action]) => action)).toEqual(['getWaitlistOffer', 'acceptWaitlistOffer']);
  });

  it("shows the server's refusal when the time went meanwhile, and offers no second try", async () => {
    openLink('offered', async () => {
      throw new ActionError(waitlistMessages.slotTaken, 409);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Tag tiden' }));
    expect((await screen.findByRole('alert')).textContent).toBe(waitlistMessages.slotTaken);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Tag tiden' }).disabled).toBe(true);
  });

  it('says a lapsed offer has lapsed, without the button', async () => {
    openLink('lapsed', async () => ({}));
    expect((await screen.findByRole('alert')).textContent).toBe('Tilbuddet er udløbet, og tiden er givet videre.');
    expect(screen.queryByRole('button', { name: 'Tag tiden' })).toBeNull();
  });
});

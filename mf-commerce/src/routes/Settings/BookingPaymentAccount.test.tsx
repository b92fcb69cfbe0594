import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentAccountMessages, type PaymentAccount } from '@klinik/core';
import { ActionError, type ActionClient } from '@klinik/core/client';
import { BookingPaymentAccount } from './BookingPaymentAccount';

const WEBHOOK = 'https://api.klinik.test/webhooks/booking-payments/665f1c2e8b3a4d0012345678';

/** A server with one clinic's account: Frisbii takes only `priv_good`. */
function server() {
  let account: PaymentAccount = { connected: false, provider: null, connectedAt: null, webhookUrl: WEBHOOK, sandboxAvailable: true };
  const call = jest.fn(async (action: string, input: Record<string, unknown>) => {
    if (action === 'getClinicPaymentAccount') return { data: account };
    if (action === 'setClinicPaymentAccount') {
      if (input.provider === 'frisbii' && input.privateKey !== 'priv_good') throw new ActionError(paymentAccountMessages.refused, 400, { privateKey: paymentAccountMessages.refused });
      const provider = input.provider === 'none' ? null : (input.provider as 'sandbox' | 'frisbii');
      account = { ...account, connected: provider !== null, provider, connectedAt: provider ? Date.UTC(2026, 10, 29, 12) : null };
      return { message: provider ? paymentAccountMessages.connected : paymentAccountMessages.disconnected, data: account };
    }
    throw new Error(`unexpected call ${action}`);
  });
  return { call, client: { call, upload: jest.fn(), prefetch: jest.fn() } as unknown as ActionClient };
}

// `hidden`: jsdom keeps tabster's aria-hidden on portals once a dialog has been open.
const dialog = (role: 'dialog' | 'alertdialog' = 'dialog') => within(screen.getAllByRole(role, { hidden: true }).at(-1)!);
/** What describes a field: its message and its hint. */
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const setCalls = (call: ReturnType<typeof server>['call']) => call.mock.calls.filter(([action]) => action === 'setClinicPaymentAccount').map(([, input]) => input);

it('the owner connects Frisbii (a refused key said at its field), disconnects after a confirmation, and can use the sandbox', async () => {
  const { call, client } = server();
  const user = userEvent.setup();
  render(<BookingPaymentAccount client={client} readOnly={false} />);

  expect(await screen.findByText('Ingen betalingskonto er forbundet. Klienter kan ikke betale ved booking.')).toBeTruthy();
  expect(screen.getByText(WEBHOOK)).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Forbind Frisbii-konto' }));
  await user.click(dialog().getByRole('button', { name: 'Forbind', hidden: true }));
  expect(messageOf(dialog().getByLabelText(/^Privat nøgle/))).toContain(paymentAccountMessages.privateKeyRequired);
  expect(setCalls(call)).toEqual([]);

  await user.type(dialog().getByLabelText(/^Privat nøgle/), 'priv_bad');
  await user.type(dialog().getByLabelText(/^Webhook-hemmelighed/), 'whsec_0123456789abcdef');
  await user.click(dialog().getByRole('button', { name: 'Forbind', hidden: true }));
  await waitFor(() => expect(messageOf(dialog().getByLabelText(/^Privat nøgle/))).toContain(paymentAccountMessages.refused));

  await user.clear(dialog().getByLabelText(/^Privat nøgle/));
  await user.type(dialog().getByLabelText(/^Privat nøgle/), 'priv_good');
  await user.click(dialog().getByRole('button', { name: 'Forbind', hidden: true }));
  expect(await screen.findByText(/^Forbundet med klinikkens Frisbii-konto siden/)).toBeTruthy();
  expect(setCalls(call).at(-1)).toEqual({ provider: 'frisbii', privateKey: 'priv_good', webhookSecret: 'whsec_0123456789abcdef' });
  expect(screen.queryByRole('button', { name: 'Brug testmiljøet (sandkassen)', hidden: true })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Frakobl', hidden: true }));
  expect(dialog('alertdialog').getByText('Nye betalinger ved booking stopper. Betalinger, der allerede er gennemført, bliver ved deres bookinger.')).toBeTruthy();
  expect(setCalls(call).at(-1)).toMatchObject({ provider: 'frisbii' });
  await user.click(dialog('alertdialog').getByRole('button', { name: 'Frakobl', hidden: true }));
  expect(await screen.findByText('Ingen betalingskonto er forbundet. Klienter kan ikke betale ved booking.')).toBeTruthy();
  expect(setCalls(call).at(-1)).toEqual({ provider: 'none' });

  await user.click(screen.getByRole('button', { name: 'Brug testmiljøet (sandkassen)', hidden: true }));
  expect(await screen.findByText(/^Forbundet med testmiljøet \(sandkassen\)/)).toBeTruthy();
  expect(setCalls(call).at(-1)).toEqual({ provider: 'sandbox' });
});

it('a therapist who is not the owner sees the state, and nothing to connect or disconnect', async () => {
  const { call, client } = server();
  render(<BookingPaymentAccount client={client} readOnly />);
  expect(await screen.findByText('Kun klinikkens administrator kan forbinde eller frakoble betalingskontoen.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Forbind|Frakobl|sandkassen/ })).toBeNull();
  expect(screen.queryByText(WEBHOOK)).toBeNull();
  expect(setCalls(call)).toEqual([]);
});

import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionError } from '@klinik/core/client';
import type { Treatment } from '@klinik/core';
import type { CalendarApi } from '../../api';
import TreatmentDialog from './TreatmentDialog';

const massage: Treatment = {
  id: '64b7f0c2a1b2c3d4e5f60100',
  name: 'Massage',
  price: 450,
  duration: 2700,
  pause: 900,
  therapistId: '64b7f0c2a1b2c3d4e5f60200',
  nameFirst: 'Ida',
  nameLast: 'Holm',
  vatExempt: false,
  paymentAtBooking: 'none',
  depositOre: 0,
  noShowFeeOre: 0,
  isEdit: true,
};

type Account = Awaited<ReturnType<CalendarApi['paymentAccount']>>['data'];
const connected: Account = { connected: true, provider: 'sandbox', connectedAt: Date.UTC(2026, 10, 1), webhookUrl: 'http://localhost/webhook' };
const notConnected: Account = { connected: false, provider: null, connectedAt: null, webhookUrl: null };

function dialog(account: Account, setTreatment: CalendarApi['setTreatment'], treatment: Treatment = massage) {
  const api = {
    company: async () => ({ data: { moms: true } }),
    paymentAccount: async () => ({ data: account }),
    setTreatment,
  } as unknown as CalendarApi; // only what the dialog calls
  const onClose = jest.fn();
  render(<TreatmentDialog api={api} treatment={treatment} notify={jest.fn()} onClose={onClose} />);
  return { onClose };
}

const answered = (input: Parameters<CalendarApi['setTreatment']>[0]) => ({ message: 'Behandlingen blev opdateret med succes!', data: { ...massage, ...input, price: 450 } });

describe("a treatment's payment at booking", () => {
  it('sends a deposit and the no-show fee typed in kr. as øre', async () => {
    const setTreatment = jest.fn<CalendarApi['setTreatment']>().mockImplementation(async (input) => answered(input));
    const { onClose } = dialog(connected, setTreatment);
    const user = userEvent.setup();
    const deposit = await screen.findByRole('radio', { name: 'Depositum' });
    await waitFor(() => expect((deposit as HTMLInputElement).disabled).toBe(false));
    await user.click(deposit);
    await user.type(screen.getByRole('textbox', { name: /Depositum \(kr\.\)/ }), '150,50');
    await user.type(screen.getByRole('textbox', { name: /Gebyr ved udeblivelse eller sen afbestilling/ }), '300');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(setTreatment).toHaveBeenCalledTimes(1));
    expect(setTreatment.mock.calls[0]![0]).toMatchObject({ id: massage.id, paymentAtBooking: 'deposit', depositOre: 15050, noShowFeeOre: 30000 });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal at its field, and an amount that is not one is refused before sending", async () => {
    const setTreatment = jest
      .fn<CalendarApi['setTreatment']>()
      .mockRejectedValue(new ActionError('Depositum må højst være behandlingens pris', 400, { depositOre: 'Depositum må højst være behandlingens pris' }));
    dialog(connected, setTreatment, { ...massage, paymentAtBooking: 'deposit', depositOre: 10000 });
    const user = userEvent.setup();
    const depositField = await screen.findByRole('textbox', { name: /Depositum \(kr\.\)/ });
    expect((depositField as HTMLInputElement).value).toBe('100');
    const fee = screen.getByRole('textbox', { name: /Gebyr ved udeblivelse/ });
    await user.type(fee, 'tre hundrede');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Gebyret skal være et beløb')).toBeTruthy();
    expect(setTreatment).not.toHaveBeenCalled();

    await user.clear(fee);
    await user.clear(depositField);
    await user.type(depositField, '600');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(setTreatment).toHaveBeenCalledTimes(1));
    expect(setTreatment.mock.calls[0]![0]).toMatchObject({ paymentAtBooking: 'deposit', depositOre: 60000, noShowFeeOre: 0 });
    // At the deposit's own field (described by it), not only in the dialog's bar.
    const message = await screen.findByText('Depositum må højst være behandlingens pris');
    expect(depositField.getAttribute('aria-describedby') ?? '').toContain(message.id);
  });

  it("without the clinic's payment account the paying choices are off and the hint says where to connect it; a fee still goes", async () => {
    const setTreatment = jest.fn<CalendarApi['setTreatment']>().mockImplementation(async (input) => answered(input));
    dialog(notConnected, setTreatment);
    const user = userEvent.setup();
    expect(await screen.findByText(/Forbind klinikkens betalingskonto under Indstillinger/)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Fuld forudbetaling' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Depositum' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Ingen' }).checked).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /Gebyr ved udeblivelse/ }), '200');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(setTreatment).toHaveBeenCalledTimes(1));
    expect(setTreatment.mock.calls[0]![0]).toMatchObject({ paymentAtBooking: 'none', depositOre: 0, noShowFeeOre: 20000 });
  });
});

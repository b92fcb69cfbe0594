import { jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { bookingPaymentMessages } from '@klinik/core/messages';
import { ActionError, type ActionClient } from '@klinik/core/client';
import type { PublicTreatment } from '@klinik/core';
import { formatCopenhagenTime } from '@klinik/core/time';
import PaymentReturn from './PaymentReturn';

// jsdom does not read style sheets; the wizard's look is not what this test is about.
jest.unstable_mockModule('./wizard.css', () => ({}));
const { BookingWizard } = await import('./BookingWizard');

const THERAPIST = '665f1c2e8b3a4d0012345678';
const RULE = 'Afbestilling senest 24 timer før tiden: du får pengene tilbage. Ved senere afbestilling eller udeblivelse opkræves et gebyr på 300,00 kr.';
const therapist = { id: THERAPIST, nameFirst: 'Ida', nameLast: 'Holm', companyName: 'Klinik Holm', companyEmail: 'info@holm.test', companyPhone: '33123456', bookingFormEnabled: true, isAvailable: true, colors: [] };
const prepaid: PublicTreatment = { id: '665f1c2e8b3a4d00000000c1', name: 'Massage', duration: 2700, pause: 900, price: 450, payment: { atBooking: 'full', payNowOre: 56250, priceOre: 56250, noShowFeeOre: 30000, rule: RULE } };
const deposit: PublicTreatment = {
  id: '665f1c2e8b3a4d00000000c2',
  name: 'Akupunktur',
  duration: 3600,
  pause: 0,
  price: 450,
  payment: { atBooking: 'deposit', payNowOre: 10000, priceOre: 45000, noShowFeeOre: 0, rule: 'Afbestilling senest 24 timer før tiden: du får pengene tilbage. Ved senere afbestilling eller udeblivelse får du ikke pengene tilbage.' },
};
// Three days on, on the hour: a time the step shows, whatever week the test runs in.
const TIME = Math.ceil((Date.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000;
const CHECKOUT = 'http://localhost:4100/sandbox/merchant/checkout/cs_123';

type Answer = (action: string, input: Record<string, unknown>) => unknown;

function fakeClient(answer: Answer) {
  const call = jest.fn(async (action: string, input: Record<string, unknown>) => {
    const result = answer(action, input);
    if (result instanceof Error) throw result;
    return result;
  });
  return { client: { call, upload: jest.fn(), prefetch: jest.fn() } as unknown as ActionClient, call };
}

const page = (treatments: PublicTreatment[], start: Answer = () => ({ data: { checkoutUrl: CHECKOUT, paymentToken: 'tok_abcdefghijklmnopqrstuvwxyz', holdUntil: Date.now() + 900_000 } })): Answer => (action, input) => {
  if (action === 'clientGetTherapistInfo') return { data: therapist };
  if (action === 'clientGetTreatmentsFromTherapist') return { data: treatments };
  if (action === 'clientGetAvailable') return { data: [TIME] };
  if (action === 'startBookingPayment') return start(action, input);
  throw new Error(`unexpected ${action}`);
};

/** Steps 0–4 for a new client: their details, the treatment, the time. */
async function toTime(user: UserEvent, treatmentName: string, note: string) {
  await user.click(await screen.findByRole('button', { name: 'Behandling' }));
  await user.click(screen.getByRole('button', { name: 'Ny klient' }));
  await user.type(screen.getByLabelText('Fornavn'), 'Signe');
  await user.type(screen.getByLabelText('Efternavn'), 'Kjær');
  await user.type(screen.getByLabelText('Fødselsdag (ddmmåå)'), '010190');
  await user.type(screen.getByLabelText('Sidste 4 cifre i CPR'), '1234');
  await user.type(screen.getByLabelText('E-mail'), 'signe@example.dk');
  await user.type(screen.getByLabelText('Telefon'), '20304050');
  await user.type(screen.getByLabelText('Årsag til henvendelse'), 'Ondt i ryggen');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Næste' }));
  // The treatment's choice says it is paid when booked.
  expect((await screen.findByRole('radio', { name: new RegExp(treatmentName) })).textContent).toContain(note);
  await user.click(screen.getByRole('radio', { name: new RegExp(treatmentName) }));
  await user.click(await screen.findByRole('button', { name: formatCopenhagenTime(TIME) }));
}

describe('the booking page: a treatment paid at booking', () => {
  it('shows the price, what is paid now and the rule; asks for the acceptance; then starts the payment and goes to the checkout', async () => {
    const { client, call } = fakeClient(page([prepaid]));
    const goToCheckout = jest.fn();
    render(<BookingWizard client={client} therapistId={THERAPIST} goToCheckout={goToCheckout} />);
    const user = userEvent.setup();
    await toTime(user, 'Massage', '45 min · 562,50 kr.562,50 kr. betales ved booking');

    const terms = screen.getByRole('region', { name: 'Betaling ved booking' });
    // The whole price with VAT (the list price is 450 kr. without).
    expect(terms.textContent).toContain('Pris562,50 kr.');
    expect(terms.textContent).toContain('Du betaler nu562,50 kr.');
    expect(terms.textContent).toContain(RULE);
    // Without the rule accepted, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Gå til betaling' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sæt kryds for at acceptere afbestillingsreglerne.');
    expect(call.mock.calls.some(([action]) => action === 'startBookingPayment')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Jeg accepterer afbestillingsreglerne' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gem mit kort til et eventuelt gebyr' }));
    await user.click(screen.getByRole('button', { name: 'Gå til betaling' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(CHECKOUT));
    const sent = call.mock.calls.find(([action]) => action === 'startBookingPayment')![1];
    expect(sent).toMatchObject({ therapistId: THERAPIST, treatmentId: prepaid.id, from: TIME, reason: 'Ondt i ryggen', consent: true, acceptRule: true, saveCard: true, client: { nameFirst: 'Signe', email: 'signe@example.dk' } });
    // Nothing in the input is an amount: the server decides it from the treatment.
    expect(JSON.stringify(sent)).not.toMatch(/Ore|amount|price/);
    expect(call.mock.calls.some(([action]) => action === 'clientAddBooking')).toBe(false);
    // Busy until the page has gone; shown again from the browser's back/forward cache, it may be used again.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sender dig videre til betaling…' }).disabled).toBe(true);
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Gå til betaling' }).disabled).toBe(false);
  });

  it('a deposit shows what is left for the clinic; without a fee there is no card to keep', async () => {
    const { client, call } = fakeClient(page([deposit]));
    const goToCheckout = jest.fn();
    render(<BookingWizard client={client} therapistId={THERAPIST} goToCheckout={goToCheckout} />);
    const user = userEvent.setup();
    await toTime(user, 'Akupunktur', 'Depositum 100,00 kr. betales ved booking');
    const terms = screen.getByRole('region', { name: 'Betaling ved booking' });
    expect(terms.textContent).toContain('Depositum, du betaler nu100,00 kr.');
    expect(terms.textContent).toContain('Resten betales hos klinikken350,00 kr.');
    expect(screen.queryByRole('checkbox', { name: 'Gem mit kort til et eventuelt gebyr' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Jeg accepterer afbestillingsreglerne' }));
    await user.click(screen.getByRole('button', { name: 'Gå til betaling' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith(CHECKOUT));
    expect(call.mock.calls.find(([action]) => action === 'startBookingPayment')![1]).toMatchObject({ acceptRule: true, saveCard: false });
  });

  it("a refusal is said as the server says it when it is about the payment, and the client chooses a time again", async () => {
    const { client } = fakeClient(page([prepaid], () => new ActionError(bookingPaymentMessages.notConnected, 409)));
    const goToCheckout = jest.fn();
    render(<BookingWizard client={client} therapistId={THERAPIST} goToCheckout={goToCheckout} />);
    const user = userEvent.setup();
    await toTime(user, 'Massage', '562,50 kr. betales ved booking');
    await user.click(screen.getByRole('checkbox', { name: 'Jeg accepterer afbestillingsreglerne' }));
    await user.click(screen.getByRole('button', { name: 'Gå til betaling' }));
    expect((await screen.findByRole('alert')).textContent).toBe(bookingPaymentMessages.notConnected);
    expect(goToCheckout).not.toHaveBeenCalled();
    // The time is dropped (it may be gone): the button waits for a new one.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Gå til betaling' }).disabled).toBe(true);
  });
});

describe('back from the checkout (#betaling=…)', () => {
  const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
  const status = (state: 'pending' | 'paid' | 'expired' | 'refunded') => ({ data: { state, from: TIME, treatmentName: 'Massage', amountOre: 45000, holdUntil: Date.now() + 900_000 } });

  function returned(states: ('pending' | 'paid' | 'expired' | 'refunded' | Error)[], polls = 15, cancelled = false) {
    const answers = [...states];
    const { client, call } = fakeClient((action, input) => {
      expect(action).toBe('getBookingPayment');
      expect(input).toEqual({ paymentToken: TOKEN });
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      return next instanceof Error ? next : status(next);
    });
    render(<PaymentReturn client={client} token={TOKEN} cancelled={cancelled} bookAgainHref="?therapistId=x" pollMs={5} polls={polls} />);
    return { call, user: userEvent.setup() };
  }

  it('asks again while the payment is on its way, and shows it paid when it lands', async () => {
    const { call } = returned(['pending', 'pending', 'paid']);
    expect(await screen.findByText('Vi venter på besked om din betaling. Siden opdaterer sig selv.')).toBeTruthy();
    expect(await screen.findByText('Tak! Din betaling er modtaget, og din booking er oprettet.')).toBeTruthy();
    expect(screen.getByText('Betalt: 450,00 kr.')).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(3);
  });

  it("stops asking after a while and offers 'Opdater'", async () => {
    const { call, user } = returned(['pending', 'pending', 'pending', 'paid'], 2);
    expect(await screen.findByText(/Betalingen er ikke registreret endnu/)).toBeTruthy();
    expect(call).toHaveBeenCalledTimes(3);
    await user.click(screen.getByRole('button', { name: 'Opdater' }));
    expect(await screen.findByText('Tak! Din betaling er modtaget, og din booking er oprettet.')).toBeTruthy();
  });

  it('a lapsed time says it was released and any money comes back, with a way to book again', async () => {
    returned(['expired']);
    expect(await screen.findByText(/Tiden blev ikke betalt inden for 15 minutter/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book en ny tid' }).getAttribute('href')).toBe('?therapistId=x');
  });

  it('left unpaid at the checkout: says until when the time is held, and asks no more', async () => {
    jest.useFakeTimers();
    try {
      const { call } = returned(['pending', 'paid'], 15, true);
      expect(await screen.findByText(/Du afbrød betalingen, så tiden er ikke booket/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Book en ny tid' })).toBeTruthy();
      // Twenty polling intervals on the clock: a poll would have asked again and shown the second answer ('paid').
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(call).toHaveBeenCalledTimes(1);
      expect(screen.queryByText(/Tak! Din betaling er modtaget/)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it("a link the server does not know shows its message with 'Prøv igen'", async () => {
    returned([new ActionError(bookingPaymentMessages.tokenInvalid, 404)]);
    expect((await screen.findByRole('alert')).textContent).toContain(bookingPaymentMessages.tokenInvalid);
    expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeTruthy();
  });
});

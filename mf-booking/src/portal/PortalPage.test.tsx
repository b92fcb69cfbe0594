import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientPortal, PortalBooking } from '@klinik/core';
import { ActionError, type ActionClient } from '@klinik/core/client';
import { portalMessages } from '@klinik/core/messages';
import { startOfCopenhagenWeek } from '@klinik/core/time';
import { PortalPage } from './PortalPage';

const THERAPIST = '665f1c2e8b3a4d0012345678';
const HOUR = 3600_000;

/** The API at the module's boundary: the page's client answers what each test says, by action. */
type Answers = Record<string, (input: Record<string, unknown>) => unknown>;
function stubClient(answers: Answers) {
  const call = jest.fn(async (action: string, input: Record<string, unknown>) => {
    const answer = answers[action];
    if (!answer) throw new Error(`unexpected call ${action}`);
    return answer(input);
  });
  return { client: { call, upload: jest.fn(), prefetch: jest.fn() } as unknown as ActionClient, call };
}

const booking = (overrides: Partial<PortalBooking>): PortalBooking => ({
  id: '665f1c2e8b3a4d00000000b1',
  from: Date.UTC(2030, 2, 4, 8, 0),
  to: Date.UTC(2030, 2, 4, 8, 45),
  treatmentId: null,
  treatmentName: 'Massage',
  therapistId: THERAPIST,
  therapistName: 'Ida Holm',
  address: 'Strandvejen 2, 2100 København Ø',
  mayChange: true,
  mayCancel: true,
  changeDeadline: Date.UTC(2030, 2, 3, 8, 0),
  payment: null,
  ...overrides,
});

function portalOf(upcoming: PortalBooking[]): { data: ClientPortal } {
  return {
    data: {
      client: { nameFirst: 'Signe', nameLast: 'Sørensen', email: 'signe@klinik.test', phonePrivate: '20304050', address: '', post: '', town: '', pendingEmail: '' },
      clinic: { name: 'Klinik Holm', phone: '33 12 34 56', email: 'info@holm.test', address: 'Strandvejen 2', therapistId: THERAPIST, cancelNoticeHours: 48, journalExport: 'on-request' },
      upcoming,
      past: [],
      courses: [],
      invoices: [],
    },
  };
}

let tokens = 0;
/** A session token of its own per test: the page's answers are kept by key for the module's life. */
function signedIn(): string {
  tokens += 1;
  const portalToken = `portal-token-of-test-${tokens}-abcdefghij`;
  sessionStorage.setItem('klinik:portal', JSON.stringify({ portalToken, therapistId: THERAPIST }));
  return portalToken;
}

function open(client: ActionClient, therapistId: string | null = THERAPIST) {
  render(<PortalPage client={client} therapistId={therapistId} bookingPage={(id) => `/OnlineBooking?therapistId=${id}`} />);
  return userEvent.setup();
}

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/MineTider');
});

describe("'Mine tider'", () => {
  it('signed out: asks for an e-mail and shows the one answer the server gives for every address', async () => {
    const { client, call } = stubClient({ requestClientPortalLink: () => ({ message: portalMessages.linkSent }) });
    const user = open(client);
    expect(screen.getByRole('heading', { name: 'Mine tider', level: 1 })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), ' signe@klinik.test ');
    await user.click(screen.getByRole('button', { name: 'Send mig et link' }));
    expect(await screen.findByText(portalMessages.linkSent)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('requestClientPortalLink', { therapistId: THERAPIST, email: 'signe@klinik.test' });
  });

  it('signs in with the link in the fragment: the session in sessionStorage only, the token out of the address', async () => {
    window.history.replaceState(null, '', '/MineTider?therapistId=x#link=single-use-link-token-abcdefghij');
    const { client, call } = stubClient({
      clientPortalSignIn: () => ({ data: { portalToken: 'fresh-portal-session-token-0123456789', expiresIn: 1800, therapistId: THERAPIST } }),
      getClientPortal: () => portalOf([]),
    });
    open(client);
    expect(await screen.findByText('Du har ingen kommende tider')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('clientPortalSignIn', { linkToken: 'single-use-link-token-abcdefghij' });
    expect(call).toHaveBeenCalledWith('getClientPortal', { portalToken: 'fresh-portal-session-token-0123456789' });
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?therapistId=x');
    expect(JSON.parse(sessionStorage.getItem('klinik:portal') ?? '{}')).toEqual({ portalToken: 'fresh-portal-session-token-0123456789', therapistId: THERAPIST });
    expect(localStorage.length).toBe(0);
  });

  it('an expired or used link says so and offers the e-mail form', async () => {
    window.history.replaceState(null, '', '/MineTider#link=used-link-token-abcdefghijklmn');
    const { client } = stubClient({
      clientPortalSignIn: () => {
        throw new ActionError(portalMessages.linkInvalid, 401);
      },
    });
    open(client);
    expect(await screen.findByText(portalMessages.linkInvalid)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send mig et link' })).toBeTruthy();
    expect(sessionStorage.getItem('klinik:portal')).toBeNull();
  });

  it("inside the clinic's notice: no 'Flyt' or 'Aflys', the notice's text and the clinic's phone to call", async () => {
    signedIn();
    const soon = booking({ from: Date.now() + 24 * HOUR, to: Date.now() + 25 * HOUR, mayChange: false, mayCancel: false, changeDeadline: Date.now() - 24 * HOUR });
    const { client } = stubClient({ getClientPortal: () => portalOf([soon]) });
    open(client);
    expect(await screen.findByText(portalMessages.insideNotice(48), { exact: false })).toBeTruthy();
    const call = screen.getByRole('link', { name: 'Ring 33 12 34 56' });
    expect(call.getAttribute('href')).toBe('tel:33123456');
    expect(screen.getByText(portalMessages.noticeRule(48))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Aflys/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Flyt/ })).toBeNull();
  });

  it("a booking with the clinic's journal or invoice on it may be moved here, not cancelled: it says why, with the phone", async () => {
    signedIn();
    const kept = booking({ mayCancel: false });
    const { client } = stubClient({ getClientPortal: () => portalOf([kept]) });
    open(client);
    expect(await screen.findByText(portalMessages.keptByClinic, { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Flyt/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Aflys/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ring 33 12 34 56' }).getAttribute('href')).toBe('tel:33123456');
  });

  it("'Aflys' asks first: nothing is sent until the client confirms, then the answer shows and the list reloads", async () => {
    const portalToken = signedIn();
    let cancelled = false;
    const later = booking({});
    const { client, call } = stubClient({
      getClientPortal: () => portalOf(cancelled ? [] : [later]),
      clientPortalCancelBooking: () => {
        cancelled = true;
        return { message: portalMessages.bookingCancelled };
      },
    });
    const user = open(client);
    await user.click(await screen.findByRole('button', { name: /^Aflys: Massage/ }));
    const question = await waitFor(() => {
      const found = screen.getAllByRole('alertdialog', { hidden: true }).find((element) => element.textContent?.includes('Aflys tiden?'));
      if (!found) throw new Error('no question');
      return found;
    });
    expect(call).not.toHaveBeenCalledWith('clientPortalCancelBooking', expect.anything());
    // 'Nej' keeps the booking and sends nothing.
    await user.click(within(question).getByRole('button', { name: 'Nej, behold tiden', hidden: true }));
    expect(call).not.toHaveBeenCalledWith('clientPortalCancelBooking', expect.anything());
    await user.click(screen.getByRole('button', { name: /^Aflys: Massage/ }));
    const again = await waitFor(() => {
      const found = screen.getAllByRole('alertdialog', { hidden: true }).find((element) => element.textContent?.includes('Aflys tiden?'));
      if (!found) throw new Error('no question');
      return found;
    });
    await user.click(within(again).getByRole('button', { name: 'Ja, aflys', hidden: true }));
    expect(await screen.findByText(portalMessages.bookingCancelled)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('clientPortalCancelBooking', { portalToken, bookingId: later.id });
    expect(await screen.findByText('Du har ingen kommende tider')).toBeTruthy();
    // The question is gone and the page is usable again (nothing left hidden from assistive technology behind it).
    await waitFor(() => expect(screen.queryAllByRole('alertdialog', { hidden: true })).toHaveLength(0));
    expect(screen.getByRole('button', { name: 'Book ny tid' })).toBeTruthy();
  });

  it('a session the server has ended goes back to the e-mail form with the signed-out text', async () => {
    signedIn();
    const { client } = stubClient({
      getClientPortal: () => {
        throw new ActionError(portalMessages.signedOut, 401);
      },
    });
    open(client);
    expect(await screen.findByText(portalMessages.signedOut)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send mig et link' })).toBeTruthy();
    expect(sessionStorage.getItem('klinik:portal')).toBeNull();
  });
});

describe("'Flyt'", () => {
  it('a booking paid at booking shows what was paid and the rule accepted; cancelling it says the money comes back', async () => {
    const portalToken = signedIn();
    let cancelled = false;
    const rule = 'Afbestilling senest 48 timer før tiden: du får pengene tilbage. Ved senere afbestilling eller udeblivelse opkræves et gebyr på 300,00 kr.';
    const paid = booking({ payment: { state: 'paid', kind: 'full', amountOre: 45000, priceOre: 45000, refundedOre: 0, method: 'mobilepay', rule } });
    const { client, call } = stubClient({
      getClientPortal: () => portalOf(cancelled ? [] : [paid]),
      clientPortalCancelBooking: () => {
        cancelled = true;
        return { message: portalMessages.bookingCancelled };
      },
    });
    const user = open(client);
    expect(await screen.findByText('Betalt ved booking: 450,00 kr. med MobilePay')).toBeTruthy();
    expect(screen.getByText(`Afbestillingsregler: ${rule}`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Aflys: Massage/ }));
    const question = await waitFor(() => {
      const found = screen.getAllByRole('alertdialog', { hidden: true }).find((element) => element.textContent?.includes('Aflys tiden?'));
      if (!found) throw new Error('no question');
      return found;
    });
    expect(question.textContent).toContain('Du får 450,00 kr. tilbage på det kort eller den MobilePay, du betalte med.');
    await user.click(within(question).getByRole('button', { name: 'Ja, aflys', hidden: true }));
    expect(await screen.findByText(portalMessages.bookingCancelled)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('clientPortalCancelBooking', { portalToken, bookingId: paid.id });
  });

  it('a deposit shows its part of the price and what was refunded; an unpaid booking promises nothing back', async () => {
    signedIn();
    const deposit = booking({ payment: { state: 'refunded', kind: 'deposit', amountOre: 10000, priceOre: 45000, refundedOre: 10000, method: 'card', rule: 'Regel' } });
    const plain = booking({ id: '665f1c2e8b3a4d00000000b2', treatmentName: 'Akupunktur' });
    const { client } = stubClient({ getClientPortal: () => portalOf([deposit, plain]) });
    const user = open(client);
    expect(await screen.findByText('Depositum betalt ved booking: 100,00 kr. af 450,00 kr. med kort')).toBeTruthy();
    expect(screen.getByText('Refunderet: 100,00 kr.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Aflys: Akupunktur/ }));
    const question = await waitFor(() => {
      const found = screen.getAllByRole('alertdialog', { hidden: true }).find((element) => element.textContent?.includes('Aflys tiden?'));
      if (!found) throw new Error('no question');
      return found;
    });
    expect(question.textContent).not.toContain('tilbage');
  });

  it("'Book ny tid' does not book a treatment paid at booking: it is off, with the way to the booking page", async () => {
    signedIn();
    const PREPAID = '665f1c2e8b3a4d00000000c2';
    const { client } = stubClient({
      getClientPortal: () => portalOf([]),
      clientGetTreatmentsFromTherapist: () => ({
        data: [
          { id: '665f1c2e8b3a4d00000000c1', name: 'Massage', duration: 2700, pause: 0, price: 450, payment: null },
          { id: PREPAID, name: 'Akupunktur', duration: 3600, pause: 0, price: 600, payment: { atBooking: 'full', payNowOre: 60000, priceOre: 60000, noShowFeeOre: 0, rule: 'Regel' } },
        ],
      }),
    });
    await import('./BookDialog');
    const user = open(client);
    await user.click(await screen.findByRole('button', { name: 'Book ny tid' }));
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog', { hidden: true }).find((element) => element.textContent?.includes('Vælg behandling'));
      if (!found) throw new Error('no dialog');
      return found;
    });
    const prepaid = await within(dialog).findByRole<HTMLInputElement>('radio', { name: /Akupunktur · 60 min · 600,00 kr\. · betales ved booking/, hidden: true });
    expect(prepaid.disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Massage/, hidden: true }).disabled).toBe(false);
    expect(within(dialog).getByRole('link', { name: 'Til bookingsiden', hidden: true }).getAttribute('href')).toBe(`/OnlineBooking?therapistId=${THERAPIST}`);
  });

  it('a time taken meanwhile: the refusal stays on screen, the choice is cleared and the times are asked again', async () => {
    const portalToken = signedIn();
    const later = booking({});
    // Two free times next Monday, 10:00 and 11:00 Copenhagen time (the week starts at Copenhagen's midnight).
    const nextWeek = startOfCopenhagenWeek(Date.now(), 1);
    const ten = nextWeek + 10 * HOUR;
    const eleven = nextWeek + 11 * HOUR;
    let offered = [ten, eleven];
    const { client, call } = stubClient({
      getClientPortal: () => portalOf([later]),
      getClientPortalFreeTimes: (input) => ({ data: (input.from as number) === nextWeek ? offered : [] }),
      clientPortalMoveBooking: () => {
        offered = [eleven];
        throw new ActionError(portalMessages.timeTaken, 409);
      },
    });
    const user = open(client);
    await user.click(await screen.findByRole('button', { name: /^Flyt: Massage/ }));
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog', { hidden: true }).find((element) => element.textContent?.includes('Flyt din tid'));
      if (!found) throw new Error('no dialog');
      return found;
    });
    await user.click(within(dialog).getByRole('button', { name: 'Næste uge', hidden: true }));
    await user.click(await within(dialog).findByRole('button', { name: '10:00', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Flyt tiden', hidden: true }));
    expect(await within(dialog).findByText(portalMessages.timeTaken)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('clientPortalMoveBooking', { portalToken, bookingId: later.id, from: ten });
    // The times of the week as the server answers them now; nothing is chosen.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: '10:00', hidden: true })).toBeNull());
    expect(within(dialog).getByRole('button', { name: '11:00', hidden: true })).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Flyt tiden', hidden: true }).disabled).toBe(true);
  });
});

describe('opened cold (MineTider.html)', () => {
  it('the address typed into the prerendered form, and its focus, go on in the real form, which sends that address', async () => {
    // The document's own paint, as the build prerendered it (cold/ColdPage.tsx): the client typed before the app came.
    const cold = document.createElement('input');
    cold.id = 'portal-cold-email';
    document.body.append(cold);
    cold.value = 'signe@klinik.test';
    cold.focus();
    const { client, call } = stubClient({ requestClientPortalLink: () => ({ message: portalMessages.linkSent }) });
    const user = open(client);
    cold.remove();
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: /E-mail/ });
    expect(field.value).toBe('signe@klinik.test');
    expect(document.activeElement).toBe(field);
    await user.click(screen.getByRole('button', { name: 'Send mig et link' }));
    expect(await screen.findByText(portalMessages.linkSent)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('requestClientPortalLink', { therapistId: THERAPIST, email: 'signe@klinik.test' });
  });
});

describe('the links and forms of the signed-in page', () => {
  it('#email= confirms the new address once, shows the answer and takes the token out of the address', async () => {
    window.history.replaceState(null, '', '/MineTider?therapistId=x#email=confirm-email-token-abcdefghij');
    const { client, call } = stubClient({ confirmClientPortalEmail: () => ({ message: portalMessages.emailConfirmed }) });
    open(client);
    expect(await screen.findByText(portalMessages.emailConfirmed)).toBeTruthy();
    expect(call.mock.calls.filter(([action]) => action === 'confirmClientPortalEmail')).toEqual([['confirmClientPortalEmail', { linkToken: 'confirm-email-token-abcdefghij' }]]);
    expect(window.location.hash).toBe('');
    // Not signed in by it: the e-mail form is there to sign in with.
    expect(screen.getByRole('button', { name: 'Send mig et link' })).toBeTruthy();
  });

  it("a used or expired e-mail link says the server's refusal", async () => {
    window.history.replaceState(null, '', '/MineTider?therapistId=x#email=used-email-token-abcdefghijk');
    const { client } = stubClient({
      confirmClientPortalEmail: () => {
        throw new ActionError(portalMessages.linkInvalid, 401);
      },
    });
    open(client);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', portalMessages.linkInvalid);
  });

  it("'Mine oplysninger' sends only what changed and shows what the server saved", async () => {
    const portalToken = signedIn();
    const { client, call } = stubClient({
      getClientPortal: () => portalOf([]),
      setClientPortalDetails: (input) => ({
        message: portalMessages.detailsSaved,
        data: { ...portalOf([]).data.client, phonePrivate: String(input.phonePrivate), town: String(input.town) },
      }),
    });
    const user = open(client);
    const phone = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Telefon' });
    await user.clear(phone);
    await user.type(phone, ' 40506070 ');
    await user.type(screen.getByRole('textbox', { name: 'By' }), 'Ærøskøbing');
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText(portalMessages.detailsSaved)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('setClientPortalDetails', { portalToken, phonePrivate: '40506070', town: 'Ærøskøbing' });
    expect(phone.value).toBe('40506070');
  });

  it("'Bed om min journal' sends one request, says so and is not offered again", async () => {
    const portalToken = signedIn();
    const { client, call } = stubClient({ getClientPortal: () => portalOf([]), requestClientPortalJournal: () => ({ message: portalMessages.journalRequested }) });
    const user = open(client);
    await user.click(await screen.findByRole('button', { name: 'Bed om min journal' }));
    expect(await screen.findByText(portalMessages.journalRequested)).toBeTruthy();
    expect(call).toHaveBeenCalledWith('requestClientPortalJournal', { portalToken });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Bed om min journal' }).disabled).toBe(true);
  });

  it("'Skriv mig på ventelisten': a treatment, days and hours, no details typed; wrong hours are refused before anything is sent", async () => {
    const portalToken = signedIn();
    const TREATMENT = '665f1c2e8b3a4d00000000c1';
    const { client, call } = stubClient({
      getClientPortal: () => portalOf([]),
      clientGetTreatmentsFromTherapist: () => ({ data: [{ id: TREATMENT, name: 'Massage', duration: 2700, pause: 0, price: 450, payment: null }] }),
      clientPortalJoinWaitlist: () => ({ message: 'Du er skrevet på ventelisten.' }),
    });
    // The dialog's code (with the full core's schemas) loads on demand; in a test run that compiles it first.
    await import('./WaitlistDialog');
    const user = open(client);
    await user.click(await screen.findByRole('button', { name: 'Skriv mig på ventelisten' }));
    // Found as the tests above find Fluent's dialogs (jsdom's accessibility tree hides them while they animate in).
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog', { hidden: true }).find((element) => element.textContent?.includes('Dage, der passer'));
      if (!found) throw new Error('no dialog');
      return found;
    });
    const treatment = within(dialog).getByRole('combobox', { name: /Vælg behandling/, hidden: true });
    await waitFor(() => expect(within(treatment).getByRole('option', { name: 'Massage', hidden: true })).toBeTruthy());
    await user.selectOptions(treatment, TREATMENT);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Fre', hidden: true }));
    const from = within(dialog).getByLabelText(/Fra kl/);
    await user.clear(from);
    await user.type(from, '17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Skriv mig på', hidden: true }));
    expect(await within(dialog).findByText('Sluttidspunktet skal ligge efter starttidspunktet')).toBeTruthy();
    expect(call).not.toHaveBeenCalledWith('clientPortalJoinWaitlist', expect.anything());
    await user.clear(from);
    await user.type(from, '09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Skriv mig på', hidden: true }));
    expect(await screen.findByText('Du er skrevet på ventelisten.')).toBeTruthy();
    expect(call).toHaveBeenCalledWith('clientPortalJoinWaitlist', { portalToken, treatmentId: TREATMENT, days: [1, 2, 3, 4], fromTime: '09:00', toTime: '16:00' });
    await waitFor(() => expect(screen.queryAllByRole('dialog', { hidden: true })).toHaveLength(0));
  });
});

import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccessLogEntry } from '@klinik/core';
import { copenhagenWallTime } from '@klinik/core/time';
import type { ClientsApi } from '../../api';
import ClientAccessLog from './ClientAccessLog';
import ClinicAccessLog, { periodOf } from './ClinicAccessLog';

type AccessLog = ClientsApi['accessLog'];

const SIGNE = '665f1c2e8b3a4d0012345601';
const entry = (overrides: Partial<AccessLogEntry>): AccessLogEntry => ({
  id: Math.random().toString(16).slice(2),
  at: copenhagenWallTime(2026, 11, 20, 14, 5),
  kind: 'journal',
  action: 'getJournalsFromClient',
  clientId: SIGNE,
  clientName: 'Signe Kjær',
  readerKind: 'therapist',
  therapistId: '665f1c2e8b3a4d0012345699',
  reader: 'Jonas Bæk',
  address: '192.0.2.0/24',
  ...overrides,
});

const therapists = () =>
  Promise.resolve({ data: [{ id: '665f1c2e8b3a4d0012345699', nameFirst: 'Jonas', nameLast: 'Bæk' }] }) as ReturnType<ClientsApi['therapists']>;

describe('the clinic-wide access log', () => {
  it("shows who read what and from where; the period, the therapist and a client's name filter what is asked for", async () => {
    const accessLog = jest.fn<AccessLog>().mockImplementation((input) =>
      Promise.resolve({
        data: input.clientId
          ? [entry({ kind: 'client', action: 'getClient' })]
          : [entry({}), entry({ clientId: '665f1c2e8b3a4d0012345602', clientName: '', kind: 'export', readerKind: 'client', reader: '', therapistId: '' })],
        total: input.clientId ? 1 : 2,
      }),
    );
    const now = copenhagenWallTime(2026, 11, 29, 12);
    render(<ClinicAccessLog api={{ accessLog, therapists }} now={now} />);
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Adgangslog for klinikken' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Jonas Bæk')).toBeTruthy();
    expect(within(rows[1]!).getByText('Journal')).toBeTruthy();
    expect(within(rows[1]!).getByText('192.0.2.0/24')).toBeTruthy();
    expect(within(rows[1]!).getByText('20-11-2026 14:05')).toBeTruthy();
    // The client's own export, of a client deleted since.
    expect(within(rows[2]!).getByText('Klienten selv')).toBeTruthy();
    expect(within(rows[2]!).getByText('Hent mine data')).toBeTruthy();
    expect(within(rows[2]!).getByText('(slettet klient)')).toBeTruthy();
    // The last 30 days by default, to the end of today in Copenhagen.
    expect(accessLog).toHaveBeenLastCalledWith({ from: copenhagenWallTime(2026, 10, 30), to: copenhagenWallTime(2026, 11, 30), page: 1 });

    await waitFor(() => expect(screen.getByRole('option', { name: 'Jonas Bæk' })).toBeTruthy());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Terapeut' }), 'Jonas Bæk');
    await waitFor(() => expect(accessLog).toHaveBeenLastCalledWith(expect.objectContaining({ therapistId: '665f1c2e8b3a4d0012345699', page: 1 })));

    await user.click(within(screen.getByRole('table', { name: 'Adgangslog for klinikken' })).getByRole('button', { name: 'Signe Kjær' }));
    await waitFor(() => expect(accessLog).toHaveBeenLastCalledWith(expect.objectContaining({ clientId: SIGNE, therapistId: '665f1c2e8b3a4d0012345699' })));
    expect(await screen.findByText('Stamdata og intakesvar')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kun Signe Kjær' }));
    await waitFor(() => expect(accessLog.mock.lastCall?.[0]).not.toHaveProperty('clientId'));
  });

  it('asks for nothing while the period ends before it starts, and says why', async () => {
    const accessLog = jest.fn<AccessLog>().mockResolvedValue({ data: [], total: 0 });
    render(<ClinicAccessLog api={{ accessLog, therapists }} now={copenhagenWallTime(2026, 11, 29, 12)} />);
    expect(await screen.findByText('Ingen læsninger i perioden.')).toBeTruthy();
    const calls = accessLog.mock.calls.length;
    const user = userEvent.setup();
    const to = screen.getByLabelText('Til');
    await user.clear(to);
    await user.type(to, '2026-10-01');
    expect(await screen.findByText('Slutdatoen skal være efter startdatoen')).toBeTruthy();
    expect(accessLog.mock.calls.length).toBe(calls);
  });

  it('reads a period across the change to winter time to the end of its last day', () => {
    expect(periodOf('2026-10-25', '2026-10-25')).toEqual({ from: copenhagenWallTime(2026, 10, 25), to: copenhagenWallTime(2026, 10, 26) });
    expect(periodOf('2026-10-26', '2026-10-25')).toBeNull();
    expect(periodOf('', '2026-10-25')).toBeNull();
  });
});

describe("a client's Adgangslog", () => {
  it('lists the reads of the client, and says so when there are none', async () => {
    const clientAccessLog = jest
      .fn<ClientsApi['clientAccessLog']>()
      .mockResolvedValueOnce({ data: [entry({ kind: 'print', action: 'logClientPrint' })], total: 1 });
    const { unmount } = render(<ClientAccessLog api={{ clientAccessLog }} clientId={SIGNE} />);
    const table = await screen.findByRole('table', { name: 'Adgangslog' });
    expect(within(table).getByText('Udskrift')).toBeTruthy();
    expect(within(table).queryByText('Klient')).toBeNull();
    expect(clientAccessLog).toHaveBeenCalledWith(SIGNE, 1);
    unmount();
    clientAccessLog.mockResolvedValueOnce({ data: [], total: 0 });
    render(<ClientAccessLog api={{ clientAccessLog }} clientId="665f1c2e8b3a4d0012345603" />);
    expect(await screen.findByText('Ingen læsninger i perioden.')).toBeTruthy();
  });
});

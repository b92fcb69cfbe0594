import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CLOSED_HOLIDAYS, type HolidayId } from '@klinik/core';
import type { onlineSetupApi } from './api';
import HolidaySettings from './HolidaySettings';

type Api = ReturnType<typeof onlineSetupApi>;

function show(isOwner: boolean, closed: readonly HolidayId[]) {
  const setHolidaySettings = jest.fn<Api['setHolidaySettings']>().mockImplementation(async (input) => ({ message: 'Helligdagene er gemt', data: { closed: [...input.closed] } }));
  // Only the calls the tab makes.
  const api = { holidaySettings: async () => ({ data: { closed: [...closed] } }), setHolidaySettings } as unknown as Api;
  const notify = jest.fn();
  render(<HolidaySettings api={api} isOwner={isOwner} notify={notify} />);
  return { user: userEvent.setup(), setHolidaySettings, notify };
}

describe("the clinic's holidays on /Onlinereservation", () => {
  it('shows the stored choice and saves the whole list when the owner opens Christmas Eve and closes Constitution Day', async () => {
    const { user, setHolidaySettings, notify } = show(true, DEFAULT_CLOSED_HOLIDAYS);
    const christmasEve = await screen.findByRole('checkbox', { name: 'Juleaftensdag' });
    expect((christmasEve as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Grundlovsdag' }).checked).toBe(false);
    const save = screen.getByRole('button', { name: 'Gem' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.click(christmasEve);
    await user.click(screen.getByRole('checkbox', { name: 'Grundlovsdag' }));
    await user.click(save);
    await waitFor(() => expect(setHolidaySettings).toHaveBeenCalledTimes(1));
    const sent = setHolidaySettings.mock.calls[0]![0].closed;
    expect([...sent].sort()).toEqual([...DEFAULT_CLOSED_HOLIDAYS.filter((id) => id !== 'juleaftensdag'), 'grundlovsdag'].sort());
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Helligdagene er gemt', 'success'));
  });

  it('shows a colleague the choice without a way to change it', async () => {
    show(false, []);
    const christmasDay = await screen.findByRole('checkbox', { name: 'Juledag' });
    expect((christmasDay as HTMLInputElement).checked).toBe(false);
    expect((christmasDay as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Kun klinikkens administrator kan ændre, hvilke dage der er lukket.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gem' })).toBeNull();
  });
});

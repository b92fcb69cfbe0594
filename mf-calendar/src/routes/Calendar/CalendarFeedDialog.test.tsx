import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { copenhagenWallTime } from '@klinik/core/time';
import { dialogTitled } from '@klinik/ui/testing';
import type { CalendarApi } from '../../api';
import CalendarFeedDialog from './CalendarFeedDialog';

const URL_MADE = 'https://api.klinik.test/calendar-feed/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics';

function show(active: boolean) {
  let feed = { active, createdAt: active ? copenhagenWallTime(2026, 12, 1, 10) : null };
  const renewCalendarFeed = jest.fn<CalendarApi['renewCalendarFeed']>().mockImplementation(async () => {
    feed = { active: true, createdAt: copenhagenWallTime(2026, 12, 2, 9) };
    return { message: 'Din kalenderadresse er klar. Kopiér den nu: den vises kun denne ene gang.', data: { ...feed, url: URL_MADE } };
  });
  const deleteCalendarFeed = jest.fn<CalendarApi['deleteCalendarFeed']>().mockImplementation(async () => {
    feed = { active: false, createdAt: null };
    return { message: 'Kalenderadressen er slettet. Din kalender henter ikke flere tider fra den.' };
  });
  // Only the calls the dialog makes.
  const api = { calendarFeed: async () => ({ data: feed }), renewCalendarFeed, deleteCalendarFeed } as unknown as CalendarApi;
  const notify = jest.fn();
  render(<CalendarFeedDialog api={api} notify={notify} onClose={() => undefined} />);
  return { user: userEvent.setup(), renewCalendarFeed, deleteCalendarFeed, notify };
}

describe("'Abonnér i din egen kalender'", () => {
  it('makes an address and shows it once, to copy or open in a calendar program', async () => {
    const { user, renewCalendarFeed } = show(false);
    expect(await screen.findByText('Du har ingen kalenderadresse endnu.')).toBeTruthy();
    expect(screen.getByText(/aldrig navn, CPR-nummer eller årsag/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Lav adresse' }));
    const address = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Din kalenderadresse' });
    expect(address.value).toBe(URL_MADE);
    expect(address.readOnly).toBe(true);
    expect(renewCalendarFeed).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Din kalenderadresse er klar. Kopiér den nu: den vises kun denne ene gang.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Åbn i kalenderprogram' }).getAttribute('href')).toBe(URL_MADE.replace('https:', 'webcal:'));
    // Enter in the address field makes no second address.
    await user.type(address, '{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(renewCalendarFeed).toHaveBeenCalledTimes(1);
  });

  it('asks before a new address ends the one that works, and stops it on request', async () => {
    const { user, renewCalendarFeed, deleteCalendarFeed, notify } = show(true);
    expect(await screen.findByText(/Du har en kalenderadresse fra 01-12-2026/)).toBeTruthy();
    const dialog = await dialogTitled('dialog', 'Abonnér i din egen kalender');
    await user.click(within(dialog).getByRole('button', { name: 'Ny adresse', hidden: true }));
    const question = await dialogTitled('alertdialog', 'Lav en ny adresse?');
    expect(question.textContent).toContain('Den gamle adresse holder op med at virke med det samme. Kalendere, der abonnerer på den, skal have den nye.');
    expect(renewCalendarFeed).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Ny adresse', hidden: true }));
    await waitFor(() => expect(renewCalendarFeed).toHaveBeenCalledTimes(1));
    expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Din kalenderadresse', hidden: true })).value).toBe(URL_MADE);

    // The buttons wait while the new address is still being settled.
    const stop = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Stop abonnement', hidden: true });
    await waitFor(() => expect(stop.disabled).toBe(false));
    await user.click(stop);
    await waitFor(() => expect(deleteCalendarFeed).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Kalenderadressen er slettet. Din kalender henter ikke flere tider fra den.', 'success'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Din kalenderadresse', hidden: true })).toBeNull());
    expect(await screen.findByText('Du har ingen kalenderadresse endnu.')).toBeTruthy();
  });
});

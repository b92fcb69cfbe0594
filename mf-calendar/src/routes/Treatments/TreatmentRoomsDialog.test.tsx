import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Room } from '@klinik/core';
import type { CalendarApi } from '../../api';
import RoomDialog from './RoomDialog';
import TreatmentRoomsDialog from './TreatmentRoomsDialog';

const rooms: Room[] = [
  { id: '64b7f0c2a1b2c3d4e5f60001', kind: 'room', name: 'Lokale 1', active: true },
  { id: '64b7f0c2a1b2c3d4e5f60002', kind: 'room', name: 'Lokale 2', active: false },
  { id: '64b7f0c2a1b2c3d4e5f60003', kind: 'equipment', name: 'Shockwave', active: true },
];
const treatment = { id: '64b7f0c2a1b2c3d4e5f60100', name: 'Massage' };

describe("a treatment's rooms and equipment", () => {
  it('sends the rooms and equipment ticked, out-of-use rooms marked but choosable', async () => {
    const setTreatmentRooms = jest.fn<CalendarApi['setTreatmentRooms']>().mockImplementation(async (input) => ({
      message: 'Behandlingens lokaler og udstyr er gemt',
      data: { treatmentId: treatment.id, roomIds: input.roomIds ?? [], equipmentIds: input.equipmentIds ?? [] },
    }));
    const onClose = jest.fn();
    const notify = jest.fn();
    render(
      <TreatmentRoomsDialog
        api={{ setTreatmentRooms } as unknown as CalendarApi}
        treatment={treatment}
        rooms={rooms}
        needs={{ treatmentId: treatment.id, roomIds: [rooms[0]!.id], equipmentIds: [] }}
        notify={notify}
        onClose={onClose}
      />,
    );
    const user = userEvent.setup();
    expect((screen.getByRole<HTMLInputElement>('checkbox', { name: 'Lokale 1' })).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Lokale 2 (ikke i brug)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Shockwave' }));
    await user.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(setTreatmentRooms).toHaveBeenCalledTimes(1));
    expect(setTreatmentRooms).toHaveBeenCalledWith({ treatmentId: treatment.id, roomIds: [rooms[0]!.id, rooms[1]!.id], equipmentIds: [rooms[2]!.id] });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a room needs a name: the Danish message is shown and nothing is sent', async () => {
    const addRoom = jest.fn<CalendarApi['addRoom']>();
    render(<RoomDialog api={{ addRoom } as unknown as CalendarApi} room={null} notify={jest.fn()} onClose={jest.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Opret' }));
    expect(await screen.findByText('Skriv et navn')).toBeTruthy();
    expect(addRoom).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /Navn/ }), 'Lokale 3');
    await user.selectOptions(screen.getByRole('combobox', { name: /Type/ }), 'equipment');
    await user.click(screen.getByRole('button', { name: 'Opret' }));
    await waitFor(() => expect(addRoom).toHaveBeenCalledWith({ kind: 'equipment', name: 'Lokale 3', active: true }));
  });
});

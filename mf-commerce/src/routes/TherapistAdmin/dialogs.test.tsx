import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionError } from '@klinik/core/client';
import type { TherapistApi } from './api';
import CreateUserDialog from './CreateUserDialog';
import HandoverDialog from './HandoverDialog';

// `hidden`: jsdom keeps tabster's aria-hidden on portals once a dialog has been open (a browser's focus events lift it).
/**
 * A dialog by its role and title: found by role, then by the title it is labelled by. jsdom's name computation can
 * miss a title Fluent is still animating in, once an earlier test in the file has opened a dialog.
 */
function titled(role: 'dialog' | 'alertdialog', title: string): HTMLElement | undefined {
  return screen.queryAllByRole(role, { hidden: true }).find((element) => document.getElementById(element.getAttribute('aria-labelledby') ?? '')?.textContent === title);
}
function inDialog(title: string, role: 'dialog' | 'alertdialog' = 'dialog') {
  const found = titled(role, title);
  if (!found) throw new Error(`No ${role} '${title}'`);
  return within(found);
}
const alertDialog = (title: string) => inDialog(title, 'alertdialog');
const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
/** The message bar above the buttons (a field's message is an alert too, but not a MessageBar). */
const messageBar = () => screen.queryAllByRole('alert', { hidden: true }).find((element) => element.classList.contains('fui-MessageBar'))?.textContent ?? null;

describe('Opret bruger', () => {
  type CreateUser = TherapistApi['createUser'];

  async function fill(user: ReturnType<typeof userEvent.setup>, confirmPassword: string) {
    const dialog = await waitFor(() => inDialog('Opret bruger'));
    await user.type(dialog.getByLabelText(/^Fornavn/), 'Ulla');
    await user.type(dialog.getByLabelText(/^Efternavn/), 'Berg');
    await user.type(dialog.getByLabelText(/^E-mail/), 'ulla@klinik.dk');
    await user.type(dialog.getByLabelText(/^Telefon/), '+4512345678');
    await user.type(dialog.getByLabelText(/^Adgangskode/), 'ulla-kode-42');
    await user.type(dialog.getByLabelText(/^Gentag adgangskode/), confirmPassword);
  }

  function open(createUser: CreateUser) {
    const notify = jest.fn();
    const onClose = jest.fn();
    // Only the call the dialog makes.
    render(<CreateUserDialog api={{ createUser } as unknown as TherapistApi} notify={notify} onClose={onClose} />);
    return { user: userEvent.setup(), notify, onClose };
  }

  it("checks with the server's schema: different passwords are refused at the field and nothing is sent", async () => {
    const createUser = jest.fn<CreateUser>();
    const { user } = open(createUser);
    await fill(user, 'ulla-kode-4');
    await user.click(inDialog('Opret bruger').getByRole('button', { name: 'Opret', hidden: true }));
    expect(messageOf(inDialog('Opret bruger').getByLabelText(/^Gentag adgangskode/))).toBe('Passwords er ikke ens');
    expect(createUser).not.toHaveBeenCalled();
  });

  it("says a taken username once, above the buttons; any other refusal as 'Fejl: …'; a success closes with the toast", async () => {
    const createUser = jest
      .fn<CreateUser>()
      .mockRejectedValueOnce(new ActionError('Brugernavnet er taget', 409, { email: 'Brugernavnet er taget' }))
      .mockRejectedValueOnce(new ActionError('Klinikken har allerede fem terapeuter', 409))
      .mockResolvedValueOnce({ message: 'Brugeren er oprettet med succes.', data: [] } as unknown as Awaited<ReturnType<CreateUser>>);
    const { user, notify, onClose } = open(createUser);
    await fill(user, 'ulla-kode-42');
    const submit = () => user.click(inDialog('Opret bruger').getByRole('button', { name: 'Opret', hidden: true }));
    await submit();
    await waitFor(() => expect(messageBar()).toBe('Brugernavnet er taget'));
    expect(messageOf(inDialog('Opret bruger').getByLabelText(/^E-mail/))).toBeNull();
    await submit();
    await waitFor(() => expect(messageBar()).toBe('Fejl: Klinikken har allerede fem terapeuter'));
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(notify).toHaveBeenCalledWith('Brugeren er oprettet med succes.', 'success');
    expect(createUser).toHaveBeenLastCalledWith({ nameFirst: 'Ulla', nameLast: 'Berg', email: 'ulla@klinik.dk', phone: '+4512345678', password: 'ulla-kode-42', confirmPassword: 'ulla-kode-42' });
  });
});

describe('Skift administrator', () => {
  it('asks for the own password (required, then checked), the new administrator (required), then Er du sikker?', async () => {
    const nora = { id: '665f1c2e8b3a4d0012345679', nameFirst: 'Nora', nameLast: 'Kollega', email: 'nora@klinik.dk' };
    const checkPassword = jest
      .fn<TherapistApi['checkPassword']>()
      .mockRejectedValueOnce(new ActionError('Forkert adgangskode', 400, { password: 'Forkert adgangskode' }))
      .mockResolvedValue({ data: { verified: true } });
    const handOver = jest.fn<TherapistApi['handOver']>().mockResolvedValue({ message: 'Nora Kollega er nu administrator' });
    const candidates = jest.fn<TherapistApi['candidates']>().mockResolvedValue([nora] as unknown as Awaited<ReturnType<TherapistApi['candidates']>>);
    const onHandedOver = jest.fn();
    // Only the calls the dialog makes.
    const api = { checkPassword, handOver, candidates } as unknown as TherapistApi;
    render(<HandoverDialog api={api} onHandedOver={onHandedOver} onClose={() => undefined} />);
    const user = userEvent.setup();
    const dialog = () => alertDialog(titled('alertdialog', 'Skift administrator') ? 'Skift administrator' : 'Er du sikker?');
    const next = () => user.click(dialog().getByRole('button', { name: /^(Næste|Overdrag)$/, hidden: true }));

    await next();
    expect(dialog().getByText('Adgangskode er påkrævet')).toBeTruthy();
    expect(checkPassword).not.toHaveBeenCalled();
    await user.type(dialog().getByLabelText(/^Adgangskode/), 'forkert-kode');
    await next();
    await waitFor(() => expect(dialog().getByText('Forkert adgangskode')).toBeTruthy());
    await user.clear(dialog().getByLabelText(/^Adgangskode/));
    await user.type(dialog().getByLabelText(/^Adgangskode/), 'rigtig-kode');
    await next();
    const chooser = await waitFor(() => dialog().getByLabelText(/^Ny administrator/));
    await next();
    expect(dialog().getByText('Vælg venligst en administrator.')).toBeTruthy();
    await user.selectOptions(chooser, 'Nora Kollega (nora@klinik.dk)');
    await next();
    expect(alertDialog('Er du sikker?').getByText(/Nora Kollega bliver klinikkens administrator/)).toBeTruthy();
    expect(handOver).not.toHaveBeenCalled();
    await next();
    await waitFor(() => expect(onHandedOver).toHaveBeenCalledWith('Nora Kollega er nu administrator'));
    expect(handOver).toHaveBeenCalledWith(nora.id, 'rigtig-kode');
  });
});

import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ActionError } from '@klinik/core/client';
import { readDeviceToken } from '../session/storage';
import { StaffSignIn, type StaffCredentials } from './StaffSignIn';

type SignIn = (credentials: StaffCredentials) => Promise<string>;

function open(signIn: SignIn) {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <Routes>
        <Route
          path="/admin"
          element={<StaffSignIn kind="admin" title="Administrator" passwordLabel="Adgangskode" submitLabel="Log ind" refusedText="Forkert login" signIn={signIn} landing="/superadmin" />}
        />
        <Route path="/superadmin" element={<p>Virksomheder</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, otp = '') {
  await user.type(screen.getByRole('textbox', { name: /brugernavn/i }), '  admin@klinik.dk ');
  await user.type(screen.getByLabelText(/adgangskode/i), 'hemmelig-kode-1');
  if (otp) await user.type(screen.getByRole('textbox', { name: /kode/i }), otp);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

test('the button waits for a username and a password; a sign-in sends them trimmed, remembers the device and lands', async () => {
  const signIn = jest.fn<SignIn>().mockResolvedValue('device-token-1');
  const user = open(signIn);
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Log ind' });
  expect(button.disabled).toBe(true);
  await fill(user, ' 123456 ');
  expect(button.disabled).toBe(false);
  await user.click(button);

  expect(await screen.findByText('Virksomheder')).toBeTruthy();
  expect(signIn).toHaveBeenCalledWith({ username: 'admin@klinik.dk', password: 'hemmelig-kode-1', otp: '123456', deviceToken: undefined });
  expect(readDeviceToken('admin')).toBe('device-token-1');
});

test("a refused password says the page's own text, not the server's reason", async () => {
  const signIn = jest.fn<SignIn>().mockRejectedValue(new ActionError('Wrong username or password (account 42)', 401));
  const user = open(signIn);
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Log ind' }));

  expect(await screen.findByText('Forkert login')).toBeTruthy();
  expect(screen.queryByText(/account 42/)).toBeNull();
  expect(screen.queryByText('Virksomheder')).toBeNull();
  // The form is usable again.
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Log ind' }).disabled).toBe(false);
});

test('a rate limit and a missing code say their own reason', async () => {
  const signIn = jest
    .fn<SignIn>()
    .mockRejectedValueOnce(new ActionError('For mange forsøg. Prøv igen om 30 sekunder.', 429))
    .mockRejectedValueOnce(new ActionError('Skriv koden fra din app', 400, { otp: 'Skriv koden fra din app' }));
  const user = open(signIn);
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Log ind' }));
  expect(await screen.findByText('For mange forsøg. Prøv igen om 30 sekunder.')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Log ind' }));
  expect(await screen.findByText('Skriv koden fra din app')).toBeTruthy();
  expect(signIn).toHaveBeenCalledTimes(2);
});

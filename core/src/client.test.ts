/** The action client against a real HTTP server: payload shape, error answers, session end, no server. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ActionError, CONNECTION_FAILED_MESSAGE, createActionClient } from './client.js';

let server: http.Server;
let url: string;
const received: unknown[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { action: string };
      received.push(body);
      const answers: Record<string, [number, unknown]> = {
        login: [200, { token: 't', expiresIn: 60 }],
        checkUsername: [400, { message: 'Ugyldigt e-mailadresseformat', errors: { name: 'Ugyldigt e-mailadresseformat' } }],
        getTherapist: [401, { message: 'jwt expired' }],
        logout: [500, 'not json'],
      };
      const [status, answer] = answers[body.action] ?? [400, { message: 'Ukendt handling' }];
      res.writeHead(status, { 'Content-Type': typeof answer === 'string' ? 'text/plain' : 'application/json' });
      res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('posts the action, the input and the token in one JSON body, and answers the envelope', async () => {
  const client = createActionClient({ apiUrl: url, getToken: () => 'the-token' });
  await expect(client.call('login', { username: 'a@b.dk', password: 'x' })).resolves.toEqual({ token: 't', expiresIn: 60 });
  expect(received.at(-1)).toEqual({ action: 'login', username: 'a@b.dk', password: 'x', token: 'the-token' });
});

it('turns an error answer into an ActionError with the server message and field errors', async () => {
  const client = createActionClient({ apiUrl: url, getToken: () => null });
  const error = await client.call('checkUsername', { name: 'x' }).catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(ActionError);
  expect(error).toMatchObject({ message: 'Ugyldigt e-mailadresseformat', status: 400, errors: { name: 'Ugyldigt e-mailadresseformat' } });
  const plain = await client.call('logout', {}).catch((reason: unknown) => reason);
  expect(plain).toMatchObject({ status: 500 });
});

it('calls onSessionEnded once on a session-ending answer', async () => {
  const ended: string[] = [];
  const client = createActionClient({ apiUrl: url, getToken: () => 'old', onSessionEnded: (message) => ended.push(message) });
  await expect(client.call('getTherapist', {})).rejects.toMatchObject({ message: 'jwt expired', status: 401 });
  expect(ended).toEqual(['jwt expired']);
});

it('answers the connection message when nothing listens', async () => {
  const client = createActionClient({ apiUrl: 'http://127.0.0.1:1/api', getToken: () => null, timeoutMs: 2000 });
  await expect(client.call('login', { username: 'a@b.dk', password: 'x' })).rejects.toMatchObject({ message: CONNECTION_FAILED_MESSAGE, status: 0 });
});

it("ends the session on a disabled clinic's answer, whose text is the API's own (issue 16)", async () => {
  const { isSessionEndingMessage } = await import('./errors.js');
  const { messages } = await import('./messages.js');
  expect(isSessionEndingMessage(messages.companyDisabled)).toBe(true);
  expect(isSessionEndingMessage('Forkert login')).toBe(false);
});

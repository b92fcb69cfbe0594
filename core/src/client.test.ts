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
        getLeavesForDay: [200, { data: [{ answer: received.length }] }],
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

it("ends the session on a disabled clinic's answer, whose text is the API's own", async () => {
  const { isSessionEndingMessage } = await import('./errors.js');
  const { messages } = await import('./messages.js');
  expect(isSessionEndingMessage(messages.companyDisabled)).toBe(true);
  expect(isSessionEndingMessage('Forkert login')).toBe(false);
});

describe('prefetch', () => {
  const sentFor = (action: string) => received.filter((body) => (body as { action: string }).action === action).length;

  it("answers the page's own call from the prefetched request, once, whatever the order of the input's keys", async () => {
    const before = sentFor('getLeavesForDay');
    const client = createActionClient({ apiUrl: url, getToken: () => 'the-token', prefetchKeepMs: 5_000 });
    await client.prefetch('getLeavesForDay', { from: 1, to: 2 });
    const first = await client.call('getLeavesForDay', { to: 2, from: 1 });
    expect(sentFor('getLeavesForDay')).toBe(before + 1);
    expect(received.at(-1)).toEqual({ action: 'getLeavesForDay', from: 1, to: 2, token: 'the-token' });
    // Taken once: the next call asks the server again, and gets a newer answer.
    const second = await client.call('getLeavesForDay', { from: 1, to: 2 });
    expect(sentFor('getLeavesForDay')).toBe(before + 2);
    expect(second).not.toEqual(first);
  });

  it('does not answer a call with another input or another token', async () => {
    const before = sentFor('getLeavesForDay');
    let token = 'first';
    const client = createActionClient({ apiUrl: url, getToken: () => token, prefetchKeepMs: 5_000 });
    await client.prefetch('getLeavesForDay', { from: 1, to: 2 });
    await client.call('getLeavesForDay', { from: 1, to: 3 });
    token = 'second';
    await client.call('getLeavesForDay', { from: 1, to: 2 });
    expect(sentFor('getLeavesForDay')).toBe(before + 3);
  });

  it('sends nothing without a token, and drops an answer nobody took in time', async () => {
    const before = sentFor('getLeavesForDay');
    const signedOut = createActionClient({ apiUrl: url, getToken: () => null });
    await signedOut.prefetch('getLeavesForDay', { from: 1, to: 2 });
    // Kept 0 ms: dropped on the next turn of the event loop, long before its answer is in.
    const client = createActionClient({ apiUrl: url, getToken: () => 't', prefetchKeepMs: 0 });
    await client.prefetch('getLeavesForDay', { from: 5, to: 6 });
    await client.call('getLeavesForDay', { from: 5, to: 6 });
    expect(sentFor('getLeavesForDay')).toBe(before + 2);
  });

  it("gives the taker the prefetched request's error, as its own call would have, and ends the session then", async () => {
    const ended: string[] = [];
    const client = createActionClient({ apiUrl: url, getToken: () => 'old', onSessionEnded: (message) => ended.push(message), prefetchKeepMs: 5_000 });
    const before = sentFor('getTherapist');
    await client.prefetch('getTherapist', {});
    // The answer is in, but the session ends only when a page takes it: then there is a page to send to sign-in.
    expect(ended).toEqual([]);
    await expect(client.call('getTherapist', {})).rejects.toMatchObject({ message: 'jwt expired', status: 401 });
    expect(sentFor('getTherapist')).toBe(before + 1);
    expect(ended).toEqual(['jwt expired']);
  });
});

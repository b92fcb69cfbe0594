/**
 * The upload with progress (`upload(action, form, { onProgress })`): XMLHttpRequest, so the browser's upload events
 * count the bytes sent. Node has no XMLHttpRequest: a stand-in records what is sent and plays the browser's events.
 */
import { ActionError, CONNECTION_FAILED_MESSAGE, createActionClient } from './client.js';

type Handler = (() => void) | null;

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  sent: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  onload: Handler = null;
  onerror: Handler = null;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null; onload: Handler } = { onprogress: null, onload: null };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
  }
  /** The browser sends the body in steps, then the server answers. */
  play(steps: number[], total: number, status: number, answer: string, statusText = '') {
    for (const loaded of steps) this.upload.onprogress?.({ loaded, total, lengthComputable: true });
    this.upload.onload?.();
    this.status = status;
    this.statusText = statusText;
    this.responseText = answer;
    this.onload?.();
  }
}

/** The request the client opens next (its code is loaded on the first upload, so it starts a moment later). */
async function nextXhr(previous = FakeXhr.last): Promise<FakeXhr> {
  while (FakeXhr.last === previous) await new Promise((resolve) => setImmediate(resolve));
  return FakeXhr.last!;
}

const original = (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
beforeAll(() => {
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = FakeXhr;
});
afterAll(() => {
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = original;
});

function form() {
  const data = new FormData();
  data.set('therapistId', 'a'.repeat(24));
  data.append('files', new Blob(['x,y\n1,2\n']), 'klienter.csv');
  data.set('token', 'forged');
  return data;
}

it('sends action and token first, then the fields and files, reports each progress event, and answers the body', async () => {
  const client = createActionClient({ apiUrl: 'http://api.test/api', getToken: () => 'the-token' });
  const seen: { loaded: number; total: number }[] = [];
  const previous = FakeXhr.last;
  const answer = client.upload('addSupportHelp', form(), { onProgress: (progress) => seen.push(progress) });
  const xhr = await nextXhr(previous);
  expect([xhr.method, xhr.url]).toEqual(['POST', 'http://api.test/api']);
  expect([...xhr.sent!.keys()]).toEqual(['action', 'token', 'therapistId', 'files']);
  expect(xhr.sent!.get('token')).toBe('the-token');
  expect((xhr.sent!.get('files') as File).name).toBe('klienter.csv');
  xhr.play([100, 600, 1000], 1000, 200, JSON.stringify({ message: 'Filerne er uploadet.', data: { uploadId: 'u1' } }));
  await expect(answer).resolves.toEqual({ message: 'Filerne er uploadet.', data: { uploadId: 'u1' } });
  expect(seen).toEqual([
    { loaded: 100, total: 1000 },
    { loaded: 600, total: 1000 },
    { loaded: 1000, total: 1000 },
  ]);
});

it('turns an error answer into the ActionError the JSON calls give, and ends the session on its message', async () => {
  const ended: string[] = [];
  const client = createActionClient({ apiUrl: 'http://api.test/api', getToken: () => 'old', onSessionEnded: (message) => ended.push(message) });
  let previous = FakeXhr.last;
  const refused = client.upload('addSupportHelp', form(), { onProgress: () => undefined });
  (await nextXhr(previous)).play([], 0, 400, JSON.stringify({ message: 'Vælg en terapeut, før du bekræfter.', errors: { therapistId: 'Vælg en terapeut, før du bekræfter.' } }));
  const error = await refused.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(ActionError);
  expect(error).toMatchObject({ status: 400, message: 'Vælg en terapeut, før du bekræfter.', errors: { therapistId: 'Vælg en terapeut, før du bekræfter.' } });

  previous = FakeXhr.last;
  const expired = client.upload('addSupportHelp', form(), { onProgress: () => undefined });
  (await nextXhr(previous)).play([], 0, 401, JSON.stringify({ message: 'jwt expired' }));
  await expect(expired).rejects.toMatchObject({ status: 401, message: 'jwt expired' });
  expect(ended).toEqual(['jwt expired']);

  previous = FakeXhr.last;
  const plain = client.upload('addSupportHelp', form(), { onProgress: () => undefined });
  (await nextXhr(previous)).play([], 0, 502, '<html>Bad gateway</html>', 'Bad Gateway');
  await expect(plain).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
});

it('answers the connection message when the request fails, and when nothing moves for timeoutMs', async () => {
  const client = createActionClient({ apiUrl: 'http://api.test/api', getToken: () => null, timeoutMs: 20 });
  let previous = FakeXhr.last;
  const failed = client.upload('addSupportHelp', form(), { onProgress: () => undefined });
  (await nextXhr(previous)).onerror?.();
  await expect(failed).rejects.toMatchObject({ status: 0, message: CONNECTION_FAILED_MESSAGE });

  previous = FakeXhr.last;
  const stalled = client.upload('addSupportHelp', form(), { onProgress: () => undefined });
  const xhr = await nextXhr(previous);
  await expect(stalled).rejects.toMatchObject({ status: 0, message: CONNECTION_FAILED_MESSAGE });
  expect(xhr.aborted).toBe(true);
});

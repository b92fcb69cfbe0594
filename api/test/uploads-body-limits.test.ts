/**
 * Request bodies have limits on every action: a JSON body that says it is 50 MB is refused from its
 * Content-Length before it is sent, and a chunked body with no length is cut off at the limit, both with the
 * Danish 413 text.
 */
import { request } from 'node:http';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t.close();
});

interface Result {
  status: number;
  message: string;
  sentBytes: number;
}

/** Sends a JSON body chunk by chunk until the server answers (never more than `maxBytes`). */
function stream(headers: Record<string, string>, maxBytes: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = request(t.url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, message: (JSON.parse(text) as { message: string }).message, sentBytes });
      });
    });
    // The server may close the connection once it has answered: that is the point, not a failure.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.from(`"${'x'.repeat(64 * 1024 - 3)}",`);
    const pump = () => {
      while (!answered && sentBytes < maxBytes) {
        const more = req.write(sentBytes === 0 ? Buffer.concat([Buffer.from('{"action":"login","pad":['), chunk]) : chunk);
        sentBytes += chunk.length;
        if (!more) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

describe('request body limits', () => {
  it('refuses a 50 MB JSON body from its Content-Length, before the body is sent', async () => {
    const answer = await stream({ 'Content-Length': String(50 * 1024 * 1024) }, 64 * 1024);
    expect(answer).toEqual({ status: 413, message: 'Forespørgslen er for stor', sentBytes: 64 * 1024 });
  });

  it('cuts a chunked JSON body off at the limit', async () => {
    const limit = t.config.jsonLimitBytes;
    const answer = await stream({ 'Transfer-Encoding': 'chunked' }, 50 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.message).toBe('Forespørgslen er for stor');
    // The answer came while the caller was still sending: a little past the limit (socket buffers), far from 50 MB.
    expect(answer.sentBytes).toBeLessThan(limit + 4 * 1024 * 1024);
  });
});

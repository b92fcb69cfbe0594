/**
 * A graceful stop (SIGTERM in main.ts calls the same stop): no new connections, the request under way still gets its
 * answer, a stuck one is cut at the deadline, and a job's run under way finishes before the database closes.
 */
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import getPort from 'get-port';
import pino from 'pino';
import { startServer, type RunningApi } from '../src/server.js';
import { startRepeating } from '../src/jobs/repeat.js';
import { registration, uniqueEmail } from './support/fixtures.js';
import { until } from './support/until.js';

async function serverOn(extra: Record<string, string> = {}): Promise<{ running: RunningApi; port: number }> {
  const port = await getPort();
  const env = {
    ...process.env,
    MONGODB_URI: process.env.KLINIK_TEST_MONGODB_URI!,
    MONGODB_DB: `t_${randomBytes(6).toString('hex')}`,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...extra,
  };
  return { running: await startServer(env), port };
}

/** A POST whose body is sent in two parts: the answer comes only after `finish()`. */
function halfSentCall(port: number, body: string) {
  const split = Math.floor(body.length / 2);
  const req = request({ port, host: '127.0.0.1', path: '/api', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, split));
  return { answered, finish: () => req.end(body.slice(split)) };
}

const refuses = (port: number) =>
  fetch(`http://127.0.0.1:${port}/health`).then(
    () => false,
    () => true,
  );

it('finishes the request under way and refuses new connections while it stops', async () => {
  const { running, port } = await serverOn();
  const email = uniqueEmail('drain');
  const call = (body: unknown) => fetch(running.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await call({ action: 'register', ...registration(email) })).status).toBe(200);
  const { token } = (await (await call({ action: 'login', username: email, password: 'hemmeligt1' })).json()) as { token: string };

  const pending = halfSentCall(port, JSON.stringify({ action: 'getTherapist', token }));
  pending.answered.catch(() => undefined);
  await until(() => running.inFlight() === 1, 'the request to be under way');
  const stopped = running.stop();
  await until(() => refuses(port), 'new connections to be refused');

  pending.finish();
  const answer = await pending.answered;
  expect(answer.status).toBe(200);
  expect((JSON.parse(answer.text) as { data: { username: string } }).data.username).toBe(email);
  await stopped;
});

it('cuts a request that does not finish by the deadline, and still stops', async () => {
  const { running, port } = await serverOn({ SHUTDOWN_DRAIN_MS: '300' });
  const pending = halfSentCall(port, JSON.stringify({ action: 'getTherapist', token: 'x'.repeat(100) }));
  const outcome = pending.answered.then(
    () => 'answered',
    () => 'cut',
  );
  await until(() => running.inFlight() === 1, 'the request to be under way');
  const started = Date.now();
  await running.stop();
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(await outcome).toBe('cut');
});

it('waits for the run of a job under way before it counts as stopped', async () => {
  let release!: () => void;
  let began!: () => void;
  const running = new Promise<void>((resolve) => (began = resolve));
  const job = startRepeating('test', { everyMs: 60_000, firstAfterMs: 0 }, async () => {
    began();
    await new Promise<void>((resolve) => (release = resolve));
  }, pino({ level: 'silent' }));
  await running;
  let stopped = false;
  const stopping = job.stop().then(() => (stopped = true));
  await Promise.resolve();
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(stopped).toBe(true);
});

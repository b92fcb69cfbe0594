/**
 * The database goes away and comes back: calls answer 503 with a Danish message within 2 s (never hang, never 500),
 * /health and /ready say so, and the API recovers by itself when the database returns.
 */
import { FRESH_MS } from '../src/data/sign-in-cache.js';
import { clinicWithTrial } from './support/fixtures.js';
import { openTcpGate, type TcpGate } from './support/tcp-gate.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const UNAVAILABLE = 'Databasen svarer ikke lige nu. Prøv igen om lidt.';

let gate: TcpGate;
let t: TestApi;
beforeAll(async () => {
  gate = await openTcpGate(process.env.KLINIK_TEST_MONGODB_URI!);
  t = await startTestApi({}, { uri: () => gate.uri });
});
afterAll(async () => {
  await gate.restore().catch(() => undefined);
  await t.close();
  await gate.close();
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

it('answers 503 within 2 s while the database is away, and recovers when it returns', async () => {
  // On a trial: the calls below pass the sign-in and plan checks (from the cache, while it is fresh) and reach the
  // database for their own data.
  const owner = await clinicWithTrial(t);
  const base = t.url.replace(/\/api$/, '');
  expect((await t.call('getTherapist', {}, owner.token)).status).toBe(200);

  await gate.cut();
  const cutAt = performance.now();
  // A read, a sign-in and a write: each answers within the promise, with the same message.
  const calls: (() => Promise<{ status: number; body: { message?: string } }>)[] = [
    () => t.call('getAllTreatment', {}, owner.token),
    () => t.call('login', { username: owner.email, password: owner.password }),
    () => t.call('addTreatment', { name: 'Massage', price: 500, duration: 60 * 60, pause: 0 }, owner.token),
  ];
  for (const call of calls) {
    const { value, ms } = await timed(call);
    if (value.status !== 503) console.log(t.logs.slice(-3).join('\n'));
    expect(value.status).toBe(503);
    expect(value.body.message).toBe(UNAVAILABLE);
    expect(ms).toBeLessThan(2_500);
  }
  // A call the sign-in cache answers alone: from memory only within FRESH_MS of the cache's last read of the changes
  // (before the cut; data/sign-in-cache.ts), then it must read, and fails like the calls above.
  let alone = await timed(() => t.call('getTherapist', {}, owner.token));
  while (alone.value.status === 200) {
    expect(performance.now() - cutAt).toBeLessThanOrEqual(FRESH_MS + 250);
    alone = await timed(() => t.call('getTherapist', {}, owner.token));
  }
  expect([alone.value.status, alone.value.body.message]).toEqual([503, UNAVAILABLE]);
  expect(alone.ms).toBeLessThan(2_500);
  const health = await timed(() => fetch(`${base}/health`));
  expect(health.value.status).toBe(200);
  expect(await health.value.json()).toEqual({ ok: true, database: 'unavailable' });
  const ready = await timed(() => fetch(`${base}/ready`));
  expect(ready.value.status).toBe(503);
  expect(ready.ms).toBeLessThan(2_500);

  await gate.restore();
  // Recovery needs nobody: the driver reconnects on its own; wait for readiness itself, not for a fixed time.
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${base}/ready`)).status !== 200) {
    if (Date.now() > deadline) throw new Error('the API did not recover within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await t.call('getTherapist', {}, owner.token)).status).toBe(200);
  expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true, database: 'available' });
});

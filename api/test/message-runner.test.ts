/**
 * The message runner under races and crashes: two runners racing over 500 due reminders send each exactly
 * once; a runner killed with SIGKILL in the middle of a batch (at a known point: before a send, holding its lease)
 * loses nothing and duplicates nothing when another takes over after the lease. The SMS go through the GatewayAPI
 * adapter to a local HTTP server that counts every request by its reference.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Types } from 'mongoose';
import { copenhagenDateKey, copenhagenWallTime } from '@klinik/core';
import { createGatewayApiGateway } from '../src/adapters/sms/gatewayapi.js';
import { planMessages } from '../src/jobs/messages.js';
import { runDueMessages, type RunnerDeps } from '../src/jobs/message-runner.js';
import { clinicWithTrial, newClient, payingWithCard } from './support/fixtures.js';
import { startTestApi, testConfig, type TestApi } from './support/test-api.js';
import { listenLocally } from './support/local-server.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'message-runner-child.mjs');
const HOUR = 3_600_000;

let t: TestApi;
let gateway: http.Server;
let gatewayUrl: string;
const received = new Map<string, number>();
/** While true, the gateway answers 500 (a transient failure) without taking the SMS. */
let failing = false;
beforeAll(async () => {
  // Hundreds of reminders to one number from one clinic: far past the daily caps (contact.test.ts tests those).
  const unlimited = { points: 1_000_000, durationSeconds: 86_400 };
  t = await startTestApi({ rateLimits: { ...testConfig().rateLimits, 'sms:company': unlimited, 'sms:number': unlimited } });
  gateway = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const { userref } = JSON.parse(body) as { userref: string };
      received.set(userref, (received.get(userref) ?? 0) + 1);
      if (failing) {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: '0x0000', message: 'Internal error' }));
        return;
      }
      // A little latency, as a real gateway has: the racing runners overlap.
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ids: [received.size] }));
      }, 2);
    });
  });
  gatewayUrl = await listenLocally(gateway);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => gateway.close(resolve));
});

/** A clinic with reminders on and `count` bookings of one client starting within the next day. */
async function dueReminders(count: number): Promise<{ companyId: string }> {
  const owner = await clinicWithTrial(t);
  const now = Date.now();
  await t.models.Therapist.updateOne({ _id: owner.therapistId }, { $set: { reminders: true, reminderLeadHours: 24 } });
  // Pays, with a card: SMS beyond the month's free ones go out (a trial clinic stops at its free quota).
  await payingWithCard(t, owner);
  // The client as the calendar makes one (a booking far ahead, outside every reminder window).
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 1800, pause: 0 }, owner.token);
  const first = await t.call('addBooking', { treatmentId: treatment.body.data.id, from: copenhagenWallTime(2030, 1, 7, 9), client: newClient('4321') }, owner.token);
  const client = { _id: new Types.ObjectId(first.body.data.clientId) };
  await t.call('setClient', { id: first.body.data.clientId, changes: { reminder: true, phonePrivate: '20123456' } }, owner.token);
  const bookings = Array.from({ length: count }, (_, index) => {
    const from = now + HOUR + index * 60_000;
    return { companyId: owner.companyId, therapistId: owner.therapistId, clientId: client._id, from, to: from + 30 * 60_000, bookingDate: copenhagenDateKey(from) };
  });
  await t.models.Booking.insertMany(bookings);
  expect(await planMessages({ models: t.api.services.models, now: () => now, logger: t.api.services.logger })).toBeGreaterThanOrEqual(count);
  expect(await t.models.MessageJob.countDocuments({ companyId: owner.companyId, state: 'pending' })).toBe(count);
  return { companyId: owner.companyId };
}

function runner(leaseMs: number, clockAheadMs = 0): RunnerDeps {
  const services = t.api.services;
  return {
    models: services.models,
    mailer: services.mailer,
    sms: createGatewayApiGateway({ token: 'test-token', url: gatewayUrl, sender: 'Klinik' }),
    tokens: services.tokens,
    limiter: services.limiter,
    payments: services.payments,
    config: { appUrl: services.config.appUrl, messageJobs: { everyMs: 0, batchSize: 50, leaseMs, concurrency: 5 } },
    logger: services.logger,
    now: () => Date.now() + clockAheadMs,
  };
}

async function sentOf(companyId: string): Promise<string[]> {
  const jobs = await t.models.MessageJob.find({ companyId }, { _id: 1, state: 1 }).lean();
  expect(jobs.filter((job) => job.state !== 'sent')).toEqual([]);
  return jobs.map((job) => job._id);
}

it('two runners racing over 500 due reminders send each exactly once', async () => {
  received.clear();
  const { companyId } = await dueReminders(500);
  const [first, second] = await Promise.all([runDueMessages(runner(120_000), 'runner-a', 100_000), runDueMessages(runner(120_000), 'runner-b', 100_000)]);
  expect(first.sent + second.sent).toBe(500);
  // Both did part of the work (otherwise this proved nothing about racing).
  expect(Math.min(first.sent, second.sent)).toBeGreaterThan(0);
  const ids = await sentOf(companyId);
  expect(ids).toHaveLength(500);
  expect([...received.keys()].sort()).toEqual([...ids].sort());
  expect([...received.values()].every((times) => times === 1)).toBe(true);
  // The ledger: 500 SMS, the first 20 of the month free.
  expect(await t.models.SmsUsage.countDocuments({ companyId })).toBe(500);
  expect(await t.models.SmsUsage.countDocuments({ companyId, free: true })).toBe(20);
}, 120_000);

it('a runner killed mid-batch loses nothing and duplicates nothing when another takes over', async () => {
  received.clear();
  const { companyId } = await dueReminders(20);
  const leaseMs = 60_000;
  const child = spawn(process.execPath, [CHILD], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      CHILD_MONGODB_URI: process.env.KLINIK_TEST_MONGODB_URI,
      CHILD_DB_NAME: t.api.services.models.MessageJob.db.name,
      CHILD_GATEWAY_URL: gatewayUrl,
      CHILD_LEASE_MS: String(leaseMs),
      KLINIK_TEST_MESSAGE_PAUSE_BEFORE_SEND: '8',
    },
  });
  const paused = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /paused (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the child runner exited (${code}) before pausing: ${output}`)));
  });
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(received.size).toBe(7);
  expect(received.has(paused)).toBe(false);

  // Before its lease has run out, nobody takes the job the dead runner held.
  const early = await runDueMessages(runner(leaseMs), 'runner-early');
  expect(early.sent).toBe(20 - 8);
  expect(await t.models.MessageJob.findById(paused).lean()).toMatchObject({ state: 'pending' });
  // After it: another runner takes it over.
  const late = await runDueMessages(runner(leaseMs, leaseMs + 1_000), 'runner-late');
  expect(late.sent).toBe(1);
  const ids = await sentOf(companyId);
  expect(ids).toHaveLength(20);
  expect([...received.keys()].sort()).toEqual([...ids].sort());
  expect([...received.values()].every((times) => times === 1)).toBe(true);
}, 120_000);

it('retries a transient failure after 1, 5 and 30 minutes, then gives up with a visible reason', async () => {
  received.clear();
  const { companyId } = await dueReminders(1);
  const job = async () => (await t.models.MessageJob.findOne({ companyId }).lean())!;
  failing = true;
  try {
    let ahead = 0;
    const tries: { attempts: number; waitMs: number }[] = [];
    for (const delay of [0, 60_000, 5 * 60_000, 30 * 60_000]) {
      ahead += delay;
      // Not yet due (a second before the pause is over): nothing happens.
      if (delay > 0) {
        const early = await runDueMessages(runner(120_000, ahead - 1_000), 'runner-retry');
        expect(early.retried + early.failed + early.sent).toBe(0);
      }
      const before = Date.now() + ahead;
      await runDueMessages(runner(120_000, ahead), 'runner-retry');
      const now = await job();
      tries.push({ attempts: now.attempts, waitMs: Math.round((now.nextAttemptAt - before) / 60_000) * 60_000 });
    }
    const last = await job();
    expect(last).toMatchObject({ state: 'failed', attempts: 4 });
    expect(last.reason).toBe('Opgivet efter flere forsøg: SMS-tjenesten kunne ikke sende beskeden');
    expect(tries.slice(0, 3)).toEqual([
      { attempts: 1, waitMs: 60_000 },
      { attempts: 2, waitMs: 5 * 60_000 },
      { attempts: 3, waitMs: 30 * 60_000 },
    ]);
    expect([...received.values()]).toEqual([4]);
    // Given up is final: no further try, and nothing was counted as sent.
    await runDueMessages(runner(120_000, ahead + 24 * HOUR), 'runner-retry');
    expect([...received.values()]).toEqual([4]);
    expect(await t.models.SmsUsage.countDocuments({ companyId })).toBe(0);
  } finally {
    failing = false;
  }
});

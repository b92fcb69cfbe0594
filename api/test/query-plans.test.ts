/**
 * The hot calls' queries are served by an index, on the database the suite runs on: the embedded
 * FerretDB (SQLite searches an index: `USING INDEX`, never a `SCAN` of the table) or, with MONGODB_URI, MongoDB
 * (`IXSCAN` or an `_id` lookup, never a `COLLSCAN`). The queries are the ones the API really sends, captured from the
 * connection while a therapist opens the week view, the client list and its search, a booking, a client page, and is
 * checked at sign-in (when the sign-in cache must read); each is then explained with the filter and sort the API sent.
 */
import type { Connection } from 'mongoose';
import { DAY_MS } from '@klinik/core';
import { clinicWithTrial, newClient } from './support/fixtures.js';
import { startTestApi, type TestApi } from './support/test-api.js';

let t: TestApi;
let conn: Connection;
let ferret: boolean;
beforeAll(async () => {
  t = await startTestApi();
  conn = t.models.Client.db;
  const info = await conn.db!.admin().command({ buildInfo: 1 });
  ferret = typeof info.ferretdbVersion === 'string';
});
afterAll(async () => {
  conn?.set('debug', false);
  await t.close();
});

interface Captured {
  collection: string;
  method: string;
  filter: Record<string, unknown>;
  options: { sort?: Record<string, unknown> };
}

/** The reads `work` makes through the API's connection. */
async function readsOf(work: () => Promise<unknown>): Promise<Captured[]> {
  const captured: Captured[] = [];
  conn.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (['find', 'findOne', 'countDocuments'].includes(method)) {
      captured.push({ collection, method, filter: (args[0] ?? {}) as Record<string, unknown>, options: args[1] ?? {} });
    }
  });
  try {
    await work();
  } finally {
    conn.set('debug', false);
  }
  return captured;
}

/** How the server answers `read`: by an index, or by reading the whole collection (with the plan, to say why). */
async function servedBy(read: Captured): Promise<{ indexed: boolean; plan: string }> {
  const find: Record<string, unknown> = { find: read.collection, filter: read.filter };
  if (read.options.sort) find.sort = read.options.sort;
  const answer = await conn.db!.command({ explain: find });
  if (ferret) {
    const plan = JSON.stringify(answer.queryPlanner);
    return { indexed: answer.filterPushdown === true && /USING (COVERING )?INDEX/.test(plan) && !/\bSCAN\b/.test(plan), plan };
  }
  const planner = answer.queryPlanner as { winningPlan?: unknown } | undefined;
  const plan = JSON.stringify(planner?.winningPlan ?? planner);
  return { indexed: /IXSCAN|IDHACK|EXPRESS_IXSCAN|EXPRESS_CLUSTERED_IXSCAN/.test(plan) && !/COLLSCAN/.test(plan), plan };
}

it("serves the hot calls' reads from an index", async () => {
  const owner = await clinicWithTrial(t);
  const treatment = await t.call('addTreatment', { name: 'Massage', price: 450, duration: 45 * 60, pause: 0 }, owner.token);
  const from = Math.ceil((t.clock.now() + DAY_MS) / 3_600_000) * 3_600_000;
  const booked = await t.call('addBooking', { treatmentId: treatment.body.data.id, from, client: newClient() }, owner.token);
  expect(booked.status).toBe(200);
  const { id: bookingId, clientId } = booked.body.data;

  const calls: [string, () => Promise<unknown>][] = [
    [
      'the sign-in check (getTherapist), its records just changed',
      async () => {
        // The check answers from the process's cache (data/sign-in-cache.ts); a change of both records makes it read them.
        await t.models.Therapist.updateOne({ _id: owner.therapistId, companyId: owner.companyId }, { $set: { phone: '+45 11 22 33 44' } });
        await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { phone: '11223344' } });
        return t.call('getTherapist', {}, owner.token);
      },
    ],
    ['the week view', () => t.call('getBookingsFromTherapist', { from: from - 3 * DAY_MS, to: from + 4 * DAY_MS }, owner.token)],
    ['the client list', () => t.call('getAllClient', { search: '', page: 2, size: 10 }, owner.token)],
    ['the client search', () => t.call('getAllClient', { search: 'hans ø', page: 1, size: 10 }, owner.token)],
    ['a booking', () => t.call('getBooking', { id: bookingId }, owner.token)],
    ['a client', () => t.call('getClient', { id: clientId }, owner.token)],
    ["a client's journals", () => t.call('getJournalsFromClient', { clientId }, owner.token)],
    ["a client's bookings", () => t.call('getBookingsFromClient', { clientId }, owner.token)],
  ];
  const scans: string[] = [];
  const signInReads: string[] = [];
  for (const [name, call] of calls) {
    const captured = (
      await readsOf(async () => {
        const answer = (await call()) as { status: number; body: unknown };
        expect(`${name}: ${answer.status}`).toBe(`${name}: 200`);
      })
    ).filter((read) => {
      // The sign-in cache's look at the change records: a range on a time, which the embedded database scans, at most
      // five times a second per process whatever the calls, over the last ten minutes' changes of therapist and clinic
      // records (the rest are swept). Not a read of a call.
      return read.collection !== 'signinchanges';
    });
    expect(`${name}: ${captured.length} reads`).not.toBe(`${name}: 0 reads`);
    if (name.startsWith('the sign-in check')) signInReads.push(...captured.map((read) => `${read.collection}.${read.method}`));
    for (const read of captured) {
      const { indexed, plan } = await servedBy(read);
      if (!indexed) scans.push(`${name}: ${read.collection}.${read.method}(${JSON.stringify(read.filter)}) ${JSON.stringify(read.options.sort ?? {})}\n  ${plan}`);
    }
  }
  expect(scans).toEqual([]);
  expect(signInReads.sort()).toEqual(['companies.findOne', 'therapists.findOne']);
});

/**
 * The sign-in cache (data/sign-in-cache.ts) in one process: a signed-in call reads neither the therapist nor the
 * clinic once they are cached; every change of them made in this process shows on the next call; a change made
 * through another connection (as another process would) arrives through the change records within the bound.
 * two-processes.test.ts proves the bound with two real API processes.
 */
import type { Connection } from 'mongoose';
import { messages } from '@klinik/core';
import { connectDatabase } from '../src/db/connect.js';
import { FRESH_MS } from '../src/data/sign-in-cache.js';
import { createModels } from '../src/models/index.js';
import { colleagueOf, registerAndLogin, type SignedInOwner } from './support/fixtures.js';
import { startTestApi, TEST_ADMIN, type TestApi } from './support/test-api.js';

let t: TestApi;
let conn: Connection;
/** Every operation the API's connection sends, as `collection.method`. */
const operations: string[] = [];

beforeAll(async () => {
  t = await startTestApi();
  conn = t.api.services.models.Therapist.db;
  conn.set('debug', (collection: string, method: string) => {
    operations.push(`${collection}.${method}`);
  });
});
afterAll(async () => {
  conn?.set('debug', false);
  await t.close();
});

/** The operations on the therapist and clinic records that `work` sends. */
async function recordReads(work: () => Promise<unknown>): Promise<string[]> {
  const from = operations.length;
  await work();
  return operations.slice(from).filter((operation) => /^(therapists|companies)\./.test(operation));
}

const me = (token: string) => t.call('getTherapist', {}, token);

describe('a signed-in call', () => {
  it('reads the therapist and the clinic once, then answers from the cache', async () => {
    const owner = await registerAndLogin(t);
    const first = await recordReads(() => me(owner.token));
    expect(first.sort()).toEqual(['companies.findOne', 'therapists.findOne']);
    for (let call = 0; call < 3; call += 1) {
      const reads = await recordReads(async () => expect((await me(owner.token)).status).toBe(200));
      expect(reads).toEqual([]);
    }
  });
});

describe('a change made in this process shows on the next call', () => {
  let owner: SignedInOwner;
  beforeEach(async () => {
    owner = await registerAndLogin(t);
    // Cached before each change.
    expect((await me(owner.token)).status).toBe(200);
    expect(await recordReads(() => me(owner.token))).toEqual([]);
  });

  it('sign-out', async () => {
    expect((await t.call('logout', {}, owner.token)).status).toBe(200);
    expect((await me(owner.token)).status).toBe(401);
  });

  it('a new password', async () => {
    const changed = await t.call('setPassword', { oldPassword: owner.password, newPassword: 'nytkodeord9' }, owner.token);
    expect(changed.status).toBe(200);
    expect((await me(owner.token)).status).toBe(401);
  });

  it('a disabled clinic', async () => {
    const admin = (await t.call('adminCheck', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).body.adminToken;
    expect((await t.call('disableCompany', { companyId: owner.companyId, isDisabled: true }, admin)).status).toBe(200);
    const refused = await me(owner.token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(messages.companyDisabled);
  });

  it('a deleted colleague', async () => {
    const colleague = await colleagueOf(t, owner);
    expect((await me(colleague.token)).status).toBe(200);
    expect((await t.call('deleteTherapistByCompany', { id: colleague.therapistId }, owner.token)).status).toBe(200);
    expect((await me(colleague.token)).status).toBe(401);
  });

  it('lost owner rights, and any other field of the records', async () => {
    const renamed = await t.call('setTherapist', { nameFirst: 'Ny', nameLast: 'Navn' }, owner.token);
    expect(renamed.status).toBe(200);
    expect((await me(owner.token)).body.data).toMatchObject({ nameFirst: 'Ny', nameLast: 'Navn' });
    // Straight through the models (a job, the CLI): the same hooks.
    await t.models.Company.updateOne({ _id: owner.companyId }, { $set: { companyName: 'Omdøbt Klinik' } });
    expect((await me(owner.token)).body.data).toMatchObject({ company: { companyName: 'Omdøbt Klinik' } });
    await t.models.Therapist.updateOne({ _id: owner.therapistId }, { $set: { isAdmin: false } });
    expect((await t.call('getAllTherapistByCompany', {}, owner.token)).status).toBe(403);
  });
});

it('learns of a change made through another connection (another process) within the bound', async () => {
  const owner = await registerAndLogin(t);
  expect((await me(owner.token)).status).toBe(200);
  expect(await recordReads(() => me(owner.token))).toEqual([]);
  const other = await connectDatabase(process.env.KLINIK_TEST_MONGODB_URI!, conn.db!.databaseName);
  try {
    await createModels(other).Therapist.updateOne({ _id: owner.therapistId, companyId: owner.companyId }, { $inc: { tokenVersion: 1 } });
    const changed = performance.now();
    let answer = await me(owner.token);
    while (answer.status === 200 && performance.now() - changed < 5000) answer = await me(owner.token);
    const after = performance.now() - changed;
    // The cache's own bound, checked apart: the second is not a margin for it to grow into unnoticed.
    expect(FRESH_MS).toBeLessThanOrEqual(500);
    expect(answer.status).toBe(401);
    expect(after).toBeLessThanOrEqual(1000);
  } finally {
    await other.close();
  }
});

/**
 * `npm run admin:add` and `npm run team:add` make an account whose two-factor secret is stored encrypted with the
 * API's keys (development's .data/secrets.json here), so the API can read it at the account's first sign-in. Both
 * commands threw 'No data encryption keys are configured' before they loaded those keys.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import type { Connection } from 'mongoose';
import { runAdminCli } from '../src/cli/admin.js';
import { runTeamUserCli } from '../src/cli/team-user.js';
import { connectDatabase } from '../src/db/connect.js';
import { twoFactorKey } from '../src/domain/accounts/two-factor.js';
import { createModels } from '../src/models/index.js';

const saved = { ...process.env };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-cli-'));
let conn: Connection;

beforeAll(async () => {
  const uri = process.env.KLINIK_TEST_MONGODB_URI;
  if (!uri) throw new Error('KLINIK_TEST_MONGODB_URI is not set: run the api tests through jest (global setup)');
  // What a developer's shell has: the running database, and no keys in the environment.
  process.env.MONGODB_URI = uri;
  process.env.MONGODB_DB = `t_cli_${randomBytes(4).toString('hex')}`;
  process.env.KLINIK_DATA_DIR = dataDir;
  process.env.NODE_ENV = 'development';
  delete process.env.DATA_ENCRYPTION_KEYS;
  delete process.env.CPR_HASH_KEY;
  conn = await connectDatabase(uri, process.env.MONGODB_DB);
});

afterAll(async () => {
  await conn.close();
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a command, and what it printed. */
async function run(command: () => Promise<number>): Promise<{ code: number; printed: string }> {
  const lines: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  try {
    return { code: await command(), printed: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** The printed authenticator secret: the stored one decrypts to it with the API's keys, and is not stored as it is. */
async function expectStoredSecret(printed: string, key: string) {
  const secret = /secret\s+([A-Z2-7]{16,})/.exec(printed)?.[1];
  expect(secret).toBeDefined();
  const stored = await createModels(conn).TwoFactor.findById(key).lean();
  expect(stored?.secret).toBe(secret);
  const raw = await conn.db!.collection(createModels(conn).TwoFactor.collection.collectionName).findOne({ _id: key as never });
  expect(raw?.secret).toBeTruthy();
  expect(JSON.stringify(raw)).not.toContain(secret!);
}

it('npm run team:add makes a support-team user with two-factor sign-in', async () => {
  const { code, printed } = await run(() => runTeamUserCli(['supporter.cli', 'en-lang-god-kode-1']));
  expect(printed).toContain('Team user supporter.cli is ready.');
  expect(code).toBe(0);
  const user = await createModels(conn).TeamUser.findOne({ username: 'supporter.cli' }).lean();
  await expectStoredSecret(printed, twoFactorKey('team', user!._id.toString()));
  // Deactivating needs no keys, and works.
  expect((await run(() => runTeamUserCli(['--deactivate', 'supporter.cli']))).code).toBe(0);
});

it('npm run admin:add makes an administrator with two-factor sign-in', async () => {
  const { code, printed } = await run(() => runAdminCli(['admin.cli', 'en-anden-god-kode-2']));
  expect(printed).toContain('Administrator admin.cli is ready.');
  expect(code).toBe(0);
  const admin = await createModels(conn).Administrator.findOne({ username: 'admin.cli' }).lean();
  await expectStoredSecret(printed, twoFactorKey('admin', admin!._id.toString()));
});

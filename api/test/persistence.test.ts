/**
 * The embedded database keeps its data across restarts, and so does the whole API process: a clinic registered
 * before a restart signs in after it (a second `npm start` reuses the same data and secrets).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import mongoose from 'mongoose';
import { launchDatabase } from '@klinik/devkit/database';
import { startServer } from '../src/server.js';
import { registration, uniqueEmail } from './support/fixtures.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-persist-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps documents in the data folder across a stop and a start', async () => {
  const first = await launchDatabase({ dataDir, ignoreEnv: true, log: () => undefined });
  expect(first.kind).not.toBe('external');
  const conn = await mongoose.createConnection(first.uri, { dbName: 'persist' }).asPromise();
  await conn.collection('notes').insertOne({ text: 'Journal skrevet før genstart' });
  await conn.close();
  await first.stop();

  const second = await launchDatabase({ dataDir, ignoreEnv: true, log: () => undefined });
  try {
    const again = await mongoose.createConnection(second.uri, { dbName: 'persist' }).asPromise();
    expect(await again.collection('notes').findOne({}, { projection: { _id: 0 } })).toEqual({ text: 'Journal skrevet før genstart' });
    await again.close();
  } finally {
    await second.stop();
  }
});

it('signs in after an API restart with a clinic registered before it', async () => {
  const env = { ...process.env, KLINIK_DATA_DIR: dataDir, PORT: String(await getPort()), LOG_LEVEL: 'warn', MONGODB_URI: '' };
  const email = uniqueEmail('genstart');
  const call = (url: string, body: unknown) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const first = await startServer(env);
  const firstPassword = first.admin?.password;
  expect(first.admin?.username).toBe('admin');
  expect((await call(first.url, { action: 'register', ...registration(email) })).status).toBe(200);
  await first.stop();

  const second = await startServer(env);
  try {
    expect(second.admin?.password).toBe(firstPassword);
    // The named development administrator exists and signs in with the generated password.
    const admin = await call(second.url, { action: 'adminCheck', username: 'admin', password: firstPassword });
    expect(admin.status).toBe(200);
    const login = await call(second.url, { action: 'login', username: email, password: 'hemmeligt1' });
    expect(login.status).toBe(200);
  } finally {
    await second.stop();
  }
});

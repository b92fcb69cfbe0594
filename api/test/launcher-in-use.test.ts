/**
 * One embedded database per data folder. A start on a folder whose FerretDB was started by a process that still runs
 * is refused and leaves that server alone (a second `npm start` used to stop the first one's database, whose API then
 * answered 'Databasen svarer ikke' until restarted); a FerretDB whose starter was killed before it could stop it is
 * a leftover, stopped and replaced as before.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { launchDatabase } from '@klinik/devkit/database';
import { DatabaseInUseError, ferretPidFile, type DatabaseHandle } from '../src/db/embedded.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-launcher-in-use-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const quiet = { ignoreEnv: true, log: () => undefined } as const;
const pidFile = () => JSON.parse(readFileSync(ferretPidFile(dataDir), 'utf8')) as { pid: number; owner: number };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Writes and reads back a document through the server at `uri`. */
async function answers(uri: string): Promise<boolean> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
  try {
    const things = client.db('klinik-in-use').collection<{ _id: string }>('things');
    await things.updateOne({ _id: 'a' }, { $set: { at: Date.now() } }, { upsert: true });
    return (await things.findOne({ _id: 'a' })) !== null;
  } finally {
    await client.close();
  }
}

it('refuses a second start on a data folder while the first one runs, and leaves the first one serving', async () => {
  const first = await launchDatabase({ dataDir, ...quiet });
  try {
    expect(pidFile().owner).toBe(process.pid);
    const server = pidFile().pid;
    // Were it to start (the bug), its server is stopped again, so the test fails on the expectation, not a hang.
    const second = launchDatabase({ dataDir, ...quiet }).then(async (database) => {
      await database.stop();
      return database;
    });
    await expect(second).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(second).rejects.toThrow(`FerretDB (pid ${server}) started by process ${process.pid}, which still runs`);
    expect(isAlive(server)).toBe(true);
    expect(await answers(first.uri)).toBe(true);
  } finally {
    await first.stop();
  }
  // Stopped cleanly, the folder is free again.
  const again: DatabaseHandle = await launchDatabase({ dataDir, ...quiet });
  await again.stop();
});

it('stops a FerretDB left running by a start that was killed, and starts its own', async () => {
  // A start in another process, killed (SIGKILL: no clean-up) once its database runs: the server is left behind.
  const launcher = path.resolve(import.meta.dirname, '..', '..', 'devkit', 'dist', 'database', 'index.js');
  const script = `const { launchDatabase } = await import(${JSON.stringify(launcher)}); const db = await launchDatabase({ dataDir: ${JSON.stringify(dataDir)}, ignoreEnv: true, log() {} }); console.log(db.uri); setInterval(() => {}, 1000);`;
  const starter = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const uri = await new Promise<string>((resolve, reject) => {
    starter.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    starter.once('exit', (code) => reject(new Error(`the starter ended (${code}) before its database ran`)));
  });
  const left = pidFile();
  expect(left.owner).toBe(starter.pid);
  starter.kill('SIGKILL');
  await new Promise((resolve) => starter.once('exit', resolve));
  expect(isAlive(left.pid)).toBe(true);
  expect(await answers(uri)).toBe(true);

  const database = await launchDatabase({ dataDir, ...quiet });
  try {
    expect(pidFile().owner).toBe(process.pid);
    expect(pidFile().pid).not.toBe(left.pid);
    expect(await answers(database.uri)).toBe(true);
  } finally {
    await database.stop();
  }
  // The leftover was told to stop (SIGTERM); it is gone within its shutdown time.
  const deadline = Date.now() + 10_000;
  while (isAlive(left.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(isAlive(left.pid)).toBe(false);
});

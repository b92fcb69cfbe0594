/**
 * The database for a command-line script: MONGODB_URI if set; else the database of a running `npm start`
 * (found in .data/stack.json); else the embedded database, started for the script and stopped after it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { configFromEnv } from '../config.js';
import { connectDatabase } from '../db/connect.js';
import { openDatabase } from '../db/embedded.js';
import { dataDir } from '../paths.js';
import { useDataKeyring } from '../security/encryption.js';

function runningStackUri(folder: string): string | null {
  const file = path.join(folder, 'stack.json');
  if (!existsSync(file)) return null;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as { mongodbUri?: string; pid?: number };
    if (!state.mongodbUri || !state.pid) return null;
    process.kill(state.pid, 0); // throws when that process is gone
    return state.mongodbUri;
  } catch {
    return null;
  }
}

export async function withDatabase<T>(work: (conn: Connection) => Promise<T>): Promise<T> {
  const folder = dataDir();
  const known = process.env.MONGODB_URI || runningStackUri(folder);
  const database = known ? null : await openDatabase({ dataDir: folder, log: (line) => console.log(line) });
  const conn = await connectDatabase(known ?? database!.uri);
  try {
    return await work(conn);
  } finally {
    await conn.close();
    await database?.stop();
  }
}

/**
 * The API's health-data keys (DATA_ENCRYPTION_KEYS and CPR_HASH_KEY, or development's generated ones in
 * .data/secrets.json), for a script that writes or finds encrypted fields: a two-factor secret, a CPR number.
 * Without them such a write throws (the models' encryption hooks have no key), as `npm run admin:add` and
 * `npm run team:add` did when two-factor secrets became encrypted.
 */
export function useApiDataKeys(env: NodeJS.ProcessEnv = process.env): void {
  useDataKeyring(configFromEnv(env, dataDir(env)).dataKeyring);
}

/**
 * The database for a command-line script: MONGODB_URI if set; else the database of a running `npm start`
 * (found in .data/stack.json); else the embedded database, started for the script and stopped after it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { connectDatabase } from '../db/connect.js';
import { launchDatabase } from '../db/launcher.js';
import { dataDir } from '../paths.js';

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
  const database = known ? null : await launchDatabase({ dataDir: folder, log: (line) => console.log(line) });
  const conn = await connectDatabase(known ?? database!.uri);
  try {
    return await work(conn);
  } finally {
    await conn.close();
    await database?.stop();
  }
}

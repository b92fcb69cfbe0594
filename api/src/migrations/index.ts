/** The start-up migrations, in order (runner.ts says how they are claimed and why each must be idempotent). */
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { encryptAtRestMigration } from './encrypt-at-rest.js';
import { invoiceSnapshotsMigration } from './invoice-snapshots.js';
import { runMigrations, type Migration } from './runner.js';

export function startupMigrations(): Migration[] {
  return [encryptAtRestMigration(), invoiceSnapshotsMigration];
}

export async function runStartupMigrations(conn: Connection, logger: Logger): Promise<string[]> {
  return runMigrations(conn, startupMigrations(), logger);
}

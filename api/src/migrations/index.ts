/**
 * Data migrations, run at start (server.ts) before the API takes requests. Each is idempotent (running it again
 * changes nothing) and walks its documents with one cursor, writing one document at a time (FerretDB: no large
 * multi-document writes), so a crash half-way is finished by the next start and several API processes starting at
 * once do the same work harmlessly. A migration that completed is recorded in the `migrations` collection and not
 * walked again.
 */
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Models } from '../models/index.js';
import { invoiceSnapshotsPrintedOnly } from './invoice-snapshots-printed-only.js';

export interface Migration {
  id: string;
  /** Answers how many documents it changed. */
  run(models: Models): Promise<number>;
}

export const MIGRATIONS: Migration[] = [invoiceSnapshotsPrintedOnly];

const COLLECTION = 'migrations';

export async function runMigrations(conn: Connection, models: Models, logger: Logger, now: number, migrations = MIGRATIONS): Promise<Record<string, number>> {
  const done = conn.db!.collection<{ _id: string; doneAt: number; changed: number }>(COLLECTION);
  const changed: Record<string, number> = {};
  for (const migration of migrations) {
    if (await done.findOne({ _id: migration.id })) continue;
    changed[migration.id] = await migration.run(models);
    logger.info({ migration: migration.id, changed: changed[migration.id] }, 'migration done');
    await done.updateOne({ _id: migration.id }, { $set: { doneAt: now, changed: changed[migration.id] } }, { upsert: true });
  }
  return changed;
}

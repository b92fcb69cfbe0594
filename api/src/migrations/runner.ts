/**
 * Migrations run at start (createApi), in order, each recorded in the `migrations` collection under its own `_id`.
 * The claim is an insert (the only race-safe operation on FerretDB 1.24,
 * docs/decisions/0004-concurrency-by-id-claims.md): the first process to insert runs it. A claim without
 * `finishedAt` (a crash, or another process still at work) is run again rather than trusted or timed out: every
 * migration must be idempotent and page by `_id`, so running it twice, even at the same time, leaves the same result.
 */
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKeyError } from '../errors.js';

export interface Migration {
  /** Unique and never reused; a new id runs again (e.g. the re-encryption pass names the newest key). */
  id: string;
  run(conn: Connection, logger: Logger): Promise<void>;
}

interface MigrationRecord {
  _id: string;
  startedAt: Date;
  finishedAt?: Date;
}

export async function runMigrations(conn: Connection, migrations: Migration[], logger: Logger): Promise<string[]> {
  const records = conn.collection<MigrationRecord>('migrations');
  const ran: string[] = [];
  for (const migration of migrations) {
    try {
      await records.insertOne({ _id: migration.id, startedAt: new Date() });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await records.findOne({ _id: migration.id });
      if (existing?.finishedAt) continue;
    }
    logger.info({ migration: migration.id }, 'migration started');
    await migration.run(conn, logger);
    await records.updateOne({ _id: migration.id }, { $set: { finishedAt: new Date() } });
    logger.info({ migration: migration.id }, 'migration finished');
    ran.push(migration.id);
  }
  return ran;
}

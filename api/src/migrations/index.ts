/** The start-up migrations, in order (runner.ts says how they are claimed and why each must be idempotent). */
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { BlobStore } from '../adapters/blobs/index.js';
import { colleagueTrialsMigration } from './colleague-trials.js';
import { encryptAtRestMigration } from './encrypt-at-rest.js';
import { importedInvoiceNumbersMigration } from './imported-invoice-numbers.js';
import { invoiceClaimsMigration } from './invoice-claims.js';
import { invoiceIssuedMonthsMigration } from './invoice-issued-months.js';
import { invoiceSnapshotsMigration } from './invoice-snapshots.js';
import { runMigrations, type Migration } from './runner.js';

/**
 * `blobs`: the API's blob store, which the encryption pass needs (it brings stored files to the newest key too).
 * Without one (a script or test that looks at the database alone) that pass is left for the API's next start, not
 * recorded as done.
 */
export function startupMigrations(blobs?: BlobStore): Migration[] {
  return [...(blobs ? [encryptAtRestMigration(blobs)] : []), invoiceSnapshotsMigration, invoiceClaimsMigration, colleagueTrialsMigration, importedInvoiceNumbersMigration, invoiceIssuedMonthsMigration];
}

export async function runStartupMigrations(conn: Connection, logger: Logger, blobs?: BlobStore): Promise<string[]> {
  return runMigrations(conn, startupMigrations(blobs), logger);
}

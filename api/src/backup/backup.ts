/**
 * `npm run backup`: a point-in-time copy of the embedded database (FerretDB's SQLite files) and the local blob
 * folder, taken while the product runs and writes, with a manifest
 * (docs/decisions/0026-consistent-backups-of-the-embedded-database.md).
 *
 * Order: the database first, then the blobs. An image turns 'ready' only after its blobs are written, so every image
 * the snapshot shows as ready has its files on disk when the blob folder is copied afterwards, unless it is being
 * deleted (its blobs go before its record) at the snapshot or during the copy: then it comes back as a record without
 * its files. The reverse order would copy the blobs of an older moment than the records that point at them. Blobs
 * written after the snapshot are copied too: files no record points at, which nothing shows.
 */
import { constants, existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { blobDirOf } from '../config.js';
import { databaseDirOf, FERRETDB_VERSION } from '../db/embedded.js';
import { repoRoot } from '../paths.js';
import { copyTree, describeFiles, listFiles } from './files.js';
import { fingerprintsOf, keysInUse, type KeyFingerprints } from './keys.js';

/** The development kit's SQLite tool (devkit/src/database/sqlite-tool.ts), built like the embedded database. */
interface SqliteKit {
  ensureSqliteTool: (log: (line: string) => void) => Promise<string>;
  /** A copy of `source` as of one transaction boundary, while writers go on. */
  snapshotSqlite: (tool: string, source: string, target: string) => Promise<void>;
  inspectSqlite: (tool: string, file: string) => Promise<{ integrity: string; collections: Record<string, number> }>;
}

/** The backup copies the embedded database's files, which only a development install has, with the kit. */
async function sqliteKit(): Promise<SqliteKit> {
  const specifier = '@klinik/devkit/database';
  return (await import(specifier)) as SqliteKit;
}

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'klinik-backup/1';

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  /** When the database snapshot began (ISO 8601): the backup holds every write acknowledged before this moment. */
  snapshotAt: string;
  /** When the backup was complete. */
  finishedAt: string;
  project: { name: string; version: string };
  database: {
    kind: 'ferretdb-sqlite';
    ferretdb: string;
    /** The SQLite files under `db/`, one per database (the product uses `klinik`). */
    files: string[];
    /** Documents per collection, per database, as in the snapshot. */
    collections: Record<string, Record<string, number>>;
  };
  blobs: { files: number; bytes: number; vanishedDuringCopy: number };
  /** Which keys the health data needs: ids and fingerprints, never the keys (keys.ts). */
  keys: KeyFingerprints;
  /** Every file of the backup but this manifest, with its SHA-256: a restore refuses a backup that differs. */
  files: { path: string; bytes: number; sha256: string }[];
}

/** A refusal with a message for the operator (the command-line prints it and exits non-zero). */
export class BackupError extends Error {}

export const MONGODB_BACKUP_ADVICE = `MONGODB_URI is set: this command backs up the embedded database only, and does not copy MongoDB.
Back up MongoDB with its own tools, which know how to take a consistent copy of a live server:
  - a replica set: mongodump --uri "$MONGODB_URI" --oplog --gzip --archive=klinik-$(date +%F).archive
    (restore with mongorestore --oplogReplay); --oplog needs a replica set, which production runs anyway;
  - MongoDB Atlas: the cluster's continuous cloud backups / snapshots (point-in-time restore);
  - images in a cloud blob store: that store's versioning or replication.
The health-data keys (DATA_ENCRYPTION_KEYS, CPR_HASH_KEY) live in your secret store; keep them apart from the dumps.`;

function projectOf(): { name: string; version: string } {
  const { name, version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name, version };
}

export interface BackupOptions {
  /** The data folder of the running (or stopped) product. */
  dataDir: string;
  /** Where the backup's folder is made. */
  out: string;
  /** Development: also copy the data folder's secrets file (the keys) to this file, apart from the backup. */
  keysOut?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
}

/** The database files of the embedded database, after checking that there is one to back up. */
async function sqliteFiles(dataDir: string): Promise<string[]> {
  const dbDir = databaseDirOf(dataDir);
  const files = existsSync(dbDir) ? (await readdir(dbDir)).filter((name) => name.endsWith('.sqlite')).sort() : [];
  if (files.length > 0) return files;
  if (existsSync(path.join(dataDir, 'mongod'))) {
    throw new BackupError(`${dataDir} holds a mongod database (mongodb-memory-server), not FerretDB's SQLite files: back it up with mongodump.`);
  }
  throw new BackupError(`No embedded database in ${dbDir} (no *.sqlite file): nothing to back up. Is KLINIK_DATA_DIR right?`);
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  if (env.MONGODB_URI) throw new BackupError(MONGODB_BACKUP_ADVICE);
  const dataDir = path.resolve(options.dataDir);
  const databases = await sqliteFiles(dataDir);
  const keys = keysInUse(env, dataDir);
  if (!keys) {
    throw new BackupError(
      `The keys of this data's health data were not found (DATA_ENCRYPTION_KEYS and CPR_HASH_KEY, or ${path.join(dataDir, 'secrets.json')}): a backup without them could not be read. Run the backup with the API's environment.`,
    );
  }
  const keysOut = options.keysOut ? path.resolve(options.keysOut) : null;
  if (keysOut) {
    if (keys.source !== 'secrets.json') {
      throw new BackupError('--keys-out copies the development secrets file; these keys (or one of them) come from the environment (DATA_ENCRYPTION_KEYS, CPR_HASH_KEY) and stay in the secret store they come from.');
    }
    if (existsSync(keysOut)) throw new BackupError(`${keysOut} exists already; --keys-out never overwrites a file.`);
  }
  const fingerprints = fingerprintsOf(keys);
  const { ensureSqliteTool, inspectSqlite, snapshotSqlite } = await sqliteKit();
  const tool = await ensureSqliteTool(log);

  const out = path.resolve(options.out);
  if (existsSync(out) && !statSync(out).isDirectory()) throw new BackupError(`--out ${out} is a file, not a folder.`);
  const snapshotAt = new Date();
  const folder = path.join(out, `klinik-backup-${snapshotAt.toISOString().replace(/[:.]/g, '-')}`);
  // Made under another name and renamed when complete, so a half-made backup is never taken for one.
  const partial = `${folder}.partial`;
  if (existsSync(folder) || existsSync(partial)) throw new BackupError(`${folder} exists already.`);
  await mkdir(path.join(partial, 'db'), { recursive: true });
  try {
    for (const file of databases) {
      await snapshotSqlite(tool, path.join(databaseDirOf(dataDir), file), path.join(partial, 'db', file));
    }
    const blobs = await copyTree(blobDirOf(env, dataDir), path.join(partial, 'blobs'));

    const collections: BackupManifest['database']['collections'] = {};
    for (const file of databases) {
      const described = await inspectSqlite(tool, path.join(partial, 'db', file));
      if (described.integrity !== 'ok') throw new BackupError(`The snapshot of ${file} failed SQLite's check: ${described.integrity}`);
      collections[file.replace(/\.sqlite$/, '')] = described.collections;
    }
    const files = await describeFiles(partial, await listFiles(partial));
    const blobFiles = files.filter((file) => file.path.startsWith('blobs/'));
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      snapshotAt: snapshotAt.toISOString(),
      finishedAt: new Date().toISOString(),
      project: projectOf(),
      database: { kind: 'ferretdb-sqlite', ferretdb: FERRETDB_VERSION, files: databases.map((file) => `db/${file}`), collections },
      blobs: { files: blobFiles.length, bytes: blobFiles.reduce((sum, file) => sum + file.bytes, 0), vanishedDuringCopy: blobs.vanished },
      keys: fingerprints,
      files,
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, folder);
    if (keysOut) {
      await mkdir(path.dirname(keysOut), { recursive: true });
      await copyFile(keys.file!, keysOut, constants.COPYFILE_EXCL);
      await chmod(keysOut, 0o600);
    }
    return { folder, manifest };
  } catch (error) {
    // Only what this call made goes; the data folder was never written.
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * `npm run restore -- <backup>`: puts a backup of `npm run backup` in place of a data folder's database and blobs
 * (docs/decisions/0026-consistent-backups-of-the-embedded-database.md). Everything is checked before anything
 * changes: the backup's checksums, that no database server runs on that data folder, and that the keys the API
 * would start with read the backup's health data. The current data is moved aside (`db.replaced-<time>` beside it),
 * never deleted.
 */
import { constants, existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { blobDirOf, devSecretsFile } from '../config.js';
import { databaseDirOf, ferretPidFile, runningServerPid } from '../db/embedded.js';
import { BackupError, MANIFEST_FILE, MANIFEST_FORMAT, type BackupManifest } from './backup.js';
import { sha256OfFile } from './files.js';
import { fingerprintsOf, keysInUse, keysOfSecretsFile, missingKeys } from './keys.js';

export interface RestoreOptions {
  /** The backup's folder (`klinik-backup-<time>`). */
  backup: string;
  /** The data folder to restore into (made when missing). */
  dataDir: string;
  /** A secrets file written by `npm run backup -- --keys-out` (development): becomes the data folder's secrets.json. */
  keysFile?: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the data that was there before now is (nothing when the folder had none). */
  movedAside: string[];
}

function readManifest(backup: string): BackupManifest {
  if (!existsSync(backup) || !statSync(backup).isDirectory()) throw new BackupError(`No backup at ${backup} (not a folder).`);
  if (backup.endsWith('.partial')) throw new BackupError(`${backup} is an unfinished backup (it stopped before its manifest was written).`);
  const file = path.join(backup, MANIFEST_FILE);
  if (!existsSync(file)) throw new BackupError(`${backup} is not a Klinik backup: it has no ${MANIFEST_FILE}.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${file} is damaged (not JSON).`);
  }
  if (manifest.format !== MANIFEST_FORMAT || manifest.database?.kind !== 'ferretdb-sqlite' || !Array.isArray(manifest.files)) {
    throw new BackupError(`${file} is not a manifest this version reads (format ${String(manifest.format)}, expected ${MANIFEST_FORMAT}).`);
  }
  return manifest;
}

/** Every file the manifest lists is there with its size and SHA-256, and only plain relative paths are listed. */
async function verifyChecksums(backup: string, manifest: BackupManifest): Promise<void> {
  const damaged: string[] = [];
  for (const entry of manifest.files) {
    const parts = entry.path.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..') || path.isAbsolute(entry.path)) {
      throw new BackupError(`The manifest names a path outside the backup (${entry.path}): refused.`);
    }
    const file = path.join(backup, ...parts);
    if (!existsSync(file)) damaged.push(`${entry.path} is missing`);
    else if (statSync(file).size !== entry.bytes || (await sha256OfFile(file)) !== entry.sha256) damaged.push(`${entry.path} differs from its checksum`);
  }
  for (const file of manifest.database.files) {
    if (!manifest.files.some((entry) => entry.path === file)) damaged.push(`${file} has no checksum`);
  }
  if (damaged.length > 0) throw new BackupError(`The backup is damaged, nothing was restored:\n  ${damaged.slice(0, 20).join('\n  ')}`);
}

function stamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(line));
  if (env.MONGODB_URI) {
    throw new BackupError('MONGODB_URI is set: a backup of the embedded database is restored into a data folder, not into MongoDB (use mongorestore with a mongodump archive). Unset MONGODB_URI to restore the embedded database.');
  }
  const backup = path.resolve(options.backup);
  const dataDir = path.resolve(options.dataDir);
  const manifest = readManifest(backup);
  await verifyChecksums(backup, manifest);

  const pid = runningServerPid(ferretPidFile(dataDir), true);
  if (pid !== null) {
    throw new BackupError(`The database of ${dataDir} is running (FerretDB, pid ${pid}). Stop the API (npm start) using this data folder first; nothing was restored.`);
  }

  const keysFile = options.keysFile ? path.resolve(options.keysFile) : null;
  if (keysFile && !keysOfSecretsFile(keysFile)) throw new BackupError(`${keysFile} holds no keys (dataEncryptionKeys and cprHashKey); it is not a file of npm run backup -- --keys-out.`);
  // The keys the API will start with on this folder: the environment's, else the secrets file it will find.
  const target = keysInUse(env, dataDir, keysFile ?? devSecretsFile(dataDir));
  const missing = target ? missingKeys(manifest.keys, fingerprintsOf(target)) : manifest.keys.dataKeys.map((key) => `data key "${key.id}"`).concat('the CPR hash key');
  if (missing.length > 0) {
    throw new BackupError(
      `The API would start on the restored data without keys its health data needs: ${missing.join(', ')}.\n` +
        'Give the keys file written by npm run backup -- --keys-out (--keys <file>), or set DATA_ENCRYPTION_KEYS and CPR_HASH_KEY as they were when the backup was made. Nothing was restored.',
    );
  }

  // Staged beside their targets (same file system, so the final moves are renames), then swapped in.
  const when = stamp();
  const dbDir = databaseDirOf(dataDir);
  const blobDir = blobDirOf(env, dataDir);
  const stagedDb = `${dbDir}.restoring-${when}`;
  const stagedBlobs = `${blobDir}.restoring-${when}`;
  try {
    await mkdir(stagedDb, { recursive: true });
    await mkdir(stagedBlobs, { recursive: true });
    for (const entry of manifest.files) {
      const [top, ...rest] = entry.path.split('/');
      const staged = top === 'db' ? stagedDb : top === 'blobs' ? stagedBlobs : null;
      if (!staged) continue;
      const target = path.join(staged, ...rest);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(backup, ...entry.path.split('/')), target, constants.COPYFILE_EXCL);
    }
  } catch (error) {
    await rm(stagedDb, { recursive: true, force: true });
    await rm(stagedBlobs, { recursive: true, force: true });
    throw error;
  }

  const movedAside: string[] = [];
  const swapIn = async (staged: string, live: string) => {
    if (existsSync(live)) {
      const aside = `${live}.replaced-${when}`;
      await rename(live, aside);
      movedAside.push(aside);
    }
    await rename(staged, live);
  };
  // The database's WAL and shared-memory files live in db/ and go aside with it: the snapshot is a whole database.
  await swapIn(stagedDb, dbDir);
  await swapIn(stagedBlobs, blobDir);
  if (keysFile) {
    const secrets = devSecretsFile(dataDir);
    if (existsSync(secrets)) {
      const aside = `${secrets}.replaced-${when}`;
      await rename(secrets, aside);
      movedAside.push(aside);
    }
    await copyFile(keysFile, secrets, constants.COPYFILE_EXCL);
    await chmod(secrets, 0o600);
  }
  log(`Restored the backup of ${manifest.snapshotAt} (Klinik ${manifest.project.version}) into ${dataDir}.`);
  for (const aside of movedAside) log(`  The data that was there is kept at ${aside}`);
  return { manifest, movedAside };
}

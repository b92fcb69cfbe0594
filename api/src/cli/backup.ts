/**
 * `npm run backup -- [--out <dir>] [--keys-out <file>]` and `npm run restore -- <backup> [--keys <file>]`: backups
 * of the embedded database and the local blob folder (api/src/backup/,
 * docs/decisions/0026-consistent-backups-of-the-embedded-database.md). The data folder is KLINIK_DATA_DIR or
 * `.data/`, as for `npm start`. Exit codes: 0 done, 1 refused or failed (the message says why; nothing was changed),
 * 2 wrong usage.
 */
import path from 'node:path';
import { createBackup, BackupError } from '../backup/backup.js';
import { restoreBackup } from '../backup/restore.js';
import { dataDir } from '../paths.js';

const BACKUP_USAGE = 'Usage: npm run backup -- [--out <folder>] [--keys-out <file>]';
const RESTORE_USAGE = 'Usage: npm run restore -- <backup folder> [--keys <file>]';

/** `--name value` options and the plain arguments; null when an option is unknown or lacks its value. */
function parseArgs(args: string[], known: string[]): { options: Record<string, string>; plain: string[] } | null {
  const options: Record<string, string> = {};
  const plain: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      plain.push(arg);
      continue;
    }
    const value = args[i + 1];
    if (!known.includes(arg) || value === undefined || value.startsWith('--')) return null;
    options[arg] = value;
    i += 1;
  }
  return { options, plain };
}

async function reportingErrors(work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    // A refusal is a message for the operator; anything else is a fault, shown with its stack.
    console.error(error instanceof BackupError ? error.message : error);
    return 1;
  }
}

export async function runBackupCli(args: string[]): Promise<number> {
  const parsed = parseArgs(args, ['--out', '--keys-out']);
  if (!parsed || parsed.plain.length > 0) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  const folder = dataDir();
  return reportingErrors(async () => {
    const startedAt = Date.now();
    const { folder: backup, manifest } = await createBackup({
      dataDir: folder,
      out: parsed.options['--out'] ?? path.join(folder, 'backups'),
      keysOut: parsed.options['--keys-out'],
    });
    const counts = Object.values(manifest.database.collections).flatMap((collections) => Object.entries(collections));
    const documents = counts.reduce((sum, [, count]) => sum + count, 0);
    console.log(`Backup written to ${backup} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    console.log(`  database as of ${manifest.snapshotAt}: ${documents} documents in ${counts.length} collections`);
    console.log(`  blobs: ${manifest.blobs.files} files, ${(manifest.blobs.bytes / 1024 / 1024).toFixed(1)} MB`);
    const keyIds = manifest.keys.dataKeys.map((key) => key.id).join(', ');
    if (parsed.options['--keys-out']) {
      console.log(`  keys (${keyIds}) written to ${path.resolve(parsed.options['--keys-out'])}: keep that file apart from the backup.`);
    } else {
      console.log(`  Health data in it is encrypted with the keys ${keyIds} (${manifest.keys.source}), which the backup does not hold.`);
      console.log('  Keep those keys apart from the backup; without them it cannot be read' + (manifest.keys.source === 'secrets.json' ? ' (--keys-out <file> copies them).' : '.'));
    }
    console.log('  Copy the backup folder off this machine: a backup on the same disk dies with it.');
  });
}

export async function runRestoreCli(args: string[]): Promise<number> {
  const parsed = parseArgs(args, ['--keys']);
  if (!parsed || parsed.plain.length !== 1) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  return reportingErrors(async () => {
    await restoreBackup({ backup: parsed.plain[0]!, dataDir: dataDir(), keysFile: parsed.options['--keys'] });
    console.log('Start the product on it with npm start.');
  });
}

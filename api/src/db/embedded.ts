/**
 * The embedded database as the API and its tools see it, without building or starting anything: the database the
 * process uses (MONGODB_URI when set; otherwise the development kit starts FerretDB, devkit/src/database/launcher.ts),
 * and the layout of a data folder (where FerretDB's SQLite files and its pid file are), which the backup and the
 * restore read. Production runs MongoDB at MONGODB_URI and never loads the kit.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** FerretDB's release the embedded database is built from (recorded in a backup's manifest). */
export const FERRETDB_VERSION = 'v1.24.2';

export interface DatabaseHandle {
  uri: string;
  kind: 'external' | 'ferretdb' | 'memory';
  /** One line for the console: what runs where, and where the data lives. */
  description: string;
  stop(): Promise<void>;
}

export interface LaunchOptions {
  /** Folder for the data (`<dataDir>/db`) and the server's state and log. */
  dataDir: string;
  /** Port to listen on; a free one the system picks when not given. */
  port?: number;
  log?: (line: string) => void;
  /** Ignore MONGODB_URI (tests that must start their own throw-away server). */
  ignoreEnv?: boolean;
}

/** The development kit's database entry (devkit/src/database/index.ts). */
interface DatabaseKit {
  launchDatabase: (options: LaunchOptions) => Promise<DatabaseHandle>;
}

/**
 * The database for this process: MONGODB_URI when set; otherwise the embedded one, which the development kit builds
 * and starts (a production install has no kit: it must set MONGODB_URI).
 */
export async function openDatabase(options: LaunchOptions): Promise<DatabaseHandle> {
  const external = options.ignoreEnv ? undefined : process.env.MONGODB_URI;
  if (external) return { uri: external, kind: 'external', description: 'MongoDB at MONGODB_URI', stop: async () => {} };
  // A name in a variable: neither tsc nor a bundler follows it, so the API's build never contains the kit.
  const specifier = '@klinik/devkit/database';
  let kit: DatabaseKit;
  try {
    kit = (await import(specifier)) as DatabaseKit;
  } catch (error) {
    throw new Error('No MONGODB_URI, and the embedded database needs the development kit (@klinik/devkit), which is not installed', { cause: error });
  }
  return kit.launchDatabase(options);
}

/** The embedded database's folder in a data folder: FerretDB's SQLite files, one per database. */
export function databaseDirOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'db');
}

/**
 * The pid file of the FerretDB serving `<dataDir>/db` (written at start, removed at a clean stop): `{"pid", "owner"}`,
 * the server's process and the process that started it (`npm start`, a script, a test). Older versions wrote the
 * server's pid alone.
 */
export function ferretPidFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'ferretdb', 'ferretdb.pid');
}

interface PidFile {
  pid: number;
  owner?: number;
}

export function readPidFile(pidFile: string): PidFile | null {
  if (!existsSync(pidFile)) return null;
  const text = readFileSync(pidFile, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'number') return Number.isInteger(parsed) && parsed > 0 ? { pid: parsed } : null;
    const { pid, owner } = (parsed ?? {}) as Partial<PidFile>;
    if (!Number.isInteger(pid) || pid! <= 0) return null;
    return { pid: pid!, owner: Number.isInteger(owner) && owner! > 0 ? owner : undefined };
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid of the FerretDB the pid file names, if that process still runs and is a FerretDB; else null. Without
 * /proc (not Linux) the command line cannot be checked: `cautious` then counts any live process of that pid (a
 * restore must not write under a running server), otherwise none (the start-up must not signal a stranger).
 */
export function runningServerPid(pidFile: string, cautious = false): number | null {
  return serverPidIfRunning(readPidFile(pidFile)?.pid, cautious);
}

export function serverPidIfRunning(pid: number | undefined, cautious: boolean): number | null {
  if (pid === undefined) return null;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('ferretdb') ? pid : null;
  } catch {
    if (!cautious || existsSync('/proc/self')) return null; // not running any more
    return isAlive(pid) ? pid : null;
  }
}

/** The data folder's database is served by a FerretDB whose starter still runs: a second start must not touch it. */
export class DatabaseInUseError extends Error {
  constructor(dbDir: string, server: number, owner: number) {
    super(
      `The embedded database in ${dbDir} is in use: FerretDB (pid ${server}) started by process ${owner}, which still runs ` +
        '(Klinik started already, with npm start or npm run dev?). Stop that first, or give this one another data folder.',
    );
    this.name = 'DatabaseInUseError';
  }
}


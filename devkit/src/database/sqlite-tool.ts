/**
 * The backup's SQLite tool (`api/tools/sqlite-snapshot`, Go, modernc.org/sqlite: the SQLite FerretDB v1.24.2 is built
 * with). Node 20 has no SQLite of its own, and a native npm package would have to compile on every machine without
 * its prebuilt binaries (docs/decisions/0026-consistent-backups-of-the-embedded-database.md). Built once, like
 * FerretDB, into the cache outside the clone; the binary's name carries a hash of its source, so a changed tool is
 * built again. SQLITE_SNAPSHOT_BIN points at a ready binary instead (a machine without Go).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@klinik/api/paths.js';
import { cacheDir, ensureBuiltBinary } from './launcher.js';

const SOURCE_DIR = path.join(repoRoot, 'api', 'tools', 'sqlite-snapshot');
const SOURCE_FILES = ['main.go', 'go.mod', 'go.sum'];

function toolPath(): string {
  const hash = createHash('sha256');
  for (const file of SOURCE_FILES) hash.update(readFileSync(path.join(SOURCE_DIR, file)));
  return path.join(cacheDir(), 'bin', `sqlite-snapshot-${hash.digest('hex').slice(0, 12)}`);
}

function build(target: string, log: (line: string) => void): void {
  log(`Building the SQLite snapshot tool into ${target} (first run only, about a minute)…`);
  mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}`;
  // Its modules are those FerretDB's build already fetched; a machine without them gets them from the module proxy.
  const result = spawnSync('go', ['build', '-trimpath', '-o', temporary, '.'], {
    cwd: SOURCE_DIR,
    env: { ...process.env, GOFLAGS: '-buildvcs=false -mod=readonly' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`Building the SQLite snapshot tool failed:\n${(result.stderr ?? '').slice(-4000)}`);
  chmodSync(temporary, 0o755);
  renameSync(temporary, target);
  log('SQLite snapshot tool built.');
}

/** The tool's binary: SQLITE_SNAPSHOT_BIN, the cached build, or a new build with Go; else a clear error. */
export async function ensureSqliteTool(log: (line: string) => void): Promise<string> {
  const tool = await ensureBuiltBinary({ override: 'SQLITE_SNAPSHOT_BIN', target: toolPath(), lock: 'build-sqlite-snapshot.lock', what: 'the SQLite snapshot tool', build: (target) => build(target, log), log });
  if (!tool) {
    throw new Error(`The backup needs its SQLite tool, built with Go (not found here). Build ${SOURCE_DIR} elsewhere ("go build") and set SQLITE_SNAPSHOT_BIN to the binary.`);
  }
  return tool;
}

/** Runs the tool; rejects with its error output. Asynchronous, so a running API in this process goes on serving. */
function runTool(tool: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`sqlite-snapshot ${args[0]}: ${stderr.trim() || `exit ${code}`}`))));
  });
}

/** A copy of `source` as of one transaction boundary (VACUUM INTO in one read transaction), while writers go on. */
export async function snapshotSqlite(tool: string, source: string, target: string): Promise<void> {
  await runTool(tool, ['snapshot', source, target]);
}

export interface SqliteDescription {
  /** SQLite's quick_check: 'ok' for a sound file. */
  integrity: string;
  /** Documents per FerretDB collection. */
  collections: Record<string, number>;
}

export async function inspectSqlite(tool: string, file: string): Promise<SqliteDescription> {
  return JSON.parse(await runTool(tool, ['inspect', file])) as SqliteDescription;
}

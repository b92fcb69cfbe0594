/**
 * The embedded database (docs/architecture.md, 'The embedded database'): MONGODB_URI when set; otherwise FerretDB
 * 1.24 with its SQLite backend, built once from the Go module proxy into a cache outside the clone and started with
 * its data in the given folder; otherwise mongodb-memory-server (which downloads a real mongod where the machine has
 * internet). It says what it started and stops what it started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import { databaseDirOf, DatabaseInUseError, ferretPidFile, FERRETDB_VERSION, isAlive, readPidFile, serverPidIfRunning, type DatabaseHandle, type LaunchOptions } from '@klinik/api/db/embedded.js';
import { EMBEDDED_PUSHDOWN_FIELDS, EMBEDDED_TEXT_SEARCH_FIELDS } from '@klinik/api/db/pushdown-fields.js';
import { repoRoot } from '@klinik/api/paths.js';

/**
 * Our changes to FerretDB's source, applied before it is built: what each edit does and how to drop them in
 * api/tools/ferretdb-patch/README.md, why in docs/decisions/0006-patched-ferretdb-build.md (frozen:
 * docs/decisions/0007-freeze-the-ferretdb-fork.md). 1.24.2 is FerretDB's last 1.x release: these lines will not move
 * under us. The binary's name says the patch level, so a machine with an older build makes the new one.
 * - `metadata.go`: its SQLite backend looks a document up by `_ferretdb_sjson->'$._id'`, while the unique index it
 *   makes for `_id` (on every collection, from its first version) is on `_ferretdb_sjson->"_id"`: the same value, but
 *   SQLite uses an index on an expression only for that very expression, so every read, update and delete by `_id`
 *   scanned the whole table. Written the index's way, they use it (~100× faster at 50,000 documents).
 * - `collection.go` + `klinik_pushdown.go` (api/tools/ferretdb-patch/): exact matches on `_id` and the fields of
 *   EMBEDDED_PUSHDOWN_FIELDS go to SQLite as conditions on the expressions FerretDB's indexes are built on, instead of
 *   only a filter that is `{_id}` alone, and a name search's words as GLOB patterns (EMBEDDED_TEXT_SEARCH_FIELDS);
 *   when that WHERE clause is exact, SQLite also sorts by name, skips, limits and counts, from a list index it makes.
 *   The file says why that is safe.
 * - `backends/collection.go`, `msg_find.go`, `msg_explain.go`, `msg_aggregate.go` + `klinik_handler.go`: the handler
 *   offers the backend a find's sort with its skip and limit, and countDocuments' count, and applies only what the
 *   backend did not.
 * - `database.go`, `resource.go`: less work per query (listCollections of one name; no leak tracking), below.
 */
const FERRETDB_PATCH = {
  level: 'klinik7',
  edits: [
    {
      file: path.join('internal', 'backends', 'sqlite', 'metadata', 'metadata.go'),
      from: `IDColumn = DefaultColumn + "->'$._id'"`,
      to: 'IDColumn = DefaultColumn + `->"_id"`',
    },
    // Query: the statement of the new file (its WHERE clause, and SQLite's sort, skip, limit and count when exact).
    {
      file: path.join('internal', 'backends', 'sqlite', 'collection.go'),
      from: `	q := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs)

	var whereClause string
	var args []any

	// that logic should exist in one place
	// TODO https://github.com/FerretDB/FerretDB/issues/3235
	if params.Filter.Len() == 1 {
		v, _ := params.Filter.Get("_id")
		switch v.(type) {
		case string, types.ObjectID:
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}
	}

	q += whereClause
	q += prepareOrderByClause(params.Sort)

	if params.Limit != 0 {
		q += \` LIMIT ?\`
		args = append(args, params.Limit)
	}

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return &backends.QueryResult{
		Iter: newQueryIterator(ctx, rows, params.OnlyRecordIDs),
	}, nil
`,
      to: `	return klinikQuery(ctx, db, meta, params)
`,
    },
    // Explain: the same WHERE clause, so explain() tells what a query does.
    {
      file: path.join('internal', 'backends', 'sqlite', 'collection.go'),
      from: `	if params.Filter.Len() == 1 {
		v, _ := params.Filter.Get("_id")
		switch v.(type) {
		case string, types.ObjectID:
			filterPushdown = true
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}
	}
`,
      to: `	indexedBy, whereClause, args, klinikOrderBy := klinikExplainClauses(ctx, db, meta, params)
	filterPushdown = whereClause != ""
	whereClause = indexedBy + whereClause
`,
    },
    {
      file: path.join('internal', 'backends', 'sqlite', 'collection.go'),
      from: `	orderByClause := prepareOrderByClause(params.Sort)
`,
      to: `	orderByClause := prepareOrderByClause(params.Sort) + klinikOrderBy
`,
    },
    // The backend's parameters and answer: the sort, skip and limit, and the count it is offered, and what it did.
    {
      file: path.join('internal', 'backends', 'collection.go'),
      from: `	OnlyRecordIDs bool
	Comment       string
}
`,
      to: `	OnlyRecordIDs bool
	Comment       string

	KlinikSort    *types.Document
	KlinikSkip    int64
	KlinikLimit   int64
	KlinikCountAs *types.Document
}
`,
    },
    {
      file: path.join('internal', 'backends', 'collection.go'),
      from: `type QueryResult struct {
	Iter types.DocumentsIterator
}
`,
      to: `type QueryResult struct {
	Iter types.DocumentsIterator

	KlinikPaged   bool
	KlinikCounted bool
	KlinikCount   int64
}
`,
    },
    {
      file: path.join('internal', 'backends', 'collection.go'),
      from: `type ExplainParams struct {
	Filter *types.Document
	Sort   *types.Document
	Limit  int64
}
`,
      to: `type ExplainParams struct {
	Filter *types.Document
	Sort   *types.Document
	Limit  int64

	KlinikSort *types.Document
}
`,
    },
    // explain: the same offer as find's, so explain() tells whether SQLite sorts.
    {
      file: path.join('internal', 'handler', 'msg_explain.go'),
      from: `	// Limit pushdown is not applied if:
`,
      to: `	if !h.DisablePushdown && !params.Aggregate && !cInfo.Capped() && params.Sort.Len() != 0 && qp.Filter.Len() == params.Filter.Len() {
		qp.KlinikSort = params.Sort
	}

	// Limit pushdown is not applied if:
`,
    },
    // find: offer the sort; skip only what the backend did not.
    {
      file: path.join('internal', 'handler', 'msg_find.go'),
      from: `	// Limit pushdown is not applied if:
`,
      to: `	if !h.DisablePushdown {
		klinikOfferSort(qp, params, cInfo.Capped())
	}

	// Limit pushdown is not applied if:
`,
    },
    {
      file: path.join('internal', 'handler', 'msg_find.go'),
      from: `makeFindIter(queryRes.Iter, closer, params)`,
      to: `makeFindIter(queryRes.Iter, closer, klinikFindParams(params, queryRes))`,
    },
    // aggregate: offer countDocuments' count; answer the backend's count as the group would.
    {
      file: path.join('internal', 'handler', 'msg_aggregate.go'),
      from: `		iter, err = processStagesDocuments(ctx, closer, &stagesDocumentsParams{c, qp, stagesDocuments})
`,
      to: `		qp.KlinikCountAs = klinikCountAs(aggregationStages, qp)
		iter, err = processStagesDocuments(ctx, closer, &stagesDocumentsParams{c, qp, stagesDocuments})
`,
    },
    {
      file: path.join('internal', 'handler', 'msg_aggregate.go'),
      from: `	iter := queryRes.Iter
`,
      to: `	iter := queryRes.Iter

	if queryRes.KlinikCounted {
		return klinikCountIter(p.qp.KlinikCountAs, queryRes.KlinikCount), nil
	}
`,
    },
    // listCollections of one name (every find and aggregate asks it, for the collection's settings): that one
    // collection, instead of a sorted deep copy of all of them to pick it from (6 % of a read by id's CPU).
    {
      file: path.join('internal', 'backends', 'sqlite', 'database.go'),
      from: `func (db *database) ListCollections(ctx context.Context, params *backends.ListCollectionsParams) (*backends.ListCollectionsResult, error) {
	list, err := db.r.CollectionList(ctx, db.name)
`,
      to: `func (db *database) ListCollections(ctx context.Context, params *backends.ListCollectionsParams) (*backends.ListCollectionsResult, error) {
	if params != nil && len(params.Name) > 0 {
		return klinikListCollection(ctx, db, params.Name), nil
	}

	list, err := db.r.CollectionList(ctx, db.name)
`,
    },
    // Resource tracking: FerretDB's leak detector records a stack trace in a pprof profile and sets a finalizer for
    // every iterator, and panics (stops the server) when one is collected unclosed. A tenth of a read by id's CPU, for
    // a debugging aid; off here (klinikTrackResources), as a leak then costs memory, not the database.
    {
      file: path.join('internal', 'util', 'resource', 'resource.go'),
      from: `func Track(obj any, token *Token) {
	checkArgs(obj, token)
`,
      to: `var klinikTrackResources = false

func Track(obj any, token *Token) {
	checkArgs(obj, token)

	if !klinikTrackResources {
		return
	}
`,
    },
    {
      file: path.join('internal', 'util', 'resource', 'resource.go'),
      from: `func Untrack(obj any, token *Token) {
	checkArgs(obj, token)
`,
      to: `func Untrack(obj any, token *Token) {
	checkArgs(obj, token)

	if !klinikTrackResources {
		return
	}
`,
    },
  ],
  files: [
    { from: path.join(repoRoot, 'api', 'tools', 'ferretdb-patch', 'klinik_pushdown.go'), to: path.join('internal', 'backends', 'sqlite', 'klinik_pushdown.go') },
    { from: path.join(repoRoot, 'api', 'tools', 'ferretdb-patch', 'klinik_handler.go'), to: path.join('internal', 'handler', 'klinik_handler.go') },
  ],
};
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
/** The Go release FerretDB 1.24 was made with; fetched through the module proxy if the machine's Go fails. */
const FALLBACK_TOOLCHAIN = 'go1.24.3';

export function cacheDir(): string {
  return process.env.KLINIK_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'klinik');
}

function ferretBinaryPath(): string {
  return path.join(cacheDir(), 'bin', `ferretdb-${FERRETDB_VERSION}-${FERRETDB_PATCH.level}`);
}

function hasGo(): boolean {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether the process that took `lock` has ended (a lock without a pid file yet is just being taken). */
function holderIsGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path.join(lock, 'pid'), 'utf8'), 10);
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * A folder lock, so `npm start` and a test run on the same machine do not build the same binary twice at once
 * (`name`: FerretDB's is `build.lock`, others `build-<tool>.lock`, so one tool's build never waits for another's).
 * A lock whose holder (its `pid` file) no longer runs, or older than 20 minutes, is the leftover of a killed build
 * (a test run stopped with Ctrl-C); an asynchronous build keeps its lock fresh (touched every 30 s).
 */
async function withBuildLock<T>(
  work: () => Promise<T> | T,
  log: (line: string) => void,
  name = 'build.lock',
  what = 'FerretDB',
  signal?: AbortSignal,
): Promise<T> {
  const lock = path.join(cacheDir(), name);
  mkdirSync(cacheDir(), { recursive: true });
  const deadline = Date.now() + 30 * 60 * 1000;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      let age: number;
      try {
        age = Date.now() - statSync(lock).mtimeMs;
      } catch {
        continue; // Released between our mkdir and stat: try again at once.
      }
      if (age > 20 * 60 * 1000 || holderIsGone(lock)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${lock}`);
      signal?.throwIfAborted();
      if (!announced) log(`Another process is building ${what}; waiting for it…`);
      announced = true;
      await sleep(1000);
    }
  }
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(lock, now, now);
    } catch {
      // Removed under us (a waiter judged it stale): the build goes on; the worst case is a second build.
    }
  }, 30_000);
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    rmSync(lock, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, { cwd: options.cwd, env: options.env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/**
 * Builds FerretDB from the module's source. `go install …@v1.24.2` alone yields a binary that refuses to start,
 * because the module zip lacks the build/version/version.txt its release process generates; so the source is
 * downloaded, the version file written, our changes applied (FERRETDB_PATCH: edits and added files), and the binary
 * built from that copy (docs/decisions/0005-embedded-ferretdb-in-development-mongodb-in-production.md).
 */
function buildFerretDb(target: string, log: (line: string) => void): void {
  log(`Building FerretDB ${FERRETDB_VERSION} into ${target} (first run only, a few minutes)…`);
  const download = run('go', ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], { env: { ...process.env, GOFLAGS: '-mod=mod' } });
  if (!download.ok) throw new Error(`go mod download failed: ${download.stderr || download.stdout}`);
  const moduleDir = (JSON.parse(download.stdout) as { Dir?: string }).Dir;
  if (!moduleDir) throw new Error('go mod download did not report the module folder');
  const source = path.join(cacheDir(), 'src', `ferretdb-${FERRETDB_VERSION}`);
  rmSync(source, { recursive: true, force: true });
  cpSync(moduleDir, source, { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', source]);
  writeFileSync(path.join(source, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  for (const edit of FERRETDB_PATCH.edits) {
    const patched = path.join(source, edit.file);
    const original = readFileSync(patched, 'utf8');
    if (!original.includes(edit.from)) throw new Error(`FerretDB's ${edit.file} is not the one the patch was written for`);
    writeFileSync(patched, original.replace(edit.from, edit.to));
  }
  for (const file of FERRETDB_PATCH.files) cpSync(file.from, path.join(source, file.to));
  mkdirSync(path.dirname(target), { recursive: true });
  const temporary = `${target}.tmp-${process.pid}`;
  const args = ['build', '-trimpath', '-o', temporary, './cmd/ferretdb'];
  let build = run('go', args, { cwd: source, env: { ...process.env, GOFLAGS: '-buildvcs=false' } });
  if (!build.ok) {
    log(`go build failed with this machine's Go; retrying with ${FALLBACK_TOOLCHAIN}…`);
    build = run('go', args, { cwd: source, env: { ...process.env, GOFLAGS: '-buildvcs=false', GOTOOLCHAIN: FALLBACK_TOOLCHAIN } });
  }
  if (!build.ok) throw new Error(`Building FerretDB failed:\n${build.stderr.slice(-4000)}`);
  chmodSync(temporary, 0o755);
  renameSync(temporary, target);
  rmSync(source, { recursive: true, force: true });
  log('FerretDB built.');
}

/**
 * A binary the project builds with Go into the cache (FerretDB, MinIO, the backup's SQLite tool): the ready binary
 * the environment variable `override` names, the cached `target`, or `build(target)` under the build lock `lock`
 * when Go is on the machine (checked again under the lock: another process may have built it meanwhile); else null.
 */
export async function ensureBuiltBinary(options: {
  override: string;
  target: string;
  lock: string;
  what: string;
  build: (target: string) => void | Promise<void>;
  log: (line: string) => void;
  signal?: AbortSignal;
}): Promise<string | null> {
  const ready = process.env[options.override];
  if (ready) return ready;
  const { target } = options;
  if (existsSync(target)) return target;
  if (!hasGo()) return null;
  return withBuildLock(
    async () => {
      if (!existsSync(target)) await options.build(target);
      return target;
    },
    options.log,
    options.lock,
    options.what,
    options.signal,
  );
}

/** The FerretDB binary: FERRETDB_BIN, the cached build, or a new build when Go is on the machine; else null. */
export function ensureFerretDb(log: (line: string) => void): Promise<string | null> {
  return ensureBuiltBinary({ override: 'FERRETDB_BIN', target: ferretBinaryPath(), lock: 'build.lock', what: 'FerretDB', build: (target) => buildFerretDb(target, log), log });
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    const attempt = () => {
      if (exited) return reject(new Error('the database server exited during start-up'));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`the database server did not listen on port ${port} in time`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/**
 * Whether process `pid` listens on TCP `port`: its open sockets (/proc/<pid>/fd) against the listening ones of
 * /proc/net/tcp and tcp6. Null where /proc cannot tell (not Linux). A server found listening on the port we gave our
 * child may be another's: two processes starting a database at once (jest's workers) can be handed the same free
 * port, and then one connects to the other's server, with another data folder, while its own fails to bind.
 */
export function listensOn(pid: number, port: number): boolean | null {
  let sockets: Set<string>;
  try {
    sockets = new Set(
      readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((link) => link.startsWith('socket:['))
        .map((link) => link.slice('socket:['.length, -1)),
    );
  } catch {
    return null;
  }
  const localPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const LISTEN = '0A';
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let rows: string[];
    try {
      rows = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const row of rows) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const columns = row.trim().split(/\s+/);
      if (columns[1]?.endsWith(localPort) && columns[3] === LISTEN && sockets.has(columns[9] ?? '')) return true;
    }
  }
  return false;
}

/**
 * Before a start on a data folder: a FerretDB left running by an earlier start that was killed before it could clean
 * up (its starter is gone) is stopped; one whose starter still runs is the database of a running stack, and the
 * start is refused instead (before, a second `npm start` stopped the first one's database, and the first's API
 * answered 'Databasen svarer ikke' until it was restarted). A pid file of an older version names no starter: its
 * server is taken for a leftover, as it was then.
 */
function stopStaleServer(pidFile: string, dbDir: string): void {
  const file = readPidFile(pidFile);
  const pid = serverPidIfRunning(file?.pid, false);
  const owner = file?.owner;
  if (pid !== null && owner !== undefined && isAlive(owner)) throw new DatabaseInUseError(dbDir, pid, owner);
  rmSync(pidFile, { force: true });
  if (pid !== null) process.kill(pid, 'SIGTERM');
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Another server answered on the port our FerretDB was given. */
class PortTaken extends Error {
  constructor(port: number) {
    super(`another server listens on port ${port}`);
  }
}

/**
 * Starts FerretDB on `port`, or on a port the system picks (not one of a short list, which processes starting at once
 * were handed alike), and checks that the server answering there is this child (`listensOn`); if another server took
 * the picked port meanwhile, tries another. A failure to start throws with the end of FerretDB's log.
 */
async function spawnOwnServer(binary: string, where: { dbDir: string; stateDir: string; pidFile: string; port?: number }): Promise<{ child: ChildProcess; port: number }> {
  const logFile = path.join(where.stateDir, 'ferretdb.log');
  for (let attempt = 1; ; attempt++) {
    const port = where.port ?? (await getPort());
    const logFd = openSync(logFile, 'a');
    const child = spawn(
      binary,
      [
        '--handler=sqlite',
        `--sqlite-url=file:${where.dbDir}/`,
        `--listen-addr=127.0.0.1:${port}`,
        `--state-dir=${where.stateDir}`,
        '--telemetry=disable',
        '--debug-addr=-',
        '--log-level=warn',
      ],
      // The fields whose exact matches SQLite may search by index (klinik_pushdown.go; api/src/db/pushdown-fields.ts).
      {
        stdio: ['ignore', logFd, logFd],
        env: { ...process.env, FERRETDB_KLINIK_SCALAR_FIELDS: EMBEDDED_PUSHDOWN_FIELDS.join(','), FERRETDB_KLINIK_TEXT_FIELDS: EMBEDDED_TEXT_SEARCH_FIELDS.join(',') },
      },
    );
    closeSync(logFd);
    writeFileSync(where.pidFile, JSON.stringify({ pid: child.pid, owner: process.pid }));
    try {
      await waitForPort(port, child, 30_000);
      if (child.pid !== undefined && listensOn(child.pid, port) === false) throw new PortTaken(port);
      return { child, port };
    } catch (error) {
      await stopChild(child);
      if (error instanceof PortTaken && where.port === undefined && attempt < 5) continue;
      const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${(error as Error).message}\n${tail}`, { cause: error });
    }
  }
}

async function startFerretDb(binary: string, options: LaunchOptions, _log: (line: string) => void): Promise<DatabaseHandle> {
  const dataDir = path.resolve(options.dataDir);
  const dbDir = databaseDirOf(dataDir);
  const stateDir = path.join(dataDir, 'ferretdb');
  mkdirSync(dbDir, { recursive: true });
  mkdirSync(stateDir, { recursive: true });
  const pidFile = ferretPidFile(dataDir);
  stopStaleServer(pidFile, dbDir);
  const { child, port } = await spawnOwnServer(binary, { dbDir, stateDir, pidFile, port: options.port });
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    kind: 'ferretdb',
    description: `FerretDB ${FERRETDB_VERSION}-${FERRETDB_PATCH.level} (SQLite) on 127.0.0.1:${port}, data in ${dbDir}`,
    async stop() {
      process.off('exit', stopOnExit);
      await stopChild(child);
      rmSync(pidFile, { force: true });
    },
  };
}

async function startMemoryServer(options: LaunchOptions): Promise<DatabaseHandle> {
  const dbPath = path.join(path.resolve(options.dataDir), 'mongod');
  mkdirSync(dbPath, { recursive: true });
  const { MongoMemoryServer } = await import('mongodb-memory-server-core');
  const server = await MongoMemoryServer.create({ instance: { dbPath, storageEngine: 'wiredTiger', port: options.port } });
  return {
    uri: server.getUri(),
    kind: 'memory',
    description: `mongod (mongodb-memory-server) at ${server.getUri()}, data in ${dbPath}`,
    async stop() {
      await server.stop({ doCleanup: false });
    },
  };
}

export async function launchDatabase(options: LaunchOptions): Promise<DatabaseHandle> {
  const log = options.log ?? ((line: string) => console.log(line));
  const external = options.ignoreEnv ? undefined : process.env.MONGODB_URI;
  if (external) {
    return { uri: external, kind: 'external', description: 'MongoDB at MONGODB_URI', stop: async () => {} };
  }
  let binary: string | null = null;
  try {
    binary = await ensureFerretDb(log);
  } catch (error) {
    log(`FerretDB could not be built (${(error as Error).message.split('\n')[0]}); trying mongodb-memory-server.`);
  }
  if (binary) return startFerretDb(binary, options, log);
  return startMemoryServer(options);
}

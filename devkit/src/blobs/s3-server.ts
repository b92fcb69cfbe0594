/**
 * A real S3-compatible server on this machine, for tests and for a developer who wants the S3 store locally: MinIO,
 * built once from the Go module proxy into the same cache as FerretDB (`~/.cache/klinik/bin/`, under a build lock),
 * started on a free port with a data folder and fixed root credentials, waited for until it answers, with its
 * bucket made. Why MinIO: docs/decisions/0020-the-api-serves-blobs-itself.md; what a build costs:
 * docs/performance.md, 'Build and test'.
 *
 *   const s3 = await startS3Server();          // { endpoint, bucket, accessKeyId, secretAccessKey, env, stop() }
 *   spawn('node', ['api/dist/main.js'], { env: { ...process.env, ...s3.env } });   // BLOB_STORE=s3 and S3_*
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BucketAlreadyOwnedByYou, CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import getPort from 'get-port';
import { s3ClientConfig, type S3BlobStoreOptions } from '@klinik/api/adapters/blobs/s3.js';
import { cacheDir, ensureBuiltBinary, listensOn, stopChild } from '../database/launcher.js';

/**
 * MinIO's newest source on the module proxy (its community edition publishes no tagged Go module versions, only
 * commits; go.mod asks for Go 1.24, which this machine's newer Go builds). The binary's name carries it, so a
 * change here builds anew.
 */
export const MINIO_MODULE = 'github.com/minio/minio';
export const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';
/** The toolchain of MinIO's go.mod, fetched through the module proxy if the machine's Go cannot build it. */
const MINIO_TOOLCHAIN = 'go1.24.8';

/**
 * The root user of the server on `dataDir`: a test server, never a store of real data. Each data folder has its own,
 * made at its first start and kept in the folder, so a server started again on it takes the same (MinIO keeps its
 * config under them), and a request that reaches another server on the machine (another test file's) is refused as
 * an unknown key instead of being answered from someone else's bucket.
 */
function rootUserOf(dataDir: string): { accessKeyId: string; secretAccessKey: string } {
  const file = path.join(dataDir, 'root-user.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { accessKeyId: string; secretAccessKey: string };
  const root = { accessKeyId: `klinik-${randomBytes(6).toString('hex')}`, secretAccessKey: randomBytes(20).toString('hex') };
  writeFileSync(file, JSON.stringify(root), { mode: 0o600 });
  return root;
}
const REGION = 'eu-north-1';

export interface S3Server {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  port: number;
  /** The server's process. */
  pid: number;
  dataDir: string;
  /** The environment an API process (`api/dist/main.js`) needs to keep its blobs in this bucket: BLOB_STORE=s3, S3_*. */
  env: Record<string, string>;
  /** The same as options for `createS3BlobStore` and `s3ClientConfig` (a test looks at the bucket with its own client). */
  store: S3BlobStoreOptions;
  description: string;
  /**
   * Pauses the server (SIGSTOP) to play a store that hangs: it still accepts connections (the kernel does) but never
   * answers. Resolves once every thread of it has stopped, not when the signal is sent: Linux stops a process's
   * threads only as the one it woke for the signal next runs, and on a busy machine the others can answer a request
   * sent in the meantime (a CI run saw a 404 in 10 ms from a server 'paused' under load).
   */
  pause(): Promise<void>;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
  /** Stops the server (and removes its data folder when the folder was a temporary one of its own). */
  stop(): Promise<void>;
}

/** The state letters of a process's threads (`/proc/<pid>/task/<tid>/stat`; Linux only, as the tests that pause are). */
function threadStates(pid: number): string[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // '<tid> (<command, which may hold spaces and parentheses>) <state> …'
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  });
}

async function pauseProcess(pid: number): Promise<void> {
  process.kill(pid, 'SIGSTOP');
  const deadline = Date.now() + 10_000;
  // 'T': stopped by a signal. Threads that end meanwhile vanish from the list, which is fine.
  while (!threadStates(pid).every((state) => state === 'T')) {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not stop within 10 s of SIGSTOP`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface S3ServerOptions {
  /** Where the objects live; a temporary folder removed at stop when not given. */
  dataDir?: string;
  /** A free port when not given (give the old one to start a stopped server again at the same address). */
  port?: number;
  /** Made at start unless it is there; `klinik` when not given. */
  bucket?: string;
  log?: (line: string) => void;
}

export function minioBinaryPath(): string {
  return path.join(cacheDir(), 'bin', `minio-${MINIO_VERSION}`);
}

/** `go install` run without blocking the event loop (so a test run's other work and the build lock's heartbeat go on). */
function goInstall(gobin: string, toolchain: string | undefined, signal: AbortSignal | undefined): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    // The plain `go install` of the module, as a developer would type it: the same build flags, so its compiled
    // packages in Go's build cache serve a later build (a different flag such as -trimpath would compile all anew).
    const child = spawn('go', ['install', `${MINIO_MODULE}@${MINIO_VERSION}`], {
      env: { ...process.env, GOBIN: gobin, ...(toolchain ? { GOTOOLCHAIN: toolchain } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => resolve({ ok: false, output: `${output}\n${error.message}` }));
    child.once('close', (code) => resolve({ ok: code === 0, output }));
  });
}

async function buildMinio(target: string, log: (line: string) => void, signal: AbortSignal | undefined): Promise<void> {
  log(`Building MinIO ${MINIO_VERSION} into ${target} (first run only: about 8 minutes with cold Go caches, seconds with warm ones)…`);
  const started = Date.now();
  mkdirSync(path.dirname(target), { recursive: true });
  const gobin = mkdtempSync(path.join(path.dirname(target), '.minio-build-'));
  try {
    let build = await goInstall(gobin, undefined, signal);
    signal?.throwIfAborted();
    if (!build.ok) {
      log(`go install failed with this machine's Go; retrying with ${MINIO_TOOLCHAIN}…`);
      build = await goInstall(gobin, MINIO_TOOLCHAIN, signal);
      signal?.throwIfAborted();
    }
    if (!build.ok) throw new Error(`Building MinIO failed:\n${build.output.slice(-4000)}`);
    const built = path.join(gobin, 'minio');
    chmodSync(built, 0o755);
    renameSync(built, target);
  } finally {
    rmSync(gobin, { recursive: true, force: true });
  }
  log(`MinIO built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/**
 * The MinIO binary: MINIO_BIN, the cached build, or a new build when Go is on the machine; else null. `signal` stops
 * a build under way (the jest run that started it early ended first); Go's build cache keeps what was compiled.
 */
export function ensureS3ServerBinary(log: (line: string) => void = (line) => console.log(line), signal?: AbortSignal): Promise<string | null> {
  return ensureBuiltBinary({ override: 'MINIO_BIN', target: minioBinaryPath(), lock: 'build-minio.lock', what: 'MinIO', build: (target) => buildMinio(target, log, signal), log, signal });
}

/** Until MinIO says it is ready to serve (`/minio/health/ready`), or it exits, or the time is up. */
async function waitUntilReady(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error('the S3 server exited during start-up');
    try {
      const answer = await fetch(`${endpoint}/minio/health/ready`, { signal: AbortSignal.timeout(1000) });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the S3 server at ${endpoint} was not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Makes the bucket; one that is there already (a server started again on its old data) is kept. */
async function ensureBucket(store: S3BlobStoreOptions): Promise<void> {
  const client = new S3Client(s3ClientConfig(store));
  try {
    await client.send(new CreateBucketCommand({ Bucket: store.bucket }));
  } catch (error) {
    if (!(error instanceof BucketAlreadyOwnedByYou)) throw error;
  } finally {
    client.destroy();
  }
}

/** The environment of an API process that keeps its blobs on `server`'s bucket (what `configFromEnv` reads). */
export function s3BlobStoreEnv(server: Pick<S3Server, 'endpoint' | 'region' | 'bucket' | 'accessKeyId' | 'secretAccessKey'>): Record<string, string> {
  return {
    BLOB_STORE: 's3',
    S3_BUCKET: server.bucket,
    S3_ENDPOINT: server.endpoint,
    S3_REGION: server.region,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** Starts MinIO (building it first if need be) with one bucket; throws when there is no binary and no Go to build one. */
export async function startS3Server(options: S3ServerOptions = {}): Promise<S3Server> {
  const log = options.log ?? ((line: string) => console.log(line));
  const binary = await ensureS3ServerBinary(log);
  if (!binary) throw new Error('No MinIO binary: set MINIO_BIN, or install Go so it can be built from the module proxy');
  const ownDataDir = !options.dataDir;
  const dataDir = path.resolve(options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'klinik-s3-')));
  const objectsDir = path.join(dataDir, 'objects');
  mkdirSync(objectsDir, { recursive: true });
  const root = rootUserOf(dataDir);
  const port = options.port ?? (await getPort());
  const endpoint = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, 'minio.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(binary, ['server', '--address', `127.0.0.1:${port}`, '--quiet', objectsDir], {
    stdio: ['ignore', logFd, logFd],
    env: {
      ...process.env,
      MINIO_ROOT_USER: root.accessKeyId,
      MINIO_ROOT_PASSWORD: root.secretAccessKey,
      MINIO_SITE_REGION: REGION,
      // A fixed single key for server-side encryption, so S3_SSE=AES256 can be tested on a real server.
      MINIO_KMS_SECRET_KEY: `klinik-test:${Buffer.alloc(32, 7).toString('base64')}`,
      // No web console (it would take a second port), no update checks, no telemetry: a server for this machine only.
      MINIO_BROWSER: 'off',
      MINIO_UPDATE: 'off',
      MINIO_CALLHOME_ENABLE: 'off',
    },
  });
  closeSync(logFd);
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  const bucket = options.bucket ?? 'klinik';
  const connection = { endpoint, region: REGION, bucket, ...root };
  const store: S3BlobStoreOptions = { ...connection, forcePathStyle: true };
  const stop = async () => {
    process.off('exit', stopOnExit);
    await stopChild(child);
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(endpoint, child, 60_000);
    // The answer came from this child, not from another MinIO that happens to hold the port (launcher.ts, listensOn).
    if (child.pid !== undefined && listensOn(child.pid, port) === false) throw new Error(`another server listens on port ${port}`);
    await ensureBucket(store);
  } catch (error) {
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    await stop();
    throw new Error(`${(error as Error).message}\n${tail}`, { cause: error });
  }
  return {
    ...connection,
    port,
    pid: child.pid!,
    dataDir,
    pause: () => pauseProcess(child.pid!),
    resume: () => process.kill(child.pid!, 'SIGCONT'),
    env: s3BlobStoreEnv(connection),
    store,
    description: `MinIO (${MINIO_VERSION}) on ${endpoint}, bucket ${bucket}, data in ${objectsDir}`,
    stop,
  };
}

/**
 * The API as its own process, the way `npm start` and a production host run it (`node api/dist/main.js`), for the
 * tests that need real processes: several of them on one database (two-processes.test.ts), or one to kill or
 * stop under load. Each runs in a process group of its own, so a stop reaches what it started too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copenhagenWallTime } from '@klinik/core';
import { newClient, registration, uniqueEmail } from './fixtures.js';

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'main.js');

export interface ApiProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, without `/api`. */
  origin: string;
  /** SIGTERM (the graceful stop) and waits for the exit; SIGKILL to the group if it has not ended in 15 s. */
  stop(): Promise<void>;
  /** SIGKILL to the whole group, the API and the database it started, as a power cut would; resolves on the exit. */
  kill(): Promise<void>;
}

export interface CallAnswer<T = Record<string, unknown>> {
  status: number;
  body: T & { message?: string };
  headers: Headers;
}

/** Starts `node api/dist/main.js` with the environment `env` (the whole of it) on `port`; waits until `/ready` answers 200. */
export async function startApiProcess(port: number, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, [MAIN], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { LOG_LEVEL: 'warn', ...env, PORT: String(port) },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${origin}/ready`).then((answer) => answer.status === 200, () => false);
    if (ready) break;
    if (Date.now() > deadline) {
      killGroup(child);
      throw new Error(`the API did not become ready: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    origin,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => killGroup(child), 15_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      killGroup(child);
      await exited;
    },
  };
}

function killGroup(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch (error) {
    // Killed already, its exit not yet seen here.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** One action on `origin`'s endpoint, as a browser sends it. */
export async function callAction<T = Record<string, unknown>>(origin: string, action: string, input: Record<string, unknown>, token?: string): Promise<CallAnswer<T>> {
  const response = await fetch(`${origin}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...input, action, ...(token ? { token } : {}) }),
  });
  return { status: response.status, body: (await response.json()) as CallAnswer<T>['body'], headers: response.headers };
}

/**
 * A clinic made through `origin` as its owner would: registered, signed in, on a trial, with its details, a
 * treatment and a first client booked at `base` (Monday 4 January 2027, 8:00). The start of the tests that write
 * under load (kill-9, backup-restore).
 */
export async function clinicThroughApi(origin: string, prefix: string) {
  const ok = async (action: string, input: Record<string, unknown>, token?: string) => {
    const answer = await callAction<{ token?: string; data?: Record<string, unknown> & { id?: string } }>(origin, action, input, token);
    if (answer.status !== 200) throw new Error(`${action}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const email = uniqueEmail(prefix);
  const registered = await ok('register', registration(email));
  const { token } = (await ok('login', { username: email, password: 'hemmeligt1' })) as { token: string };
  await ok('purchasedFreePlanSubscription', {}, token);
  await ok('setCompany', { companyName: 'Fysio Ærø', email: 'kontakt@fysio-aeroe.test', phone: '62521234', CVR: '12345678', address: 'Havnegade 1', post: '5970', town: 'Ærøskøbing', regNumber: '1234', accountNumber: '0012345678', mobilePay: '12345' }, token);
  const treatmentId = (await ok('addTreatment', { name: 'Massage', price: 450, duration: 30 * 60, pause: 0 }, token)).data!.id!;
  const base = copenhagenWallTime(2027, 1, 4, 8, 0);
  const first = await ok('addBooking', { treatmentId, from: base, client: newClient('4321') }, token);
  const clientId = first.data!.clientId as string;
  await ok('setClient', { id: clientId, changes: { address: 'Åvej 2', post: '4000', town: 'Roskilde' } }, token);
  return { email, token, companyId: registered.data!.companyId as string, treatmentId, base, clientId, firstBookingId: first.data!.id! };
}

/**
 * The whole product on one machine: the API (which starts the embedded database unless MONGODB_URI is set) and
 * the shell and the six remotes, each on its own port. Used by `npm start`, by the end-to-end tests and by the
 * benchmarks, so all three run the same thing.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { root } from './lib.mjs';
import { contentSecurityPolicy, serveModule } from './static.mjs';
import { CONFIG_DOCUMENTS } from './inline-config.mjs';

/** Where a running stack says where its database and API are, for `npm run seed` and `npm run team:add`. */
export const stackStateFile = (dataDir) => path.join(dataDir, 'stack.json');

/**
 * A start refused before anything was started (the data folder's stack runs already, a port is taken): `npm start`
 * prints its message alone, without a stack trace.
 */
export class StartRefused extends Error {
  name = 'StartRefused';
}

function readStackState(dataDir) {
  try {
    return JSON.parse(readFileSync(stackStateFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether process `pid` exists (an exiting one, or one not yet reaped, included). */
function exists(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0); // throws when that process is gone
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` runs and, where /proc tells, its command line holds `text` (a pid may have been given anew). */
function runsWith(pid, text) {
  if (!exists(pid)) return false;
  try {
    return existsSync('/proc/self') ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text) : true;
  } catch {
    return false;
  }
}

const API_MAIN = path.join('api', 'dist', 'main.js');

/**
 * The API a stack started (`apiPid` of its stack.json), left running when that stack was killed (SIGKILL, or the
 * machine's OOM killer: its clean-up never ran), still holding the API's port: stopped, as the launcher stops such a
 * stack's FerretDB. Before, the next `npm start` was refused for a port 'in use by another program' that was
 * Klinik's own.
 */
async function stopLeftoverApi(apiPid, log) {
  if (!runsWith(apiPid, API_MAIN)) return;
  log(`Stopping the API an earlier Klinik on this data folder left running (pid ${apiPid})`);
  process.kill(apiPid, 'SIGTERM');
  // Until the pid is gone, not until its command line is: a process that is exiting has lost its command line
  // before its sockets are closed (a clean-clone run found the port still answering after that).
  const deadline = Date.now() + 10_000;
  while (exists(apiPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (runsWith(apiPid, API_MAIN)) process.kill(apiPid, 'SIGKILL');
}

/** Whether something accepts connections on 127.0.0.1:`port` (a server the stack would otherwise collide with). */
function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (answers) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Refuses a start that would collide with what runs already, before starting anything: another stack on the same
 * data folder (a second `npm start` once stopped the first one's database: docs/architecture.md, 'The embedded
 * database'), or a port another program holds. `startStack` checks it first; `npm start` also before it builds,
 * since a refused `npm run dev` must not put development builds under a running stack.
 */
export async function assertFreeToStart(options = {}) {
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const dataDir = path.resolve(options.dataDir ?? path.join(root, '.data'));
  const origin = (port) => `http://localhost:${port}`;
  const state = readStackState(dataDir);
  // The folder's stack runs if the process stack.json names runs Node.js: a stack.json left by a stack that was
  // killed may name a pid the system has since given to something else.
  if (state && state.pid !== process.pid && runsWith(state.pid, 'node')) {
    const where = state.apiUrl ? ` (its API: ${state.apiUrl})` : '';
    throw new StartRefused(
      `Klinik already runs on the data folder ${dataDir}: process ${state.pid}${where}. Stop it (Ctrl+C where it runs) before starting it again. ` +
        `(If nothing of Klinik runs, delete ${stackStateFile(dataDir)}.)`,
    );
  }
  await stopLeftoverApi(state?.apiPid, options.log ?? ((line) => console.log(line)));
  const taken = [];
  // The stack's own ports only: a caller's ports object may name others it runs itself (the journeys' mail server).
  for (const name of Object.keys(DEFAULT_PORTS)) if (await portAnswers(ports[name])) taken.push(`${ports[name]} (${name})`);
  if (taken.length > 0) {
    throw new StartRefused(`Port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} ${taken.length > 1 ? 'are' : 'is'} in use by another program, so ${origin(ports.shell)} cannot be Klinik's. Stop that program first.`);
  }
}

export const DEFAULT_PORTS = {
  shell: 3000,
  mf_calendar: 3001,
  mf_clients: 3002,
  mf_invoices: 3003,
  mf_commerce: 3004,
  mf_admin: 3005,
  mf_booking: 3006,
  api: 4000,
};

const REMOTE_DIRS = {
  mf_calendar: 'mf-calendar',
  mf_clients: 'mf-clients',
  mf_invoices: 'mf-invoices',
  mf_commerce: 'mf-commerce',
  mf_admin: 'mf-admin',
  mf_booking: 'mf-booking',
};

function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    let exited = false;
    child.once('exit', (code) => {
      exited = true;
      reject(new Error(`The API exited during start-up (code ${code})`));
    });
    const attempt = async () => {
      if (exited) return;
      try {
        const response = await fetch(url);
        if (response.ok) return resolve();
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) reject(new Error(`The API did not answer ${url} in time`));
      else setTimeout(attempt, 250);
    };
    attempt();
  });
}

/**
 * @param {{
 *   ports?: Partial<typeof DEFAULT_PORTS>,
 *   dataDir?: string,
 *   apiEnv?: Record<string, string>,
 *   log?: (line: string) => void,
 *   apiOutput?: 'inherit' | 'ignore' | 'pipe',
 *   dev?: boolean,   // restart the API when its build changes; serve files as watch builds replace them
 * }} options
 */
export async function startStack(options = {}) {
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const log = options.log ?? ((line) => console.log(line));
  const dataDir = path.resolve(options.dataDir ?? path.join(root, '.data'));
  const origin = (port) => `http://localhost:${port}`;
  const apiUrl = `${origin(ports.api)}/api`;
  await assertFreeToStart({ ports, dataDir, log });

  for (const dir of ['shell', ...Object.values(REMOTE_DIRS)]) {
    if (!existsSync(path.join(root, dir, 'dist', dir === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
      throw new Error(`${dir} is not built: run node scripts/build.mjs --all`);
    }
  }

  // The database is started here rather than by the API, so that scripts (seed, team users) and the
  // end-to-end tests can reach the same database while the stack runs.
  const { launchDatabase, listensOn } = await import(path.join(root, 'devkit', 'dist', 'database', 'index.js'));
  const database = await launchDatabase({ dataDir, log });
  log(`Database: ${database.description}`);
  const mongodbUri = database.uri;

  const corsOrigins = Object.entries(ports)
    .filter(([name]) => name !== 'api')
    .flatMap(([, port]) => [origin(port), `http://127.0.0.1:${port}`]);
  const apiArgs = options.dev
    ? ['--watch-path', path.join(root, 'api', 'dist'), '--watch-path', path.join(root, 'core', 'dist'), '--watch-path', path.join(root, 'devkit', 'dist'), path.join(root, 'api', 'dist', 'main.js')]
    : [path.join(root, 'api', 'dist', 'main.js')];
  const api = spawn(process.execPath, apiArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(ports.api),
      APP_URL: origin(ports.shell),
      CORS_ORIGINS: corsOrigins.join(','),
      KLINIK_DATA_DIR: dataDir,
      MONGODB_URI: mongodbUri,
      // The development routes (/dev/clock, /dev/outbox…) exist only when asked for; `npm start` and the journeys do.
      KLINIK_DEV_ROUTES: '1',
      ...options.apiEnv,
    },
    stdio: ['ignore', options.apiOutput ?? 'inherit', options.apiOutput ?? 'inherit'],
  });
  const servers = [];
  const stateFile = stackStateFile(dataDir);
  const stop = async () => {
    rmSync(stateFile, { force: true });
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(() => resolve()))));
    servers.forEach((server) => server.closeAllConnections?.());
    if (api.exitCode === null && api.signalCode === null) {
      await new Promise((resolve) => {
        const timer = setTimeout(() => api.kill('SIGKILL'), 10_000);
        api.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        api.kill('SIGTERM');
      });
    }
    await database.stop();
  };

  try {
    await waitForHealth(`${origin(ports.api)}/health`, api, 10 * 60 * 1000);
    // The answer came from this API, not from one left running on the port by an earlier stack (whose own start then
    // fails to bind): the stack would otherwise run against that one's code and database. (Not with `dev`: there
    // `node --watch` runs the API in a child process of its own, which holds the socket.)
    if (!options.dev && listensOn(api.pid, ports.api) === false) throw new Error(`Another process answers on the API's port ${ports.api}: stop it (an earlier stack still running?)`);
    // The support team's meeting calendar: the API's local placeholder page (api/src/endpoint/dev-meeting.ts), on
    // another origin than the shell, as a real calendar is; the shell's policy lets it be framed.
    const meetingUrl = `${origin(ports.api)}/dev/meeting`;
    const runtimeConfig = {
      apiUrl,
      remotes: Object.fromEntries(Object.keys(REMOTE_DIRS).map((name) => [name, `${origin(ports[name])}/mf-manifest.json`])),
      meetingUrl,
    };
    const moduleOrigins = [origin(ports.shell), ...Object.keys(REMOTE_DIRS).map((name) => origin(ports[name]))];
    const csp = contentSecurityPolicy({ apiUrl, moduleOrigins, frameOrigins: [meetingUrl] });
    // The app's documents carry the runtime config, so the app does not wait a round trip for config.json.
    servers.push(await serveModule({ dir: path.join(root, 'shell', 'dist'), port: ports.shell, fallback: 'app.html', runtimeConfig, configDocuments: CONFIG_DOCUMENTS, dev: options.dev, csp }));
    for (const [name, dir] of Object.entries(REMOTE_DIRS)) {
      // mf-booking's standalone page (embed/index.html) finds the API through its own config.json, and may be framed;
      // its 'Mine tider' link leads to the app (appUrl).
      const own = name === 'mf_booking' ? { runtimeConfig: { apiUrl, appUrl: origin(ports.shell) }, embedCsp: contentSecurityPolicy({ apiUrl, moduleOrigins: [origin(ports[name])], embeddable: true }) } : {};
      servers.push(await serveModule({ dir: path.join(root, dir, 'dist'), port: ports[name], dev: options.dev, ...own }));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  // apiPid: for the next start, should this one be killed before it can stop its API (stopLeftoverApi).
  writeFileSync(stateFile, JSON.stringify({ mongodbUri, apiUrl, pid: process.pid, apiPid: api.pid }, null, 2));
  const secretsFile = path.join(dataDir, 'secrets.json');
  const adminPassword = options.apiEnv?.ADMIN_PASSWORD ?? (existsSync(secretsFile) ? JSON.parse(readFileSync(secretsFile, 'utf8')).adminPassword : undefined);
  // The API keeps a named development administrator with this password (api/src/config.ts devAdmin).
  const adminUsername = options.apiEnv?.ADMIN_USERNAME ?? 'admin';
  return { ports, apiUrl, shellUrl: origin(ports.shell), adminPassword, adminUsername, dataDir, mongodbUri, stop };
}

/**
 * `npm start`: builds what is not built (API and core with tsc, each frontend module with Rspack when its
 * sources changed), then starts the database, the API, the shell and the six remotes, and prints where
 * everything is. Ctrl+C stops all of it; the data stays in .data/ for the next start.
 *
 * `npm run dev` (--watch): the same, plus tsc and every module rebuilding on change, and the API restarting
 * when its build changes. Reload the browser to see a change.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildModules, forgetBuild } from './build.mjs';
import { FRONTEND_MODULES, root, step, tsc, tscArguments } from './lib.mjs';
import { StartRefused, assertFreeToStart, startStack } from './stack.mjs';

const watch = process.argv.includes('--watch');
const rspack = path.join(root, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
const watchers = [];

/** A start refused before anything started (already running, a port taken, the database in use): its message alone. */
function refused(error) {
  if (!(error instanceof StartRefused || error?.name === 'DatabaseInUseError')) return false;
  console.error(`\n  Klinik did not start. ${error.message}\n`);
  return true;
}

// Before building: a second `npm run dev` would otherwise put development builds under the stack that runs.
await assertFreeToStart().catch((error) => {
  if (refused(error)) process.exit(1);
  throw error;
});

step('Type check and compile the API (tsc -b)');
await tsc(['-b']);

step('Build the frontend modules (only what changed)');
await buildModules(FRONTEND_MODULES);

if (watch) {
  step('Watch: tsc and every module rebuild on change');
  watchers.push(spawn(process.execPath, tscArguments(['-b', '--watch', '--preserveWatchOutput']), { cwd: root, stdio: 'inherit' }));
  for (const module of FRONTEND_MODULES) {
    // Development builds replace the production build in dist/: the next `npm start` builds it again.
    forgetBuild(module);
    watchers.push(
      spawn(process.execPath, [rspack, 'build', '-c', 'rspack.config.mjs', '--watch', '--mode', 'development'], {
        cwd: path.join(root, module),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'development' },
      }),
    );
  }
}

step('Start the database, the API and the modules');
let stack;
try {
  stack = await startStack({ dev: watch });
} catch (error) {
  for (const watcher of watchers) watcher.kill('SIGTERM');
  if (refused(error)) process.exit(1);
  throw error;
}
const { ports } = stack;
console.log(`
  Klinik is running${watch ? ' (watching for changes)' : ''}.

  App (shell)        http://localhost:${ports.shell}
  API                ${stack.apiUrl}
  Remotes            calendar :${ports.mf_calendar}  clients :${ports.mf_clients}  invoices :${ports.mf_invoices}
                     commerce :${ports.mf_commerce}  admin :${ports.mf_admin}  booking :${ports.mf_booking}
  Mail outbox (dev)  http://localhost:${ports.api}/dev/outbox
  Administrator      http://localhost:${ports.shell}/admin  ${stack.adminUsername} / ${stack.adminPassword ?? '(see ADMIN_PASSWORD)'}
  Data               ${stack.dataDir}

  Demo clinic: npm run seed   ·   Support user: npm run team:add -- <username> <password>   ·   Stop: Ctrl+C
  Another administrator: npm run admin:add -- <username> <password>
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('Stopping…');
  for (const watcher of watchers) watcher.kill('SIGTERM');
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

/**
 * `npm start`: builds what is not built (API and core with tsc, each frontend module with Rspack when its
 * sources changed), then starts the database, the API, the shell and the six remotes, and prints where
 * everything is. Ctrl+C stops all of it; the data stays in .data/ for the next start.
 */
import path from 'node:path';
import { buildModules } from './build.mjs';
import { FRONTEND_MODULES, root, run, step } from './lib.mjs';
import { startStack } from './stack.mjs';

step('Type check and compile the API (tsc -b)');
await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b']);

step('Build the frontend modules (only what changed)');
await buildModules(FRONTEND_MODULES);

step('Start the database, the API and the modules');
const stack = await startStack();
const { ports } = stack;
console.log(`
  Klinik is running.

  App (shell)        http://localhost:${ports.shell}
  API                ${stack.apiUrl}
  Remotes            calendar :${ports.mf_calendar}  clients :${ports.mf_clients}  invoices :${ports.mf_invoices}
                     commerce :${ports.mf_commerce}  admin :${ports.mf_admin}  booking :${ports.mf_booking}
  Mail outbox (dev)  http://localhost:${ports.api}/dev/outbox
  Administrator      http://localhost:${ports.shell}/admin  password: ${stack.adminPassword ?? '(see ADMIN_PASSWORD)'}
  Data               ${stack.dataDir}

  Demo clinic: npm run seed   ·   Stop: Ctrl+C
`);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log('Stopping…');
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

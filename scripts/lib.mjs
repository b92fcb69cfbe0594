/** Small helpers shared by the repository scripts (start, test, build, bench, seed). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const FRONTEND_MODULES = ['shell', 'mf-calendar', 'mf-clients', 'mf-invoices', 'mf-commerce', 'mf-admin', 'mf-booking'];

/** Runs a command with inherited output; rejects with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export function step(title) {
  console.log(`\n\u001b[1m▶ ${title}\u001b[0m`);
}

export function elapsed(startedAt) {
  return `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
}

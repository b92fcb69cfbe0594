/** Small helpers shared by the repository scripts (start, test, build, bench, seed). */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const FRONTEND_MODULES = ['shell', 'mf-calendar', 'mf-clients', 'mf-invoices', 'mf-commerce', 'mf-admin', 'mf-booking'];

/**
 * The TypeScript compiler is TypeScript 7, the native one (the package `@typescript/native`, an alias of
 * `typescript@7`): it type-checks and builds this repository in about a third of TypeScript 6's CPU time, with the
 * same JavaScript out. The package named `typescript` is TypeScript 6 (`@typescript/typescript6`), kept for the tools
 * that read the compiler's API (typescript-eslint, Module Federation), which TypeScript 7.0 does not have. This is
 * Microsoft's side-by-side arrangement (docs/decisions/0025-typescript-7-compiles-typescript-6-serves-the-linter.md).
 */
const TSC = path.join(root, 'node_modules', '@typescript', 'native', 'bin', 'tsc');

/**
 * Node's arguments for `tsc` with these arguments (for example `['-b', 'api']`) on this many cores (all by default):
 * one project per core, one checker each. TypeScript 7's default (four checkers per project, several projects at once)
 * took twice the wall time and memory (5 GB) on a two-core machine: 57-65 s against 32 s for the whole repository.
 */
export function tscArguments(args, cores = os.availableParallelism()) {
  return [TSC, ...args, ...(cores <= 1 ? ['--singleThreaded'] : ['--builders', String(cores), '--checkers', '1'])];
}

/** Runs `tsc` (see tscArguments) to its end. */
export function tsc(args, { cores, ...options } = {}) {
  return run(process.execPath, tscArguments(args, cores), options);
}

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

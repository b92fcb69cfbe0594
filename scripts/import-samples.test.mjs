/** `npm run samples:import` (scripts/import-samples.mjs): sizes that fit are written; a mistake is one line, not a stack. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { root } from './lib.mjs';

const folder = mkdtempSync(path.join(os.tmpdir(), 'klinik-samples-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the script with `args`: its exit code and what it printed. */
function run(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, 'scripts', 'import-samples.mjs'), ...args], { cwd: root, timeout: 120_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? error.code : 0, stdout, stderr }),
    );
  });
}

describe('samples:import', () => {
  it('writes a small export: fewer bookings bring fewer invoices by themselves', async () => {
    const { code, stdout, stderr } = await run([folder, '--clients', '50', '--bookings', '200']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/fakturaer\.csv \(50 rows/);
    expect(readdirSync(folder).filter((file) => file.endsWith('.csv'))).toHaveLength(5);
  });

  it('says what is wrong with the sizes in one line, and exits 2', async () => {
    for (const [args, message] of [
      [['--bookings', 'x'], "samples:import: --bookings must be a whole number, not 'x'"],
      [['--bookings', '200', '--invoices', '500'], 'samples:import: 500 invoices need at least as many bookings that have ended'],
      [['--frobnicate'], "samples:import: Unknown option '--frobnicate'"],
    ]) {
      const { code, stderr } = await run([folder, ...args]);
      expect(code).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
  });
});

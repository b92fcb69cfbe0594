#!/usr/bin/env node
/**
 * A long run of the schema-driven fuzzer (api/test/fuzz.test.ts): `npm run fuzz -- --seed 7 --iterations 20000`.
 * Without arguments: a random seed (printed, so a failure can be replayed) and 5,000 calls.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { seed: { type: 'string' }, iterations: { type: 'string' } } });
const seed = values.seed ?? String(Math.floor(Math.random() * 2 ** 31));
const iterations = values.iterations ?? '5000';
console.log(`fuzz: seed ${seed}, ${iterations} calls`);
const jest = ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', 'node_modules/jest/bin/jest.js', '--selectProjects', 'api', '--testPathPatterns', 'api/test/fuzz\\.test', '--testTimeout', String(24 * 3_600_000)];
const run = spawnSync(process.execPath, jest, { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_ITERATIONS: iterations } });
process.exit(run.status ?? 1);

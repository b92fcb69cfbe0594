/**
 * `npm run test:e2e:repeat`: proves the journeys deterministic by running each of them several times in a row on
 * one stack (not part of `npm test`). Type-checks and builds what changed first, as `npm test` would.
 *
 *   npm run test:e2e:repeat                                   every journey 5 times
 *   npm run test:e2e:repeat -- --each 20 tests/courses.spec.ts  one file 20 times
 *
 * Other arguments go to Playwright unchanged (a file, `-g <title>`, `-x` to stop at the first failure).
 */
import path from 'node:path';
import { elapsed, root, run, step, tsc } from './lib.mjs';

const args = process.argv.slice(2);
let each = 5;
const passOn = [];
for (let index = 0; index < args.length; index += 1) {
  if (args[index] === '--each') each = Number(args[++index]);
  else passOn.push(args[index]);
}
if (!Number.isInteger(each) || each < 1) {
  console.error('--each needs a whole number of runs, for example --each 20');
  process.exit(2);
}

const started = Date.now();
try {
  step('Type check (tsc -b)');
  await tsc(['-b']);
  step('Build the modules that changed');
  await run(process.execPath, [path.join(root, 'scripts/build.mjs'), '--all']);
  step(`End-to-end journeys, each ${each} times`);
  await run('npm', ['run', '-w', 'e2e', 'test', '--', `--repeat-each=${each}`, ...passOn], { env: { ...process.env, KLINIK_E2E_REPEAT: String(each) } });
} catch (error) {
  console.error(`\n✖ ${error.message} (${elapsed(started)})`);
  process.exit(1);
}
console.log(`\nEvery journey passed ${each} times in ${elapsed(started)}.`);

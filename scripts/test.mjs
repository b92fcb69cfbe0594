/**
 * `npm test`: Chromium for the journeys (installed when missing and the machine can: scripts/chromium.mjs), the
 * lockfile check (`npm ci` can install it), the type check, the linter, jest (core and frontend
 * unit tests and api integration tests against a real embedded database), a production build of every module
 * (with its size budgets), and the Playwright journeys in Chromium. Stops at the first failing stage.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { elapsed, root, run, step, tsc } from './lib.mjs';

const started = Date.now();
const journeys = existsSync(path.join(root, 'e2e/playwright.config.ts'));
const stages = [
  // First, so a machine without a browser learns it in seconds, not after the stages before the journeys.
  ...(journeys ? [['Chromium for the end-to-end journeys', async () => console.log(`  ${ensureChromium()}`)]] : []),
  ['Lockfile records every platform package', () => run(process.execPath, [path.join(root, 'scripts/check-lockfile.mjs')])],
  // Seconds: a comment or document that names a document, a section or a decision record that is not there.
  ['Documentation named in code and docs exists', () => run(process.execPath, [path.join(root, 'scripts/check-doc-references.mjs'), '--docs'])],
  [
    // The linter on one core from the start; on the other the type check (TypeScript 7 on one thread: about 40 s for the
    // repository, against TypeScript 6's 110-170 s), then jest as soon as the type check is done (the api tests start
    // the database through tsc's output, api/dist). Before, jest waited for the linter too, and a core stood idle for
    // the two minutes the linter runs past the type check. The linter reads the sources itself (its
    // type information does not wait for tsc's output), without the cache of `npm run lint`: a type change in one file
    // can give another, unchanged file a finding. Its type information comes from two TypeScript programs (decision 43:
    // about 3 minutes of CPU and 4.2 GB at most); package.json's `lint` gives it an 8 GB heap for headroom.
    'Type check (tsc -b) then unit and API tests (jest), beside lint (eslint)',
    async () => {
      const timed = async (title, work) => {
        const started = Date.now();
        await work();
        console.log(`  ✔ ${title} (${elapsed(started)})`);
      };
      // The linter and the type check run to the end (every finding of both is printed), then the first failure fails
      // the stage. Jest does not start on code that does not type-check.
      const results = await Promise.allSettled([
        (async () => {
          await timed('tsc -b', () => tsc(['-b'], { cores: 1 }));
          // Two workers: the api tests wait on the database server (its own process) as much as they compute, so two at
          // a time finish in about two thirds of the time of jest's default (one worker on a two-core machine).
          await timed('jest', () =>
            run(process.execPath, ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', path.join(root, 'node_modules/jest/bin/jest.js'), '--ci', '--maxWorkers=2']),
          );
        })(),
        timed('eslint', () => run('npm', ['run', '--silent', 'lint', '--', '--no-cache'])),
      ]);
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
  ],
];
if (existsSync(path.join(root, 'scripts/build.mjs'))) {
  stages.push(['Build every module', () => run(process.execPath, [path.join(root, 'scripts/build.mjs'), '--all', '--force'])]);
}
if (journeys) {
  stages.push(['End-to-end journeys (Playwright, Chromium)', () => run('npm', ['run', '-w', 'e2e', 'test'])]);
}

for (const [title, action] of stages) {
  const stageStarted = Date.now();
  step(title);
  try {
    await action();
  } catch (error) {
    console.error(`\n✖ ${title}: ${error.message}`);
    process.exit(1);
  }
  console.log(`✔ ${title} (${elapsed(stageStarted)})`);
}
console.log(`\nAll tests passed in ${elapsed(started)}.`);

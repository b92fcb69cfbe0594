/**
 * Fails when package-lock.json lacks an entry for an optional dependency of a locked package (in practice the
 * platform builds of a native package: @rspack/binding-*, @swc/core-*, @unrs/resolver-binding-*, @img/sharp-*).
 *
 * `npm ci` refuses such a lockfile ("Missing: <name>@ from lock file"), and `npm install` writes one without a
 * word when the registry has no build of the locked version for some platform (npm/cli#9846): it skips the
 * optional package and leaves it out of the lockfile. Checked in `npm test` and before `npm ci` in `.ci/run`, so
 * a lockfile that CI or another platform cannot install is found on the machine that wrote it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const lockfile = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const packages = lockfile.packages ?? {};

/** Where Node would find `name` from the package at `location`: its own node_modules, then each parent's. */
function isLocked(location, name) {
  let base = location;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!isLocked(location, name)) missing.push(`${name} (optional dependency of ${location || 'the root'}@${entry.version})`);
  }
}

if (missing.length > 0) {
  console.error(`package-lock.json lacks ${missing.length} optional package(s), so \`npm ci\` would refuse it:`);
  for (const line of missing) console.error(`  ${line}`);
  console.error(
    '\nUsually the registry has no build of that version for some platform. Pin the parent package to the newest\n' +
      'version whose every platform build is published (see docs/architecture.md, Known pitfalls), then run\n' +
      '`npm install --package-lock-only` and this check again.',
  );
  process.exit(1);
}
console.log(`package-lock.json records every optional package (${Object.keys(packages).length} entries).`);

/**
 * The Chromium the end-to-end journeys and the bench drive: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`.
 * Playwright's own browser download does not work on these machines (no internet beyond the package registries),
 * so `npm test` installs Debian's package itself when it is missing and the machine can: `apt-get` at hand, and
 * root or a `sudo` that does not ask for a password. Otherwise it stops at once with one line saying what to install,
 * rather than failing in the journeys after the ten minutes of the stages before them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The browser's path, or undefined when there is none. */
export function chromiumPath(env = process.env, debianPath = DEBIAN_CHROMIUM) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return existsSync(debianPath) ? debianPath : undefined;
}

function succeeds(command, args, env) {
  const result = spawnSync(command, args, { stdio: 'ignore', env });
  return result.status === 0;
}

/** How to run a package-manager command as root here: [] as root, ['sudo', '-n'] with a password-less sudo, or null. */
function asRoot(env) {
  if (process.getuid?.() === 0) return [];
  return succeeds('sudo', ['-n', 'true'], env) ? ['sudo', '-n'] : null;
}

/**
 * Makes sure a Chromium is there: returns its path, installing Debian's package when it can; throws an Error whose
 * message is the one line to show when it cannot.
 */
export function ensureChromium({ env = process.env, debianPath = DEBIAN_CHROMIUM, log = console.log } = {}) {
  const found = chromiumPath(env, debianPath);
  if (found) {
    if (!existsSync(found)) throw new Error(`CHROMIUM_PATH=${found} does not exist: point it at a Chromium or Chrome binary.`);
    return found;
  }
  const hint = `No Chromium for the end-to-end journeys: install Debian's package (\`apt-get install chromium\`) or set CHROMIUM_PATH to a Chromium or Chrome binary.`;
  const prefix = succeeds('apt-get', ['--version'], env) ? asRoot(env) : null;
  if (!prefix) throw new Error(hint);
  log('  Chromium is missing: installing Debian\'s package (apt-get install chromium), once per machine…');
  const [command, ...rest] = [...prefix, 'apt-get'];
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  // The package lists may be stale or absent on a fresh machine; a failing update is not fatal if the install works.
  spawnSync(command, [...rest, 'update', '-qq'], { stdio: 'inherit', env: aptEnv });
  const install = spawnSync(command, [...rest, 'install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: aptEnv });
  if (install.status !== 0 || !existsSync(debianPath)) throw new Error(`Installing Chromium failed. ${hint}`);
  return debianPath;
}

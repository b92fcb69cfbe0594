/**
 * The Chromium the end-to-end journeys and the bench drive: `CHROMIUM_PATH`, else Debian's browsers.
 * Playwright's own browser download does not work on these machines (no internet beyond the package registries),
 * so `npm test` installs Debian's packages itself when they are missing and the machine can: `apt-get` at hand, and
 * root or a `sudo` that does not ask for a password. Otherwise it stops at once with one line saying what to install,
 * rather than failing in the journeys after the ten minutes of the stages before them.
 *
 * The journeys run in Debian's `chromium-headless-shell` when it is there (what Playwright itself runs headless
 * journeys in: the same Blink and V8 without the full browser's windowing layer), and in the full `chromium`
 * otherwise. On the two-core machines the shell takes about 30 % less CPU for the same journeys (2026-11-29: eight
 * journeys with their stack 36-38 s of CPU against 51-52 s, interleaved runs; docs/performance.md). The bench keeps
 * the full browser: its page timings and Lighthouse scores are meant to be a real browser's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The full browser's path (the bench's), or undefined when there is none. */
export function chromiumPath(env = process.env, debianPath = DEBIAN_CHROMIUM) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return existsSync(debianPath) ? debianPath : undefined;
}

/** The journeys' browser: `CHROMIUM_PATH`, else the headless shell, else the full browser; undefined when none. */
export function journeyBrowserPath(env = process.env, { debianPath = DEBIAN_CHROMIUM, shellPath = DEBIAN_HEADLESS_SHELL } = {}) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  if (existsSync(shellPath)) return shellPath;
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

/** apt-get as root, or null when this machine has no apt-get or no way to be root. */
function aptGet(env) {
  const prefix = succeeds('apt-get', ['--version'], env) ? asRoot(env) : null;
  if (!prefix) return null;
  const [command, ...rest] = [...prefix, 'apt-get'];
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  return (args, stdio = 'inherit') => spawnSync(command, [...rest, ...args], { stdio, env: aptEnv }).status === 0;
}

/**
 * Makes sure a browser for the journeys is there: returns its path, installing Debian's packages when it can; throws
 * an Error whose message is the one line to show when it cannot. The headless shell is an economy, never a
 * requirement: a machine that has the full browser and cannot install the shell runs the journeys in the browser.
 */
export function ensureChromium({ env = process.env, debianPath = DEBIAN_CHROMIUM, shellPath = DEBIAN_HEADLESS_SHELL, log = console.log } = {}) {
  if (env.CHROMIUM_PATH) {
    if (!existsSync(env.CHROMIUM_PATH)) throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist: point it at a Chromium or Chrome binary.`);
    return env.CHROMIUM_PATH;
  }
  if (existsSync(shellPath)) return shellPath;
  const apt = aptGet(env);
  if (existsSync(debianPath)) {
    // From the package lists the machine has (no `apt-get update`: seconds when the package is known, nothing lost
    // when it is not).
    if (apt) {
      log('  Installing Debian\'s chromium-headless-shell for the journeys (once per machine; they run in chromium without it)…');
      if (apt(['install', '-y', '-qq', 'chromium-headless-shell'], 'ignore') && existsSync(shellPath)) return shellPath;
    }
    return debianPath;
  }
  const hint = `No Chromium for the end-to-end journeys: install Debian's package (\`apt-get install chromium\`) or set CHROMIUM_PATH to a Chromium or Chrome binary.`;
  if (!apt) throw new Error(hint);
  log('  Chromium is missing: installing Debian\'s packages (apt-get install chromium chromium-headless-shell), once per machine…');
  // The package lists may be stale or absent on a fresh machine; a failing update is not fatal if the install works.
  apt(['update', '-qq']);
  if (apt(['install', '-y', '-qq', 'chromium', 'chromium-headless-shell']) && existsSync(shellPath)) return shellPath;
  if (!apt(['install', '-y', '-qq', 'chromium']) || !existsSync(debianPath)) throw new Error(`Installing Chromium failed. ${hint}`);
  return debianPath;
}

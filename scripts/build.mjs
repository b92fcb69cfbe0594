/**
 * Builds the frontend modules with Rspack (production). A module is rebuilt only when its inputs changed since
 * its last build (a hash of its sources, the shared core, the build tooling and the lockfile, kept in
 * dist/.build-stamp), so `npm start` after a fresh clone builds everything once and is quick afterwards.
 *
 *   node scripts/build.mjs --all            build what is stale
 *   node scripts/build.mjs --all --force    build everything
 *   node scripts/build.mjs shell mf-admin   build these (if stale, or with --force)
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { FRONTEND_MODULES, elapsed, root, run } from './lib.mjs';

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out.sort();
}

export function inputHash(module) {
  const hash = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(root, module, 'src')),
    ...filesUnder(path.join(root, module, 'public')),
    path.join(root, module, 'rspack.config.mjs'),
    path.join(root, module, 'package.json'),
    // The shell's route table is made of each remote's `src/routes.ts`, carried in the shell's bundle.
    ...(module === 'shell' ? FRONTEND_MODULES.filter((other) => other.startsWith('mf-')).map((remote) => path.join(root, remote, 'src', 'routes.ts')) : []),
    // 'Mine tider''s cold document (MineTider.html) is built by the shell from mf-booking's portal code.
    ...(module === 'shell' ? filesUnder(path.join(root, 'mf-booking', 'src', 'portal')) : []),
    ...filesUnder(path.join(root, 'core', 'src')),
    ...filesUnder(path.join(root, 'ui', 'src')),
    path.join(root, 'ui', 'package.json'),
    path.join(root, 'core', 'package.json'),
    ...filesUnder(path.join(root, 'tools', 'rspack')),
    path.join(root, 'package-lock.json'),
  ];
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const stampFile = (module) => path.join(root, module, 'dist', '.build-stamp');

/** Marks a module's dist/ as not a production build (the watch builds of `npm run dev` write there), so the next build makes one. */
export function forgetBuild(module) {
  rmSync(stampFile(module), { force: true });
}

export function isStale(module) {
  const stamp = stampFile(module);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8') !== inputHash(module);
}

/** Writes `file`'s .gz and .br twins of `content` (its content), at the strongest settings: built once, sent often. */
export function writeCompressedTwins(file, content) {
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
}

/** Writes .br and .gz twins of text assets so the static servers can send them compressed (scripts/static.mjs). */
function precompress(dir) {
  for (const file of filesUnder(dir)) {
    if (!/\.(js|css|html|json|svg)$/.test(file) || file.endsWith('.map')) continue;
    if (statSync(file).size < 1024) continue;
    writeCompressedTwins(file, readFileSync(file));
  }
}

export async function buildModules(modules, { force = false } = {}) {
  const rspack = path.join(root, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
  for (const module of modules) {
    if (!force && !isStale(module)) {
      console.log(`${module}: up to date`);
      continue;
    }
    const started = Date.now();
    console.log(`${module}: building…`);
    await run(process.execPath, [rspack, 'build', '-c', 'rspack.config.mjs', '--mode', 'production'], {
      cwd: path.join(root, module),
      env: { ...process.env, NODE_ENV: 'production' },
    });
    precompress(path.join(root, module, 'dist'));
    writeFileSync(stampFile(module), inputHash(module));
    console.log(`${module}: built in ${elapsed(started)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const modules = args.includes('--all') || named.length === 0 ? FRONTEND_MODULES : named;
  const unknown = modules.filter((module) => !FRONTEND_MODULES.includes(module));
  if (unknown.length) {
    console.error(`Unknown module(s): ${unknown.join(', ')}`);
    process.exit(2);
  }
  try {
    await buildModules(modules, { force });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

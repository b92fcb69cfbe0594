/**
 * The development kit (@klinik/devkit: the payment, accounting and drive sandboxes, the builders of the embedded
 * database and MinIO) is not part of the API a production build ships: the API does not depend on it, its code and
 * its compiled output import nothing of it, and reach it only by name from three loaders that run when the
 * configuration asks for a sandbox or the embedded database, which production refuses before loading anything.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { configFromEnv } from '../src/config.js';
import type { Models } from '../src/models/index.js';
import { testConfig } from './support/test-api.js';

// Loading the kit at all fails these tests: the refusals below must come before it, from the API itself.
jest.unstable_mockModule('@klinik/devkit', () => {
  throw new Error('the development kit was loaded');
});
const { loadSandboxes, SANDBOX_REFUSALS } = await import('../src/adapters/sandboxes.js');

const api = path.resolve(import.meta.dirname, '..');
const files = (dir: string, ending: RegExp): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? files(full, ending) : ending.test(full) ? [full] : [];
  });
/** Every import of the kit a module makes by a literal name or path: what tsc, a bundler or Node would follow. */
const KIT_IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)['"](?:@klinik\/devkit|(?:\.\.\/)+devkit\/)/;

it("is in none of the API's dependencies", () => {
  const manifest = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies', 'devDependencies', 'bundleDependencies']) {
    expect({ field, devkit: Object.keys(manifest[field] ?? {}).filter((name) => name.includes('devkit')) }).toEqual({ field, devkit: [] });
  }
});

it("is imported by no module of the API's source or its compiled output; three loaders name it", () => {
  const source = files(path.join(api, 'src'), /\.ts$/);
  expect(source.filter((file) => KIT_IMPORT.test(readFileSync(file, 'utf8'))).map((file) => path.relative(api, file))).toEqual([]);
  const built = files(path.join(api, 'dist'), /\.js$/);
  expect(built.length).toBeGreaterThan(100);
  expect(built.filter((file) => KIT_IMPORT.test(readFileSync(file, 'utf8'))).map((file) => path.relative(api, file))).toEqual([]);
  const naming = source.filter((file) => readFileSync(file, 'utf8').includes("'@klinik/devkit")).map((file) => path.relative(path.join(api, 'src'), file)).sort();
  expect(naming).toEqual(['adapters/sandboxes.ts', 'backup/backup.ts', 'db/embedded.ts']);
});

describe('the sandboxes in production', () => {
  const production = (providers: Record<string, string>) =>
    configFromEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`, CPR_HASH_KEY: Buffer.alloc(32, 2).toString('base64'), ...providers }, '/nonexistent');
  const models = {} as Models;
  const deliver = async () => undefined;

  it('are refused before the kit is loaded', async () => {
    const config = testConfig({ production: true, paymentsProvider: 'sandbox', accountingProvider: 'none', driveProvider: 'none' });
    await expect(loadSandboxes({ config, models, now: Date.now, deliver })).rejects.toThrow(SANDBOX_REFUSALS.payments);
    await expect(loadSandboxes({ config: { ...config, paymentsProvider: 'none', accountingProvider: 'sandbox' }, models, now: Date.now, deliver })).rejects.toThrow(SANDBOX_REFUSALS.accounting);
    await expect(loadSandboxes({ config: { ...config, paymentsProvider: 'none', driveProvider: 'sandbox' }, models, now: Date.now, deliver })).rejects.toThrow(SANDBOX_REFUSALS.drive);
  });

  it('are not asked for by the production defaults', async () => {
    expect(await loadSandboxes({ config: production({}), models, now: Date.now, deliver })).toBeNull();
  });
});

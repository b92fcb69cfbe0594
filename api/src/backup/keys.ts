/**
 * The keys a backup's health data needs (docs/security.md, 'Health data at rest'): DATA_ENCRYPTION_KEYS and
 * CPR_HASH_KEY from the environment, else (development) the data folder's `secrets.json`, the same order the API's
 * configuration uses (config.ts). A backup never holds them: its manifest names each key by id and a fingerprint (an
 * HMAC of a fixed text under the key, which tells nothing about the key), so a restore can say which keys it lacks.
 */
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { devSecretsFile } from '../config.js';
import { parseDataKeyring } from '../security/encryption.js';

export interface KeyFingerprints {
  /** Where the keys were found (in development one may come from the environment, the other from the file). */
  source: 'environment' | 'secrets.json' | 'environment and secrets.json';
  /** Every data key of the keyring, oldest first (all of them may have encrypted something still in the data). */
  dataKeys: { id: string; fingerprint: string }[];
  cprHashKey: string;
}

export interface KeysInUse {
  source: KeyFingerprints['source'];
  dataEncryptionKeys: string;
  cprHashKey: string;
  /** The secrets file they came from (development), which `--keys-out` copies. */
  file: string | null;
}

/** The keys of a development secrets file, or null when it has none. */
export function keysOfSecretsFile(file: string): { dataEncryptionKeys: string; cprHashKey: string } | null {
  if (!existsSync(file)) return null;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { dataEncryptionKeys?: unknown; cprHashKey?: unknown };
  if (typeof parsed.dataEncryptionKeys !== 'string' || typeof parsed.cprHashKey !== 'string') return null;
  return { dataEncryptionKeys: parsed.dataEncryptionKeys, cprHashKey: parsed.cprHashKey };
}

/**
 * The keys an API started with `env` on `dataDir` would use; null when there are none (it would make new ones). As
 * config.ts takes them: in production both from the environment; in development each from the environment when it is
 * set there, else from the data folder's secrets.json.
 */
export function keysInUse(env: NodeJS.ProcessEnv, dataDir: string, secretsFile = devSecretsFile(dataDir)): KeysInUse | null {
  const fromEnvironment = { dataEncryptionKeys: env.DATA_ENCRYPTION_KEYS || '', cprHashKey: env.CPR_HASH_KEY || '' };
  if (fromEnvironment.dataEncryptionKeys && fromEnvironment.cprHashKey) return { source: 'environment', ...fromEnvironment, file: null };
  // Production reads the environment only (config.ts); a secrets file there is not what the API would use.
  if (env.NODE_ENV === 'production') return null;
  const fromFile = keysOfSecretsFile(secretsFile);
  const dataEncryptionKeys = fromEnvironment.dataEncryptionKeys || fromFile?.dataEncryptionKeys;
  const cprHashKey = fromEnvironment.cprHashKey || fromFile?.cprHashKey;
  if (!dataEncryptionKeys || !cprHashKey) return null;
  const source = fromEnvironment.dataEncryptionKeys || fromEnvironment.cprHashKey ? 'environment and secrets.json' : 'secrets.json';
  return { source, dataEncryptionKeys, cprHashKey, file: secretsFile };
}

function fingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('klinik backup key fingerprint').digest('hex').slice(0, 16);
}

export function fingerprintsOf(keys: KeysInUse): KeyFingerprints {
  const keyring = parseDataKeyring(keys.dataEncryptionKeys, keys.cprHashKey);
  return {
    source: keys.source,
    dataKeys: keyring.keys.map(({ id, key }) => ({ id, fingerprint: fingerprint(key) })),
    cprHashKey: fingerprint(keyring.cprHashKey),
  };
}

/** What the target keys lack of the backup's (empty when they read it all). */
export function missingKeys(needed: KeyFingerprints, available: KeyFingerprints): string[] {
  const have = new Map(available.dataKeys.map((key) => [key.id, key.fingerprint]));
  const missing = needed.dataKeys.filter((key) => have.get(key.id) !== key.fingerprint).map((key) => (have.has(key.id) ? `data key "${key.id}" (a different key has that id)` : `data key "${key.id}"`));
  if (needed.cprHashKey !== available.cprHashKey) missing.push('the CPR hash key (CPR_HASH_KEY)');
  return missing;
}

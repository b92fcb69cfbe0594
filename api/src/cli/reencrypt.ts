/**
 * `npm run data:reencrypt`: brings every stored health-data field and stored file (images, support and import files,
 * in the blob store the API is configured with) to the newest key of DATA_ENCRYPTION_KEYS now, instead of at the next
 * start (the same idempotent pass: migrations/encrypt-at-rest.ts). The keys come from the environment as for the API
 * (development: `.data/secrets.json`).
 */
import { createBlobStore } from '../adapters/blobs/create.js';
import { configFromEnv } from '../config.js';
import { reencryptAll } from '../migrations/encrypt-at-rest.js';
import { createModels } from '../models/index.js';
import { dataDir } from '../paths.js';
import { useDataKeyring } from '../security/encryption.js';
import { withDatabase } from './database.js';

export async function runReencryptCli(): Promise<number> {
  const config = configFromEnv(process.env, dataDir());
  useDataKeyring(config.dataKeyring);
  return withDatabase(async (conn) => {
    createModels(conn);
    const counts = await reencryptAll(conn, undefined, await createBlobStore(config));
    console.log(`Re-encrypted with key "${config.dataKeyring.keys.at(-1)!.id}":`, counts);
    return 0;
  });
}

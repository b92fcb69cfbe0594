/**
 * One throw-away database server per jest run: FerretDB on a free port with its data in a temporary folder
 * (or the server at MONGODB_URI). Each test file then uses its own database on it.
 *
 * Plain JavaScript on the development kit's compiled launcher: jest loads global setup through require(), outside its
 * ESM module mapping. `npm test` (and `npm run test:unit`) run `tsc -b` first, so devkit/dist is current.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureS3ServerBinary } from '../../../devkit/dist/blobs/index.js';
import { launchDatabase } from '../../../devkit/dist/database/index.js';

export default async function globalSetup() {
  // MinIO for blob-store-s3.test.ts: on a machine without the binary its build (minutes with cold Go caches;
  // docs/performance.md, 'Build and test') starts now, beside the database and the other test files, and the test
  // waits for it through the build lock. A run that ends first stops it (teardown); Go's build cache keeps what it
  // compiled.
  const s3Build = new AbortController();
  const building = ensureS3ServerBinary((line) => console.log(`[s3] ${line}`), s3Build.signal).catch((error) => {
    if (!s3Build.signal.aborted) console.log(`[s3] ${error.message}`);
  });
  globalThis.__klinikS3Build = { controller: s3Build, building };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-jest-'));
  const handle = await launchDatabase({ dataDir, log: (line) => console.log(`[db] ${line}`) });
  globalThis.__klinikTestDatabase = { handle, dataDir };
  process.env.KLINIK_TEST_MONGODB_URI = handle.uri;
  process.env.KLINIK_TEST_DB_KIND = handle.kind;
}

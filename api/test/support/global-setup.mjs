/**
 * One throw-away database server per jest run: FerretDB on a free port with its data in a temporary folder
 * (or the server at MONGODB_URI). Each test file then uses its own database on it.
 *
 * Plain JavaScript on the compiled launcher: jest loads global setup through require(), outside its ESM
 * module mapping. `npm test` (and `npm run test:unit`) run `tsc -b` first, so api/dist is current.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchDatabase } from '../../dist/db/launcher.js';

export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klinik-jest-'));
  const handle = await launchDatabase({ dataDir, log: (line) => console.log(`[db] ${line}`) });
  globalThis.__klinikTestDatabase = { handle, dataDir };
  process.env.KLINIK_TEST_MONGODB_URI = handle.uri;
  process.env.KLINIK_TEST_DB_KIND = handle.kind;
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (api/dist/paths.js or api/src/paths.ts → ../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where development data lives: KLINIK_DATA_DIR or `.data/` in the repository. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.KLINIK_DATA_DIR ?? path.join(repoRoot, '.data'));
}

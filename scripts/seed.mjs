/** `npm run seed`: compiles the API if needed, then creates the demo clinic (see api/src/cli/seed.ts). */
import path from 'node:path';
import { root, tsc } from './lib.mjs';

await tsc(['-b', 'api']);
const { runSeedCli } = await import(path.join(root, 'api', 'dist', 'cli', 'seed.js'));
process.exit(await runSeedCli());

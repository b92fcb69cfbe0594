/** `npm run seed`: compiles the API if needed, then creates the demo clinic (see api/src/cli/seed.ts). */
import path from 'node:path';
import { root, run } from './lib.mjs';

await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'api']);
const { runSeedCli } = await import(path.join(root, 'api', 'dist', 'cli', 'seed.js'));
process.exit(await runSeedCli());

/** `npm run data:reencrypt`: moves health data at rest to the newest data key now (see api/src/cli/reencrypt.ts). */
import path from 'node:path';
import { root, tsc } from './lib.mjs';

await tsc(['-b', 'api']);
const { runReencryptCli } = await import(path.join(root, 'api', 'dist', 'cli', 'reencrypt.js'));
process.exit(await runReencryptCli());

/** `npm run admin:add -- <username> <password>`: a platform administrator (see api/src/cli/admin.ts). */
import path from 'node:path';
import { root, run } from './lib.mjs';

await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'api']);
const { runAdminCli } = await import(path.join(root, 'api', 'dist', 'cli', 'admin.js'));
process.exit(await runAdminCli(process.argv.slice(2)));

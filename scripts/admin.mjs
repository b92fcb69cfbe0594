/** `npm run admin:add -- <username> <password>`: a platform administrator (see api/src/cli/admin.ts). */
import path from 'node:path';
import { root, tsc } from './lib.mjs';

await tsc(['-b', 'api']);
const { runAdminCli } = await import(path.join(root, 'api', 'dist', 'cli', 'admin.js'));
process.exit(await runAdminCli(process.argv.slice(2)));

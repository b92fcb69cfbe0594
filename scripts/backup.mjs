/** `npm run backup -- [--out <folder>] [--keys-out <file>]`: a consistent copy of the running product's data (see api/src/cli/backup.ts). */
import path from 'node:path';
import { root, run } from './lib.mjs';

await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'api']);
const { runBackupCli } = await import(path.join(root, 'api', 'dist', 'cli', 'backup.js'));
process.exit(await runBackupCli(process.argv.slice(2)));

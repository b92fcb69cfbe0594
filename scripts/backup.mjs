/** `npm run backup -- [--out <folder>] [--keys-out <file>]`: a consistent copy of the running product's data (see api/src/cli/backup.ts). */
import path from 'node:path';
import { root, tsc } from './lib.mjs';

await tsc(['-b', 'api']);
const { runBackupCli } = await import(path.join(root, 'api', 'dist', 'cli', 'backup.js'));
process.exit(await runBackupCli(process.argv.slice(2)));

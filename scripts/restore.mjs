/** `npm run restore -- <backup folder> [--keys <file>]`: puts a backup in place of the data (see api/src/cli/backup.ts). */
import path from 'node:path';
import { root, tsc } from './lib.mjs';

await tsc(['-b', 'api']);
const { runRestoreCli } = await import(path.join(root, 'api', 'dist', 'cli', 'backup.js'));
process.exit(await runRestoreCli(process.argv.slice(2)));

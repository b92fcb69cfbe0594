/** `npm run restore -- <backup folder> [--keys <file>]`: puts a backup in place of the data (see api/src/cli/backup.ts). */
import path from 'node:path';
import { root, run } from './lib.mjs';

await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'api']);
const { runRestoreCli } = await import(path.join(root, 'api', 'dist', 'cli', 'backup.js'));
process.exit(await runRestoreCli(process.argv.slice(2)));

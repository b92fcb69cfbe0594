/** `npm run team:add -- <username> <password>`: a support-team user (see api/src/cli/team-user.ts). */
import path from 'node:path';
import { root, run } from './lib.mjs';

await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'api']);
const { runTeamUserCli } = await import(path.join(root, 'api', 'dist', 'cli', 'team-user.js'));
process.exit(await runTeamUserCli(process.argv.slice(2)));

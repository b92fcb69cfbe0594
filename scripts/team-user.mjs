/** `npm run team:add -- <username> <password>`: a support-team user (see api/src/cli/team-user.ts). */
import path from 'node:path';
import { root, tsc } from './lib.mjs';

await tsc(['-b', 'api']);
const { runTeamUserCli } = await import(path.join(root, 'api', 'dist', 'cli', 'team-user.js'));
process.exit(await runTeamUserCli(process.argv.slice(2)));

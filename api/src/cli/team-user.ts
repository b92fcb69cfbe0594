/**
 * `npm run team:add -- <username> <password>`: creates (or resets) a support-team user, who signs in at
 * /support-login, with two-factor sign-in (required in production; the secret and recovery codes are printed once). `npm run team:add -- --deactivate <username>` ends that user's access at once.
 */
import { createModels } from '../models/index.js';
import { createTeamUser, deactivateTeamUser } from '../domain/accounts/team-users.js';
import { enrolTwoFactor, twoFactorKey } from '../domain/accounts/two-factor.js';
import { printTwoFactor } from './admin.js';
import { useApiDataKeys, withDatabase } from './database.js';

export async function runTeamUserCli(args: string[]): Promise<number> {
  const deactivate = args[0] === '--deactivate';
  const [username, password] = deactivate ? args.slice(1) : args;
  if (!username || (!deactivate && !password)) {
    console.error('Usage: npm run team:add -- <username> <password>\n       npm run team:add -- --deactivate <username>');
    return 2;
  }
  return withDatabase(async (conn) => {
    const models = createModels(conn);
    if (deactivate) {
      const found = await deactivateTeamUser(models, username);
      console.log(found ? `Team user ${username} deactivated.` : `No team user ${username}.`);
      return found ? 0 : 1;
    }
    // Its two-factor secret is stored encrypted with the API's keys (only this needs them: deactivating does not).
    useApiDataKeys();
    const user = await createTeamUser(models, username, password!);
    printTwoFactor(await enrolTwoFactor(models, twoFactorKey('team', user.id), user.username, Date.now()));
    console.log(`Team user ${user.username} is ready. Sign in at /support-login.`);
    return 0;
  });
}

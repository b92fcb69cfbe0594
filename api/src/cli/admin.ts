/**
 * `npm run admin:add -- <username> <password>`: creates a platform administrator (or gives one a new password and
 * ends its sessions), who signs in at /admin, and sets up its two-factor sign-in (required in production): prints
 * the authenticator secret, its otpauth:// address and ten recovery codes, once. `-- --deactivate <username>` ends that administrator's access at once;
 * `-- --audit [n]` prints the n (default 50) most recent administrator sign-ins.
 */
import { createModels } from '../models/index.js';
import { createAdministrator, deactivateAdministrator, recentAdminSignIns } from '../domain/accounts/administrators.js';
import { enrolTwoFactor, twoFactorKey } from '../domain/accounts/two-factor.js';
import { useApiDataKeys, withDatabase } from './database.js';

/** What the operator hands to the person: shown once, never stored in the clear. */
export function printTwoFactor(enrolled: { secret: string; otpauthUrl: string; recoveryCodes: string[] }): void {
  console.log('Two-factor sign-in (add to an authenticator app; shown only now):');
  console.log(`  secret         ${enrolled.secret}`);
  console.log(`  otpauth        ${enrolled.otpauthUrl}`);
  console.log(`  recovery codes ${enrolled.recoveryCodes.join('  ')}`);
}

const USAGE = `Usage: npm run admin:add -- <username> <password>
       npm run admin:add -- --deactivate <username>
       npm run admin:add -- --audit [n]`;

export async function runAdminCli(args: string[]): Promise<number> {
  const [first, second, third] = args;
  if (!first || (first === '--deactivate' && !second) || (!first.startsWith('--') && !second)) {
    console.error(USAGE);
    return 2;
  }
  return withDatabase(async (conn) => {
    const models = createModels(conn);
    if (first === '--audit') {
      const limit = Math.min(Math.max(Number.parseInt(second ?? '50', 10) || 50, 1), 1000);
      for (const row of await recentAdminSignIns(models, limit)) {
        console.log(`${new Date(row.at).toISOString()}  ${row.outcome.padEnd(7)}  ${(row.reason ?? '').padEnd(11)}  ${row.username}  ${row.address}`);
      }
      return 0;
    }
    if (first === '--deactivate') {
      const found = await deactivateAdministrator(models, second!);
      console.log(found ? `Administrator ${second} deactivated.` : `No administrator ${second}.`);
      return found ? 0 : 1;
    }
    if (first.startsWith('--') || third !== undefined) {
      console.error(USAGE);
      return 2;
    }
    try {
      // Its two-factor secret is stored encrypted with the API's keys (only this needs them: deactivating does not).
      useApiDataKeys();
      const admin = await createAdministrator(models, first, second!);
      printTwoFactor(await enrolTwoFactor(models, twoFactorKey('admin', admin.id), admin.username, Date.now()));
      console.log(`Administrator ${admin.username} is ready. Sign in at /admin.`);
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      return 1;
    }
  });
}

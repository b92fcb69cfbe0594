/**
 * The product's pages as the shell's route table lists them (each remote declares its own, in its `src/routes.ts`):
 * the journeys that visit every page take their lists from here, so a page added to a remote is visited without
 * anyone adding it to a test.
 */
import { REMOTE_ROUTES, type RemoteRoute } from '@klinik/shell/routes';

export type { RemoteRoute };

/** The remotes' pages for `access`, of the given remotes (all when none are named), in the table's order. */
export function remotePages(access: RemoteRoute['access'], remotes: readonly RemoteRoute['remote'][] = []): RemoteRoute[] {
  return REMOTE_ROUTES.filter((route) => route.access === access && (remotes.length === 0 || remotes.includes(route.remote)));
}

/** Whether the page has an address of its own: no parameter in its path, and not where another site or step returns. */
export const hasOwnAddress = (route: RemoteRoute): boolean => !route.returnAddress && !/[:*]/.test(route.path);

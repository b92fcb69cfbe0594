/**
 * The route table, put together from the pages each remote declares in its own `src/routes.ts` (path, title, who may
 * open it, the federated page): which layout, which guard, which module. Those modules are data only and come with the
 * shell's code; each remote page's code is loaded only when its route is first visited. Routes outside the main layout
 * are matched exactly; unknown paths go to /. e2e takes its lists of pages from here too.
 */
import type { PageRoute } from '@klinik/core/rules';
import { routes as admin } from '@klinik/mf-admin/routes';
import { routes as booking } from '@klinik/mf-booking/routes';
import { routes as calendar } from '@klinik/mf-calendar/routes';
import { routes as clients } from '@klinik/mf-clients/routes';
import { routes as commerce } from '@klinik/mf-commerce/routes';
import { routes as invoices } from '@klinik/mf-invoices/routes';
import type { RemoteName } from '../config';

export interface RemoteRoute extends PageRoute {
  remote: RemoteName;
}

/** Every remote's pages; a remote the config names must have its table here. */
const ROUTES_BY_REMOTE: Record<RemoteName, readonly PageRoute[]> = {
  mf_calendar: calendar,
  mf_clients: clients,
  mf_invoices: invoices,
  mf_commerce: commerce,
  mf_admin: admin,
  mf_booking: booking,
};

export const REMOTE_ROUTES: readonly RemoteRoute[] = Object.entries(ROUTES_BY_REMOTE).flatMap(([remote, routes]) =>
  routes.map((route) => ({ ...route, remote: remote as RemoteName })),
);

/** Pages of the therapist area (main layout), spec 1 §2 and spec 3 §2. */
export const MAIN_REMOTE_ROUTES = REMOTE_ROUTES.filter((route) => route.access === 'therapist');
/** Public pages served by remotes outside any layout. */
export const PUBLIC_REMOTE_ROUTES = REMOTE_ROUTES.filter((route) => route.access === 'public');
/** The administrator's pages (admin layout). */
export const ADMIN_REMOTE_ROUTES = REMOTE_ROUTES.filter((route) => route.access === 'admin');
/** The support team's pages, outside any layout. */
export const TEAM_REMOTE_ROUTES = REMOTE_ROUTES.filter((route) => route.access === 'team');

/** A route's path as the address's path exactly (any case, a trailing slash ignored): for the start-up work that runs before the router. */
export const exactPath = (path: string, pathname: string): boolean => path.toLowerCase() === pathname.replace(/\/$/, '').toLowerCase();

/** The path of a remote page in the therapist area, for the links the shell hands to remotes (session/services.ts). */
export function pagePath(remote: RemoteName, page: string): string {
  const route = MAIN_REMOTE_ROUTES.find((candidate) => candidate.remote === remote && candidate.page === page && !candidate.path.includes(':'));
  if (!route) throw new Error(`No route for ${remote}/${page}`);
  return route.path;
}

/**
 * The route among `routes` of the address the app opens on, by `matches` (a path of the table, the decoded address);
 * null for a malformed address, which the router sends on to /, or one no route matches. index.ts asks before the
 * router's code is there (exact paths), bootstrap.tsx with the router's own matching.
 */
export function openingRoute(routes: readonly RemoteRoute[], matches: (path: string, pathname: string) => boolean): RemoteRoute | null {
  let pathname: string;
  try {
    pathname = decodeURI(window.location.pathname);
  } catch {
    return null;
  }
  return routes.find((route) => matches(route.path, pathname)) ?? null;
}

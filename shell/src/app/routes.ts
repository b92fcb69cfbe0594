/**
 * The route table: which layout, which guard, which module. The shell owns it; each remote page is loaded only
 * when its route is first visited. Routes outside the main layout are matched exactly; unknown paths go to /.
 */
import type { RemoteName } from '../config';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  expose: string;
  /** Blocked plans redirect to /planlægge (spec 1 §2). */
  gated?: boolean;
  ownerOnly?: boolean;
}

/** Pages of the therapist area (main layout), spec 1 §2 and spec 3 §2. */
export const MAIN_REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/Kalender', remote: 'mf_calendar', expose: 'Calendar', gated: true },
  { path: '/Kursus', remote: 'mf_calendar', expose: 'Courses', gated: true },
  { path: '/Onlinereservation', remote: 'mf_calendar', expose: 'OnlineBookingSetup', gated: true },
  { path: '/Treatments', remote: 'mf_calendar', expose: 'Treatments', gated: true },
  { path: '/Klientdata', remote: 'mf_clients', expose: 'ClientData', gated: true },
  // The drive's consent page returns here (core DRIVE_RETURN_PATH; issue 17).
  { path: '/Klientdata/google-drive', remote: 'mf_clients', expose: 'DriveReturn', gated: true },
  { path: '/NewClientForm', remote: 'mf_clients', expose: 'NewClientForm', gated: true },
  { path: '/Kontakt', remote: 'mf_clients', expose: 'Contact', gated: true },
  { path: '/Importerdata', remote: 'mf_clients', expose: 'ImportData', gated: true },
  { path: '/Importerdata/fuldfoert', remote: 'mf_clients', expose: 'ImportCompleted', gated: true },
  { path: '/Faktura', remote: 'mf_invoices', expose: 'Invoices', gated: true },
  { path: '/planlægge', remote: 'mf_commerce', expose: 'PlanChoice' },
  { path: '/Abonnement', remote: 'mf_commerce', expose: 'Subscription', ownerOnly: true },
  { path: '/Abonnement/:id', remote: 'mf_commerce', expose: 'SubscriptionSettings', ownerOnly: true },
  { path: '/Tilføjelser', remote: 'mf_commerce', expose: 'AddOns', gated: true },
  { path: '/Transactions', remote: 'mf_commerce', expose: 'Transactions', gated: true, ownerOnly: true },
  { path: '/AdministrerTerapeut', remote: 'mf_commerce', expose: 'TherapistAdmin', gated: true, ownerOnly: true },
  { path: '/Settings', remote: 'mf_commerce', expose: 'Settings', gated: true },
  { path: '/Videovejledninger', remote: 'mf_commerce', expose: 'VideoGuides', gated: true },
  { path: '/MinProfil', remote: 'mf_commerce', expose: 'Profile' },
  { path: '/payment/*', remote: 'mf_commerce', expose: 'PaymentReturn' },
];

/** Public pages served by remotes outside any layout. */
export const PUBLIC_REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/OnlineBooking', remote: 'mf_booking', expose: 'OnlineBooking' },
  { path: '/unsubscribe', remote: 'mf_booking', expose: 'Unsubscribe' },
  { path: '/Newsletter', remote: 'mf_booking', expose: 'Newsletter' },
  { path: '/ClientForm', remote: 'mf_booking', expose: 'ClientForm' },
];

export const ADMIN_REMOTE_ROUTES: RemoteRoute[] = [
  { path: '/Companies', remote: 'mf_admin', expose: 'Companies' },
  { path: '/companies', remote: 'mf_admin', expose: 'Companies' },
];

/** A route's path as the address's path exactly (any case, a trailing slash ignored): for the start-up work that runs before the router. */
export const exactPath = (path: string, pathname: string): boolean => path.toLowerCase() === pathname.replace(/\/$/, '').toLowerCase();

/** The path of a remote page in the therapist area, for the links the shell hands to remotes (session/services.ts). */
export function pagePath(remote: RemoteName, expose: string): string {
  const route = MAIN_REMOTE_ROUTES.find((candidate) => candidate.remote === remote && candidate.expose === expose && !candidate.path.includes(':'));
  if (!route) throw new Error(`No route for ${remote}/${expose}`);
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

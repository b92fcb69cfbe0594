/**
 * What the shell hands to every remote route page. Types only: the remotes get live objects as props, so they
 * share the shell's session and API client without importing the shell's code.
 */
import type { TherapistView } from './actions/auth.js';
import type { ActionClient } from './client.js';

/** The summary kept in localStorage under 'therapist' (spec 1 §3). */
export interface StoredTherapist {
  username: string;
  id: string;
  planType: TherapistView['company']['planType'];
  status: TherapistView['company']['status'];
  isAdmin: boolean;
}

export interface ShellServices {
  /** Typed calls to the API with the stored token; session-ending answers log out by themselves. */
  client: ActionClient;
  /** The signed-in therapist as last loaded, or null on public pages. */
  therapist: TherapistView | null;
  /** Reloads the therapist (after a plan change, say) and updates the shell's menus. */
  refreshTherapist: () => Promise<TherapistView | null>;
  /** Ends this page's session (therapist: also on the server) and goes to its sign-in page. */
  logout: () => void;
  /** Addresses of the public pages a clinic hands out (built from where the shell and mf-booking are deployed). */
  publicLinks: PublicLinks;
  /** Addresses of other modules' pages inside the product, from the shell's route table. */
  pages: PageLinks;
  /** Where the video guides are (runtime config `videoGuides`, else the files mf-commerce ships). */
  videoGuides: VideoGuideLinks;
  /**
   * The support team's meeting calendar, embedded by /support-import-data (runtime config `meetingUrl`: a Calendly
   * scheduling page, or in development the API's placeholder `/dev/meeting`); null when none is configured.
   */
  meetingUrl: string | null;
  /** Other modules' dialogs, opened by the shell over the current page. */
  dialogs: ShellDialogs;
}

/**
 * Dialogs of other modules that a page opens in place (spec 2: the booking card's 'Faktura' opens the invoice
 * dialog over the calendar). The shell loads the owning remote's dialog and shows it over the page; the remotes
 * stay independent of each other.
 */
export interface ShellDialogs {
  /** mf-invoices: the invoice dialog of a booking. */
  invoiceForBooking: (bookingId: string) => void;
}

/** What a remote's dialog expose gets from the shell: the services, its parameters, and how to close. */
export interface RemoteDialogProps {
  shell: ShellServices;
  params: Readonly<Record<string, string>>;
  onClose: () => void;
}

/** The video guides of /Videovejledninger (spec 3, Video guides): a merged invoice statement; a client's images. */
export const VIDEO_GUIDE_KEYS = ['mergedInvoice', 'imageUpload'] as const;
export type VideoGuideKey = (typeof VIDEO_GUIDE_KEYS)[number];
export type VideoGuideLinks = Record<VideoGuideKey, { video: string; poster: string | null }>;

/**
 * The pages of other modules a remote leads to. A remote never writes another module's path or query parameters:
 * the shell owns the route table and builds these, so moving a page (or the module serving it) touches the shell
 * alone. In-app paths, for react-router's navigate.
 */
export interface PageLinks {
  /** mf-invoices: the invoice dialog for a booking (the booking card's 'Faktura'). */
  invoiceForBooking: (bookingId: string) => string;
  /** mf-clients: a client's page with the journal of one booking open (the booking card's 'Journal'). */
  bookingJournal: (clientId: string, bookingId: string) => string;
  /** mf-clients: the new-client form (the calendar's 'Ny klient'). */
  newClient: () => string;
  /** mf-calendar: the therapist's calendar. */
  calendar: () => string;
  /**
   * mf-commerce: the clinic's settings; with `returnTo` (an in-app path such as the invoice dialog's), the page
   * offers a way back there once the profile is saved.
   */
  settings: (returnTo?: string) => string;
  /** mf-clients: the data import (where the data-import add-on's 'Upload filere' leads). */
  importData: () => string;
  /** mf-invoices: the invoices of these bookings (a client's page: 'Se klientens fakturaer'). */
  invoicesForBookings: (bookingIds: readonly string[]) => string;
  /** mf-invoices: a client's merged statements. */
  mergedStatementsForClient: (clientId: string) => string;
  /** mf-commerce: the video guides (the import page's 'Se guide'). */
  videoGuides: () => string;
  /** mf-commerce: the add-ons (where an owner without the data-import add-on is sent to buy it). */
  addOns: () => string;
}

export interface PublicLinks {
  /** The booking wizard inside the shell: /OnlineBooking?therapistId=…. */
  bookingPage: (therapistId: string) => string;
  /** The standalone booking page for an iframe on the clinic's website (mf-booking's embed/index.html). */
  bookingEmbed: (therapistId: string) => string;
  /** The public intake form: /ClientForm?therapistID=…[&ids=a,b] (spec 2 §5, form link). */
  clientForm: (therapistId: string, questionIds: readonly string[]) => string;
}

export interface RemotePageProps {
  shell: ShellServices;
}

/** Who may open a page: in the shell, its layout and guard (the therapist area, the administrator's, none). */
export type PageAccess = 'public' | 'therapist' | 'admin' | 'team';

/** An icon of the side menu by name: the shell draws it, so a remote's route module carries no icon code. */
export type SideMenuIcon = 'calendar' | 'therapists' | 'clients' | 'invoices' | 'statistics' | 'contact' | 'courses' | 'onlineBooking' | 'videos' | 'import' | 'addOns';

/**
 * One page a remote declares in its `src/routes.ts`: the shell builds its router and side menu from these, and e2e
 * its lists of pages. The module holds data only, so the shell can carry every remote's table in its own bundle while
 * each page's code still arrives only when its route is first visited.
 */
export interface PageRoute<Page extends string = string> {
  /** A React Router path; matched exactly, and case-insensitively as the router does. */
  path: string;
  /** The page's heading (its h1 as it opens), also the side menu's label. */
  title: string;
  access: PageAccess;
  /** The federated module of the page: a key of the remote's `exposes` without its './'. */
  page: Page;
  /** A plan that is blocked is sent to /planlægge (spec 1 §2). */
  gated?: boolean;
  /** Only the clinic's owner (the therapist with isAdmin). */
  ownerOnly?: boolean;
  /** In the therapist area's side menu, lower positions first. */
  menu?: { position: number; icon: SideMenuIcon };
  /** An address another site or step sends the user back to (a consent, a payment, an import's end), not a page of its own. */
  returnAddress?: boolean;
}

/** The page names a remote's `exposes` (`{ './Calendar': './src/…' }`) federates: `'Calendar'`. */
export type ExposedPage<Exposes> = PageName<keyof Exposes>;
type PageName<Key> = Key extends `./${infer Name}` ? Name : never;

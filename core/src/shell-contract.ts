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
  refreshTherapist(): Promise<TherapistView | null>;
  /** Ends this page's session (therapist: also on the server) and goes to its sign-in page. */
  logout(): void;
  /** Addresses of the public pages a clinic hands out (built from where the shell and mf-booking are deployed). */
  publicLinks: PublicLinks;
}

export interface PublicLinks {
  /** The booking wizard inside the shell: /OnlineBooking?therapistId=…. */
  bookingPage(therapistId: string): string;
  /** The standalone booking page for an iframe on the clinic's website (mf-booking's embed/index.html). */
  bookingEmbed(therapistId: string): string;
  /** The public intake form: /ClientForm?therapistID=…[&ids=a,b] (spec 2 §5, form link). */
  clientForm(therapistId: string, questionIds: readonly string[]): string;
}

export interface RemotePageProps {
  shell: ShellServices;
}

/**
 * The API clients: one per kind of caller, each sending its own token, all ending the session on 'jwt expired' and
 * friends. No React here: the app's first calls are sent through the same clients before React has loaded
 * (app/opening-calls.ts, from index.ts), so the page takes those answers from the clients it uses.
 */
import { createActionClient, type ActionClient } from '@klinik/core/client';
import { clearAllSessions } from './storage';

export interface Clients {
  therapist: ActionClient;
  admin: ActionClient;
  team: ActionClient;
}

/** Sent when a call's answer ends the session; session.ts listens for it. */
export const SESSION_ENDED_EVENT = 'klinik:session-ended';

/** Ends every session of this browser and tells the app (a call's answer, or the stored expiry passing). */
export function endSessionEverywhere() {
  clearAllSessions();
  window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

let made: { apiUrl: string; clients: Clients } | null = null;

/** The page's clients for `apiUrl`, made once: index.ts and bootstrap.tsx get the same (and so the same prefetches). */
export function clientsFor(apiUrl: string): Clients {
  if (made?.apiUrl === apiUrl) return made.clients;
  const make = (getToken: () => string | null) => createActionClient({ apiUrl, getToken, onSessionEnded: endSessionEverywhere });
  const clients = {
    // Spec 1 §4: the therapist token on each call, or the administrator token when there is no therapist token.
    therapist: make(() => localStorage.getItem('token') ?? localStorage.getItem('adminToken')),
    admin: make(() => localStorage.getItem('adminToken')),
    team: make(() => localStorage.getItem('teamToken')),
  };
  made = { apiUrl, clients };
  return clients;
}

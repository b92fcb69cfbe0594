/**
 * The session as React state (jotai), mirrored to localStorage by storage.ts, and the API clients (clients.ts) as
 * the app's state.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TherapistView } from '@klinik/core/rules';
import type { RemoteName } from '../config';
import { SESSION_ENDED_EVENT, endSessionEverywhere, type Clients } from './clients';
import {
  clearAdminSession,
  clearTeamSession,
  clearTherapistSession,
  earliestExpiry,
  readSession,
  type StoredSession,
} from './storage';

export const storedSessionAtom = atom<StoredSession>(readSession());
/** The full therapist record of this page's session (the summary lives in storage). */
export const therapistAtom = atom<TherapistView | null>(null);

/** The remote dialog open over the page (ShellServices.dialogs): which remote's expose, with which parameters. */
export const remoteDialogAtom = atom<{ remote: RemoteName; expose: string; params: Record<string, string> } | null>(null);

export type { Clients } from './clients';

export const clientsAtom = atom<Clients | null>(null);

export function useClients(): Clients {
  const clients = useAtomValue(clientsAtom);
  if (!clients) throw new Error('API clients are not configured');
  return clients;
}

/** Re-reads localStorage into state, after a sign-in or sign-out. */
export function useSyncSession() {
  const setStored = useSetAtom(storedSessionAtom);
  return useCallback(() => setStored(readSession()), [setStored]);
}

/**
 * Ends the session when the server says so and when the stored expiry passes (spec 1 §4), wherever the user
 * is in the app; both lead to /.
 */
export function useSessionWatch() {
  const navigate = useNavigate();
  const sync = useSyncSession();
  const setTherapist = useSetAtom(therapistAtom);
  const stored = useAtomValue(storedSessionAtom);

  useEffect(() => {
    const onEnded = () => {
      setTherapist(null);
      sync();
      navigate('/', { replace: true });
    };
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [navigate, setTherapist, sync]);

  useEffect(() => {
    const expiry = earliestExpiry();
    if (expiry === null) return;
    const remaining = expiry - Date.now();
    if (remaining <= 0) {
      endSessionEverywhere();
      return;
    }
    const timer = window.setTimeout(() => endSessionEverywhere(), remaining);
    return () => window.clearTimeout(timer);
  }, [stored]);
}

/** Log out: end the server session (best effort), clear storage, go to /. */
export function useLogout() {
  const clients = useClients();
  const navigate = useNavigate();
  const sync = useSyncSession();
  const setTherapist = useSetAtom(therapistAtom);
  return useCallback(() => {
    const hadTherapist = localStorage.getItem('token');
    if (hadTherapist) void clients.therapist.call('logout', {}).catch(() => undefined);
    clearTherapistSession();
    setTherapist(null);
    sync();
    navigate('/', { replace: true });
  }, [clients, navigate, setTherapist, sync]);
}

const SIGN_IN_PAGES = { admin: '/admin', team: '/support-login' } as const;
const CLEARERS = { admin: clearAdminSession, team: clearTeamSession } as const;

/** Log out of the administrator or support-team session: clear its token, back to its own sign-in page. */
export function useSeparateLogout(kind: 'admin' | 'team') {
  const navigate = useNavigate();
  const sync = useSyncSession();
  return useCallback(() => {
    CLEARERS[kind]();
    sync();
    navigate(SIGN_IN_PAGES[kind], { replace: true });
  }, [kind, navigate, sync]);
}

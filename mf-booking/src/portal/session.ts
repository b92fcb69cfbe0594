/**
 * The portal session in the browser. The token lives in sessionStorage: it ends with the tab, is never shared with
 * another tab or kept on a shared computer, and the server ends it after 30 idle minutes anyway. The mailed links
 * carry their single-use token in the address's fragment (never sent to a server or in a Referer); the page takes it
 * and removes it from the address bar at once, so it is in no history entry, bookmark or screenshot of the address.
 */
const STORAGE_KEY = 'klinik:portal';

export interface StoredPortal {
  portalToken: string;
  therapistId: string;
}

export function storedPortal(therapistId: string): StoredPortal | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredPortal>;
    // A session of another clinic's page is not this page's.
    return typeof stored.portalToken === 'string' && stored.therapistId === therapistId ? { portalToken: stored.portalToken, therapistId } : null;
  } catch {
    return null;
  }
}

export function storePortal(portal: StoredPortal): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(portal));
  } catch {
    // Storage refused (a private window's quota): the session still works until the page is reloaded.
  }
}

export function forgetPortal(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

export type LinkInFragment = { kind: 'signIn' | 'email'; token: string } | null;

/** `#link=<token>` (sign in) or `#email=<token>` (confirm a new address) of the mailed links. Reads only. */
export function readLinkFromFragment(): LinkInFragment {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const signIn = params.get('link');
  const email = params.get('email');
  if (signIn) return { kind: 'signIn', token: signIn };
  if (email) return { kind: 'email', token: email };
  return null;
}

/** Takes the link's token out of the address bar (and so out of history), keeping the router's state. */
export function clearFragment(): void {
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

/**
 * A link is single-use: it is sent once per page load whatever React does with effects (a development remount runs
 * them twice), and a second render asks the same promise.
 */
const sent = new Map<string, Promise<unknown>>();
export function once<T>(token: string, send: () => Promise<T>): Promise<T> {
  let pending = sent.get(token) as Promise<T> | undefined;
  if (!pending) {
    pending = send();
    sent.set(token, pending);
  }
  return pending;
}

/**
 * Going to the payment provider's checkout page and coming back.
 *
 * The page opens in the same tab, not a new one (spec 3 §4 says a new tab for the own plan). The address arrives
 * after the purchase call answers, outside the click: phone browsers (Safari on iOS always, Chromium once the click's
 * activation has lapsed) block a `window.open` there, so on a phone the new tab would often silently not open. In the
 * same tab the provider returns to the product in the tab that holds the session, the return page shows the server's
 * state there, and no stale /planlægge tab is left behind; an end-to-end test follows one page.
 *
 * The provider's cancel address is always /payment/cancel, so the page the owner came from is remembered for this
 * tab (sessionStorage survives the trip to another origin and back) and the cancel page leads back to it.
 */
const RETURN_KEY = 'klinik:payment-return-to';

/** Only the product's own paths are remembered and followed: never another origin. */
export function isInternalPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && path.length <= 300;
}

export function rememberReturnPath(path: string, storage: Pick<Storage, 'setItem'> | null = safeSessionStorage()): void {
  if (!isInternalPath(path)) return;
  try {
    storage?.setItem(RETURN_KEY, path);
  } catch {
    // Private mode or full storage: the cancel page then leads to its default.
  }
}

export function returnPath(fallback: string, storage: Pick<Storage, 'getItem'> | null = safeSessionStorage()): string {
  let stored: string | null;
  try {
    stored = storage?.getItem(RETURN_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isInternalPath(stored) ? stored : fallback;
}

function safeSessionStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Leaves for the provider's page; `from` is where /payment/cancel leads back to. */
export function goToCheckout(url: string, from: string): void {
  rememberReturnPath(from);
  window.location.assign(url);
}

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

interface DeferredPart {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
}

/** `callback` when the browser is next idle (at the latest after 3 s); returns its cancellation. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, 200); // Safari has no requestIdleCallback
  return () => window.clearTimeout(id);
}

/**
 * Loads a part of the layout that no page needs for its first paint (`part`, a `partOnDemand` component, or two loaded together): when the
 * browser is first idle after the document's load event, so it does not compete with the page's own code on a slow
 * line, or at once when `now()` is called (the pointer, a touch or the focus reaching the layout). `ready` is true
 * once it has arrived; a failed download leaves it false, and the next `now()` asks again.
 *
 * The layout then renders the part around elements it had already drawn (a menu around its button), which React
 * mounts anew. If the keyboard focus was on one of them inside `container`, on an element marked `data-focus-key`, it
 * is put back on the new element with the same key, so a keyboard user who got there first keeps their place.
 */
export function useDeferredPart(part: DeferredPart, container: RefObject<HTMLElement | null>): { ready: boolean; now: () => void } {
  const [ready, setReady] = useState(part.isLoaded);
  const readyRef = useRef(ready);
  const focusKey = useRef<string | null>(null);
  const now = useCallback(() => {
    if (readyRef.current) return;
    part.preload().then(
      () => {
        if (readyRef.current) return;
        readyRef.current = true;
        const active = document.activeElement;
        focusKey.current = active instanceof HTMLElement && container.current?.contains(active) ? (active.closest('[data-focus-key]')?.getAttribute('data-focus-key') ?? null) : null;
        setReady(true);
      },
      () => undefined,
    );
  }, [part, container]);

  useEffect(() => {
    if (ready) return undefined;
    let cancel = () => {};
    const schedule = () => {
      cancel = whenIdle(now);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      cancel();
    };
  }, [ready, now]);

  useLayoutEffect(() => {
    const key = focusKey.current;
    if (!ready || key === null) return;
    focusKey.current = null;
    container.current?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`)?.focus();
  }, [ready, container]);

  return { ready, now };
}

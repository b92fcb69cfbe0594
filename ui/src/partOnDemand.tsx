/**
 * Parts of a page loaded on demand (pages, layouts, dialogs, drawers, tabs, the toaster), shown the moment their code
 * arrives. They never suspend: React 19 reveals what a Suspense boundary waited for no sooner than 300 ms after the
 * boundary last showed a fallback, so a page opened through a chain of lazy parts (layout, remote loader, remote
 * page, the calendar's grid) waited that long at each step even with every part in the cache, and a dialog opened
 * 320 ms after the click however soon its code came.
 *
 * `partOnDemand` renders its own `fallback` (nothing, for a dialog; the page spinner, for a page) until its code is
 * in, then the part. `preload` asks for the code ahead (bootstrap.tsx does for the opening page's parts, the
 * calendar as its page's code arrives), and a mount then renders the part at once. `retryable` (retryable.tsx) waits
 * the same way, with a module's own error panel and 'Prøv igen'.
 */
import { Suspense, createElement, useEffect, useReducer, useState, type ComponentType, type ReactNode } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** Whether its code has arrived: a mount now renders it at once. */
  isLoaded: () => boolean;
};

/** A part's code, asked for once (again after a failed download) and kept once it has arrived. */
export function partLoader<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null; // a failed download is tried again by the next mount
        throw error;
      },
    ));
  return { preload, loaded: () => loaded };
}

/**
 * `part`'s component once its code is in (else null), asking for it on the first mount; or the failed download, which
 * the caller shows or throws. A new mount (an error boundary's retry) asks again.
 */
export function useLoadedPart<P extends object>(part: ReturnType<typeof partLoader<P>>): { Part: ComponentType<P> | null; failure: { error: unknown } | null } {
  const [, arrived] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const Part = part.loaded();
  useEffect(() => {
    if (Part || failure) return;
    let live = true;
    part.preload().then(
      () => {
        if (live) arrived();
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [part, Part, failure]);
  return { Part, failure };
}

/**
 * A part loaded on its first mount that never suspends: `fallback` (nothing, for a dialog) until its code is in, then
 * the part. A failed download is thrown in the render, to the nearest error boundary, as a failed lazy part's is.
 */
export function partOnDemand<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = null): PreloadableComponent<P> {
  const part = partLoader(load);
  function OnDemand(props: P) {
    const { Part, failure } = useLoadedPart(part);
    if (failure) throw failure.error;
    // What the part itself waits for (a lazy part of its own, say) shows the same fallback, not an outer boundary's.
    return Part ? createElement(Suspense, { fallback }, createElement(Part, props)) : fallback;
  }
  return Object.assign(OnDemand, { preload: part.preload, isLoaded: () => part.loaded() !== null });
}

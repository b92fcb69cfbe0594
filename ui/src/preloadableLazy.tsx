/**
 * A component loaded on demand, like React.lazy, that renders at once, without suspending, when its code has already
 * arrived (asked for with `preload`, or an earlier mount). React.lazy suspends on every first render, and React 19
 * reveals what a Suspense boundary waited for no sooner than 300 ms after it last showed a fallback: a page opened
 * through a chain of lazy parts (layout, remote loader, remote page, the calendar's grid) waited that long at each
 * step even when every part was in the cache (issue 18).
 */
import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  /** Whether its code has arrived: a mount now renders it at once. */
  isLoaded: () => boolean;
};

export function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
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
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per mount: changing from the lazy wrapper to the module's own component would remount the part.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload, isLoaded: () => loaded !== null });
}

/**
 * Whether `part`'s code has arrived, asking for it while `wanted`. A part rendered only once this is true never
 * suspends, so it shows the moment its code is in; rendered through a Suspense boundary instead, it showed no sooner
 * than 300 ms after the boundary's fallback appeared (React's throttle of a boundary's reveal), which held the
 * calendar's grid back whenever its code came sooner than that (issue 18). A failed download counts as arrived: the
 * part's own render then asks again and fails as a lazy part does, into the nearest error boundary.
 */
export function usePartArrived(part: Pick<PreloadableComponent<object>, 'preload' | 'isLoaded'>, wanted: boolean): boolean {
  const [arrived, setArrived] = useState(part.isLoaded);
  useEffect(() => {
    if (!wanted || arrived) return;
    let live = true;
    const done = () => {
      if (live) setArrived(true);
    };
    part.preload().then(done, done);
    return () => {
      live = false;
    };
  }, [part, wanted, arrived]);
  return arrived;
}

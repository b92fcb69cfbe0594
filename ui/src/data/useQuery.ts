/**
 * Loading server data in a page: `useQuery(key, load)` gives the answer of `load` for `key`, with loading, error and
 * refresh, from the module's one QueryStore (store.ts has the rules). The key says what is shown (an action and its
 * arguments); a new key loads at once, and only the answer for the key on screen is ever shown.
 *
 *   const courses = useQuery(['getAllEvent', query], () => api.list(query));
 *   <QueryView query={courses} errorTitle={T.loadFailed}>{(answer) => <Table rows={answer.data} />}</QueryView>
 *
 * `key` null: nothing to load yet (a dialog not open, an id not chosen); the query stays in its loading state.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { DataKey } from './keys.js';
import { keyId, QueryStore, type QueryKey, type QuerySnapshot } from './store.js';

/** One store per module bundle: @klinik/ui is compiled into each remote, so remotes never share answers. */
export const queryStore = new QueryStore();

const IDLE: QuerySnapshot<never> = Object.freeze({ data: undefined, error: null, loading: true, refreshing: false });
const noop = () => undefined;

export interface Query<T> extends QuerySnapshot<T> {
  /** Loads the key again; the current answer stays on screen meanwhile. */
  refresh: () => Promise<void>;
  /** Changes the shown answer in place (after a mutation answered with the new state). */
  setData: (update: (current: T | undefined) => T) => void;
}

export function useQuery<T>(key: DataKey | null, load: () => Promise<T>): Query<T> {
  const id = key === null ? null : keyId(key);
  // The key as a value that changes only when its content does (keys are JSON by definition).
  const stableKey = useMemo(() => (id === null ? null : (JSON.parse(id) as QueryKey)), [id]);
  // The loader closes over the page's current arguments; the store calls the latest one when it (re)loads.
  const loader = useRef(load);
  useLayoutEffect(() => {
    loader.current = load;
  });

  const subscribe = useCallback(
    (listener: () => void) => (stableKey === null ? noop : queryStore.subscribe<T>(stableKey, () => loader.current(), listener)),
    [stableKey],
  );
  const getSnapshot = useCallback(() => (stableKey === null ? (IDLE as QuerySnapshot<T>) : queryStore.snapshot<T>(stableKey)), [stableKey]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  const refresh = useCallback(() => (stableKey === null ? Promise.resolve() : queryStore.refresh(stableKey)), [stableKey]);
  const setData = useCallback(
    (update: (current: T | undefined) => T) => {
      if (stableKey !== null) queryStore.setData(stableKey, update);
    },
    [stableKey],
  );
  return useMemo(() => ({ ...snapshot, refresh, setData }), [snapshot, refresh, setData]);
}

/** Reloads every shown query whose key starts with `prefix` (for example ['getAllEvent'] after a course changed). */
export function invalidateQueries(prefix: DataKey): Promise<void> {
  return queryStore.invalidate(prefix);
}

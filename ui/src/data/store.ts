/**
 * The query store behind `useQuery`: one entry per key (an array, compared by its JSON), holding the last answer or
 * error of that key's loader, shared by every component that shows the same key. It is the one place where
 * loading, caching, refreshing and invalidation are decided, so pages never write 'load in an effect' by hand.
 *
 * Rules (each tested in store.test.ts):
 * - One request per key at a time; a second subscriber gets the same request.
 * - Only the newest request of a key may settle it: an answer that arrives after a newer request for the same key
 *   was started (a refresh, an invalidation) is dropped, so what is shown never depends on response order.
 * - A failed load is an error state with the server's message, never an empty answer.
 * - While a refresh runs, the previous answer stays on screen (`refreshing`), so a list does not flash.
 * - Health data does not linger: an entry nobody shows any more is dropped at once, with its answer.
 * - `invalidate(prefix)` reloads every shown entry whose key starts with `prefix` (after a mutation).
 */

export type QueryKey = readonly unknown[];

export interface QuerySnapshot<T> {
  /** The last answer of this key; kept while a refresh runs. */
  data: T | undefined;
  /** The message of the last failure (cleared by the next success). */
  error: string | null;
  /** Nothing to show yet: the first load of this key is running. */
  loading: boolean;
  /** A reload of a key that already has an answer or an error is running. */
  refreshing: boolean;
}

type Loader<T> = () => Promise<T>;

interface Entry<T> {
  key: QueryKey;
  snapshot: QuerySnapshot<T>;
  loader: Loader<T>;
  /** Increases with every request; only the newest may settle the entry. */
  generation: number;
  running: Promise<void> | null;
  listeners: Set<() => void>;
}

const INITIAL: QuerySnapshot<never> = Object.freeze({ data: undefined, error: null, loading: true, refreshing: false });

export function keyId(key: QueryKey): string {
  return JSON.stringify(key);
}

function startsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, index) => keyId([part]) === keyId([key[index]]));
}

/** The message a failed load shows: the server's text where there is one. */
export function errorMessage(reason: unknown, fallback: string): string {
  if (reason instanceof Error && reason.message) return reason.message;
  if (typeof reason === 'string' && reason) return reason;
  return fallback;
}

export class QueryStore {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(private readonly fallbackError = 'Noget gik galt. Prøv igen.') {}

  /** What is known of `key` now (the initial loading state before the first subscriber). */
  snapshot<T>(key: QueryKey): QuerySnapshot<T> {
    return (this.entries.get(keyId(key))?.snapshot as QuerySnapshot<T> | undefined) ?? INITIAL;
  }

  /**
   * Shows `key` to `listener`, loading it with `loader` when nobody has it yet. Returns the unsubscribe; the last
   * one to leave drops the entry.
   */
  subscribe<T>(key: QueryKey, loader: Loader<T>, listener: () => void): () => void {
    const id = keyId(key);
    let entry = this.entries.get(id) as Entry<T> | undefined;
    if (!entry) {
      entry = { key, snapshot: INITIAL, loader, generation: 0, running: null, listeners: new Set() };
      this.entries.set(id, entry);
      void this.run(entry);
    } else {
      // The newest loader wins (it closes over the page's current client and arguments).
      entry.loader = loader;
    }
    entry.listeners.add(listener);
    const current = entry;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size === 0 && this.entries.get(id) === current) {
        this.entries.delete(id);
        current.generation += 1; // an answer still on its way settles nothing
      }
    };
  }

  /** Loads `key` again (its subscribers keep the previous answer meanwhile). Resolves when it has settled. */
  refresh(key: QueryKey): Promise<void> {
    const entry = this.entries.get(keyId(key));
    return entry ? this.run(entry) : Promise.resolve();
  }

  /** Reloads every shown key that starts with `prefix`; resolves when all have settled. */
  async invalidate(prefix: QueryKey): Promise<void> {
    const matching = [...this.entries.values()].filter((entry) => startsWith(entry.key, prefix));
    await Promise.all(matching.map((entry) => this.run(entry)));
  }

  /** Changes the answer of a shown key in place (an optimistic or server-confirmed local change). */
  setData<T>(key: QueryKey, update: (current: T | undefined) => T): void {
    const entry = this.entries.get(keyId(key)) as Entry<T> | undefined;
    if (!entry) return;
    this.settle(entry, { ...entry.snapshot, data: update(entry.snapshot.data), error: null, loading: false });
  }

  /** How many keys are held (for tests: nothing lingers once unsubscribed). */
  get size(): number {
    return this.entries.size;
  }

  private settle<T>(entry: Entry<T>, snapshot: QuerySnapshot<T>) {
    entry.snapshot = snapshot;
    for (const listener of [...entry.listeners]) listener();
  }

  private run<T>(entry: Entry<T>): Promise<void> {
    entry.generation += 1;
    const generation = entry.generation;
    const hasShown = entry.snapshot.data !== undefined || entry.snapshot.error !== null;
    this.settle(entry, { ...entry.snapshot, loading: !hasShown, refreshing: hasShown });
    const request = (async () => {
      let next: QuerySnapshot<T>;
      try {
        const data = await entry.loader();
        next = { data, error: null, loading: false, refreshing: false };
      } catch (reason) {
        next = { data: entry.snapshot.data, error: errorMessage(reason, this.fallbackError), loading: false, refreshing: false };
      }
      if (entry.generation !== generation) return; // a newer request (or nobody) owns this key now
      entry.running = null;
      this.settle(entry, next);
    })();
    entry.running = request;
    return request;
  }
}

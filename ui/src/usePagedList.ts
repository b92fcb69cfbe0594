/**
 * The state of a searchable, paginated list (spec: pages of 5, 10 or 15, search, the owner's therapist filter):
 * the search waits 300 ms for typing to pause and starts again from page 1; a page emptied by a deletion shows
 * the one before it; the owner's list of therapists is loaded once. The pages are queries of the data layer
 * (data/useQuery.ts), keyed by `queryKey` and the page asked for, so only the answer for the page on screen is
 * shown and a mutation reloads the list with `invalidates: [queryKey]`. The page renders; this keeps the state.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { PageSize } from './Pager.js';
import type { ActionKey } from './data/keys.js';
import { useQuery } from './data/useQuery.js';

export interface PageQuery<S extends number = PageSize> {
  page: number;
  size: S;
  search: string;
  therapistId?: string;
}

export interface TherapistOption {
  id: string;
  nameFirst: string;
  nameLast: string;
}

export interface OwnerTherapists {
  load: () => Promise<{ data: TherapistOption[] }>;
  /** Shown (with the reason) as an error toast when the list cannot be loaded. */
  failedText: string;
  notify: (text: string, intent: 'error') => void;
}

export interface PagedListOptions<T, S extends number = PageSize> {
  fetchPage: (query: PageQuery<S>) => Promise<{ data: T[]; total: number }>;
  /** Given for the owner: the therapists to filter by, loaded once. */
  ownerTherapists?: OwnerTherapists;
  loadFailed: string;
  /**
   * The start of the pages' query keys: the action's name (['getAllEvent']), so a mutation can reload the list.
   * Without it the list has a key of its own that nothing else reloads.
   */
  queryKey?: ActionKey;
  /** The first page size, for a list whose sizes are not the usual 5, 10, 15 (default 10). */
  initialSize?: S;
}

export const SEARCH_DEBOUNCE_MS = 300;

const NO_THERAPISTS: TherapistOption[] = [];

/**
 * `rows`: null while the page loads; the page's rows; empty together with `error` when it failed (show the
 * error, never the 'nothing found' text). `load` loads the page on screen again.
 */
export function usePagedList<T, S extends number = PageSize>({ fetchPage, ownerTherapists, loadFailed, queryKey, initialSize }: PagedListOptions<T, S>) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [therapistId, setTherapistIdState] = useState('');
  const [page, setPage] = useState(1);
  // 10 is in every list's sizes (5, 10, 15 and the therapist list's 5, 10, 25).
  const [size, setSize] = useState<S>(initialSize ?? (10 as S));
  const listId = useId();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const pageQuery: PageQuery<S> = { page, size, search: query, ...(therapistId ? { therapistId } : {}) };
  const answer = useQuery([...(queryKey ?? ['local:usePagedList', listId]), pageQuery], () =>
    // A failure without a reason of its own says `loadFailed`.
    fetchPage(pageQuery).catch((reason: unknown) => {
      throw reason instanceof Error ? reason : new Error(loadFailed);
    }),
  );

  // The latest options, read when the owner's list loads or fails; it loads again only when the caller becomes
  // (not) owner.
  const owner = useRef(ownerTherapists);
  useLayoutEffect(() => {
    owner.current = ownerTherapists;
  });
  const therapists = useQuery(ownerTherapists ? ['local:usePagedList', listId, 'therapists'] : null, () => owner.current?.load() ?? Promise.resolve({ data: NO_THERAPISTS }));
  useEffect(() => {
    const options = owner.current;
    if (therapists.error !== null && options) options.notify(`${options.failedText} ${therapists.error}`, 'error');
  }, [therapists.error]);

  // The total stays on the pager while the next page loads (it changes only with an answer).
  const [total, setTotal] = useState(0);
  const shownTotal = answer.data?.total ?? (answer.error !== null ? 0 : total);
  if (shownTotal !== total) setTotal(shownTotal);

  // A page emptied by a deletion (or a shorter search result) shows the last page there is.
  const lastPage = answer.data ? Math.max(1, Math.ceil(answer.data.total / size)) : page;
  const beyondLast = answer.data !== undefined && answer.data.data.length === 0 && page > lastPage;
  if (beyondLast) setPage(lastPage);

  const setTherapistId = useCallback((id: string) => {
    setTherapistIdState(id);
    setPage(1);
  }, []);

  const rows: T[] | null = beyondLast ? null : (answer.data?.data ?? (answer.error !== null ? [] : null));

  return {
    search,
    setSearch,
    therapistId,
    setTherapistId,
    therapists: therapists.data?.data ?? NO_THERAPISTS,
    page,
    setPage,
    size,
    setSize,
    rows,
    total: shownTotal,
    error: answer.error,
    load: answer.refresh,
  };
}

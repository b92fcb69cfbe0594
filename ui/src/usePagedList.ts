/**
 * The state of a searchable, paginated list (spec: pages of 5, 10 or 15, search, the owner's therapist filter):
 * the search waits 300 ms for typing to pause and starts again from page 1; a page emptied by a deletion shows
 * the one before it; the owner's list of therapists is loaded once. The page renders; this keeps the state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageSize } from './Pager.js';

export interface PageQuery {
  page: number;
  size: PageSize;
  search: string;
  therapistId?: string;
}

export interface TherapistOption {
  id: string;
  nameFirst: string;
  nameLast: string;
}

export interface OwnerTherapists {
  load(): Promise<{ data: TherapistOption[] }>;
  /** Shown (with the reason) as an error toast when the list cannot be loaded. */
  failedText: string;
  notify(text: string, intent: 'error'): void;
}

export interface PagedListOptions<T> {
  fetchPage(query: PageQuery): Promise<{ data: T[]; total: number }>;
  /** Given for the owner: the therapists to filter by, loaded once. */
  ownerTherapists?: OwnerTherapists;
  loadFailed: string;
}

export const SEARCH_DEBOUNCE_MS = 300;

export function usePagedList<T>({ fetchPage, ownerTherapists, loadFailed }: PagedListOptions<T>) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [therapistId, setTherapistIdState] = useState('');
  const [therapists, setTherapists] = useState<TherapistOption[]>([]);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(10);
  const [rows, setRows] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  // The latest options, read when the owner's list loads; it loads again only when the caller becomes (not) owner.
  const owner = useRef(ownerTherapists);
  owner.current = ownerTherapists;
  const isOwner = Boolean(ownerTherapists);
  useEffect(() => {
    const options = owner.current;
    if (!isOwner || !options) return;
    let live = true;
    options.load().then(
      (answer) => live && setTherapists(answer.data),
      (reason: unknown) => live && options.notify(reason instanceof Error ? `${options.failedText} ${reason.message}` : options.failedText, 'error'),
    );
    return () => {
      live = false;
    };
  }, [isOwner]);

  const load = useCallback(async () => {
    setRows(null);
    setError(null);
    try {
      const answer = await fetchPage({ page, size, search: query, ...(therapistId ? { therapistId } : {}) });
      if (answer.data.length === 0 && page > 1 && answer.total > 0) return setPage(Math.ceil(answer.total / size));
      setRows(answer.data);
      setTotal(answer.total);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : loadFailed);
      setRows([]);
      setTotal(0);
    }
  }, [fetchPage, page, size, query, therapistId, loadFailed]);

  useEffect(() => {
    void load();
  }, [load]);

  const setTherapistId = useCallback((id: string) => {
    setTherapistIdState(id);
    setPage(1);
  }, []);

  return { search, setSearch, therapistId, setTherapistId, therapists, page, setPage, size, setSize, rows, total, error, load };
}

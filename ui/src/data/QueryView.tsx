/**
 * Renders a query's three states so no page has to: while it loads, `loading` (a skeleton); when it failed, the
 * error with 'Prøv igen' (never an empty list: a failed load is not 'no data'); then `children(data)`. A refresh
 * keeps the answer on screen. An error after an earlier answer shows both: the panel above, the last answer below.
 */
import type { ReactNode } from 'react';
import { LoadError } from '../LoadError.js';
import type { Query } from './useQuery.js';

export function QueryView<T>({
  query,
  errorTitle,
  loading = null,
  children,
}: {
  query: Query<T>;
  /** What could not be loaded, e.g. 'Kurserne kunne ikke hentes.'; the server's reason follows it. */
  errorTitle: string;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <>
      {query.error !== null && <LoadError title={errorTitle} detail={query.error} onRetry={() => void query.refresh()} />}
      {query.data !== undefined ? children(query.data) : query.error === null ? loading : null}
    </>
  );
}

/**
 * A query's states in the public pages' plain style (QueryView of @klinik/ui needs Fluent UI, which the standalone
 * page has no room for): 'Indlæser…' while it loads, the server's reason with 'Prøv igen' when it failed (never an
 * empty list), then `children(data)`.
 */
import type { ReactNode } from 'react';
import type { Query } from '@klinik/ui';
import { texts } from '../texts';

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="kb-alert" role="alert">
      <p>{message}</p>
      <button type="button" className="kb-button" data-kind="secondary" onClick={onRetry}>
        {texts.retry}
      </button>
    </div>
  );
}

export function Loaded<T>({ query, children }: { query: Query<T>; children: (data: T) => ReactNode }) {
  return (
    <>
      {query.error !== null && <LoadFailed message={query.error} onRetry={() => void query.refresh()} />}
      {query.data !== undefined ? children(query.data) : query.error === null && <p>{texts.loading}</p>}
    </>
  );
}

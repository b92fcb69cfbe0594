import { useEffect, useState } from 'react';
import { narrowerThanQuery } from '@klinik/core/time';

/** Whether the window is narrower than `px`; re-renders only when that changes, not on every resize. */
export function useNarrowerThan(px: number): boolean {
  const query = narrowerThanQuery(px);
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setNarrow(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return narrow;
}

import { useEffect, useState } from 'react';

/** The media query of a window narrower than `px`. */
export const narrowerThanQuery = (px: number) => `(max-width: ${px - 1}px)`;

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

/**
 * Leaving for the provider's checkout page (checkout.ts): while the browser goes, the page shows it is leaving and
 * offers nothing more. Back by the browser's back button, the page may come from the back-forward cache in that very
 * state: it is then no longer leaving.
 */
import { useCallback, useEffect, useState } from 'react';
import { goToCheckout } from './checkout';

export function useCheckout(from: string) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const leave = useCallback(
    (url: string) => {
      setLeaving(true);
      goToCheckout(url, from);
    },
    [from],
  );
  return { leaving, leave };
}

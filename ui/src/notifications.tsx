import { useCallback, useId, useRef, useState } from 'react';
import type { PendingToast } from './LazyToaster.js';
import { partOnDemand } from './partOnDemand.js';

/** Spec 3 §8: success messages for 4 seconds, errors for 5. */
const TIMEOUTS = { success: 4000, error: 5000, warning: 5000, info: 4000 } as const;

// Fluent's toast and motion code (~25 KB gzip) arrives with the first message, not with the page, and the message
// shows as soon as it has (partOnDemand).
const LazyToaster = partOnDemand(() => import('./LazyToaster.js'));

/** Toasts for a page: render `toaster` once, call `notify` with a text and an intent. */
export function useNotifications() {
  const toasterId = useId();
  const [queue, setQueue] = useState<PendingToast[]>([]);
  const [started, setStarted] = useState(false);
  const counter = useRef(0);
  const notify = useCallback((text: string, intent: keyof typeof TIMEOUTS = 'success') => {
    counter.current += 1;
    setStarted(true);
    setQueue((current) => [...current, { id: counter.current, text, intent, timeout: TIMEOUTS[intent] }]);
  }, []);
  const onShown = useCallback((ids: number[]) => setQueue((current) => current.filter((toast) => !ids.includes(toast.id))), []);
  const toaster = started ? (
    <LazyToaster toasterId={toasterId} queue={queue} onShown={onShown} />
  ) : null;
  return { notify, toaster };
}

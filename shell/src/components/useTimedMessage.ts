import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  text: string;
  intent: 'success' | 'error' | 'warning' | 'info';
}

/** A message that clears itself after `visibleMs` (spec 1 §9: login error 10 s, reset message 5 s). */
export function useTimedMessage(visibleMs: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback(
    (text: string, intent: TimedMessage['intent'] = 'error') => {
      window.clearTimeout(timer.current);
      setMessage({ text, intent });
      timer.current = window.setTimeout(() => setMessage(null), visibleMs);
    },
    [visibleMs],
  );
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { message, show, clear };
}

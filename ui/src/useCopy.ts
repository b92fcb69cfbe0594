/**
 * A copy button's state: 'copied' for COPY_CONFIRMATION_MS after a copy, then 'idle' again; 'failed' when neither
 * the Clipboard API nor the selected field's copy worked (the caller then says to copy by hand). A new value has
 * not been copied yet.
 *
 *   const input = useRef<HTMLInputElement>(null);
 *   const { state, copy } = useCopy(url);
 *   <Button onClick={() => copy(input.current)}>{state === 'copied' ? 'Kopieret!' : 'Kopiér'}</Button>
 */
import { useCallback, useEffect, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '@klinik/core/records';
import { copyText } from './copyText.js';

export type CopyState = 'idle' | 'copied' | 'failed';

export function useCopy(value: string): { state: CopyState; copy: (input: HTMLInputElement | null) => void } {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = window.setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  useEffect(() => setState('idle'), [value]);
  const copy = useCallback((input: HTMLInputElement | null) => void copyText(value, input).then((ok) => setState(ok ? 'copied' : 'failed')), [value]);
  return { state, copy };
}

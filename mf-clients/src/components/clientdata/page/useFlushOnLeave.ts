/**
 * Leaving the client page sends what waits for its debounce; closing the tab with text that is not saved yet asks
 * first (the browser's own question; `warning` is what older browsers show).
 */
import { useEffect } from 'react';
import type { RecordRegistry } from '../saving/savers';

export function useFlushOnLeave(records: RecordRegistry, warning: string): void {
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      records.flushAll();
      if (records.hasUnsaved()) {
        event.preventDefault();
        event.returnValue = warning;
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      records.flushAll();
    };
  }, [records, warning]);
}

/** React access to the page's editable records (see savers.ts). */
import { useCallback, useSyncExternalStore } from 'react';
import type { EditableRecord, FieldState } from './savers';

/** One field of a record, re-rendering when its draft, saved value or status changes. */
export function useRecordField<T extends object, K extends keyof T & string>(record: EditableRecord<T>, key: K): FieldState<T[K]> {
  const getSnapshot = useCallback(() => record.field(key), [record, key]);
  return useSyncExternalStore(record.subscribe, getSnapshot);
}

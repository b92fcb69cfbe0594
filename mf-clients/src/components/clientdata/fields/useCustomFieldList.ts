/**
 * A list of custom fields as a query (the Stamjournal's or a journal's): each answer brings the fields' records
 * and comments up to date before it is shown; `setFields` changes the shown list with what a change answered.
 */
import { useCallback } from 'react';
import type { CustomField } from '@klinik/core';
import { useQuery, type ActionKey } from '@klinik/ui';
import { useClientPage } from '../page/context';
import { adoptCustomFields, type FetchFields } from './customFieldRecords';

export function useCustomFieldList(key: ActionKey, fetchFields: FetchFields) {
  const services = useClientPage();
  const fields = useQuery(key, async () => {
    const data = await fetchFields();
    adoptCustomFields(services, data, fetchFields);
    return data;
  });
  const setFields = useCallback((update: (current: readonly CustomField[]) => CustomField[]) => fields.setData((current) => update(current ?? [])), [fields]);
  return { fields, setFields };
}

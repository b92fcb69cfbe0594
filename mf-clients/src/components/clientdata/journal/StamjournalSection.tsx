/**
 * The 'Stamjournal' panel (spec 2 §4): the client's master-journal fields, fetched when the panel opens. The
 * fixed fields are created by the server on the first read; comments only on the first four (the server marks
 * them `commentable`).
 */
import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '@fluentui/react-components';
import type { CustomField } from '@klinik/core';
import { LoadError } from '@klinik/ui';
import { useClientPage } from '../page/context';
import { CustomFields, adoptCustomFields, customFieldPrintEntries } from '../fields/CustomFields';
import { errorMessage } from '../saving/savers';
import { SectionToolbar } from '../page/SectionToolbar';
import { texts } from '../texts';

export default function StamjournalSection({ onClose }: { onClose(): void }) {
  const services = useClientPage();
  const { api, clientId } = services;
  const [fields, setFields] = useState<CustomField[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fetchFields = useCallback(async () => (await api.stamjournal(clientId)).data, [api, clientId]);

  const load = useCallback(async () => {
    setError(null);
    try {
      const data = await fetchFields();
      adoptCustomFields(services, data, fetchFields);
      setFields(data);
    } catch (reason) {
      setError(errorMessage(reason));
    }
  }, [fetchFields, services]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      <SectionToolbar
        onPrint={() => services.print({ title: texts.page.stamjournal, entries: customFieldPrintEntries(services, fields ?? []) })}
        onClose={onClose}
        history={{ entities: ['customField', 'comment'] }}
      />
      {error && <LoadError title={texts.fields.loadFailed} detail={error} retryLabel={texts.retry} onRetry={() => void load()} />}
      {fields === null && !error && <Spinner size="tiny" label={texts.loading} />}
      {fields && (
        <CustomFields
          fields={fields}
          setFields={(update) => setFields((current) => update(current ?? []))}
          reload={fetchFields}
          canAddFields
          emptyText={texts.fields.stamjournalEmpty}
        />
      )}
    </>
  );
}

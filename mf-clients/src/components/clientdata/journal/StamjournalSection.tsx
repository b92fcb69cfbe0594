/**
 * The 'Stamjournal' panel (spec 2 §4): the client's master-journal fields, fetched when the panel opens. The
 * fixed fields are created by the server on the first read; comments only on the first four (the server marks
 * them `commentable`).
 */
import { useCallback } from 'react';
import { Spinner } from '@fluentui/react-components';
import { QueryView } from '@klinik/ui';
import { customFieldPrintEntries } from '../fields/customFieldRecords';
import { CustomFields } from '../fields/CustomFields';
import { useCustomFieldList } from '../fields/useCustomFieldList';
import { useClientPage } from '../page/context';
import { clientQueries } from '../page/queryKeys';
import { SectionToolbar } from '../page/SectionToolbar';
import { texts } from '../texts';

export default function StamjournalSection({ onClose }: { onClose: () => void }) {
  const services = useClientPage();
  const { api, clientId } = services;
  const fetchFields = useCallback(async () => (await api.stamjournal(clientId)).data, [api, clientId]);
  const { fields, setFields } = useCustomFieldList(clientQueries.stamjournal(clientId), fetchFields);

  return (
    <>
      <SectionToolbar
        onPrint={() => services.print({ title: texts.page.stamjournal, entries: customFieldPrintEntries(services, fields.data ?? []) })}
        onClose={onClose}
        history={{ entities: ['customField', 'comment'] }}
      />
      <QueryView query={fields} errorTitle={texts.fields.loadFailed} loading={<Spinner size="tiny" label={texts.loading} />}>
        {(list) => (
          <CustomFields fields={list} setFields={setFields} fetchFields={fetchFields} refresh={() => fields.refresh()} canAddFields emptyText={texts.fields.stamjournalEmpty} />
        )}
      </QueryView>
    </>
  );
}

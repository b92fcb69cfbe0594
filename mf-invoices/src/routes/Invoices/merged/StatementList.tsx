/**
 * 'Samlede opgørelser': the client's merged statements, one open at a time with its PDF, mail and download,
 * 'Rediger' and 'Slet' ('Er du sikker?').
 */
import { useState } from 'react';
import { Spinner, Subtitle2, Text, makeStyles } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import { ConfirmDialog, QueryView, invalidateQueries, useQuery } from '@klinik/ui';
import type { InvoicesApi } from '../../../api';
import { InvoiceAccordion } from '../../../components/InvoiceAccordion';
import InvoiceDetails from '../../../components/InvoiceDetails';
import type { Notify } from '../../../components/InvoiceDialog';
import { clientName } from '../../../components/invoiceFacts';
import { texts } from '../../../texts';
import { mergedQueries } from './mergedQueries';

const T = texts.merged;

const useStyles = makeStyles({
  title: { display: 'block', margin: '0 0 8px' },
});

export function StatementList({
  api,
  clientId,
  notify,
  openId,
  onOpen,
  onEdit,
  onDeleted,
}: {
  api: InvoicesApi;
  clientId: string;
  notify: Notify;
  openId: string | null;
  onOpen: (id: string | null) => void;
  onEdit: (statement: Invoice) => void;
  onDeleted: (statement: Invoice) => void;
}) {
  const styles = useStyles();
  const statements = useQuery(mergedQueries.statements(clientId), async () => (await api.mergedByClient(clientId)).data);
  const [deleting, setDeleting] = useState<Invoice | null>(null);

  return (
    <section aria-label={T.listTitle}>
      <Subtitle2 as="h3" className={styles.title}>
        {T.listTitle}
      </Subtitle2>
      <QueryView query={statements} errorTitle={T.loadFailed} loading={<Spinner size="tiny" label={texts.loading} />}>
        {(list) => (
          <InvoiceAccordion
            label={T.listTitle}
            invoices={list}
            openId={openId}
            onOpen={onOpen}
            empty={<Text>{T.empty}</Text>}
            details={(invoice) => <InvoiceDetails api={api} invoice={invoice} notify={notify} onEdit={onEdit} onDelete={setDeleting} />}
          />
        )}
      </QueryView>
      {deleting && (
        <ConfirmDialog
          open
          body={T.deleteBody(deleting.number || clientName(deleting))}
          onClose={() => setDeleting(null)}
          // The dialog shows a failure itself and stays open, so the call is made here rather than as a mutation.
          onConfirm={async () => {
            const answer = await api.remove(deleting.id);
            notify(answer.message);
            onDeleted(deleting);
            await invalidateQueries(mergedQueries.statements(clientId));
          }}
        />
      )}
    </section>
  );
}

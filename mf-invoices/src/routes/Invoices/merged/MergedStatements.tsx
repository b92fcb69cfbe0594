/**
 * A client's merged statements ('samlet opgørelse', spec 2 Merged invoice): the period finder that makes or edits
 * one (from the start of the first day to the end of the last, Copenhagen time), and below, the client's merged
 * statements with their PDF, mail, download, edit and delete. The selection is cleared after a save.
 */
import { useState } from 'react';
import { Subtitle2, makeStyles } from '@fluentui/react-components';
import { LoadError, useQuery } from '@klinik/ui';
import type { InvoicesApi } from '../../../api';
import type { Notify } from '../../../components/InvoiceDialog';
import { texts } from '../../../texts';
import { mergedQueries } from './mergedQueries';
import { PeriodFinder } from './PeriodFinder';
import { StatementList } from './StatementList';
import { usePeriodSearch } from './usePeriodSearch';

const T = texts.merged;

const useStyles = makeStyles({
  root: { display: 'grid', gap: '20px' },
  title: { display: 'block', margin: 0 },
});

/** 'Samlet opgørelse for <name>' (the embedded view names the client it shows). */
function ClientTitle({ api, clientId }: { api: InvoicesApi; clientId: string }) {
  const styles = useStyles();
  const client = useQuery(mergedQueries.client(clientId), async () => (await api.client(clientId)).data);
  if (client.error !== null) return <LoadError title={T.clientFailed} detail={client.error} retryLabel={texts.retry} onRetry={() => void client.refresh()} />;
  if (!client.data) return null;
  return (
    <Subtitle2 as="h2" className={styles.title}>
      {T.forClient(`${client.data.nameFirst} ${client.data.nameLast}`.trim())}
    </Subtitle2>
  );
}

export default function MergedStatements({ api, clientId, notify, showClientName = false }: { api: InvoicesApi; clientId: string; notify: Notify; showClientName?: boolean }) {
  const styles = useStyles();
  const [openId, setOpenId] = useState<string | null>(null);
  const search = usePeriodSearch({ api, clientId, notify, onSaved: (statement) => setOpenId(statement.id) });

  return (
    <div className={styles.root}>
      {showClientName && <ClientTitle api={api} clientId={clientId} />}
      <PeriodFinder search={search} />
      <StatementList
        api={api}
        clientId={clientId}
        notify={notify}
        openId={openId}
        onOpen={setOpenId}
        onEdit={search.edit}
        onDeleted={(statement) => {
          if (search.editing?.id === statement.id) search.cancelEdit();
        }}
      />
    </div>
  );
}

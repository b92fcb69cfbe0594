/**
 * `/Importerdata/fuldfoert?id=…` (spec 3 §2: 'Import af Data Fuldført' follows a completed import): where
 * the owner lands after starting the import of the support team's upload. It follows the import while it runs,
 * then says 'Import af Data Fuldført' with its report, or the reason it failed.
 */
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Body1, Button, MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components';
import { importMessages as M, type ImportRunView } from '@klinik/core';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, useQuery } from '@klinik/ui';
import { importApi } from '../ImportData/api';
import { RunStatus, isActive, runQueryKey } from '../ImportData/RunStatus';
import { texts } from '../ImportData/texts';

const useStyles = makeStyles({ page: { display: 'grid', gap: '16px', alignContent: 'start', maxWidth: '960px' }, actions: { display: 'flex', gap: '12px', flexWrap: 'wrap' } });

export default function ImportCompletedPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const api = useMemo(() => importApi(shell.client), [shell.client]);
  // The same query RunStatus follows (one request): the heading waits for the import to be over.
  const run = useQuery(id ? runQueryKey(id) : null, () => api.run(id ?? undefined));
  const [ended, setEnded] = useState<ImportRunView | null>(null);
  const onFinished = useCallback((finished: ImportRunView) => setEnded(finished), []);
  const current = ended ?? run.data;
  const over = current && !isActive(current);

  return (
    <div className={styles.page}>
      <PageHeader title={over && current.status === 'done' ? M.completed : texts.title} />
      {!id && <Body1>{texts.completed.none}</Body1>}
      {over && current.status === 'failed' && (
        <MessageBar intent="warning">
          <MessageBarBody>{current.message ?? M.failed}</MessageBarBody>
        </MessageBar>
      )}
      {id && <RunStatus api={api} id={id} onFinished={onFinished} />}
      <div className={styles.actions}>
        <Button onClick={() => void navigate(shell.pages.importData())}>{texts.completed.back}</Button>
        {over && current.status === 'done' && (
          <Button appearance="primary" onClick={() => void navigate('/Klientdata')}>
            {texts.completed.clients}
          </Button>
        )}
      </div>
    </div>
  );
}

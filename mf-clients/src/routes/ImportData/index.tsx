/**
 * `/Importerdata` (spec 2 §4 'Import', §5 'Import files'): the clinic's owner with the importdata add-on
 * uploads the old system's five export files (or a zip of them), follows the import as it runs, and sees its
 * report: 'Import vellykket!' or a warning with the reason (the messages clear after 20 s; the report stays). An owner
 * without the add-on is sent to buy it; other therapists are told to ask the clinic. The owner also sees the files
 * the support team uploaded for the clinic and imports them from here. The 'Se guide' link leads to the video guides.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Body1, Button, Link, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Spinner, makeStyles } from '@fluentui/react-components';
import { IMPORT_MESSAGE_CLEAR_MS, importMessages as M, type ImportRunView } from '@klinik/core';
import type { RemotePageProps } from '@klinik/core/rules';
import { LoadError, PageHeader, invalidateQueries, useQuery } from '@klinik/ui';
import { retryable } from '../../components/clientdata/page/retryable';
import { importApi } from './api';
import { texts } from './texts';

// The form, the report's tables and the support list come after the page's first paint (the remote page budget).
const ImportForm = retryable(() => import('./ImportForm'));
const RunStatus = retryable(() => import('./RunStatus'));
const SupportUploads = retryable(() => import('./SupportUploads'));

const useStyles = makeStyles({ page: { display: 'grid', gap: '16px', alignContent: 'start', maxWidth: '960px' }, guide: { justifySelf: 'start' } });

type Notice = { intent: 'success' | 'warning'; text: string };

export default function ImportDataPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  const api = useMemo(() => importApi(shell.client), [shell.client]);
  const access = useQuery(['getImportAccess'], api.access);
  const [runId, setRunId] = useState<string | null>(null);
  const [watching, setWatching] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const guides = shell.pages.videoGuides();
  const go = (path: string) => (event: { preventDefault(): void }) => {
    event.preventDefault();
    void navigate(path);
  };

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), IMPORT_MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const started = useCallback((run: ImportRunView) => {
    setNotice(null);
    setRunId(run.id);
    setWatching(true);
  }, []);
  const finished = useCallback((run: ImportRunView) => {
    setWatching(false);
    setNotice(run.status === 'done' ? { intent: 'success', text: M.success } : { intent: 'warning', text: run.message ?? M.failed });
    void invalidateQueries(['getSupportUploads']);
  }, []);
  const importSupport = useCallback(
    async (uploadId: string) => {
      const answer = await api.startSupport(uploadId);
      void navigate(`/Importerdata/fuldfoert?id=${encodeURIComponent(answer.data.id)}`);
    },
    [api, navigate],
  );

  const guide = (
    <Link className={styles.guide} href={guides} onClick={go(guides)}>
      {texts.guide}
    </Link>
  );
  const isOwner = shell.therapist?.isAdmin === true;

  return (
    <div className={styles.page}>
      <PageHeader title={texts.title} />
      <Body1>{texts.intro}</Body1>
      {guide}
      {access.error ? (
        <LoadError title={texts.access.loadFailed} detail={access.error} onRetry={() => void access.refresh()} />
      ) : !access.data ? (
        <Spinner size="small" label="Indlæser…" />
      ) : !access.data.allowed ? (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{access.data.reason === 'addOn' ? texts.access.addOnTitle : texts.access.askTitle}</MessageBarTitle>
            {access.data.reason === 'notOwner' ? texts.access.ownerOnly : isOwner ? texts.access.addOn : texts.access.ask}
          </MessageBarBody>
          {access.data.reason === 'addOn' && isOwner && (
            <MessageBarActions>
              <Button appearance="primary" onClick={() => void navigate(shell.pages.addOns())}>
                {texts.access.buy}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      ) : (
        <>
          {notice && (
            <MessageBar intent={notice.intent}>
              <MessageBarBody>{notice.text}</MessageBarBody>
            </MessageBar>
          )}
          <ImportForm api={api} defaultEmail={shell.therapist?.email ?? ''} disabled={watching} onStarted={started} />
          <Body1>{texts.rerun}</Body1>
          <RunStatus api={api} id={runId} onFinished={finished} />
        </>
      )}
      {isOwner && <SupportUploads client={shell.client} onImport={access.data?.allowed ? importSupport : null} />}
    </div>
  );
}

/**
 * `/Klientdata` (spec 2 §2): the client overview, or with `?id=<clientId>` (and optionally `&journalId=…`) the
 * client treatment page, which is loaded when first shown so the overview stays small.
 */
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RemotePageProps } from '@klinik/core/rules';
import { useNotifications } from '@klinik/ui';
import { clientsApi } from '../../api';
import { retryable } from '../../components/clientdata/page/retryable';
import Overview from './Overview';

const ClientPage = retryable(() => import('./ClientPage'));
const ClinicAccessLogPage = retryable(() => import('./ClinicAccessLogPage'));

const OBJECT_ID = /^[0-9a-f]{24}$/i;

export default function ClientDataPage({ shell }: RemotePageProps) {
  const api = useMemo(() => clientsApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const journalId = params.get('journalId');
  const isOwner = shell.therapist?.isAdmin ?? false;
  // The clinic-wide access log: `/Klientdata?view=adgangslog`, the owner's.
  const accessLog = isOwner && !id && params.get('view') === 'adgangslog';

  const openClient = useCallback((clientId: string) => setParams({ id: clientId }), [setParams]);
  const backToOverview = useCallback(() => setParams({}), [setParams]);
  const openJournal = useCallback(
    (journal: string) => {
      if (id) setParams({ id, journalId: journal }, { replace: true });
    },
    [id, setParams],
  );

  return (
    <>
      {toaster}
      {id ? (
        <ClientPage
          key={id}
          api={api}
          clientId={id}
          journalId={journalId && OBJECT_ID.test(journalId) ? journalId : null}
          isOwner={isOwner}
          notify={notify}
          pages={shell.pages}
          onBack={backToOverview}
          onOpenJournal={openJournal}
        />
      ) : accessLog ? (
        <ClinicAccessLogPage api={api} onBack={backToOverview} />
      ) : (
        <Overview
          api={api}
          isOwner={isOwner}
          notify={notify}
          onOpen={openClient}
          onNewClient={() => void navigate('/NewClientForm')}
          onAccessLog={isOwner ? () => setParams({ view: 'adgangslog' }) : undefined}
        />
      )}
    </>
  );
}

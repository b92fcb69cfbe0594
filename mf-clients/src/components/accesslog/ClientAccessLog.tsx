/** A client's 'Adgangslog' on the client page (the owner's only): every logged read of the record, newest first. */
import { useState } from 'react';
import { Caption1, Spinner, makeStyles } from '@fluentui/react-components';
import { ACCESS_LOG_PAGE_SIZE } from '@klinik/core';
import { Pager, QueryView, queryKey, useQuery } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import { AccessLogTable } from './AccessLogTable';
import { accessLogTexts as T } from './texts';

const useStyles = makeStyles({ intro: { display: 'block', marginBottom: '8px' } });

export default function ClientAccessLog({ api, clientId }: { api: Pick<ClientsApi, 'clientAccessLog'>; clientId: string }) {
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const log = useQuery(queryKey('getClientAccessLog', { clientId, page }), () => api.clientAccessLog(clientId, page));
  return (
    <section aria-label={T.title}>
      <Caption1 className={styles.intro}>{T.clientIntro}</Caption1>
      <QueryView query={log} errorTitle={T.loadFailed} loading={<Spinner size="tiny" label={T.title} />}>
        {(answer) => (
          <>
            <AccessLogTable rows={answer.data} label={T.title} />
            {answer.total > ACCESS_LOG_PAGE_SIZE && (
              <Pager page={page} size={ACCESS_LOG_PAGE_SIZE} sizes={[ACCESS_LOG_PAGE_SIZE]} total={answer.total} onPage={setPage} onSize={() => undefined} />
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

/**
 * The clinic's invoices and credit notes (spec 2, Invoice list): newest first, searchable by name, CPR or number
 * (300 ms after typing stops), 5, 10 or 15 per page from page 1, the owner's therapist picker, one row open at a
 * time, 'Ingen faktura fundet' when nothing matches.
 */
import { useCallback, useState } from 'react';
import { Caption1, Text, makeStyles } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import { ListToolbar, Pager, usePagedList, type PageQuery } from '@klinik/ui';
import type { InvoicesApi } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InvoiceAccordion } from '../../components/InvoiceAccordion';
import type { Notify } from '../../components/InvoiceDialog';
import { retryable } from '../../components/retryable';
import { texts } from '../../texts';

const InvoiceDetails = retryable(() => import('../../components/InvoiceDetails'));

const T = texts.list;

const useStyles = makeStyles({
  loading: { display: 'block', padding: '12px' },
});

export default function InvoiceList({
  api,
  isOwner,
  notify,
  initialOpenId = null,
  onCredit,
}: {
  api: InvoicesApi;
  isOwner: boolean;
  notify: Notify;
  initialOpenId?: string | null;
  onCredit: (invoice: Invoice) => void;
}) {
  const styles = useStyles();
  const fetchPage = useCallback((query: PageQuery) => api.list(query), [api]);
  const { search, setSearch, therapistId, setTherapistId, therapists, page, setPage, size, setSize, rows, total, error, load } = usePagedList<Invoice>({
    fetchPage,
    ownerTherapists: isOwner ? { load: api.therapists, failedText: T.therapistsFailed, notify } : undefined,
    loadFailed: T.loadFailed,
  });
  const [openId, setOpenId] = useState<string | null>(initialOpenId);

  return (
    <section aria-label={T.label}>
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={T.search}
        therapistFilter={isOwner ? { label: T.therapist, allLabel: T.allTherapists, value: therapistId, options: therapists, onChange: setTherapistId } : undefined}
      />
      {error && <ErrorNotice title={T.loadFailed} detail={error} onRetry={() => void load()} />}
      {rows === null ? (
        <Caption1 className={styles.loading} role="status">
          {texts.loading}
        </Caption1>
      ) : (
        <InvoiceAccordion
          label={T.label}
          invoices={rows}
          openId={openId}
          onOpen={setOpenId}
          empty={error ? null : <Text>{T.empty}</Text>}
          details={(invoice) => <InvoiceDetails api={api} invoice={invoice} notify={notify} onCredit={onCredit} />}
        />
      )}
      <Pager page={page} size={size} total={total} onPage={setPage} onSize={setSize} />
    </section>
  );
}

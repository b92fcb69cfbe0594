/**
 * The clinic's invoices and credit notes (spec 2, Invoice list): newest first, searchable by name, CPR or number
 * (300 ms after typing stops), 5, 10 or 15 per page from page 1, the owner's therapist picker, one row open at a
 * time, 'Ingen faktura fundet' when nothing matches. A status filter ('Alle', 'Ubetalte', 'Forfaldne',
 * 'Betalte', from page 1) and the outstanding total of the invoices the caller sees (of the therapist picked).
 */
import { useCallback, useId, useState } from 'react';
import { Caption1, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Invoice, InvoiceStatusFilter } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { ListToolbar, Pager, usePagedList, type PageQuery } from '@klinik/ui';
import type { InvoicesApi } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InvoiceAccordion } from '../../components/InvoiceAccordion';
import type { Notify } from '../../components/InvoiceDialog';
import { retryable } from '../../components/retryable';
import { texts } from '../../texts';

const InvoiceDetails = retryable(() => import('../../components/InvoiceDetails'));

const T = texts.list;
const S = texts.status;
// In the order of the texts (core's INVOICE_STATUS_FILTERS): the list's first load takes no schemas from @klinik/core.
const FILTERS = Object.keys(S.filter) as InvoiceStatusFilter[];

const useStyles = makeStyles({
  loading: { display: 'block', padding: '12px' },
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px 16px', marginBottom: '12px' },
  filter: { display: 'flex', alignItems: 'center', gap: '8px' },
  outstanding: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '0 8px' },
  amount: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
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
  const statusId = useId();
  const [status, setStatus] = useState<InvoiceStatusFilter>('all');
  // The total comes with each page; kept with the therapist it was counted for (a cached page of another does not say it).
  const [outstanding, setOutstanding] = useState<{ therapistId: string; ore: number } | null>(null);
  const fetchPage = useCallback(
    async (query: PageQuery) => {
      const answer = await api.list({ ...query, status });
      setOutstanding({ therapistId: query.therapistId ?? '', ore: answer.outstandingOre });
      return answer;
    },
    [api, status],
  );
  const { search, setSearch, therapistId, setTherapistId, therapists, page, setPage, size, setSize, rows, total, error, load } = usePagedList<Invoice>({
    fetchPage,
    ownerTherapists: isOwner ? { load: api.therapists, failedText: T.therapistsFailed, notify } : undefined,
    loadFailed: T.loadFailed,
    // Marking an invoice paid or sending a reminder reloads the list (PaymentPanel); each status is a list of its own.
    queryKey: ['getAllInvoice', status],
  });
  const [openId, setOpenId] = useState<string | null>(initialOpenId);
  const shownOutstanding = outstanding && outstanding.therapistId === therapistId ? outstanding.ore : null;

  return (
    <section aria-label={T.label}>
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={T.search}
        therapistFilter={isOwner ? { label: T.therapist, allLabel: T.allTherapists, value: therapistId, options: therapists, onChange: setTherapistId } : undefined}
      />
      <div className={styles.bar}>
        <div className={styles.filter}>
          <Text id={statusId}>{S.label}</Text>
          <Select
            aria-labelledby={statusId}
            value={status}
            onChange={(_, data) => {
              setStatus(data.value as InvoiceStatusFilter);
              setPage(1);
            }}
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {S.filter[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className={styles.outstanding} role="status" aria-label={S.outstanding} title={S.outstandingHint}>
          <Text>{`${S.outstanding}:`}</Text>
          <Text className={styles.amount}>{shownOutstanding === null ? texts.loading : formatKroner(shownOutstanding)}</Text>
        </div>
      </div>
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
          empty={error ? null : <Text>{S.empty[status]}</Text>}
          details={(invoice) => <InvoiceDetails api={api} invoice={invoice} notify={notify} isOwner={isOwner} onCredit={onCredit} />}
        />
      )}
      <Pager page={page} size={size} total={total} onPage={setPage} onSize={setSize} />
    </section>
  );
}

/**
 * `/Transactions` (spec 3, Transaction history; owner only): the clinic's charges newest first, grouped by month
 * (DD-MM-YYYY dates, the month's first and last day too), amounts excl. VAT, VAT and total in kroner, the state as a
 * badge in the spec's colours, the card masked, and a PDF receipt per charge (jsPDF, loaded with the first receipt).
 * Further pages load while a `next_page_token` exists: when the bottom marker comes into view, or by its 'Hent flere'
 * button (keyboards, screen readers, browsers without IntersectionObserver). 25 skeleton rows while the first loads.
 *
 * Each page of the provider's list is its own query (its token is the key), rendered after the one before it, so a
 * failed page shows its own error with 'Prøv igen' and the pages above it stay.
 */
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Caption1,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { TransactionView } from '@klinik/core';
import { formatKroner, type RemotePageProps } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import { LoadError, PageHeader, SkeletonRows, TableScroll, useNotifications, useQuery } from '@klinik/ui';
import { commerceApi, queryKeys, type CommerceApi } from '../../api';
import { StateBadge } from '../../components/StateBadge';
import { texts } from '../../texts';
import { groupByMonth } from './months';
import { maskedForReceipt, receiptFor } from './receipt';

const T = texts.transactions;
const COLUMNS = 8;

const useStyles = makeStyles({
  page: { minWidth: 0 },
  // Size containment: the wide table scrolls inside its box and never widens the page (the layout's grid would
  // otherwise grow to the table's width on a phone).
  scroll: { maxWidth: '100%', contain: 'inline-size' },
  table: { backgroundColor: tokens.colorNeutralBackground1, minWidth: '860px' },
  month: { backgroundColor: tokens.colorNeutralBackground3 },
  monthText: { fontWeight: tokens.fontWeightSemibold },
  number: { whiteSpace: 'nowrap', textAlign: 'right' },
  nowrap: { whiteSpace: 'nowrap' },
  more: { display: 'flex', gap: '12px', alignItems: 'center', justifyContent: 'center', padding: '8px 0' },
});

interface PageContext {
  api: CommerceApi;
  download: (transaction: TransactionView) => void;
  downloading: string | null;
}

function TransactionRow({ transaction, context }: { transaction: TransactionView; context: PageContext }) {
  const styles = useStyles();
  const date = formatDanishDate(transaction.created);
  const text = transaction.order_lines[0]?.ordertext ?? '';
  const busy = context.downloading === transaction.id;
  return (
    <TableRow data-transaction={transaction.id}>
      <TableCell className={styles.nowrap}>{date}</TableCell>
      <TableCell>{text}</TableCell>
      <TableCell className={styles.number}>{formatKroner(transaction.amount_ex_vat)}</TableCell>
      <TableCell className={styles.number}>{formatKroner(transaction.amount_vat)}</TableCell>
      <TableCell className={styles.number}>{formatKroner(transaction.amount)}</TableCell>
      <TableCell>
        <StateBadge state={transaction.state} />
      </TableCell>
      <TableCell className={styles.nowrap}>{maskedForReceipt(transaction.transactions[0]?.card_transaction.masked_card ?? '')}</TableCell>
      <TableCell>
        <Button
          appearance="subtle"
          size="small"
          icon={busy ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />}
          aria-label={T.download(text, date)}
          title={T.receipt}
          disabled={busy}
          onClick={() => context.download(transaction)}
        >
          {T.receipt}
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** The row after the last loaded page: loads the next when it scrolls into view, or by its button. */
function MoreMarker({ onMore }: { onMore: () => void }) {
  const styles = useStyles();
  const marker = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMore();
    }, { rootMargin: '200px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onMore]);
  return (
    <TableRow ref={marker} data-more-marker>
      <TableCell colSpan={COLUMNS}>
        <div className={styles.more}>
          <Button onClick={onMore}>{T.more}</Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

function FullRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS}>{children}</TableCell>
    </TableRow>
  );
}

/** One page of the provider's list, then (once asked for) the next. `previousMonth`: the month the page above ended in. */
function TransactionPage({ token, previousMonth, context }: { token: string | null; previousMonth: string | null; context: PageContext }) {
  const styles = useStyles();
  const page = useQuery(queryKeys.transactions(token), () => context.api.transactions(token));
  const [more, setMore] = useState(false);
  const showMore = useCallback(() => setMore(true), []);
  const first = token === null;

  if (page.data === undefined) {
    if (page.error !== null) {
      return (
        <FullRow>
          <LoadError title={T.loadFailed} detail={page.error} onRetry={() => void page.refresh()} retryLabel={texts.retry} />
        </FullRow>
      );
    }
    return first ? (
      <SkeletonRows rows={25} columns={COLUMNS} />
    ) : (
      <FullRow>
        <Spinner size="tiny" label={T.loadingMore} />
      </FullRow>
    );
  }

  const { content, next_page_token: next } = page.data;
  const groups = groupByMonth(content);
  const lastMonth = groups[groups.length - 1]?.key ?? previousMonth;
  return (
    <>
      {page.error !== null && (
        <FullRow>
          <LoadError title={T.loadFailed} detail={page.error} onRetry={() => void page.refresh()} retryLabel={texts.retry} />
        </FullRow>
      )}
      {first && content.length === 0 && !next && (
        <FullRow>
          <Text>{T.empty}</Text>
        </FullRow>
      )}
      {groups.map((group, index) => (
        <Fragment key={group.key}>
          {/* A month the page above already began keeps its one heading. */}
          {(index > 0 || group.key !== previousMonth) && (
            <TableRow className={styles.month}>
              <TableCell colSpan={COLUMNS}>
                <Text className={styles.monthText} role="heading" aria-level={2}>
                  {T.month(group.label, group.from, group.to)}
                </Text>
              </TableCell>
            </TableRow>
          )}
          {group.rows.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} context={context} />
          ))}
        </Fragment>
      ))}
      {next !== null && (more ? <TransactionPage token={next} previousMonth={lastMonth} context={context} /> : <MoreMarker onMore={showMore} />)}
      {next === null && !(first && content.length === 0) && (
        <FullRow>
          <Caption1>{T.allLoaded}</Caption1>
        </FullRow>
      )}
    </>
  );
}

export default function TransactionsPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => commerceApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const [downloading, setDownloading] = useState<string | null>(null);
  const clinic = shell.therapist?.company.companyName ?? '';

  const download = useCallback(
    (transaction: TransactionView) => {
      setDownloading(transaction.id);
      // jsPDF arrives with the first receipt, not with the page.
      import(/* webpackChunkName: "receipt-pdf" */ './receiptPdf')
        .then(({ downloadReceipt }) => downloadReceipt(receiptFor(transaction, clinic)))
        .catch(() => notify(T.downloadFailed, 'error'))
        .finally(() => setDownloading(null));
    },
    [clinic, notify],
  );
  const context = useMemo(() => ({ api, download, downloading }), [api, download, downloading]);

  return (
    <section className={styles.page}>
      {toaster}
      <PageHeader title={T.heading} />
      <TableScroll className={styles.scroll}>
        <Table className={styles.table} size="small" aria-label={T.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{T.date}</TableHeaderCell>
              <TableHeaderCell>{T.text}</TableHeaderCell>
              <TableHeaderCell className={styles.number}>{T.exVat}</TableHeaderCell>
              <TableHeaderCell className={styles.number}>{T.vat}</TableHeaderCell>
              <TableHeaderCell className={styles.number}>{T.total}</TableHeaderCell>
              <TableHeaderCell>{T.status}</TableHeaderCell>
              <TableHeaderCell>{T.card}</TableHeaderCell>
              <TableHeaderCell>{T.receipt}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TransactionPage token={null} previousMonth={null} context={context} />
          </TableBody>
        </Table>
      </TableScroll>
    </section>
  );
}

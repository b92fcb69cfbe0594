/**
 * 'Beskeder': what is scheduled (due in the next 7 days or waiting for a retry) and what was sent, skipped or failed,
 * newest first in pages (the owner: the clinic's), both filtered by kind. States and reasons in Danish.
 */
import { useCallback, useId, useState } from 'react';
import {
  Caption1,
  Select,
  Subtitle2,
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
import { messageKinds, messageSkipReasons, type MessageItem, type MessageKind } from '@klinik/core';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { LoadError, Pager, SkeletonRows, TableScroll, usePagedList, useQuery, type PageQuery, type PageSize } from '@klinik/ui';
import type { TabProps } from './types';
import { texts } from './texts';

const T = texts.messages;
const COLUMNS = 6;

const useStyles = makeStyles({
  tab: { display: 'grid', gap: '20px', gridTemplateColumns: 'minmax(0, 1fr)' },
  filter: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  section: { display: 'grid', gap: '8px', gridTemplateColumns: 'minmax(0, 1fr)' },
  heading: { margin: 0 },
  hint: { color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
  wrap: { overflowWrap: 'anywhere' },
  reason: { display: 'block', color: tokens.colorNeutralForeground3 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/** Why a message was skipped or failed, in Danish: the contract's reasons by key; any other text as the server gave it. */
function reasonText(reason: string): string {
  return (messageSkipReasons as Record<string, string>)[reason] ?? reason;
}

function MessageTable({ label, rows, loading, size, empty }: { label: string; rows: readonly MessageItem[] | null; loading: boolean; size: number; empty: string }) {
  const styles = useStyles();
  return (
    <TableScroll>
      <Table aria-label={label} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.nowrap}>{T.when}</TableHeaderCell>
            <TableHeaderCell>{T.kind}</TableHeaderCell>
            <TableHeaderCell>{T.channel}</TableHeaderCell>
            <TableHeaderCell>{T.recipient}</TableHeaderCell>
            <TableHeaderCell>{T.state}</TableHeaderCell>
            <TableHeaderCell>{T.therapist}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody aria-busy={loading}>
          {loading && <SkeletonRows rows={Math.min(size, 5)} columns={COLUMNS} />}
          {!loading && rows?.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS}>{empty}</TableCell>
            </TableRow>
          )}
          {rows?.map((item) => {
            const at = item.sentAt ?? item.dueAt;
            return (
              <TableRow key={item.id}>
                <TableCell className={styles.nowrap}>{`${formatDanishDate(at)} ${formatCopenhagenTime(at)}`}</TableCell>
                <TableCell>{T.kinds[item.kind]}</TableCell>
                <TableCell>{T.channels[item.channel]}</TableCell>
                <TableCell className={styles.wrap}>
                  {item.recipient}
                  {item.to && <Caption1 className={styles.reason}>{item.to}</Caption1>}
                </TableCell>
                <TableCell>
                  <Text className={item.state === 'failed' ? styles.failed : undefined}>{T.states[item.state]}</Text>
                  {item.reason && <Caption1 className={styles.reason}>{reasonText(item.reason)}</Caption1>}
                  {item.attempts > 1 && <Caption1 className={styles.reason}>{T.attempts(item.attempts)}</Caption1>}
                </TableCell>
                <TableCell>{item.therapistName}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

export default function MessagesTab({ api }: TabProps) {
  const styles = useStyles();
  const filterId = useId();
  const [kind, setKind] = useState<MessageKind | ''>('');
  const scheduled = useQuery(['getScheduledMessages'], async () => (await api.scheduledMessages()).data);
  const fetchPage = useCallback((query: PageQuery) => api.sentMessages({ page: query.page, size: query.size, ...(kind ? { kind } : {}) }), [api, kind]);
  const sent = usePagedList<MessageItem, PageSize>({ fetchPage, loadFailed: T.sentFailed, queryKey: ['getSentMessages', kind] });
  const scheduledRows = scheduled.data?.filter((item) => !kind || item.kind === kind) ?? null;

  return (
    <section className={styles.tab} aria-label={T.label}>
      <div className={styles.filter}>
        <Text id={filterId}>{T.kind}</Text>
        <Select
          aria-labelledby={filterId}
          value={kind}
          onChange={(_, data) => {
            setKind(data.value as MessageKind | '');
            sent.setPage(1);
          }}
        >
          <option value="">{T.allKinds}</option>
          {messageKinds.map((value) => (
            <option key={value} value={value}>
              {T.kinds[value]}
            </option>
          ))}
        </Select>
      </div>

      <section className={styles.section} aria-labelledby="contact-messages-scheduled">
        <Subtitle2 as="h2" id="contact-messages-scheduled" className={styles.heading}>
          {T.scheduled}
        </Subtitle2>
        <Caption1 className={styles.hint}>{T.scheduledHint}</Caption1>
        {scheduled.error !== null && <LoadError title={T.scheduledFailed} detail={scheduled.error} retryLabel={texts.retry} onRetry={() => void scheduled.refresh()} />}
        <MessageTable label={T.scheduledLabel} rows={scheduledRows} loading={scheduled.data === undefined && scheduled.error === null} size={5} empty={T.noScheduled} />
      </section>

      <section className={styles.section} aria-labelledby="contact-messages-sent">
        <Subtitle2 as="h2" id="contact-messages-sent" className={styles.heading}>
          {T.sent}
        </Subtitle2>
        {sent.error && <LoadError title={T.sentFailed} detail={sent.error} retryLabel={texts.retry} onRetry={() => void sent.load()} />}
        <MessageTable label={T.sentLabel} rows={sent.error ? null : sent.rows} loading={sent.rows === null} size={sent.size} empty={T.noSent} />
        <Pager page={sent.page} size={sent.size} total={sent.total} onPage={sent.setPage} onSize={sent.setSize} />
      </section>
    </section>
  );
}

/**
 * The administrator audit log (getAdminAuditLog): every administrator action, newest first, 50 a page, with who,
 * what, which company, the outcome and a few words of detail. Read-only: no action changes it. Loaded when the
 * tab is first opened, and afresh each time it is shown.
 */
import { useState } from 'react';
import {
  Badge,
  Body1,
  Caption1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AUDIT_PAGE_SIZE } from '@klinik/core';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { LoadError, Pager, SkeletonRows, TableScroll, useQuery } from '@klinik/ui';
import { adminKeys, type AdminApi, type AuditEntry } from '../../api';
import { texts } from '../../texts';

const T = texts.audit;
const COLUMNS = 6;
type AuditPageSize = typeof AUDIT_PAGE_SIZE;
const PAGE_SIZES: readonly AuditPageSize[] = [AUDIT_PAGE_SIZE];
const OUTCOME_COLOR = { ok: 'success', refused: 'warning', failed: 'danger' } as const satisfies Record<AuditEntry['outcome'], string>;

const useStyles = makeStyles({
  tab: { display: 'grid', gap: '8px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  muted: { color: tokens.colorNeutralForeground3 },
  table: { backgroundColor: tokens.colorNeutralBackground1, minWidth: '900px', tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  detail: { overflowWrap: 'anywhere' },
});

export default function AuditLogTab({ api }: { api: AdminApi }) {
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const log = useQuery([...adminKeys.audit, page], () => api.audit(page));
  const rows = log.data?.data ?? (log.error !== null ? [] : null);
  const [total, setTotal] = useState(0);
  // The total stays on the pager while the next page loads.
  if (log.data && log.data.total.total !== total) setTotal(log.data.total.total);

  return (
    <div className={styles.tab}>
      <Caption1 className={styles.muted}>{T.intro}</Caption1>
      {log.error !== null && <LoadError title={T.loadFailed} detail={log.error} retryLabel={texts.page.retry} onRetry={() => void log.refresh()} />}
      <TableScroll>
        <Table className={styles.table} aria-label={T.tableLabel} aria-busy={rows === null} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{T.columns.at}</TableHeaderCell>
              <TableHeaderCell>{T.columns.administrator}</TableHeaderCell>
              <TableHeaderCell>{T.columns.action}</TableHeaderCell>
              <TableHeaderCell>{T.columns.company}</TableHeaderCell>
              <TableHeaderCell>{T.columns.outcome}</TableHeaderCell>
              <TableHeaderCell>{T.columns.detail}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows === null && <SkeletonRows rows={10} columns={COLUMNS} />}
            {rows?.length === 0 && log.error === null && (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <Body1>{T.empty}</Body1>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((entry) => (
              <TableRow key={entry.id}>
                <TableCell className={styles.nowrap}>{`${formatDanishDate(entry.at)} ${formatCopenhagenTime(entry.at)}`}</TableCell>
                <TableCell>{entry.administrator}</TableCell>
                <TableCell title={entry.action}>{T.actions[entry.action] ?? entry.action}</TableCell>
                <TableCell>{entry.companyName ?? texts.page.none}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={OUTCOME_COLOR[entry.outcome]}>
                    {T.outcome[entry.outcome]}
                  </Badge>
                </TableCell>
                <TableCell className={styles.detail}>{entry.detail}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <Pager<AuditPageSize> page={page} size={AUDIT_PAGE_SIZE} sizes={PAGE_SIZES} total={total} onPage={setPage} onSize={() => setPage(1)} />
    </div>
  );
}

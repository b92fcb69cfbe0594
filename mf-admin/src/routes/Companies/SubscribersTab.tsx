/**
 * The older newsletter-subscriber list (spec 1 §2: filters Tilmeldte, Alle and Trial; §7 adminGetTherapists): the
 * platform's therapists with their clinic, and 'Eksporter CSV', which downloads the rows shown as a file Danish
 * Excel opens as it is (UTF-8 with BOM, semicolons) and in which no cell can run as a formula. The CSV writer
 * arrives with the first export. Loaded when the tab is first opened.
 */
import { useId, useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
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
import { SUBSCRIBER_FILTERS, type SubscriberFilter } from '@klinik/core';
import { copenhagenDateKey, formatDanishDate } from '@klinik/core/time';
import { LoadError, SkeletonRows, TableScroll, useQuery } from '@klinik/ui';
import { adminKeys, type AdminApi, type SubscriberRow } from '../../api';
import { texts } from '../../texts';
import { subscriberCells } from './model';

const T = texts.subscribers;
const COLUMNS = 8;

const useStyles = makeStyles({
  tab: { display: 'grid', gap: '8px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  filter: { display: 'flex', alignItems: 'center', gap: '8px' },
  end: { display: 'flex', alignItems: 'center', gap: '12px' },
  muted: { color: tokens.colorNeutralForeground3 },
  table: { backgroundColor: tokens.colorNeutralBackground1, minWidth: '960px', tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  email: { overflowWrap: 'anywhere' },
});

/** Writes the rows as CSV and hands the file to the browser. */
async function downloadCsv(rows: readonly SubscriberRow[], filter: SubscriberFilter): Promise<void> {
  const { stringify } = await import('csv-stringify/browser/esm/sync');
  const cells = subscriberCells(rows, T.columns, { date: formatDanishDate, yes: texts.page.yes, no: texts.page.no });
  // Danish Excel reads ';' as the separator and needs the BOM to read UTF-8 (æ, ø, å); Windows line ends.
  const csv = stringify(cells, { bom: true, delimiter: ';', record_delimiter: 'windows' });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = T.fileName(filter, copenhagenDateKey(Date.now()));
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The browser has taken the file once the click is handled.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export default function SubscribersTab({ api }: { api: AdminApi }) {
  const styles = useStyles();
  const labelId = useId();
  const [filter, setFilter] = useState<SubscriberFilter>('subscribed');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useQuery([...adminKeys.subscribers, filter], () => api.subscribers(filter));
  const rows = list.data ?? (list.error !== null ? [] : null);

  async function exportCsv() {
    if (!rows) return;
    setExporting(true);
    setExportError(null);
    try {
      await downloadCsv(rows, filter);
    } catch (reason) {
      setExportError(`${T.exportFailed} ${reason instanceof Error ? reason.message : ''}`.trim());
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className={styles.tab}>
      <div className={styles.tools}>
        <div className={styles.filter}>
          <Text id={labelId}>{T.filterLabel}</Text>
          <RadioGroup layout="horizontal" aria-labelledby={labelId} value={filter} onChange={(_, data) => setFilter(data.value as SubscriberFilter)}>
            {SUBSCRIBER_FILTERS.map((value) => (
              <Radio key={value} value={value} label={T.filters[value]} />
            ))}
          </RadioGroup>
        </div>
        <div className={styles.end}>
          {list.data && (
            <Caption1 className={styles.muted} aria-live="polite">
              {T.count(list.data.length)}
            </Caption1>
          )}
          <Button icon={<ArrowDownloadRegular />} disabled={!list.data || list.data.length === 0 || exporting} onClick={() => void exportCsv()}>
            {T.export}
          </Button>
        </div>
      </div>
      {exportError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{exportError}</MessageBarBody>
        </MessageBar>
      )}
      {list.error !== null && <LoadError title={T.loadFailed} detail={list.error} retryLabel={texts.page.retry} onRetry={() => void list.refresh()} />}
      <TableScroll>
        <Table className={styles.table} aria-label={T.tableLabel} aria-busy={rows === null} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{T.columns.nameFirst}</TableHeaderCell>
              <TableHeaderCell>{T.columns.nameLast}</TableHeaderCell>
              <TableHeaderCell>{T.columns.email}</TableHeaderCell>
              <TableHeaderCell>{T.columns.phone}</TableHeaderCell>
              <TableHeaderCell>{T.columns.companyName}</TableHeaderCell>
              <TableHeaderCell>{T.columns.newsletter}</TableHeaderCell>
              <TableHeaderCell>{T.columns.trial}</TableHeaderCell>
              <TableHeaderCell>{T.columns.createdAt}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows === null && <SkeletonRows rows={5} columns={COLUMNS} />}
            {rows?.length === 0 && list.error === null && (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <Body1>{T.empty}</Body1>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.nameFirst}</TableCell>
                <TableCell>{row.nameLast}</TableCell>
                <TableCell className={styles.email}>{row.email}</TableCell>
                <TableCell className={styles.nowrap}>{row.phone}</TableCell>
                <TableCell>{row.companyName}</TableCell>
                <TableCell>{row.newsletter ? texts.page.yes : texts.page.no}</TableCell>
                <TableCell className={styles.nowrap}>{row.trial === null ? texts.page.none : formatDanishDate(row.trial)}</TableCell>
                <TableCell className={styles.nowrap}>{formatDanishDate(row.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
    </div>
  );
}

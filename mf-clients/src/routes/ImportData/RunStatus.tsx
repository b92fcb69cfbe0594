/**
 * One import as it runs and when it is done (getImport, asked again every second while it is queued or running):
 * a progress bar (rows read, then records written of all), then the counts (new, already there) and the refused
 * rows with file, row number and reason. Used by /Importerdata and by the import-completed screen.
 */
import { useEffect, useRef } from 'react';
import {
  Body1,
  Caption1,
  ProgressBar,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { IMPORT_POLL_MS, type ImportRunView } from '@klinik/core';
import { QueryView, useQuery } from '@klinik/ui';
import type { ImportApi } from './api';
import { count, texts } from './texts';

const T = texts.run;

const useStyles = makeStyles({
  section: {
    display: 'grid',
    gap: '12px',
    padding: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { margin: 0 },
  table: { maxWidth: '520px' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  refused: { maxHeight: '360px', overflowY: 'auto' },
});

export const isActive = (run: ImportRunView | null | undefined) => run?.status === 'queued' || run?.status === 'running';

export function runQueryKey(id: string | null) {
  return ['getImport', id ?? 'latest'] as const;
}

export function RunStatus({ api, id, onFinished }: { api: ImportApi; id: string | null; onFinished?: (run: ImportRunView) => void }) {
  const styles = useStyles();
  const run = useQuery(runQueryKey(id), () => api.run(id ?? undefined));
  const active = isActive(run.data);
  const refresh = run.refresh;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refresh(), IMPORT_POLL_MS);
    return () => clearInterval(timer);
  }, [active, refresh]);
  // Tell the page once when a run it watched running has ended.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    const current = run.data;
    if (!current) return;
    if (isActive(current)) watched.current = current.id;
    else if (watched.current === current.id) {
      watched.current = null;
      onFinished?.(current);
    }
  }, [run.data, onFinished]);

  return (
    <QueryView query={run} errorTitle={T.loadFailed} loading={<ProgressBar aria-label={T.progressLabel} />}>
      {(data) => (data ? <RunReport run={data} styles={styles} /> : null)}
    </QueryView>
  );
}

function RunReport({ run, styles }: { run: ImportRunView; styles: ReturnType<typeof useStyles> }) {
  if (isActive(run)) {
    const writing = run.phase === 'writing' && run.total > 0;
    const label = run.status === 'queued' ? T.queued : writing ? T.writing(count(run.done), count(run.total)) : T.reading(count(run.read));
    return (
      <section className={styles.section} aria-labelledby="import-run-title" aria-busy="true">
        <Subtitle2 as="h2" id="import-run-title" className={styles.title}>
          {T.heading}
        </Subtitle2>
        <ProgressBar aria-label={T.progressLabel} value={writing ? run.done / run.total : undefined} />
        <Body1 role="status">{label}</Body1>
      </section>
    );
  }
  if (run.status === 'failed' || !run.counts) return null;
  const kinds = ['clients', 'treatments', 'bookings', 'invoices'] as const;
  return (
    <section className={styles.section} aria-labelledby="import-run-title">
      <Subtitle2 as="h2" id="import-run-title" className={styles.title}>
        {T.counts}
      </Subtitle2>
      <Table size="small" className={styles.table} aria-labelledby="import-run-title">
        <TableHeader>
          <TableRow>
            <TableHeaderCell />
            <TableHeaderCell className={styles.number}>{T.added}</TableHeaderCell>
            <TableHeaderCell className={styles.number}>{T.existing}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {kinds.map((kind) => (
            <TableRow key={kind}>
              <TableCell>{T.kinds[kind]}</TableCell>
              <TableCell className={styles.number}>{count(run.counts![kind].added)}</TableCell>
              <TableCell className={styles.number}>{count(run.counts![kind].existing)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {run.nextInvoiceNumber && <Body1>{T.nextInvoiceNumber(run.nextInvoiceNumber)}</Body1>}
      {run.errorCount === 0 ? (
        <Body1>{T.allIn}</Body1>
      ) : (
        <>
          <Subtitle2 as="h3" id="import-refused-title" className={styles.title}>
            {run.errorCount === 1 ? T.refusedOne : T.refused(count(run.errorCount))}
          </Subtitle2>
          <div className={styles.refused}>
            <Table size="small" aria-labelledby="import-refused-title">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{T.columns.file}</TableHeaderCell>
                  <TableHeaderCell className={styles.number}>{T.columns.row}</TableHeaderCell>
                  <TableHeaderCell>{T.columns.reason}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {run.errors.map((error) => (
                  <TableRow key={`${error.fileName}:${error.row}`}>
                    <TableCell>{error.fileName}</TableCell>
                    <TableCell className={styles.number}>{error.row}</TableCell>
                    <TableCell>{error.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {run.errorCount > run.errors.length && <Caption1>{T.refusedMore(count(run.errorCount - run.errors.length))}</Caption1>}
        </>
      )}
    </section>
  );
}

export default RunStatus;

/**
 * 'Historik': every change of a section, newest first: when, who, which field, the text before and after. The
 * server keeps the previous value of every save (issue 5: nothing is overwritten without a trace).
 */
import { useCallback, useEffect, useState } from 'react';
import { Caption1, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import type { Revision } from '@klinik/core';
import { JOURNAL_FIELD_LABELS, type JournalTextField } from '@klinik/core/records';
import { LoadError } from '@klinik/ui';
import { texts } from '../texts';
import { useClientPage } from './context';
import { errorMessage } from '../saving/savers';
import { formatWhen } from './format';

const T = texts.history;
const STAMDATA_LABELS: Record<string, string> = texts.stamdata.labels;

const useStyles = makeStyles({
  box: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px',
    marginBottom: '12px',
    maxHeight: '360px',
    overflowY: 'auto',
  },
  value: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  previous: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: tokens.colorNeutralForeground3 },
  nowrap: { whiteSpace: 'nowrap' },
});

function fieldLabel(revision: Revision): string {
  const journalLabel = (JOURNAL_FIELD_LABELS as Record<string, string>)[revision.field as JournalTextField];
  switch (revision.entity) {
    case 'client':
      return STAMDATA_LABELS[revision.field] ?? revision.field;
    case 'journal':
      return journalLabel ?? revision.field;
    case 'customField':
      return revision.field === 'name' ? 'Feltets navn' : revision.field;
    case 'comment':
      return `${texts.comments.heading}: ${journalLabel ?? revision.field}`;
  }
}

export default function HistoryPanel({ journalId, entities }: { journalId?: string; entities: readonly Revision['entity'][] }) {
  const styles = useStyles();
  const { api, clientId } = useClientPage();
  const [rows, setRows] = useState<Revision[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A new array on every render of the section: the names decide.
  const entityKey = entities.join(',');
  const load = useCallback(async () => {
    const wanted = entityKey.split(',');
    setRows(null);
    setError(null);
    try {
      const answer = await api.history(clientId, journalId);
      setRows(answer.data.filter((revision) => wanted.includes(revision.entity) && (journalId ? revision.journalId === journalId : revision.journalId === null)));
    } catch (reason) {
      setError(errorMessage(reason));
      setRows([]);
    }
  }, [api, clientId, journalId, entityKey]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className={styles.box} aria-label={T.title}>
      {error && <LoadError title={T.loadFailed} detail={error} retryLabel={texts.retry} onRetry={() => void load()} />}
      {rows === null && <Spinner size="tiny" label={texts.loading} />}
      {rows?.length === 0 && !error && <Caption1>{T.empty}</Caption1>}
      {rows && rows.length > 0 && (
        <Table size="small" aria-label={T.title}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell className={styles.nowrap}>{T.when}</TableHeaderCell>
              <TableHeaderCell>{T.who}</TableHeaderCell>
              <TableHeaderCell>{T.field}</TableHeaderCell>
              <TableHeaderCell>{T.change}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((revision) => (
              <TableRow key={revision.id}>
                <TableCell className={styles.nowrap}>{formatWhen(revision.changedAt)}</TableCell>
                <TableCell>{revision.changedBy}</TableCell>
                <TableCell>{fieldLabel(revision)}</TableCell>
                <TableCell>
                  <div className={styles.previous}>
                    {T.from}: {revision.previous || T.empty_value}
                  </div>
                  <div className={styles.value}>
                    {T.to}: {revision.value || T.empty_value}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

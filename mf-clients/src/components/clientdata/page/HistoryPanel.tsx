/**
 * 'Historik': every change of a section, newest first: when, who, which field, the text before and after. The
 * server keeps the previous value of every save (nothing is overwritten without a trace).
 */
import { Caption1, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import type { Revision } from '@klinik/core';
import { JOURNAL_FIELD_LABELS, type JournalTextField } from '@klinik/core/records';
import { QueryView, useQuery } from '@klinik/ui';
import { texts } from '../texts';
import { useClientPage } from './context';
import { formatWhen } from './format';
import { clientQueries } from './queryKeys';

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

function HistoryTable({ rows }: { rows: readonly Revision[] }) {
  const styles = useStyles();
  if (rows.length === 0) return <Caption1>{T.empty}</Caption1>;
  return (
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
  );
}

export default function HistoryPanel({ journalId, entities }: { journalId?: string; entities: readonly Revision['entity'][] }) {
  const styles = useStyles();
  const { api, clientId } = useClientPage();
  // The whole history of the client or journal is loaded once; each section shows its own kinds of change.
  const history = useQuery(clientQueries.history(clientId, journalId ?? null), async () => (await api.history(clientId, journalId)).data);
  const rows = history.data?.filter((revision) => entities.includes(revision.entity) && revision.journalId === (journalId ?? null));
  return (
    <section className={styles.box} aria-label={T.title}>
      <QueryView query={history} errorTitle={T.loadFailed} loading={<Spinner size="tiny" label={texts.loading} />}>
        {() => <HistoryTable rows={rows ?? []} />}
      </QueryView>
    </section>
  );
}

/**
 * The rows of an access log, newest first: when, who, what (and which client, in the clinic-wide log), and the
 * network it was read from. `onClient` makes each client's name a filter.
 */
import { Button, Caption1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import type { AccessLogEntry } from '@klinik/core';
import { TableScroll } from '@klinik/ui';
import { formatWhen } from '../clientdata/page/format';
import { accessLogTexts as T, readerName } from './texts';

const PHONE = '@media (max-width: 640px)';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  wide: { [PHONE]: { display: 'none' } },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function AccessLogTable({ rows, label, onClient }: { rows: readonly AccessLogEntry[]; label: string; onClient?: (entry: AccessLogEntry) => void }) {
  const styles = useStyles();
  if (rows.length === 0) return <Caption1>{T.empty}</Caption1>;
  return (
    <TableScroll>
      <Table size="small" aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.nowrap}>{T.when}</TableHeaderCell>
            <TableHeaderCell>{T.who}</TableHeaderCell>
            {onClient && <TableHeaderCell>{T.client}</TableHeaderCell>}
            <TableHeaderCell>{T.what}</TableHeaderCell>
            <TableHeaderCell className={styles.wide}>{T.network}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className={styles.nowrap}>{formatWhen(entry.at)}</TableCell>
              <TableCell>{readerName(entry)}</TableCell>
              {onClient && (
                <TableCell>
                  {entry.clientName ? (
                    <Button appearance="transparent" size="small" title={T.showClient(entry.clientName)} onClick={() => onClient(entry)}>
                      {entry.clientName}
                    </Button>
                  ) : (
                    <span className={styles.muted}>{T.deletedClient}</span>
                  )}
                </TableCell>
              )}
              <TableCell>{T.kinds[entry.kind]}</TableCell>
              <TableCell className={styles.wide}>{entry.address}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

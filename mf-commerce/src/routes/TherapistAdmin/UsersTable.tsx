/**
 * The users table (spec 3, Therapist administration): every therapist of the clinic, sortable by first name, last
 * name, e-mail, 'Jeg kan tage nye klienter' and phone. The switch is each therapist's own (spec 3 §6: the call
 * carries their id, and the server refuses anyone else's), so only the signed-in therapist's row can be changed;
 * the others show their state read-only. The rows come from the page's users query (its length is the limit count).
 */
import { useState } from 'react';
import { Badge, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { formatPhonePairs } from '@klinik/core/rules';
import { LoadError, SkeletonRows, TableScroll, useMutation, type Query } from '@klinik/ui';
import { therapistKeys, type TherapistApi, type TherapistRow } from './api';
import { fullName, sortUsers, USER_COLUMNS, type SortDirection, type UserColumn } from './rules';
import { texts } from './texts';

const T = texts.users;
const HEADINGS: Record<UserColumn, string> = { nameFirst: T.nameFirst, nameLast: T.nameLast, email: T.email, isAvailable: T.isAvailable, phone: T.phone };

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1, minWidth: '640px', tableLayout: 'auto' },
  email: { overflowWrap: 'anywhere' },
  nowrap: { whiteSpace: 'nowrap' },
});

export function UsersTable({
  api,
  users,
  ownId,
  notify,
}: {
  api: TherapistApi;
  users: Query<TherapistRow[]>;
  /** The signed-in therapist: the only switch that can be changed. */
  ownId: string | null;
  notify: (text: string, intent?: 'success' | 'error') => void;
}) {
  const styles = useStyles();
  const [sort, setSort] = useState<{ column: UserColumn; direction: SortDirection }>({ column: 'nameFirst', direction: 'ascending' });
  const available = useMutation(({ id, value }: { id: string; value: boolean }) => api.setAvailable(id, value), { notify, errorToast: true, invalidates: [therapistKeys.users] });
  const rows = users.data ? sortUsers(users.data, sort.column, sort.direction) : null;

  function sortBy(column: UserColumn) {
    setSort((current) => ({ column, direction: current.column === column && current.direction === 'ascending' ? 'descending' : 'ascending' }));
  }

  return (
    <>
      {users.error !== null && <LoadError title={T.loadFailed} detail={users.error} onRetry={() => void users.refresh()} retryLabel={texts.page.retry} />}
      <TableScroll>
        <Table className={styles.table} sortable aria-label={T.heading} aria-busy={rows === null} size="small">
          <TableHeader>
            <TableRow>
              {USER_COLUMNS.map((column) => (
                <TableHeaderCell key={column} className={styles.nowrap} sortDirection={sort.column === column ? sort.direction : undefined} onClick={() => sortBy(column)}>
                  {HEADINGS[column]}
                </TableHeaderCell>
              ))}
              <TableHeaderCell>{T.admin}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows === null && users.error === null && <SkeletonRows rows={3} columns={6} />}
            {rows?.map((row) => {
              const own = row.id === ownId;
              return (
                <TableRow key={row.id}>
                  <TableCell>{row.nameFirst}</TableCell>
                  <TableCell>{row.nameLast}</TableCell>
                  <TableCell className={styles.email}>{row.email}</TableCell>
                  <TableCell>
                    <Switch
                      checked={row.isAvailable}
                      disabled={!own || available.pending}
                      title={own ? undefined : T.onlyOwn}
                      aria-label={T.availableOf(fullName(row))}
                      onChange={(_, data) => void available.run({ id: row.id, value: data.checked })}
                    />
                  </TableCell>
                  <TableCell className={styles.nowrap}>{formatPhonePairs(row.phone)}</TableCell>
                  <TableCell>{row.isAdmin && <Badge appearance="tint" color="brand">{T.adminYes}</Badge>}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableScroll>
    </>
  );
}

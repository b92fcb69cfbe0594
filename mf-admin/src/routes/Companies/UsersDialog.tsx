/**
 * A company's users (spec 1 §2, §7 getCompanyTherapistsSuperadmin): names, e-mail, phone, owner, active and
 * created, sorted by the server by the header clicked (again: the other way). Read-only. Loaded when first opened.
 */
import { useState } from 'react';
import {
  Badge,
  Body1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
} from '@fluentui/react-components';
import { COMPANY_USER_SORT_COLUMNS, type CompanyUserSortColumn } from '@klinik/core';
import { formatDanishDate } from '@klinik/core/time';
import { InfoDialog, QueryView, SkeletonRows, TableScroll, useQuery } from '@klinik/ui';
import { adminKeys, type CompanyRow, type SortDirection } from '../../api';
import { useModule } from '../../module';
import { texts } from '../../texts';

const T = texts.users;

const useStyles = makeStyles({
  surface: { maxWidth: 'min(960px, calc(100vw - 32px))', width: '100%' },
  table: { minWidth: '720px', tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  email: { overflowWrap: 'anywhere' },
});

export default function UsersDialog({ company, onClose }: { company: CompanyRow; onClose: () => void }) {
  const styles = useStyles();
  const { api } = useModule();
  const [sort, setSort] = useState<{ column: CompanyUserSortColumn; direction: SortDirection }>({ column: 'nameFirst', direction: 'asc' });
  const users = useQuery([...adminKeys.users, company.id, sort], async () => (await api.users(company.id, sort.column, sort.direction)).data);

  function sortBy(column: CompanyUserSortColumn) {
    setSort((current) => ({ column, direction: current.column === column && current.direction === 'asc' ? 'desc' : 'asc' }));
  }

  const yesNo = (value: boolean) => (value ? texts.page.yes : texts.page.no);

  return (
    <InfoDialog title={T.title(company.companyName)} closeLabel={texts.page.close} onClose={onClose} surfaceClassName={styles.surface}>
      <QueryView
        query={users}
        errorTitle={T.loadFailed}
        loading={
          <Table aria-label={T.tableLabel} aria-busy>
            <TableBody>
              <SkeletonRows rows={3} columns={COMPANY_USER_SORT_COLUMNS.length} />
            </TableBody>
          </Table>
        }
      >
        {(rows) => (
          <TableScroll>
            <Table className={styles.table} sortable aria-label={T.tableLabel} aria-busy={users.refreshing} size="small">
              <TableHeader>
                <TableRow>
                  {COMPANY_USER_SORT_COLUMNS.map((column) => (
                    <TableHeaderCell
                      key={column}
                      className={styles.nowrap}
                      sortDirection={sort.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                      onClick={() => sortBy(column)}
                    >
                      {T.columns[column]}
                    </TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={COMPANY_USER_SORT_COLUMNS.length}>
                      <Body1>{T.empty}</Body1>
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell>{user.nameFirst}</TableCell>
                    <TableCell>{user.nameLast}</TableCell>
                    <TableCell className={styles.email}>{user.email}</TableCell>
                    <TableCell className={styles.nowrap}>{user.phone}</TableCell>
                    <TableCell>
                      {user.isAdmin ? (
                        <Badge appearance="tint" color="brand">
                          {texts.page.yes}
                        </Badge>
                      ) : (
                        texts.page.no
                      )}
                    </TableCell>
                    <TableCell>{yesNo(user.isActive)}</TableCell>
                    <TableCell className={styles.nowrap}>{formatDanishDate(user.createdAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
      </QueryView>
    </InfoDialog>
  );
}

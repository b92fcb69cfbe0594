/**
 * The companies table (spec 1 §2 'Platform administrator screens', §7, §9): 10 a page from getCompaniesSuperadmin,
 * sorted by the server by the column whose header was clicked (again: the other way), searched (the search waits
 * for typing to pause and starts again from page 1). Per company: edit, enable or disable with the switch, delete,
 * each after confirmation; its users and its SMS year to date. The dialogs arrive when first opened.
 */
import { useCallback, useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Switch,
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
import { ChatRegular, DeleteRegular, EditRegular, PeopleRegular } from '@fluentui/react-icons';
import { COMPANY_PAGE_SIZE, COMPANY_SORT_COLUMNS, platformMessages, type CompanySortColumn } from '@klinik/core';
import { formatDanishDate } from '@klinik/core/time';
import { ListToolbar, LoadError, Pager, SkeletonRows, TableScroll, useMutation, usePagedList, type PageQuery } from '@klinik/ui';
import { adminKeys, type AdminApi, type CompanyRow, type Notify, type SortDirection } from '../../api';
import { lazyPart } from '../../components/lazyPart';
import { texts } from '../../texts';

const T = texts.companies;
type CompanyPageSize = typeof COMPANY_PAGE_SIZE;
const PAGE_SIZES: readonly CompanyPageSize[] = [COMPANY_PAGE_SIZE];
const COLUMNS = COMPANY_SORT_COLUMNS.length + 1;
const NUMBER_COLUMNS: ReadonlySet<CompanySortColumn> = new Set(['users', 'freeTextsPerMonth']);

const EditCompanyDialog = lazyPart(() => import('./EditCompanyDialog'));
const UsersDialog = lazyPart(() => import('./UsersDialog'));
const SmsDialog = lazyPart(() => import('./SmsDialog'));
const ConfirmDialog = lazyPart(() => import('@klinik/ui/ConfirmDialog'));

const useStyles = makeStyles({
  tab: { display: 'grid', gap: '8px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  muted: { color: tokens.colorNeutralForeground3 },
  table: { backgroundColor: tokens.colorNeutralBackground1, minWidth: '1280px', tableLayout: 'auto' },
  nowrap: { whiteSpace: 'nowrap' },
  name: { display: 'flex', flexWrap: 'wrap', gap: '4px 8px', alignItems: 'center' },
  email: { overflowWrap: 'anywhere' },
  disabled: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  spike: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  // The header cell's content sits in its own flex box.
  numberHead: { justifyContent: 'flex-end' },
  search: { flexGrow: 1 },
  actions: { display: 'flex', gap: '2px', flexWrap: 'nowrap', alignItems: 'center' },
});

const fluentDirection = (direction: SortDirection) => (direction === 'asc' ? 'ascending' : 'descending');

/** A cap reached within the last week is shown beside the clinic's name. */
const WEEK_MS = 7 * 24 * 3_600_000;
const recent = (at: number | null) => at !== null && Date.now() - at < WEEK_MS;

export function CompaniesTab({ api, notify }: { api: AdminApi; notify: Notify }) {
  const styles = useStyles();
  // Newest first until a header is clicked.
  const [sort, setSort] = useState<{ column: CompanySortColumn; direction: SortDirection }>({ column: 'createdAt', direction: 'desc' });
  const fetchPage = useCallback(
    async ({ page, search }: PageQuery<CompanyPageSize>) => {
      const answer = await api.companies({ sortColumn: sort.column, sortType: sort.direction, pageNumber: page, search });
      return { data: answer.data, total: answer.total.total };
    },
    [api, sort],
  );
  const list = usePagedList<CompanyRow, CompanyPageSize>({
    fetchPage,
    loadFailed: T.loadFailed,
    queryKey: [...adminKeys.companies, sort],
    initialSize: COMPANY_PAGE_SIZE,
  });

  const [editing, setEditing] = useState<CompanyRow | null>(null);
  const [toggling, setToggling] = useState<{ company: CompanyRow; isDisabled: boolean } | null>(null);
  const [deleting, setDeleting] = useState<CompanyRow | null>(null);
  const [usersOf, setUsersOf] = useState<CompanyRow | null>(null);
  const [smsOf, setSmsOf] = useState<CompanyRow | null>(null);

  const invalidates = [adminKeys.companies, adminKeys.subscribers, adminKeys.audit];
  const toggle = useMutation(({ id, isDisabled }: { id: string; isDisabled: boolean }) => api.setDisabled(id, isDisabled), {
    notify,
    successText: platformMessages.companyStatusUpdated,
    invalidates,
  });
  const remove = useMutation((id: string) => api.remove(id), { notify, successText: platformMessages.companyDeleted, invalidates });

  function sortBy(column: CompanySortColumn) {
    setSort((current) => ({ column, direction: current.column === column && current.direction === 'asc' ? 'desc' : 'asc' }));
    list.setPage(1);
  }

  const searching = list.search.trim() !== '';

  return (
    <div className={styles.tab}>
      <div className={styles.tools}>
        <div className={styles.search}>
          <ListToolbar search={list.search} onSearch={list.setSearch} searchLabel={T.search} />
        </div>
        {list.rows !== null && !list.error && (
          <Caption1 className={styles.muted} aria-live="polite">
            {T.count(list.total)}
          </Caption1>
        )}
      </div>
      {list.error && <LoadError title={T.loadFailed} detail={list.error} retryLabel={texts.page.retry} onRetry={() => void list.load()} />}
      <TableScroll>
        <Table className={styles.table} sortable aria-label={T.tableLabel} aria-busy={list.rows === null} size="small">
          <TableHeader>
            <TableRow>
              {COMPANY_SORT_COLUMNS.map((column) => (
                <TableHeaderCell
                  key={column}
                  className={styles.nowrap}
                  button={NUMBER_COLUMNS.has(column) ? { className: styles.numberHead } : undefined}
                  sortDirection={sort.column === column ? fluentDirection(sort.direction) : undefined}
                  onClick={() => sortBy(column)}
                >
                  {T.columns[column]}
                </TableHeaderCell>
              ))}
              <TableHeaderCell>{T.actions}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows === null && !list.error && <SkeletonRows rows={COMPANY_PAGE_SIZE} columns={COLUMNS} />}
            {list.rows?.length === 0 && !list.error && (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <Body1>{searching ? T.noMatch : T.empty}</Body1>
                </TableCell>
              </TableRow>
            )}
            {list.rows?.map((company) => (
              <TableRow key={company.id}>
                <TableCell>
                  <span className={styles.name}>
                    <Text weight="semibold">{company.companyName}</Text>
                    {company.isDisabled && <span className={styles.disabled}>{T.disabledBadge}</span>}
                    {recent(company.smsCapReachedAt) && (
                      <span className={styles.spike} title={T.capHint}>
                        {T.smsCapBadge(formatDanishDate(company.smsCapReachedAt!))}
                      </span>
                    )}
                    {recent(company.mailCapReachedAt) && (
                      <span className={styles.spike} title={T.capHint}>
                        {T.mailCapBadge(formatDanishDate(company.mailCapReachedAt!))}
                      </span>
                    )}
                  </span>
                </TableCell>
                <TableCell className={styles.nowrap}>{company.CVR || texts.page.none}</TableCell>
                <TableCell className={styles.email}>{company.email}</TableCell>
                <TableCell className={styles.nowrap}>{company.phone}</TableCell>
                <TableCell>{company.town}</TableCell>
                <TableCell className={styles.nowrap}>{company.post}</TableCell>
                <TableCell className={styles.number}>{company.users}</TableCell>
                <TableCell className={styles.nowrap}>{formatDanishDate(company.createdAt)}</TableCell>
                <TableCell className={styles.nowrap}>{T.plan[company.planType]}</TableCell>
                <TableCell className={styles.nowrap}>{T.status[company.status]}</TableCell>
                <TableCell>
                  <Switch
                    checked={!company.isDisabled}
                    aria-label={T.enabledOf(company.companyName)}
                    onChange={(_, data) => setToggling({ company, isDisabled: !data.checked })}
                  />
                </TableCell>
                <TableCell className={styles.number}>{company.freeTextsPerMonth}</TableCell>
                <TableCell>
                  <span className={styles.actions}>
                    <Button appearance="subtle" icon={<EditRegular />} aria-label={T.editOf(company.companyName)} title={T.edit} onClick={() => setEditing(company)} />
                    <Button appearance="subtle" icon={<PeopleRegular />} aria-label={T.usersOf(company.companyName)} onClick={() => setUsersOf(company)}>
                      {T.users}
                    </Button>
                    <Button appearance="subtle" icon={<ChatRegular />} aria-label={T.smsOf(company.companyName)} onClick={() => setSmsOf(company)}>
                      {T.sms}
                    </Button>
                    <Button appearance="subtle" icon={<DeleteRegular />} aria-label={T.deleteOf(company.companyName)} title={T.delete} onClick={() => setDeleting(company)} />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <Pager<CompanyPageSize> page={list.page} size={list.size} sizes={PAGE_SIZES} total={list.total} onPage={list.setPage} onSize={list.setSize} />

      {editing && <EditCompanyDialog company={editing} onClose={() => setEditing(null)} />}
      {usersOf && <UsersDialog company={usersOf} onClose={() => setUsersOf(null)} />}
      {smsOf && <SmsDialog company={smsOf} onClose={() => setSmsOf(null)} />}
      {toggling && (
        <ConfirmDialog
          open
          title={toggling.isDisabled ? texts.toggle.disableTitle : texts.toggle.enableTitle}
          body={toggling.isDisabled ? texts.toggle.disableBody(toggling.company.companyName) : texts.toggle.enableBody(toggling.company.companyName)}
          confirmLabel={toggling.isDisabled ? texts.toggle.disable : texts.toggle.enable}
          cancelLabel={texts.page.cancel}
          onClose={() => setToggling(null)}
          onConfirm={async () => {
            await toggle.runOrThrow({ id: toggling.company.id, isDisabled: toggling.isDisabled });
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={texts.remove.title}
          body={texts.remove.body(deleting.companyName)}
          confirmLabel={texts.remove.confirm}
          cancelLabel={texts.page.cancel}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove.runOrThrow(deleting.id);
          }}
        />
      )}
    </div>
  );
}

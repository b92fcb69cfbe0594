/**
 * The client overview of /Klientdata (spec 2 §2, §9): searchable by name or CPR (300 ms after typing stops),
 * 5, 10 or 15 per page (10 by default), the owner's therapist filter; a client's name opens the client page.
 */
import { useCallback } from 'react';
import {
  Button,
  Caption1,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { HistoryRegular, PersonAddRegular } from '@fluentui/react-icons';
import { formatPhonePairs } from '@klinik/core/records';
import { formatDanishDate } from '@klinik/core/time';
import { ListToolbar, LoadError, PageHeader, Pager, SkeletonRows, TableScroll, usePagedList, type PageQuery } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import type { Notify } from '../../components/clientdata/page/context';
import { overviewTexts as texts } from '../../components/clientdata/overview-texts';
import { accessLogTexts } from '../../components/accesslog/texts';

const T = texts.overview;

/** Below this width the list leaves a client's e-mail and last change to the client page. */
const PHONE = '@media (max-width: 640px)';

const useStyles = makeStyles({
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  wide: { [PHONE]: { display: 'none' } },
  row: { cursor: 'pointer' },
  nowrap: { whiteSpace: 'nowrap' },
  // A long address breaks inside its own column (after its @ when it can) instead of running over the phone number.
  email: { overflowWrap: 'anywhere' },
  hint: { display: 'block', color: tokens.colorNeutralForeground3, marginBottom: '8px' },
  empty: { display: 'grid', gap: '2px' },
});

export default function Overview({
  api,
  isOwner,
  notify,
  onOpen,
  onNewClient,
  onAccessLog,
}: {
  api: ClientsApi;
  isOwner: boolean;
  notify: Notify;
  onOpen: (clientId: string) => void;
  onNewClient: () => void;
  /** The owner's way to the clinic-wide access log. */
  onAccessLog?: () => void;
}) {
  const styles = useStyles();
  const fetchPage = useCallback((query: PageQuery) => api.clients(query), [api]);
  const { search, setSearch, therapistId, setTherapistId, therapists, page, setPage, size, setSize, rows, total, error, load } = usePagedList({
    fetchPage,
    ownerTherapists: isOwner ? { load: api.therapists, failedText: T.therapistsFailed, notify } : undefined,
    loadFailed: T.loadFailed,
  });

  // The columns and their classes; the placeholder rows' cells take the same, so a phone hides the same columns.
  const columns = [
    { label: T.name, className: undefined },
    { label: T.cpr, className: styles.nowrap },
    { label: T.email, className: styles.wide },
    { label: T.phone, className: styles.nowrap },
    { label: T.updated, className: mergeClasses(styles.nowrap, styles.wide) },
  ];
  const loading = rows === null;
  const empty = rows !== null && rows.length === 0 && !error;

  return (
    <section>
      <PageHeader title={texts.title}>
        {onAccessLog && (
          <Button icon={<HistoryRegular />} onClick={onAccessLog}>
            {accessLogTexts.title}
          </Button>
        )}
        <Button icon={<PersonAddRegular />} onClick={onNewClient}>
          {T.newClient}
        </Button>
      </PageHeader>
      <Caption1 className={styles.hint}>{T.selectHint}</Caption1>
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchLabel={T.search}
        therapistFilter={isOwner ? { label: T.therapist, allLabel: T.allTherapists, value: therapistId, options: therapists, onChange: setTherapistId } : undefined}
      />
      {error && <LoadError title={T.loadFailed} detail={error} retryLabel={texts.retry} onRetry={() => void load()} />}
      <TableScroll>
        <Table className={styles.table} aria-label={T.listLabel} size="small">
          <TableHeader>
            <TableRow>
              {columns.map((column) => (
                <TableHeaderCell key={column.label} className={column.className}>
                  {column.label}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody aria-busy={loading}>
            {loading && <SkeletonRows rows={size} columns={columns.length} cellClassName={(column) => columns[column]?.className} />}
            {empty && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <div className={styles.empty}>
                    <Text>{T.empty}</Text>
                    {!search.trim() && !therapistId && <Caption1>{T.emptyHint}</Caption1>}
                  </div>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((client) => {
              const name = `${client.nameFirst} ${client.nameLast}`.trim();
              return (
                <TableRow key={client.id} className={styles.row} onClick={() => onOpen(client.id)}>
                  <TableCell>
                    <Link
                      href={`/Klientdata?id=${client.id}`}
                      onClick={(event) => {
                        event.preventDefault();
                        event.stopPropagation();
                        onOpen(client.id);
                      }}
                    >
                      {name}
                    </Link>
                  </TableCell>
                  <TableCell className={styles.nowrap}>{`${client.CPR6Digit}-${client.CPRLast4Digit}`}</TableCell>
                  <TableCell className={mergeClasses(styles.email, styles.wide)}>
                    {/* A narrow column breaks the address after its @ first. */}
                    {client.email.includes('@') ? (
                      <>
                        {client.email.slice(0, client.email.indexOf('@') + 1)}
                        <wbr />
                        {client.email.slice(client.email.indexOf('@') + 1)}
                      </>
                    ) : (
                      client.email
                    )}
                  </TableCell>
                  <TableCell className={styles.nowrap}>{formatPhonePairs(client.phonePrivate)}</TableCell>
                  <TableCell className={mergeClasses(styles.nowrap, styles.wide)}>{formatDanishDate(client.updatedAt)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableScroll>
      <Pager page={page} size={size} total={total} onPage={setPage} onSize={setSize} />
    </section>
  );
}

/**
 * `/Treatments` (spec 3, Treatments): the clinic's treatments grouped per therapist, searchable and paginated
 * (5, 10, 15; 20 skeleton rows while loading), with create, edit and delete where the row allows it (isEdit), and
 * the clinic's rooms and equipment below: the owner keeps them and chooses per treatment which it needs.
 */
import { Fragment, Suspense, useCallback, useMemo, useState } from 'react';
import {
  Button,
  Caption1,
  SearchBox,
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
import { AddRegular, ConferenceRoomRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { formatKroner, type RemotePageProps } from '@klinik/core/rules';
import type { Treatment } from '@klinik/core';
import { LoadError, PageHeader, Pager, SkeletonRows, TableScroll, partOnDemand, queryKey, useMutation, useNotifications, usePagedList, useQuery, type PageQuery } from '@klinik/ui';
import { calendarApi } from '../../api';
import { RoomsSection } from './RoomsSection';
import { texts } from './texts';

// Dialogs arrive when first opened, keeping the page's first load small.
const TreatmentDialog = partOnDemand(() => import('./TreatmentDialog'));
const TreatmentRoomsDialog = partOnDemand(() => import('./TreatmentRoomsDialog'));
const ConfirmDialog = partOnDemand(() => import('@klinik/ui/ConfirmDialog'));

const T = texts.treatments;
/** The catalogue's queries; the dialog and the deletion reload them. */
const TREATMENTS = ['getAllTreatment'] as const;

const useStyles = makeStyles({
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', marginBottom: '12px' },
  search: { minWidth: '260px', flexGrow: 1, maxWidth: '420px' },
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  group: { backgroundColor: tokens.colorNeutralBackground3, fontWeight: tokens.fontWeightSemibold },
  number: { whiteSpace: 'nowrap' },
});

export default function TreatmentsPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => calendarApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const isOwner = shell.therapist?.isAdmin ?? false;
  // The catalogue has no therapist filter: the search covers therapist names for the owner.
  const fetchPage = useCallback(({ page, size, search }: PageQuery) => api.treatments({ page, size, search }), [api]);
  const { search, setSearch, page, setPage, size, setSize, rows, total, error, load } = usePagedList({ fetchPage, loadFailed: T.loadFailed, queryKey: TREATMENTS });
  const remove = useMutation((id: string) => api.deleteTreatment(id), { notify, successText: T.deleted, invalidates: [TREATMENTS] });
  const [editing, setEditing] = useState<Treatment | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Treatment | null>(null);
  const [choosingRooms, setChoosingRooms] = useState<Treatment | null>(null);
  const rooms = useQuery(queryKey('getRooms'), () => api.rooms());
  const roomNames = useMemo(() => new Map((rooms.data?.data.rooms ?? []).map((room) => [room.id, room.name])), [rooms.data]);
  const needsOf = useMemo(() => new Map((rooms.data?.data.treatments ?? []).map((needs) => [needs.treatmentId, needs])), [rooms.data]);
  const hasRooms = (rooms.data?.data.rooms.length ?? 0) > 0;

  const groups = useMemo(() => {
    const byTherapist = new Map<string, { name: string; rows: Treatment[] }>();
    for (const row of rows ?? []) {
      const group = byTherapist.get(row.therapistId) ?? { name: `${row.nameFirst} ${row.nameLast}`.trim(), rows: [] };
      group.rows.push(row);
      byTherapist.set(row.therapistId, group);
    }
    return [...byTherapist.entries()];
  }, [rows]);

  return (
    <section>
      {toaster}
      <PageHeader title={T.title}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing(null)}>
          {T.add}
        </Button>
      </PageHeader>
      <div className={styles.tools}>
        <SearchBox
          className={styles.search}
          placeholder={isOwner ? T.searchOwner : T.searchOther}
          aria-label={isOwner ? T.searchOwner : T.searchOther}
          value={search}
          onChange={(_, data) => setSearch(data.value)}
        />
      </div>
      {error && <LoadError title={T.loadFailed} detail={error} retryLabel={T.retry} onRetry={() => void load()} />}
      <TableScroll>
        <Table className={styles.table} aria-label={T.title} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{T.name}</TableHeaderCell>
              <TableHeaderCell className={styles.number}>{T.duration}</TableHeaderCell>
              <TableHeaderCell className={styles.number}>{T.pause}</TableHeaderCell>
              <TableHeaderCell className={styles.number}>{T.price}</TableHeaderCell>
              <TableHeaderCell>{T.actions}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows === null && <SkeletonRows rows={20} columns={5} />}
            {rows !== null && rows.length === 0 && !error && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Text>{T.empty}</Text>
                </TableCell>
              </TableRow>
            )}
            {groups.map(([therapistId, group]) => (
              <Fragment key={therapistId}>
                <TableRow className={styles.group}>
                  <TableCell colSpan={5}>{group.name}</TableCell>
                </TableRow>
                {group.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>
                      {row.name}
                      {needsOf.has(row.id) && (
                        <Caption1 block>
                          {texts.rooms.needsSummary(
                            needsOf.get(row.id)!.roomIds.map((id) => roomNames.get(id) ?? ''),
                            needsOf.get(row.id)!.equipmentIds.map((id) => roomNames.get(id) ?? ''),
                          )}
                        </Caption1>
                      )}
                    </TableCell>
                    <TableCell className={styles.number}>{T.minutes(row.duration / 60)}</TableCell>
                    <TableCell className={styles.number}>{T.minutes(row.pause / 60)}</TableCell>
                    <TableCell className={styles.number}>
                      {formatKroner(Math.round(row.price * 100))}
                      {row.vatExempt && <Caption1 block>{T.vatExempt}</Caption1>}
                    </TableCell>
                    <TableCell>
                      {isOwner && hasRooms && (
                        <Button
                          appearance="subtle"
                          icon={<ConferenceRoomRegular />}
                          aria-label={texts.rooms.needsOf(row.name)}
                          title={texts.rooms.needs}
                          onClick={() => setChoosingRooms(row)}
                        />
                      )}
                      {row.isEdit && (
                        <>
                          <Button appearance="subtle" icon={<EditRegular />} aria-label={`${T.edit} ${row.name}`} title={T.edit} onClick={() => setEditing(row)} />
                          <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`${T.delete} ${row.name}`} title={T.delete} onClick={() => setDeleting(row)} />
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <Pager page={page} size={size} total={total} onPage={setPage} onSize={setSize} />
      <RoomsSection api={api} rooms={rooms} isOwner={isOwner} notify={notify} />
      <Suspense fallback={null}>
        {choosingRooms !== null && (
          <TreatmentRoomsDialog
            api={api}
            treatment={choosingRooms}
            rooms={rooms.data?.data.rooms ?? []}
            needs={needsOf.get(choosingRooms.id)}
            notify={notify}
            onClose={() => setChoosingRooms(null)}
          />
        )}
        {editing !== undefined && <TreatmentDialog api={api} treatment={editing} notify={notify} onClose={() => setEditing(undefined)} />}
        {deleting !== null && (
          <ConfirmDialog
            open
            body={`${deleting.name} slettes.`}
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              await remove.runOrThrow(deleting.id);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}

/**
 * 'Lokaler og udstyr' on /Treatments: the clinic's rooms and equipment. Every therapist sees the list (their bookings
 * hold these); the owner adds, renames, takes out of use and deletes (the server refuses a deletion while a future
 * booking holds it, with its reason shown).
 */
import { Suspense, useState } from 'react';
import { Badge, Button, Caption1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { ActionOutput, Room } from '@klinik/core';
import { LoadError, partOnDemand, queryKey, SkeletonRows, TableScroll, useMutation, type Query } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from './texts';

const RoomDialog = partOnDemand(() => import('./RoomDialog'));
const ConfirmDialog = partOnDemand(() => import('@klinik/ui/ConfirmDialog'));

const T = texts.rooms;

const useStyles = makeStyles({
  section: { marginTop: '32px' },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px', justifyContent: 'space-between', marginBottom: '8px' },
  table: { backgroundColor: tokens.colorNeutralBackground1 },
});

export function RoomsSection({
  api,
  rooms,
  isOwner,
  notify,
}: {
  api: CalendarApi;
  rooms: Query<ActionOutput<'getRooms'>>;
  isOwner: boolean;
  notify: (message: string, intent?: 'success' | 'error') => void;
}) {
  const styles = useStyles();
  const [editing, setEditing] = useState<Room | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Room | null>(null);
  const remove = useMutation((id: string) => api.deleteRoom(id), { notify, successText: T.deleted, invalidates: [queryKey('getRooms')] });
  const list = rooms.data?.data.rooms ?? null;

  return (
    <section className={styles.section} aria-labelledby="rooms-title">
      <div className={styles.header}>
        <Text as="h2" id="rooms-title" size={500} weight="semibold">
          {T.title}
        </Text>
        {isOwner && (
          <Button icon={<AddRegular />} onClick={() => setEditing(null)}>
            {T.add}
          </Button>
        )}
      </div>
      <Caption1 block>{isOwner ? T.intro : `${T.intro} ${T.ownerOnly}`}</Caption1>
      {rooms.error && <LoadError title={T.loadFailed} detail={rooms.error} retryLabel={T.retry} onRetry={() => void rooms.refresh()} />}
      <TableScroll>
        <Table className={styles.table} aria-label={T.title} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{T.name}</TableHeaderCell>
              <TableHeaderCell>{T.kind}</TableHeaderCell>
              <TableHeaderCell>{T.status}</TableHeaderCell>
              {isOwner && <TableHeaderCell>{T.actions}</TableHeaderCell>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {list === null && !rooms.error && <SkeletonRows rows={2} columns={isOwner ? 4 : 3} />}
            {list?.length === 0 && (
              <TableRow>
                <TableCell colSpan={isOwner ? 4 : 3}>
                  <Text>{T.empty}</Text>
                </TableCell>
              </TableRow>
            )}
            {list?.map((room) => (
              <TableRow key={room.id}>
                <TableCell>{room.name}</TableCell>
                <TableCell>{T.kinds[room.kind]}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={room.active ? 'success' : 'subtle'}>
                    {room.active ? T.active : T.inactive}
                  </Badge>
                </TableCell>
                {isOwner && (
                  <TableCell>
                    <Button appearance="subtle" icon={<EditRegular />} aria-label={`${T.edit} ${room.name}`} title={T.edit} onClick={() => setEditing(room)} />
                    <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`${T.delete} ${room.name}`} title={T.delete} onClick={() => setDeleting(room)} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <Suspense fallback={null}>
        {editing !== undefined && <RoomDialog api={api} room={editing} notify={notify} onClose={() => setEditing(undefined)} />}
        {deleting !== null && (
          <ConfirmDialog
            open
            body={T.confirmDelete(deleting.name)}
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

/**
 * `/Kalender/Venteliste`: the therapist's waiting list, oldest first, each person with the weekdays and hours that
 * suit them and the offers made to them (and what became of each); 'Tilføj til venteliste' and 'Fjern fra ventelisten'.
 * The offers themselves are made by the server when a time frees up.
 */
import { Suspense, useMemo, useState } from 'react';
import { Button, Caption1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { RemotePageProps } from '@klinik/core/rules';
import { danishWeekday, formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { describeWaitlistWishes, type WaitlistEntry } from '@klinik/core';
import { LoadError, PageHeader, SkeletonRows, TableScroll, partOnDemand, queryKey, useMutation, useNotifications, useQuery } from '@klinik/ui';
import { calendarApi } from '../../api';
import { texts as T } from './texts';

const WaitlistDialog = partOnDemand(() => import('./WaitlistDialog'));
const ConfirmDialog = partOnDemand(() => import('@klinik/ui/ConfirmDialog'));

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: '12px', maxWidth: '720px' },
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  offers: { display: 'grid', gap: '2px' },
});

const when = (at: number) => `${danishWeekday(at)} ${formatDanishDate(at)} kl. ${formatCopenhagenTime(at)}`;

export default function WaitlistPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => calendarApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const list = useQuery(queryKey('getWaitlist'), async () => (await api.waitlist()).data);
  const remove = useMutation((id: string) => api.removeWaitlistEntry(id), { notify, successText: T.removed, invalidates: [queryKey('getWaitlist')] });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const rows = list.data;

  return (
    <section>
      {toaster}
      <PageHeader title={T.title}>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)}>
          {T.add}
        </Button>
      </PageHeader>
      <Caption1 className={styles.intro}>{T.intro}</Caption1>
      {list.error !== null && <LoadError title={T.loadFailed} detail={list.error} retryLabel={T.retry} onRetry={() => void list.refresh()} />}
      <TableScroll>
        <Table className={styles.table} aria-label={T.title} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{T.client}</TableHeaderCell>
              <TableHeaderCell>{T.treatment}</TableHeaderCell>
              <TableHeaderCell>{T.suits}</TableHeaderCell>
              <TableHeaderCell>{T.offers}</TableHeaderCell>
              <TableHeaderCell>{T.actions}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows === undefined && list.error === null && <SkeletonRows rows={5} columns={5} />}
            {rows !== undefined && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Text>{T.empty}</Text>
                </TableCell>
              </TableRow>
            )}
            {rows?.map((row) => (
              <TableRow key={row.id}>
                <TableCell>
                  {row.clientName}
                  <Caption1 block>
                    {T.since} {formatDanishDate(row.createdAt)}
                    {T.joinedFrom[row.source] && ` ${T.joinedFrom[row.source]}`}
                  </Caption1>
                </TableCell>
                <TableCell>{row.treatmentName}</TableCell>
                <TableCell>{describeWaitlistWishes(row)}</TableCell>
                <TableCell>
                  {row.offers.length === 0 ? (
                    <Caption1>{T.noOffers}</Caption1>
                  ) : (
                    <div className={styles.offers}>
                      {row.offers.map((offer) => (
                        <Caption1 key={offer.createdAt}>{`${when(offer.from)}: ${T.offerStates[offer.state]}`}</Caption1>
                      ))}
                    </div>
                  )}
                </TableCell>
                <TableCell>
                  <Button appearance="subtle" icon={<DeleteRegular />} aria-label={`${T.remove}: ${row.clientName}`} title={T.remove} onClick={() => setRemoving(row)} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroll>
      <Suspense fallback={null}>
        {adding && <WaitlistDialog api={api} notify={notify} onClose={() => setAdding(false)} />}
        {removing !== null && (
          <ConfirmDialog
            open
            body={T.removeBody(removing.clientName)}
            onClose={() => setRemoving(null)}
            onConfirm={async () => {
              await remove.runOrThrow(removing.id);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}

/**
 * The booking card (edit reservation, journal, delete) and the details of a leave (spec 2 §2). Deleting asks
 * 'Er du sikker?' first. 'Journal' leads to mf-clients' page of this booking (the address the shell hands out);
 * 'Faktura' asks the shell to open mf-invoices' invoice dialog over the calendar (see the module README).
 */
import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import type { PageLinks, ShellDialogs } from '@klinik/core/rules';
import { ConfirmDialog, FormDialog, queryKey, useMutation, useQuery } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from '../../texts';
import { bookingTitle, type EventRef } from './events';
import { FeeQuestion, NoShowButtons, noShowFacts, RefundDialog } from './NoShowActions';
import { BOOKINGS, LEAVES } from './queries';

const T = texts.card;

const useStyles = makeStyles({
  content: { display: 'block' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0 },
  // The dialog's whole width for its five buttons (Fluent gives actions the right half, where they stood in three rows).
  actions: { flexWrap: 'wrap', gridColumnStart: 1, justifyContent: 'flex-end' },
});

function span(from: number, to: number): string {
  const sameDay = formatDanishDate(from) === formatDanishDate(to);
  return sameDay
    ? `${formatDanishDate(from)} ${formatCopenhagenTime(from)}–${formatCopenhagenTime(to)}`
    : `${formatDanishDate(from)} ${formatCopenhagenTime(from)} – ${formatDanishDate(to)} ${formatCopenhagenTime(to)}`;
}

export default function EventDialog({
  api,
  item,
  notify,
  onClose,
  onEdit,
  pages,
  dialogs,
}: {
  api: CalendarApi;
  item: Exclude<EventRef, { kind: 'course' }>;
  notify: (text: string, intent?: 'success' | 'error') => void;
  /** Also called once deleted (the toast is shown and the calendar reloaded by then). */
  onClose: () => void;
  onEdit: () => void;
  /** Where 'Journal' leads: mf-clients' page, as the shell hands it out. */
  pages: PageLinks;
  /** 'Faktura' opens mf-invoices' dialog over the calendar, through the shell. */
  dialogs: ShellDialogs;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  // The booking as last answered: marking it, charging its fee or refunding changes what the card shows.
  const [shown, setShown] = useState(item.kind === 'booking' ? item.booking : null);
  const [question, setQuestion] = useState<'fee' | 'refund' | null>(null);
  const [now] = useState(() => Date.now());
  const remove = useMutation((ref: typeof item) => (ref.kind === 'booking' ? api.deleteBooking(ref.booking.id) : api.deleteLeave(ref.leave.id)), {
    notify,
    successText: item.kind === 'booking' ? T.deleted : T.leaveDeleted,
    invalidates: [item.kind === 'booking' ? BOOKINGS : LEAVES],
    onSuccess: onClose,
  });
  const booking = shown;
  const reload = async () => {
    setQuestion(null);
    if (booking) setShown((await api.booking(booking.id)).data);
  };
  const title = booking ? bookingTitle(booking) : T.leaveTitle;
  const reason = item.kind === 'booking' ? item.booking.reason : item.leave.reason;
  const journalLabel = booking?.firstBooking && !booking.journalId ? T.firstJournal : T.journal;
  // The room and equipment a booking holds, by name (asked for only when it holds any).
  const holds = Boolean(booking?.roomId || booking?.equipmentIds?.length);
  const rooms = useQuery(holds ? queryKey('getRooms') : null, () => api.rooms());
  const nameOf = (id: string) => rooms.data?.data.rooms.find((room) => room.id === id)?.name ?? '…';

  return (
    <>
      <FormDialog
        open={!confirming && question === null}
        title={title}
        onClose={onClose}
        contentClassName={styles.content}
        actionsClassName={styles.actions}
        footer={
          <>
            {booking && (
              <>
                <Button appearance="primary" onClick={onEdit}>
                  {T.edit}
                </Button>
                <Button onClick={() => navigate(pages.bookingJournal(booking.clientId, booking.id))}>{journalLabel}</Button>
                <Button
                  onClick={() => {
                    // Over the calendar (spec 2, Invoice flow): the shell opens mf-invoices' dialog.
                    onClose();
                    dialogs.invoiceForBooking(booking.id);
                  }}
                >
                  {T.invoice}
                </Button>
                <NoShowButtons api={api} booking={booking} now={now} notify={notify} onChanged={setShown} onAsk={setQuestion} />
              </>
            )}
            <Button onClick={() => setConfirming(true)}>{T.delete}</Button>
            <Button appearance="secondary" onClick={onClose}>
              {T.close}
            </Button>
          </>
        }
      >
        <dl className={styles.facts}>
          <dt className={styles.term}>{T.time}</dt>
          <dd className={styles.value}>{item.kind === 'booking' ? span(item.booking.from, item.booking.to) : span(item.leave.from, item.leave.to)}</dd>
          {booking && (
            <>
              <dt className={styles.term}>{T.treatment}</dt>
              <dd className={styles.value}>{booking.treatmentName}</dd>
            </>
          )}
          {booking?.roomId && (
            <>
              <dt className={styles.term}>{T.room}</dt>
              <dd className={styles.value}>{nameOf(booking.roomId)}</dd>
            </>
          )}
          {booking?.equipmentIds?.length ? (
            <>
              <dt className={styles.term}>{T.equipment}</dt>
              <dd className={styles.value}>{booking.equipmentIds.map(nameOf).join(', ')}</dd>
            </>
          ) : null}
          {booking &&
            noShowFacts(booking).map(([term, value]) => (
              <Fragment key={term}>
                <dt className={styles.term}>{term}</dt>
                <dd className={styles.value}>{value}</dd>
              </Fragment>
            ))}
          {reason && (
            <>
              <dt className={styles.term}>{T.reason}</dt>
              <dd className={styles.value}>{reason}</dd>
            </>
          )}
        </dl>
      </FormDialog>
      {booking && question === 'fee' && <FeeQuestion api={api} booking={booking} notify={notify} onDone={reload} onClose={() => setQuestion(null)} />}
      {booking && question === 'refund' && <RefundDialog api={api} booking={booking} notify={notify} onDone={reload} onClose={() => setQuestion(null)} />}
      <ConfirmDialog
        open={confirming}
        body={`${title}, ${item.kind === 'booking' ? span(item.booking.from, item.booking.to) : span(item.leave.from, item.leave.to)}`}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await remove.runOrThrow(item);
        }}
      />
    </>
  );
}

/**
 * The 'Bookinger' panel: the client's bookings, newest first, with their journal. A booking without a journal
 * offers 'Opret journal' while its 24-hour window runs (the server decides; the browser only hides the button
 * afterwards).
 */
import { useState } from 'react';
import { Button, Caption1, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles } from '@fluentui/react-components';
import type { Booking, Journal } from '@klinik/core';
import { isJournalEditable } from '@klinik/core/records';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import { TableScroll, useMutation } from '@klinik/ui';
import { useClientPage } from '../page/context';
import { SectionToolbar } from '../page/SectionToolbar';
import { texts } from '../texts';

const T = texts.bookings;

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
});

function bookingTime(booking: Booking): string {
  return `${formatDanishDate(booking.from)} ${formatCopenhagenTime(booking.from)}–${formatCopenhagenTime(booking.to)}`;
}

export default function BookingsSection({
  bookings,
  journals,
  onOpenJournal,
  onJournalCreated,
  onClose,
}: {
  bookings: Booking[];
  journals: Journal[];
  onOpenJournal: (journalId: string) => void;
  onJournalCreated: (journal: Journal) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const services = useClientPage();
  // The booking whose journal is being opened: only its button waits.
  const [creating, setCreating] = useState<string | null>(null);
  const createJournal = useMutation((bookingId: string) => services.api.addJournal(bookingId), {
    notify: services.notify,
    successText: T.journalCreated,
    errorToast: true,
    onSuccess: (answer) => onJournalCreated(answer.data),
  });
  const now = Date.now();
  const journalOf = (booking: Booking) => booking.journalId ?? journals.find((journal) => journal.bookingId === booking.id)?.id ?? null;

  return (
    <>
      <SectionToolbar
        onPrint={() =>
          services.print({
            title: texts.page.bookings,
            entries: bookings.map((booking) => ({
              label: bookingTime(booking),
              value: `${booking.treatmentName || booking.reason || '–'} · ${T.states[booking.state]}`,
            })),
          })
        }
        onClose={onClose}
      />
      {bookings.length === 0 ? (
        <Caption1>{T.empty}</Caption1>
      ) : (
        <TableScroll>
          <Table size="small" aria-label={T.listLabel}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{T.when}</TableHeaderCell>
                <TableHeaderCell>{T.treatment}</TableHeaderCell>
                <TableHeaderCell>{T.status}</TableHeaderCell>
                <TableHeaderCell>{T.journal}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {bookings.map((booking) => {
                const journalId = journalOf(booking);
                return (
                  <TableRow key={booking.id}>
                    <TableCell className={styles.nowrap}>{bookingTime(booking)}</TableCell>
                    <TableCell>{booking.treatmentName || booking.reason}</TableCell>
                    <TableCell>{booking.noShow ? `${T.noShow} · ${T.states[booking.state]}` : T.states[booking.state]}</TableCell>
                    <TableCell>
                      {journalId ? (
                        <Button size="small" onClick={() => onOpenJournal(journalId)}>
                          {T.openJournal}
                        </Button>
                      ) : isJournalEditable(booking.to, now) ? (
                        <Button
                          size="small"
                          appearance="primary"
                          disabled={createJournal.pending && creating === booking.id}
                          onClick={() => {
                            setCreating(booking.id);
                            void createJournal.run(booking.id);
                          }}
                        >
                          {T.createJournal}
                        </Button>
                      ) : (
                        <Caption1>{T.closedWindow}</Caption1>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </>
  );
}

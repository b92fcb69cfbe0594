/**
 * Signed in: the client's own page. Their bookings (upcoming with 'Flyt' and 'Aflys' where the clinic's rule allows,
 * past), course seats, invoices, details and data, and 'Book ny tid'. One query holds it all; a change reloads it.
 */
import { useMemo, useState } from 'react';
import { Button, Link, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { ActionClient } from '@klinik/core/client';
import { partOnDemand, useQuery } from '@klinik/ui';
import { portalApi } from './api';
import { PastBookings, UpcomingBookings, telHref } from './Bookings';
import { DataExport } from './DataExport';
import { Details } from './Details';
import { bookingWhen } from './format';
import { Invoices } from './Invoices';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

// 'Book ny tid' brings its treatment list and form when it is first opened, not with the page.
const BookDialog = partOnDemand(() => import(/* webpackChunkName: "portal-book" */ './BookDialog'), null);
// So does 'Skriv mig på ventelisten' (with the full core's schema its form checks against).
const WaitlistDialog = partOnDemand(() => import(/* webpackChunkName: "portal-waitlist" */ './WaitlistDialog'), null);

export function Portal({
  client,
  portalToken,
  bookingPage,
  onSignedOut,
  onSignOut,
}: {
  client: ActionClient;
  portalToken: string;
  /** The booking page's address (courses, and everything the portal's own booking does not offer). */
  bookingPage: string;
  onSignedOut: () => void;
  onSignOut: () => void;
}) {
  const styles = usePortalStyles();
  const api = useMemo(() => portalApi(client, portalToken, onSignedOut), [client, portalToken, onSignedOut]);
  const portal = useQuery(['getClientPortal', portalToken], () => api.portal());
  const [changed, setChanged] = useState<string | null>(null);
  const [booking, setBooking] = useState(false);
  const [joining, setJoining] = useState(false);
  const onChanged = (message: string) => {
    setChanged(message);
    void portal.refresh();
  };

  if (portal.data === undefined) {
    return portal.error !== null ? (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          {T.loadFailed} {portal.error} <Button onClick={() => void portal.refresh()}>{T.retry}</Button>
        </MessageBarBody>
      </MessageBar>
    ) : (
      <Text role="status">{T.loading}</Text>
    );
  }
  const shown = portal.data;
  const { client: person, clinic, upcoming, past, courses, invoices } = shown.data;
  return (
    <>
      <div className={styles.header}>
        <Text size={400}>{T.hello(person.nameFirst)}</Text>
        <Button onClick={onSignOut}>{T.signOut}</Button>
      </div>
      <Text>
        {clinic.name}
        {clinic.phone && (
          <>
            {' · '}
            <Link href={telHref(clinic.phone)}>{clinic.phone}</Link>
          </>
        )}
      </Text>
      {portal.error !== null && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {T.loadFailed} {portal.error}
          </MessageBarBody>
        </MessageBar>
      )}
      {changed && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{changed}</MessageBarBody>
        </MessageBar>
      )}
      <UpcomingBookings bookings={upcoming} clinic={clinic} api={api} onChanged={onChanged} />
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => setBooking(true)}>
          {T.bookNew}
        </Button>
        <Button onClick={() => setJoining(true)}>{T.joinWaitlist}</Button>
        <Link href={bookingPage}>{T.bookingPage}</Link>
      </div>
      {booking && <BookDialog client={client} therapistId={clinic.therapistId} api={api} bookingPage={bookingPage} onClose={() => setBooking(false)} onBooked={onChanged} />}
      {joining && (
        <WaitlistDialog client={client} therapistId={clinic.therapistId} portalToken={portalToken} api={api} onClose={() => setJoining(false)} onJoined={setChanged} />
      )}
      {courses.length > 0 && (
        <section className={styles.panel} aria-labelledby="portal-courses">
          <h2 id="portal-courses" className={styles.heading}>
            {T.courses}
          </h2>
          <ul className={styles.list}>
            {courses.map((seat) => (
              <li key={seat.eventDateId} className={styles.item}>
                <Text className={styles.strong}>{seat.title}</Text>
                <Text>{bookingWhen(seat.from, seat.to)}</Text>
                {seat.isWaiting && <Text className={styles.muted}>{T.waiting}</Text>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <PastBookings bookings={past} />
      <Invoices invoices={invoices} api={api} />
      <Details client={person} api={api} onSaved={(saved) => portal.setData((current) => ({ data: { ...(current ?? shown).data, client: saved } }))} />
      <DataExport journalExport={clinic.journalExport} api={api} />
    </>
  );
}

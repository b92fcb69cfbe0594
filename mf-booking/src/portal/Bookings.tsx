/**
 * The client's bookings: when, what, with whom and where. Outside the notice of the booking's therapist an upcoming
 * booking has 'Flyt' and 'Aflys' (after a question); inside it, the notice's text with the clinic's phone to call. A
 * booking the clinic wrote a journal or an invoice on may be moved but not cancelled here. The server decides every
 * way (`mayChange`, `mayCancel`; it refuses the same changes with the same texts). A booking paid at online booking
 * shows what was paid (and refunded) and the cancellation rule the client accepted; cancelling it before the notice
 * says how much comes back (the server refunds it with a credit note).
 */
import { useState } from 'react';
import { Button, Link, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { PortalBooking } from '@klinik/core';
import { portalMessages } from '@klinik/core/messages';
import { formatKroner } from '@klinik/core/rules';
import { ConfirmDialog, useMutation } from '@klinik/ui';
import type { PortalApi } from './api';
import { bookingDay, bookingTime, bookingWhen } from './format';
import { MoveDialog } from './MoveDialog';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

export interface ClinicContact {
  phone: string;
  cancelNoticeHours: number;
}

/** 'tel:' with the digits and a leading + only (a phone typed as '33 12 34 56'). */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** What is left to give back of a booking's payment: cancelled before the notice, all of it is refunded. */
export function refundableOre(booking: PortalBooking): number {
  const { payment } = booking;
  return payment?.state === 'paid' ? Math.max(0, payment.amountOre - payment.refundedOre) : 0;
}

function PaymentSummary({ payment, upcoming }: { payment: NonNullable<PortalBooking['payment']>; upcoming: boolean }) {
  const styles = usePortalStyles();
  if (payment.state === 'pending') return <Text className={styles.muted}>{T.awaitingPayment}</Text>;
  const method = payment.method ? T.methods[payment.method] : '';
  return (
    <>
      <Text>
        {payment.kind === 'deposit' ? T.paidDeposit(formatKroner(payment.amountOre), formatKroner(payment.priceOre), method) : T.paidFull(formatKroner(payment.amountOre), method)}
      </Text>
      {payment.refundedOre > 0 && <Text>{T.refunded(formatKroner(payment.refundedOre))}</Text>}
      {upcoming && <Text className={styles.muted}>{T.acceptedRule(payment.rule)}</Text>}
    </>
  );
}

function BookingSummary({ booking, upcoming = false }: { booking: PortalBooking; upcoming?: boolean }) {
  const styles = usePortalStyles();
  return (
    <>
      <Text className={styles.strong}>
        {bookingDay(booking.from)} {bookingTime(booking.from, booking.to)}
      </Text>
      <Text>
        {booking.treatmentName} {T.with(booking.therapistName)}
      </Text>
      {booking.address && <Text className={styles.muted}>{booking.address}</Text>}
      {booking.payment && <PaymentSummary payment={booking.payment} upcoming={upcoming} />}
    </>
  );
}

function UpcomingBooking({ booking, clinic, onMove, onCancel }: { booking: PortalBooking; clinic: ClinicContact; onMove: () => void; onCancel: () => void }) {
  const styles = usePortalStyles();
  const label = `${booking.treatmentName} ${bookingWhen(booking.from, booking.to)}`;
  return (
    <li className={styles.item}>
      <BookingSummary booking={booking} upcoming />
      {booking.mayChange ? (
        <div className={styles.actions}>
          <Button onClick={onMove} aria-label={`${T.move}: ${label}`}>
            {T.move}
          </Button>
          {booking.mayCancel && (
            <Button onClick={onCancel} aria-label={`${T.cancel}: ${label}`}>
              {T.cancel}
            </Button>
          )}
        </div>
      ) : null}
      {(!booking.mayChange || !booking.mayCancel) && (
        <MessageBar intent={booking.mayChange ? 'info' : 'warning'}>
          <MessageBarBody>
            {/* The booking's own therapist's notice (it may differ from the page's): the time before it the deadline is. */}
            {booking.mayChange ? portalMessages.keptByClinic : portalMessages.insideNotice(Math.round((booking.from - booking.changeDeadline) / 3_600_000))}{' '}
            {clinic.phone && <Link href={telHref(clinic.phone)}>{T.callClinic(clinic.phone)}</Link>}
          </MessageBarBody>
        </MessageBar>
      )}
    </li>
  );
}

/**
 * The dialogs belong to the list, not to a booking's row: a cancelled booking's row leaves the list as it reloads,
 * and a modal dialog taken away with it while open would leave the page hidden from assistive technology.
 */
export function UpcomingBookings({ bookings, clinic, api, onChanged }: { bookings: readonly PortalBooking[]; clinic: ClinicContact; api: PortalApi; onChanged: (message: string) => void }) {
  const styles = usePortalStyles();
  const [cancelling, setCancelling] = useState<PortalBooking | null>(null);
  const [moving, setMoving] = useState<PortalBooking | null>(null);
  const cancel = useMutation((booking: PortalBooking) => api.cancel(booking.id), { onSuccess: (answer) => onChanged(answer.message) });
  return (
    <section className={styles.panel} aria-labelledby="portal-upcoming">
      <h2 id="portal-upcoming" className={styles.heading}>
        {T.upcoming}
      </h2>
      <Text className={styles.muted}>{portalMessages.noticeRule(clinic.cancelNoticeHours)}</Text>
      {bookings.length === 0 ? (
        <Text>{T.noUpcoming}</Text>
      ) : (
        <ul className={styles.list}>
          {bookings.map((booking) => (
            <UpcomingBooking key={booking.id} booking={booking} clinic={clinic} onMove={() => setMoving(booking)} onCancel={() => setCancelling(booking)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={T.cancelTitle}
        body={cancelling ? cancelBody(cancelling) : undefined}
        confirmLabel={T.cancelConfirm}
        cancelLabel={T.keep}
        onConfirm={async () => {
          if (cancelling) await cancel.runOrThrow(cancelling);
        }}
        onClose={() => setCancelling(null)}
      />
      {moving && <MoveDialog booking={moving} api={api} onClose={() => setMoving(null)} onMoved={onChanged} />}
    </section>
  );
}

function cancelBody(booking: PortalBooking): string {
  const question = T.cancelBody(bookingWhen(booking.from, booking.to), booking.treatmentName);
  const back = refundableOre(booking);
  return back > 0 ? `${question} ${T.cancelRefund(formatKroner(back))}` : question;
}

export function PastBookings({ bookings }: { bookings: readonly PortalBooking[] }) {
  const styles = usePortalStyles();
  return (
    <section className={styles.panel} aria-labelledby="portal-past">
      <h2 id="portal-past" className={styles.heading}>
        {T.past}
      </h2>
      {bookings.length === 0 ? (
        <Text>{T.noPast}</Text>
      ) : (
        <ul className={styles.list}>
          {bookings.map((booking) => (
            <li key={booking.id} className={styles.item}>
              <BookingSummary booking={booking} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

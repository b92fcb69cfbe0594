/**
 * The booking card's part about the client not coming and the money: the state ('Udeblevet', 'Afventer betaling'),
 * what was paid at booking and refunded, the no-show fee; and the buttons 'Marker som udeblevet' (or its undo, once
 * the booking has begun), 'Opkræv udeblivelsesgebyr' (a question saying card or invoice, and the amount) and 'Refundér'
 * (an amount, the rest by default). The server decides every amount and rule; the card only asks.
 */
import { Button, Field, Input } from '@fluentui/react-components';
import { actions, formatKroner, kronerToOre, type Booking } from '@klinik/core';
import { ConfirmDialog, FormDialog, useForm, useMutation } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from '../../texts';
import { BOOKINGS } from './queries';

const T = texts.card;

type Notify = (text: string, intent?: 'success' | 'error') => void;

/** What is left to refund of the booking's payment (øre), 0 when nothing. */
export function refundableOre(booking: Booking): number {
  const payment = booking.payment;
  if (!payment || payment.state !== 'paid') return 0;
  return Math.max(0, payment.amountOre - payment.refundedOre);
}

/** The facts the card lists about it, as [term, value] pairs. */
export function noShowFacts(booking: Booking): [string, string][] {
  const facts: [string, string][] = [];
  if (booking.awaitingPayment) facts.push([T.status, T.awaitingPayment]);
  else if (booking.noShow) facts.push([T.status, T.noShow]);
  const payment = booking.payment;
  if (payment && (payment.state === 'paid' || payment.state === 'refunded')) {
    const amount = formatKroner(payment.amountOre);
    facts.push([T.paid, T.paidValue(payment.kind === 'deposit' ? T.depositValue(amount) : amount, payment.method)]);
    if (payment.refundedOre > 0) facts.push([T.refunded, formatKroner(payment.refundedOre)]);
  }
  if (booking.noShow && booking.noShowFee) facts.push([T.fee, `${formatKroner(booking.noShowFee.amountOre)}, ${T.feeState[booking.noShowFee.state]}`]);
  return facts;
}

/** The card's buttons for it; `onAsk` opens the question of the fee or the refund in the card's place. */
export function NoShowButtons({
  api,
  booking,
  now,
  notify,
  onChanged,
  onAsk,
}: {
  api: CalendarApi;
  booking: Booking;
  now: number;
  notify: Notify;
  onChanged: (booking: Booking) => void;
  onAsk: (question: 'fee' | 'refund') => void;
}) {
  const mark = useMutation((noShow: boolean) => api.markNoShow({ bookingId: booking.id, noShow }), {
    notify,
    errorToast: true,
    invalidates: [BOOKINGS],
    onSuccess: (answer) => onChanged(answer.data),
  });
  const begun = booking.from <= now;
  return (
    <>
      {begun && !booking.awaitingPayment && booking.treatmentId && (booking.noShowFee?.state ?? 'open') === 'open' && (
        <Button disabled={mark.pending} onClick={() => void mark.run(!booking.noShow)}>
          {booking.noShow ? T.unmarkNoShow : T.markNoShow}
        </Button>
      )}
      {booking.noShow && booking.noShowFee?.state === 'open' && <Button onClick={() => onAsk('fee')}>{T.chargeFee}</Button>}
      {refundableOre(booking) > 0 && <Button onClick={() => onAsk('refund')}>{T.refund}</Button>}
    </>
  );
}

/** 'Opkræv udeblivelsesgebyr?': from the saved card, or as an invoice, and how much. */
export function FeeQuestion({ api, booking, notify, onDone, onClose }: { api: CalendarApi; booking: Booking; notify: Notify; onDone: () => Promise<void> | void; onClose: () => void }) {
  const amount = formatKroner(booking.noShowFee?.amountOre ?? 0);
  const charge = useMutation((_: undefined) => api.chargeNoShowFee({ bookingId: booking.id }), { notify, invalidates: [BOOKINGS], onSuccess: onDone });
  return (
    <ConfirmDialog
      open
      title={T.chargeFee}
      body={booking.payment?.canChargeCard ? T.feeByCard(amount) : T.feeByInvoice(amount)}
      confirmLabel={T.feeConfirm}
      onClose={onClose}
      onConfirm={async () => {
        await charge.runOrThrow(undefined);
      }}
    />
  );
}

/** 'Refundér': an amount in kr. (the rest by default), sent as øre; the server says when it is too much. */
export function RefundDialog({ api, booking, notify, onDone, onClose }: { api: CalendarApi; booking: Booking; notify: Notify; onDone: () => Promise<void> | void; onClose: () => void }) {
  const left = refundableOre(booking);
  const form = useForm({
    schema: actions.refundBookingPayment.input,
    // The amount as typed in kr.; sent as øre.
    initial: { amountOre: (left / 100).toFixed(2).replace('.', ',') },
    // Not an amount → NaN, which the schema refuses at the field with its own message.
    toInput: ({ amountOre }) => ({ bookingId: booking.id, amountOre: kronerToOre(amountOre) ?? Number.NaN }),
    send: (input) => api.refundBookingPayment(input),
    notify,
    invalidates: [BOOKINGS],
    onSuccess: onDone,
  });
  const typed = kronerToOre(form.values.amountOre);
  return (
    <FormDialog
      title={T.refundTitle}
      form={form}
      submitLabel={T.refund}
      onClose={onClose}
      confirm={{ title: T.refundTitle, body: T.refundConfirm(formatKroner(typed ?? 0)), confirmLabel: T.refund }}
    >
      <Field label={T.refundAmount} hint={T.refundLeft(formatKroner(left))} required {...form.field('amountOre')}>
        <Input inputMode="decimal" value={form.values.amountOre} onChange={(_, data) => form.set('amountOre', data.value)} />
      </Field>
    </FormDialog>
  );
}

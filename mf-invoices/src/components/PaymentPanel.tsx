/**
 * An open invoice's payment: its status and due date, who marked it paid and when, the reminders sent;
 * 'Markér som betalt' while unpaid, the owner's 'Markér som ubetalt' once paid, and 'Send rykker' for an overdue
 * invoice (to the client's e-mail on record, after 'Er du sikker?'; the next only REMINDER_INTERVAL_DAYS after the last).
 * The server decides each of them; the buttons only leave out what it would refuse anyway.
 */
import { useState } from 'react';
import { Button, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, MailAlertRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { nextReminderFrom, type Invoice, type InvoicePayment } from '@klinik/core';
import { ConfirmDialog } from '@klinik/ui/ConfirmDialog';
import { queryKey, useMutation } from '@klinik/ui';
import { formatCopenhagenTime, formatDanishDate } from '@klinik/core/time';
import type { InvoicesApi } from '../api';
import { texts } from '../texts';
import type { Notify } from './InvoiceDialog';
import MarkPaidDialog from './MarkPaidDialog';
import { StatusBadge } from './StatusBadge';

const T = texts.payment;
const INVALIDATES = [queryKey('getAllInvoice'), queryKey('getInvoicesByBookingIds')];

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gap: '4px',
    padding: '8px 12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 8px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', marginTop: '4px' },
});

/** '23-11-2026' from the date key the server answers ('2026-11-23'). */
function danishDate(dateKey: string): string {
  return dateKey.split('-').reverse().join('-');
}

function statusLine(payment: InvoicePayment): string {
  if (payment.status === 'paid' && payment.paidOn) return T.paid(danishDate(payment.paidOn), payment.method ? T.methods[payment.method] : '');
  if (payment.status === 'credited' && payment.creditedBy) return T.credited(payment.creditedBy);
  return T.due(danishDate(payment.dueDate));
}

export default function PaymentPanel({ api, invoice, payment, isOwner, notify }: { api: InvoicesApi; invoice: Invoice; payment: InvoicePayment; isOwner: boolean; notify: Notify }) {
  const styles = useStyles();
  const [dialog, setDialog] = useState<'paid' | 'unpaid' | 'reminder' | null>(null);
  const unpaid = useMutation(() => api.markUnpaid(invoice.id), { notify, invalidates: INVALIDATES });
  const remind = useMutation(() => api.remind(invoice.id), { notify, invalidates: INVALIDATES });
  const lastReminder = payment.reminders.at(-1);
  const nextReminder = lastReminder === undefined ? null : nextReminderFrom(lastReminder);
  const reminderWaits = nextReminder !== null && nextReminder > Date.now();

  return (
    <section className={styles.root} aria-label={`${T.label} ${invoice.number}`}>
      <div className={styles.line}>
        <StatusBadge status={payment.status} />
        <Text>{statusLine(payment)}</Text>
      </div>
      {payment.status === 'paid' && payment.markedAt !== null && (
        <Caption1>{T.markedBy(payment.markedBy ?? '', `${formatDanishDate(payment.markedAt)} ${formatCopenhagenTime(payment.markedAt)}`)}</Caption1>
      )}
      <Caption1>{payment.reminders.length ? `${T.reminders}: ${payment.reminders.map(formatDanishDate).join(', ')}` : T.noReminders}</Caption1>
      {payment.status === 'overdue' && reminderWaits && nextReminder !== null && <Caption1>{T.nextReminder(formatDanishDate(nextReminder))}</Caption1>}
      <div className={styles.actions}>
        {(payment.status === 'unpaid' || payment.status === 'overdue') && (
          <Button icon={<CheckmarkCircleRegular />} onClick={() => setDialog('paid')}>
            {T.markPaid}
          </Button>
        )}
        {payment.status === 'overdue' && (
          <Button icon={<MailAlertRegular />} disabled={reminderWaits || remind.pending} onClick={() => setDialog('reminder')}>
            {T.sendReminder}
          </Button>
        )}
        {payment.status === 'paid' && isOwner && (
          <Button icon={<ArrowUndoRegular />} disabled={unpaid.pending} onClick={() => setDialog('unpaid')}>
            {T.markUnpaid}
          </Button>
        )}
      </div>
      {dialog === 'paid' && <MarkPaidDialog api={api} invoice={invoice} notify={notify} onClose={() => setDialog(null)} />}
      {dialog === 'unpaid' && (
        <ConfirmDialog
          open
          body={T.unpaidBody(invoice.number)}
          confirmLabel={T.markUnpaid}
          cancelLabel={T.cancel}
          onConfirm={async () => {
            await unpaid.runOrThrow(undefined);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'reminder' && (
        <ConfirmDialog
          open
          body={T.reminderBody(invoice.number)}
          confirmLabel={T.send}
          cancelLabel={T.cancel}
          onConfirm={async () => {
            await remind.runOrThrow(undefined);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

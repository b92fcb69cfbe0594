/**
 * The invoice dialog of a booking as the shell opens it over another page (ShellServices.dialogs.invoiceForBooking:
 * the calendar's booking card, spec 2 Invoice flow). The same dialog as on /Faktura?bookingId=…; when it needs the
 * company settings first, 'Firmaindstillinger' returns to that page, where the dialog opens again.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import type { RemoteDialogProps } from '@klinik/core/rules';
import { FormDialog, useNotifications } from '@klinik/ui';
import { invoicesApi } from '../../api';
import { retryable } from '../../components/retryable';

const InvoiceDialog = retryable(() => import('../../components/InvoiceDialog'), null);

const OBJECT_ID = /^[0-9a-f]{24}$/i;

const T = { done: (kind: string, number: string) => `${kind} ${number} er oprettet`, show: 'Se fakturaen', close: 'Luk', invoice: 'Faktura', credit: 'Kreditnota' } as const;

export default function BookingInvoiceDialog({ shell, params, onClose }: RemoteDialogProps) {
  const api = useMemo(() => invoicesApi(shell.client), [shell.client]);
  const navigate = useNavigate();
  const { notify, toaster } = useNotifications();
  const [created, setCreated] = useState<Invoice | null>(null);
  const bookingId = params.bookingId && OBJECT_ID.test(params.bookingId) ? params.bookingId : null;
  if (!bookingId) return null;
  if (created) {
    // Issued: the server's message stays as a toast; the page underneath (the calendar) is where the user was.
    return (
      <>
        {toaster}
        <FormDialog
          title={T.done(created.isCredit ? T.credit : T.invoice, created.number)}
          onClose={onClose}
          footer={
            <>
              <Button
                appearance="primary"
                onClick={() => {
                  onClose();
                  void navigate(shell.pages.invoicesForBookings([bookingId]));
                }}
              >
                {T.show}
              </Button>
              <Button onClick={onClose}>{T.close}</Button>
            </>
          }
        />
      </>
    );
  }
  return (
    <>
      {toaster}
      <InvoiceDialog
        api={api}
        bookingId={bookingId}
        credit={false}
        isOwner={shell.therapist?.isAdmin ?? false}
        settingsPath={shell.pages.settings(shell.pages.invoiceForBooking(bookingId))}
        notify={notify}
        onClose={onClose}
        onCreated={setCreated}
      />
    </>
  );
}

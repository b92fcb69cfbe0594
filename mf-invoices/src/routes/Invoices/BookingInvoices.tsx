/** Embedded list (`/Faktura?bookingIds=a,b`, spec 2 Invoice list): the invoices and credit notes of some bookings. */
import { useState } from 'react';
import { Spinner, Subtitle2, Text, makeStyles } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import { QueryView, useQuery } from '@klinik/ui';
import type { InvoicesApi } from '../../api';
import { InvoiceAccordion } from '../../components/InvoiceAccordion';
import InvoiceDetails from '../../components/InvoiceDetails';
import type { Notify } from '../../components/InvoiceDialog';
import { texts } from '../../texts';

const useStyles = makeStyles({
  title: { display: 'block', marginBottom: '8px' },
});

export default function BookingInvoices({
  api,
  bookingIds,
  isOwner,
  notify,
  onCredit,
}: {
  api: InvoicesApi;
  bookingIds: string[];
  isOwner: boolean;
  notify: Notify;
  onCredit: (invoice: Invoice) => void;
}) {
  const styles = useStyles();
  const invoices = useQuery(['getInvoicesByBookingIds', bookingIds], async () => (await api.byBookingIds(bookingIds)).data);
  // undefined: nothing chosen yet, so a single invoice shows open.
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const only = invoices.data?.length === 1 ? invoices.data[0]!.id : null;

  return (
    <section aria-label={texts.embedded.bookingsTitle}>
      <Subtitle2 as="h2" className={styles.title}>
        {texts.embedded.bookingsTitle}
      </Subtitle2>
      <QueryView query={invoices} errorTitle={texts.list.loadFailed} loading={<Spinner size="small" label={texts.loading} />}>
        {(rows) => (
          <InvoiceAccordion
            label={texts.list.label}
            invoices={rows}
            openId={chosen === undefined ? only : chosen}
            onOpen={setChosen}
            empty={<Text>{texts.list.empty}</Text>}
            details={(invoice) => <InvoiceDetails api={api} invoice={invoice} notify={notify} isOwner={isOwner} onCredit={onCredit} />}
          />
        )}
      </QueryView>
    </section>
  );
}

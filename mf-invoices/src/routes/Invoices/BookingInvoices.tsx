/** Embedded list (`/Faktura?bookingIds=a,b`, spec 2 Invoice list): the invoices and credit notes of some bookings. */
import { useCallback, useEffect, useState } from 'react';
import { Spinner, Subtitle2, Text, makeStyles } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import { LoadError } from '@klinik/ui';
import type { InvoicesApi } from '../../api';
import { InvoiceAccordion } from '../../components/InvoiceAccordion';
import InvoiceDetails from '../../components/InvoiceDetails';
import type { Notify } from '../../components/InvoiceDialog';
import { texts } from '../../texts';

const useStyles = makeStyles({
  title: { display: 'block', marginBottom: '8px' },
});

export default function BookingInvoices({ api, bookingIds, notify, onCredit }: { api: InvoicesApi; bookingIds: string[]; notify: Notify; onCredit(invoice: Invoice): void }) {
  const styles = useStyles();
  const [rows, setRows] = useState<Invoice[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const load = useCallback(async () => {
    setRows(null);
    setError(null);
    try {
      const answer = await api.byBookingIds(bookingIds);
      setRows(answer.data);
      if (answer.data.length === 1) setOpenId(answer.data[0]!.id);
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : texts.list.loadFailed);
      setRows([]);
    }
    // bookingIds is new on each render of the page; the page keys this component on them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-label={texts.embedded.bookingsTitle}>
      <Subtitle2 as="h2" className={styles.title}>
        {texts.embedded.bookingsTitle}
      </Subtitle2>
      {error && <LoadError title={texts.list.loadFailed} detail={error} retryLabel={texts.retry} onRetry={() => void load()} />}
      {rows === null ? (
        <Spinner size="small" label={texts.loading} />
      ) : (
        <InvoiceAccordion
          label={texts.list.label}
          invoices={rows}
          openId={openId}
          onOpen={setOpenId}
          empty={error ? null : <Text>{texts.list.empty}</Text>}
          details={(invoice) => <InvoiceDetails api={api} invoice={invoice} notify={notify} onCredit={onCredit} />}
        />
      )}
    </section>
  );
}

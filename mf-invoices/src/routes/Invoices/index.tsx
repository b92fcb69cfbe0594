/**
 * `/Faktura` (spec 2, Invoice list; Invoice flow; Merged invoice):
 * - the clinic's invoices and credit notes, and a 'Samlet opgørelse' tab for merged statements;
 * - `?bookingId=<id>` (the calendar's 'Faktura' button) opens the invoice dialog for that booking; once the
 *   invoice is issued the list shows it open and the parameter goes away;
 * - embedded: `?clientId=<id>` shows that client's merged statements, `?bookingIds=a,b` those bookings' invoices.
 * Dialogs, the details of an open row, the merged statements and the PDF renderer load when first needed.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Button, Tab, TabList, makeStyles } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import type { RemotePageProps } from '@klinik/core/rules';
import { PageHeader, useNotifications } from '@klinik/ui';
import { invoicesApi } from '../../api';
import { retryable } from '../../components/retryable';
import { texts } from '../../texts';
import InvoiceList from './InvoiceList';

const InvoiceDialog = retryable(() => import('../../components/InvoiceDialog'), null);
const MergedPanel = retryable(() => import('./merged/MergedPanel'));
const MergedStatements = retryable(() => import('./merged/MergedStatements'));
const BookingInvoices = retryable(() => import('./BookingInvoices'));

const OBJECT_ID = /^[0-9a-f]{24}$/i;

const useStyles = makeStyles({
  tabs: { marginBottom: '12px' },
});

type TabName = 'invoices' | 'merged';

export default function InvoicesPage({ shell }: RemotePageProps) {
  const styles = useStyles();
  const api = useMemo(() => invoicesApi(shell.client), [shell.client]);
  const { notify, toaster } = useNotifications();
  const isOwner = shell.therapist?.isAdmin ?? false;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const bookingParam = params.get('bookingId');
  const bookingId = bookingParam && OBJECT_ID.test(bookingParam) ? bookingParam : null;
  const clientParam = params.get('clientId');
  const clientId = clientParam && OBJECT_ID.test(clientParam) ? clientParam : null;
  const bookingIds = useMemo(
    () => (params.get('bookingIds') ?? '').split(',').map((id) => id.trim()).filter((id) => OBJECT_ID.test(id)),
    [params],
  );
  const bookingIdsKey = bookingIds.join(',');

  const [tab, setTab] = useState<TabName>('invoices');
  // A new list (from page 1) each time an invoice is issued here, with that invoice open.
  const [listKey, setListKey] = useState(0);
  const [openId, setOpenId] = useState<string | null>(null);
  const [crediting, setCrediting] = useState<string | null>(null);

  const dropBookingParam = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('bookingId');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  const showAll = useCallback(() => setParams({}), [setParams]);

  const onCreated = useCallback(
    (invoice: Invoice) => {
      setCrediting(null);
      setOpenId(invoice.id);
      setListKey((value) => value + 1);
      setTab('invoices');
      setParams({}, { replace: true });
    },
    [setParams],
  );

  const dialogBooking = bookingId ?? crediting;

  let body;
  if (clientId) {
    body = <MergedStatements api={api} clientId={clientId} notify={notify} showClientName />;
  } else if (bookingIds.length > 0) {
    body = <BookingInvoices key={bookingIdsKey} api={api} bookingIds={bookingIds} isOwner={isOwner} notify={notify} onCredit={(invoice) => invoice.bookingId && setCrediting(invoice.bookingId)} />;
  } else {
    body = (
      <>
        <TabList className={styles.tabs} aria-label={texts.tabs.label} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as TabName)}>
          <Tab value="invoices">{texts.tabs.invoices}</Tab>
          <Tab value="merged">{texts.tabs.merged}</Tab>
        </TabList>
        {tab === 'invoices' ? (
          <InvoiceList
            key={listKey}
            api={api}
            isOwner={isOwner}
            notify={notify}
            initialOpenId={openId}
            onCredit={(invoice) => invoice.bookingId && setCrediting(invoice.bookingId)}
          />
        ) : (
          <MergedPanel api={api} notify={notify} />
        )}
      </>
    );
  }

  return (
    <section>
      {toaster}
      <PageHeader title={texts.title}>
        {(clientId || bookingIds.length > 0) && <Button onClick={showAll}>{texts.embedded.showAll}</Button>}
      </PageHeader>
      {body}
      {dialogBooking && (
        <InvoiceDialog
          key={`${dialogBooking}:${crediting ? 'credit' : 'invoice'}`}
          api={api}
          bookingId={dialogBooking}
          credit={!bookingId && crediting !== null}
          isOwner={isOwner}
          // Back to this page as it is now (with ?bookingId=…), where the dialog opens again.
          settingsPath={shell.pages.settings(`${location.pathname}${location.search}`)}
          notify={notify}
          onClose={() => {
            setCrediting(null);
            if (bookingId) dropBookingParam();
          }}
          onCreated={onCreated}
        />
      )}
    </section>
  );
}

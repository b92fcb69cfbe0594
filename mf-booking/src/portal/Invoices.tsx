/** The client's invoices and credit notes, each with its PDF drawn in the browser from the stored snapshot. */
import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { ClientPortal } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { formatDanishDate } from '@klinik/core/time';
import type { PortalApi } from './api';
import { downloadInvoicePdf, pdfFileName } from './pdf';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

type Invoice = ClientPortal['invoices'][number];

function InvoiceRow({ invoice, api }: { invoice: Invoice; api: PortalApi }) {
  const styles = usePortalStyles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.invoice(invoice.id);
      await downloadInvoicePdf(data, pdfFileName(invoice.kind, invoice.number));
    } catch (reason) {
      setError(reason instanceof Error && reason.message ? reason.message : T.pdfFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className={styles.item}>
      <Text className={styles.strong}>
        {invoice.kind === 'creditNote' ? T.creditNote : T.invoice} {invoice.number}
      </Text>
      <Text>
        {formatDanishDate(invoice.date)} · {formatKroner(invoice.totalOre)} · {invoice.paid ? T.paid : T.unpaid}
      </Text>
      <div className={styles.actions}>
        <Button disabled={busy} onClick={() => void download()}>
          {busy ? T.fetching : T.downloadPdf(invoice.number)}
        </Button>
      </div>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </li>
  );
}

export function Invoices({ invoices, api }: { invoices: readonly Invoice[]; api: PortalApi }) {
  const styles = usePortalStyles();
  return (
    <section className={styles.panel} aria-labelledby="portal-invoices">
      <h2 id="portal-invoices" className={styles.heading}>
        {T.invoices}
      </h2>
      {invoices.length === 0 ? (
        <Text>{T.noInvoices}</Text>
      ) : (
        <ul className={styles.list}>
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} api={api} />
          ))}
        </ul>
      )}
    </section>
  );
}

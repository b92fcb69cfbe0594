/**
 * An open invoice row: the PDF preview (the renderer loads now, not with the list) and 'Send på mail',
 * 'Download PDF'; for an invoice of a booking 'Opret kreditnota'; for a merged statement 'Rediger' and 'Slet'; for an
 * invoice with a payment status its payment (PaymentPanel: 'Markér som betalt', the reminders, 'Send rykker').
 */
import { useState } from 'react';
import { Button, Caption1, makeStyles } from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular, DocumentArrowLeftRegular, EditRegular, MailRegular } from '@fluentui/react-icons';
import type { Invoice } from '@klinik/core';
import { formatDanishDate } from '@klinik/core/time';
import type { InvoicesApi } from '../api';
import { downloadPdf } from '../pdf';
import { texts } from '../texts';
import { invoiceKind } from './invoiceFacts';
import type { Notify } from './InvoiceDialog';
import MailDialog from './MailDialog';
import PaymentPanel from './PaymentPanel';
import PdfPreview from './PdfPreview';

const T = texts.details;

const useStyles = makeStyles({
  root: { display: 'grid', gap: '8px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' },
});

export interface InvoiceDetailsProps {
  api: InvoicesApi;
  invoice: Invoice;
  notify: Notify;
  /** The owner may undo 'Markér som betalt'. */
  isOwner?: boolean;
  onCredit?: (invoice: Invoice) => void;
  onEdit?: (invoice: Invoice) => void;
  onDelete?: (invoice: Invoice) => void;
}

export default function InvoiceDetails({ api, invoice, notify, isOwner = false, onCredit, onEdit, onDelete }: InvoiceDetailsProps) {
  const styles = useStyles();
  const [mailing, setMailing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const creditFor = invoice.image[0]?.creditFor;
  const canCredit = onCredit && !invoice.isMerged && !invoice.isCredit && invoice.bookingId !== null;

  async function download() {
    setDownloading(true);
    try {
      await downloadPdf(invoice.image, invoice.number);
    } catch (reason) {
      console.error('Invoice PDF failed', reason);
      notify(T.downloadFailed, 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className={styles.root}>
      {invoice.isCredit && creditFor && <Caption1>{T.creditFor(creditFor)}</Caption1>}
      {invoice.isMerged && invoice.from !== null && invoice.to !== null && (
        <Caption1>{`${texts.merged.period}: ${texts.merged.period_(formatDanishDate(invoice.from), formatDanishDate(invoice.to))} · ${texts.merged.invoices(invoice.image.length)}`}</Caption1>
      )}
      {invoice.payment && <PaymentPanel api={api} invoice={invoice} payment={invoice.payment} isOwner={isOwner} notify={notify} />}
      <div className={styles.actions} role="group" aria-label={`${T.actions} ${invoice.number}`}>
        <Button icon={<MailRegular />} onClick={() => setMailing(true)}>
          {T.sendMail}
        </Button>
        <Button icon={<ArrowDownloadRegular />} disabled={downloading} onClick={() => void download()}>
          {T.download}
        </Button>
        {canCredit && (
          <Button icon={<DocumentArrowLeftRegular />} onClick={() => onCredit(invoice)}>
            {T.credit}
          </Button>
        )}
        {invoice.isMerged && onEdit && (
          <Button icon={<EditRegular />} onClick={() => onEdit(invoice)}>
            {T.edit}
          </Button>
        )}
        {invoice.isMerged && onDelete && (
          <Button icon={<DeleteRegular />} onClick={() => onDelete(invoice)}>
            {T.delete}
          </Button>
        )}
      </div>
      <PdfPreview snapshots={invoice.image} title={invoice.isMerged ? invoice.number : `${invoiceKind(invoice)} ${invoice.number}`} compact />
      {mailing && <MailDialog api={api} invoice={invoice} notify={notify} onClose={() => setMailing(false)} />}
    </div>
  );
}

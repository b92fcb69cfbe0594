/**
 * 'Send på mail' (spec 2, Invoice flow; §5 Invoices): recipients separated by commas and a message, then
 * 'Er du sikker?'. The server builds the PDF from the stored snapshot and attaches it as Faktura.pdf; the subject is
 * the invoice's own (shown, not editable: no mail of the sender's own making) and the message is plain text in the
 * server's invoice mail template. A refusal closes the question and shows under the field it names, else above the
 * buttons, where it can be corrected.
 */
import { Field, Input, Textarea } from '@fluentui/react-components';
import { actions, type Invoice } from '@klinik/core';
import { FormDialog, useForm } from '@klinik/ui';
import type { InvoicesApi } from '../api';
import { texts } from '../texts';
import { invoiceKind } from './invoiceFacts';
import type { Notify } from './InvoiceDialog';

const T = texts.mail;

export default function MailDialog({ api, invoice, notify, onClose }: { api: InvoicesApi; invoice: Invoice; notify: Notify; onClose: () => void }) {
  const first = invoice.image[0];
  const kind = invoiceKind(invoice);
  // A merged statement's number already says what it is ('Samlet opgørelse 01-05-2026–31-05-2026').
  // What the server puts in the subject (api/src/adapters/mail/invoice-mail.ts, invoiceSubject).
  const subject = `${invoice.isMerged ? invoice.number : `${kind} ${invoice.number}`.trim()} fra ${first?.company.companyName ?? ''}`.trim();
  const form = useForm({
    schema: actions.invoiceMail.input,
    initial: () => ({ to: first?.client.email ?? '', message: first ? T.defaultMessage(first.client.nameFirst, kind, first.company.companyName) : '' }),
    toInput: (values) => ({ id: invoice.id, ...values }),
    check: (values) => (values.to.split(',').every((part) => part.trim() === '') ? { to: T.toRequired } : {}),
    send: api.mail,
    notify,
    onSuccess: onClose,
  });

  return (
    <FormDialog
      title={T.title}
      submitLabel={T.send}
      cancelLabel={T.cancel}
      form={form}
      onClose={onClose}
      confirm={{ title: T.confirmTitle, body: T.confirmBody(form.values.to), confirmLabel: T.send }}
    >
      <Field label={T.to} hint={T.toHint} {...form.field('to')}>
        <Input type="text" inputMode="email" value={form.values.to} onChange={(_, data) => form.set('to', data.value)} />
      </Field>
      <Field label={T.subject}>
        <Input value={subject} readOnly />
      </Field>
      <Field label={T.message} {...form.field('message')}>
        <Textarea rows={6} resize="vertical" value={form.values.message} onChange={(_, data) => form.set('message', data.value)} />
      </Field>
    </FormDialog>
  );
}

/**
 * 'Send på mail' (spec 2, Invoice flow; §5 Invoices): recipients separated by commas and a message, then
 * 'Er du sikker?'. The server builds the PDF from the stored snapshot and attaches it as Faktura.pdf; the subject is
 * the invoice's own (shown, not editable: issue 14, no mail of the sender's own making) and the message is plain
 * text in the server's invoice mail template.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Textarea, makeStyles } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import { useMutation } from '@klinik/ui';
import { ConfirmDialog } from '@klinik/ui/ConfirmDialog';
import type { InvoicesApi } from '../api';
import { texts } from '../texts';
import { invoiceKind } from './invoiceFacts';
import type { Notify } from './InvoiceDialog';

const T = texts.mail;

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
});

type Errors = Partial<Record<'to' | 'message', string>>;

export default function MailDialog({ api, invoice, notify, onClose }: { api: InvoicesApi; invoice: Invoice; notify: Notify; onClose: () => void }) {
  const styles = useStyles();
  const first = invoice.image[0];
  const [to, setTo] = useState(first?.client.email ?? '');
  const kind = invoiceKind(invoice);
  // A merged statement's number already says what it is ('Samlet opgørelse 01-05-2026–31-05-2026').
  // What the server puts in the subject (api/src/adapters/mail/invoice-mail.ts, invoiceSubject).
  const subject = `${invoice.isMerged ? invoice.number : `${kind} ${invoice.number}`.trim()} fra ${first?.company.companyName ?? ''}`.trim();
  const [message, setMessage] = useState(first ? T.defaultMessage(first.client.nameFirst, kind, first.company.companyName) : '');
  /** The browser's own checks before 'Er du sikker?'. */
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const mail = useMutation((input: { to: string; message: string }) => api.mail({ id: invoice.id, ...input }), {
    notify,
    onSuccess: onClose,
  });
  // The server's refusal: under the field it names, else above the buttons.
  const fieldErrors: Errors = { to: mail.fieldErrors.to, message: mail.fieldErrors.message };
  const named = Object.values(fieldErrors).some(Boolean);

  function ask() {
    mail.reset();
    const found: Errors = {};
    if (to.split(',').every((part) => part.trim() === '')) found.to = T.toRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !confirming && onClose()}>
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            ask();
          }}
        >
          <DialogBody>
            <DialogTitle>{T.title}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={T.to} hint={T.toHint} validationMessage={errors.to ?? fieldErrors.to}>
                <Input type="text" inputMode="email" value={to} onChange={(_, data) => setTo(data.value)} />
              </Field>
              <Field label={T.subject}>
                <Input value={subject} readOnly />
              </Field>
              <Field label={T.message} validationMessage={errors.message ?? fieldErrors.message}>
                <Textarea rows={6} resize="vertical" value={message} onChange={(_, data) => setMessage(data.value)} />
              </Field>
              {mail.error && !named && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{mail.error}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {T.cancel}
              </Button>
              <Button appearance="primary" type="submit">
                {T.send}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
        {confirming && (
          <ConfirmDialog
            open
            title={T.confirmTitle}
            body={T.confirmBody(to)}
            confirmLabel={T.send}
            cancelLabel={T.cancel}
            // The question waits for the answer; a refusal closes it and shows the reason in the form, where it can be corrected.
            onConfirm={async () => {
              await mail.run({ to, message });
            }}
            onClose={() => setConfirming(false)}
          />
        )}
      </DialogSurface>
    </Dialog>
  );
}

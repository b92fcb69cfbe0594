/**
 * 'Send på mail' (spec 2, Invoice flow; §5 Invoices): recipients separated by commas, subject and message, then
 * 'Er du sikker?'. The server builds the PDF from the stored snapshot and attaches it as Faktura.pdf.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Textarea, makeStyles } from '@fluentui/react-components';
import type { Invoice } from '@klinik/core';
import { ActionError } from '@klinik/core/client';
import { ConfirmDialog } from '@klinik/ui/ConfirmDialog';
import type { InvoicesApi } from '../api';
import { texts } from '../texts';
import { invoiceKind } from './invoiceFacts';
import type { Notify } from './InvoiceDialog';

const T = texts.mail;

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
});

type Errors = Partial<Record<'to' | 'subject' | 'message' | '_', string>>;

export default function MailDialog({ api, invoice, notify, onClose }: { api: InvoicesApi; invoice: Invoice; notify: Notify; onClose(): void }) {
  const styles = useStyles();
  const first = invoice.image[0];
  const [to, setTo] = useState(first?.client.email ?? '');
  const kind = invoiceKind(invoice);
  // A merged statement's number already says what it is ('Samlet opgørelse 01-05-2026–31-05-2026').
  const [subject, setSubject] = useState(invoice.isMerged ? invoice.number : `${kind} ${invoice.number}`.trim());
  const [message, setMessage] = useState(first ? T.defaultMessage(first.client.nameFirst, kind, first.company.companyName) : '');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);

  function ask() {
    const found: Errors = {};
    if (to.split(',').every((part) => part.trim() === '')) found.to = T.toRequired;
    if (subject.trim() === '') found.subject = T.subjectRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  }

  async function send() {
    try {
      const answer = await api.mail({ id: invoice.id, to, subject, message });
      notify(answer.message || T.sent);
      onClose();
    } catch (reason) {
      if (reason instanceof ActionError) {
        const field: Errors = {};
        for (const key of ['to', 'subject', 'message'] as const) if (reason.errors[key]) field[key] = reason.errors[key];
        setErrors(Object.keys(field).length ? field : { _: reason.message });
      } else {
        setErrors({ _: reason instanceof Error ? reason.message : String(reason) });
      }
    }
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
              <Field label={T.to} hint={T.toHint} validationMessage={errors.to}>
                <Input type="text" inputMode="email" value={to} onChange={(_, data) => setTo(data.value)} />
              </Field>
              <Field label={T.subject} validationMessage={errors.subject}>
                <Input value={subject} onChange={(_, data) => setSubject(data.value)} />
              </Field>
              <Field label={T.message} validationMessage={errors.message}>
                <Textarea rows={6} resize="vertical" value={message} onChange={(_, data) => setMessage(data.value)} />
              </Field>
              {errors._ && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{errors._}</MessageBarBody>
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
            onConfirm={send}
            onClose={() => setConfirming(false)}
          />
        )}
      </DialogSurface>
    </Dialog>
  );
}

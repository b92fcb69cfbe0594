/**
 * 'Markér som betalt' (issue 43): the day the payment came in (today unless changed) and how. The server checks the
 * day (not in the future) and that nobody changed the invoice meanwhile; its reason shows under the field it names,
 * else above the buttons.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, makeStyles } from '@fluentui/react-components';
import { PAYMENT_METHODS, type Invoice, type PaymentMethod } from '@klinik/core';
import { copenhagenDateKey } from '@klinik/core/time';
import { useMutation } from '@klinik/ui';
import type { InvoicesApi } from '../api';
import { texts } from '../texts';
import type { Notify } from './InvoiceDialog';

const T = texts.payment;

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
});

export default function MarkPaidDialog({ api, invoice, notify, onClose }: { api: InvoicesApi; invoice: Invoice; notify: Notify; onClose: () => void }) {
  const styles = useStyles();
  const [paidOn, setPaidOn] = useState(() => copenhagenDateKey(Date.now()));
  const [method, setMethod] = useState<PaymentMethod>('bank');
  const [dateMissing, setDateMissing] = useState(false);
  const mark = useMutation(() => api.markPaid({ id: invoice.id, paidOn, method }), {
    notify,
    invalidates: [['getAllInvoice'], ['getInvoicesByBookingIds']],
    onSuccess: onClose,
  });
  const dateError = dateMissing ? T.dateRequired : mark.fieldErrors.paidOn;
  const named = Boolean(mark.fieldErrors.paidOn || mark.fieldErrors.method);

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !mark.pending && onClose()}>
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setDateMissing(paidOn === '');
            if (paidOn !== '') void mark.run(undefined);
          }}
        >
          <DialogBody>
            <DialogTitle>{`${T.markPaid}: ${invoice.number}`}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={T.date} required validationMessage={dateError}>
                <Input type="date" value={paidOn} max={copenhagenDateKey(Date.now())} onChange={(_, data) => setPaidOn(data.value)} />
              </Field>
              <Field label={T.method} validationMessage={mark.fieldErrors.method}>
                <RadioGroup value={method} onChange={(_, data) => setMethod(data.value as PaymentMethod)}>
                  {PAYMENT_METHODS.map((value) => (
                    <Radio key={value} value={value} label={T.methods[value]} />
                  ))}
                </RadioGroup>
              </Field>
              {mark.error && !named && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{mark.error}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={mark.pending} onClick={onClose}>
                {T.cancel}
              </Button>
              <Button appearance="primary" type="submit" disabled={mark.pending}>
                {T.save}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * 'Markér som betalt': the day the payment came in (today unless changed) and how. Checked with the action's own
 * schema; the server also checks the day (not in the future) and that nobody changed the invoice meanwhile. A
 * refusal shows under the field it names, else above the buttons.
 */
import { Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import { actions, PAYMENT_METHODS, type Invoice, type PaymentMethod } from '@klinik/core';
import { copenhagenDateKey } from '@klinik/core/time';
import { FormDialog, queryKey, useForm } from '@klinik/ui';
import type { InvoicesApi } from '../api';
import { texts } from '../texts';
import type { Notify } from './InvoiceDialog';

const T = texts.payment;

export default function MarkPaidDialog({ api, invoice, notify, onClose }: { api: InvoicesApi; invoice: Invoice; notify: Notify; onClose: () => void }) {
  const form = useForm({
    schema: actions.setInvoicePaid.input,
    initial: (): { paidOn: string; method: PaymentMethod } => ({ paidOn: copenhagenDateKey(Date.now()), method: 'bank' }),
    toInput: (values) => ({ id: invoice.id, ...values }),
    check: (values) => (values.paidOn === '' ? { paidOn: T.dateRequired } : {}),
    send: api.markPaid,
    notify,
    invalidates: [queryKey('getAllInvoice'), queryKey('getInvoicesByBookingIds')],
    onSuccess: onClose,
  });

  return (
    <FormDialog title={`${T.markPaid}: ${invoice.number}`} submitLabel={T.save} cancelLabel={T.cancel} form={form} onClose={onClose}>
      <Field label={T.date} required {...form.field('paidOn')}>
        <Input type="date" value={form.values.paidOn} max={copenhagenDateKey(Date.now())} onChange={(_, data) => form.set('paidOn', data.value)} />
      </Field>
      <Field label={T.method} {...form.field('method')}>
        <RadioGroup value={form.values.method} onChange={(_, data) => form.set('method', data.value as PaymentMethod)}>
          {PAYMENT_METHODS.map((value) => (
            <Radio key={value} value={value} label={T.methods[value]} />
          ))}
        </RadioGroup>
      </Field>
    </FormDialog>
  );
}

/**
 * The invoice dialog's first step: type (invoice or credit note), discount in kroner, VAT (the clinic's default
 * until changed), more treatments of the same visit (each line with its own VAT), treatment text, current
 * treatment and follow-up text. Enter in the discount field goes on.
 */
import type { ReactNode } from 'react';
import { Dropdown, Field, Input, Option, Radio, RadioGroup, Switch, Text, makeStyles } from '@fluentui/react-components';
import type { Treatment } from '@klinik/core';
import { formatKroner } from '@klinik/core/rules';
import { texts } from '../texts';
import type { Choices } from './invoiceChoices';

const T = texts.dialog;

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
  switches: { display: 'grid', gap: '2px' },
});

export function InvoiceSettingsForm({
  choices,
  moms,
  momsReady,
  treatments,
  treatmentsFailed,
  discountError,
  onChange,
  onSubmit,
  children,
}: {
  choices: Choices;
  /** The VAT switch as shown: the user's choice, else the clinic's default. */
  moms: boolean;
  /** The clinic's default has arrived (or failed): until then the switch waits, so a click is never overwritten. */
  momsReady: boolean;
  /** What may be added as more lines. */
  treatments: readonly Treatment[];
  treatmentsFailed: boolean;
  discountError: string | null;
  onChange: (change: Partial<Choices>) => void;
  onSubmit: () => void;
  /** Below the switches: why the invoice cannot be made yet. */
  children?: ReactNode;
}) {
  const styles = useStyles();
  const { credit } = choices;
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field label={T.type}>
        <RadioGroup layout="horizontal" value={credit ? 'credit' : 'invoice'} onChange={(_, data) => onChange({ credit: data.value === 'credit' })}>
          <Radio value="invoice" label={T.invoice} />
          <Radio value="credit" label={T.credit} />
        </RadioGroup>
      </Field>
      {credit && <Text>{T.creditHint}</Text>}
      <Field label={T.discount} hint={T.discountHint} validationMessage={discountError ?? undefined}>
        <Input inputMode="decimal" disabled={credit} value={choices.discount} onChange={(_, data) => onChange({ discount: data.value })} />
      </Field>
      <Field label={T.extras} hint={T.extrasHint} validationMessage={treatmentsFailed ? T.extrasFailed : undefined} validationState={treatmentsFailed ? 'warning' : 'none'}>
        <Dropdown
          multiselect
          disabled={credit || treatments.length === 0}
          placeholder={T.extrasPlaceholder}
          selectedOptions={choices.extraTreatmentIds}
          value={treatments
            .filter((treatment) => choices.extraTreatmentIds.includes(treatment.id))
            .map((treatment) => treatment.name)
            .join(', ')}
          onOptionSelect={(_, data) => onChange({ extraTreatmentIds: data.selectedOptions })}
        >
          {treatments.map((treatment) => {
            const label = T.extraOption(treatment.name, formatKroner(Math.round(treatment.price * 100)), treatment.vatExempt);
            return (
              <Option key={treatment.id} value={treatment.id} text={label}>
                {label}
              </Option>
            );
          })}
        </Dropdown>
      </Field>
      <div className={styles.switches}>
        <Field hint={T.momsHint}>
          <Switch label={T.moms} disabled={credit || !momsReady} checked={moms} onChange={(_, data) => onChange({ moms: data.checked })} />
        </Field>
        <Switch label={T.treatmentText} disabled={credit} checked={choices.treatmentText} onChange={(_, data) => onChange({ treatmentText: data.checked })} />
        <Switch label={T.aktuelBehandling} disabled={credit} checked={choices.aktuelBehandling} onChange={(_, data) => onChange({ aktuelBehandling: data.checked })} />
        <Switch label={T.followUpText} disabled={credit} checked={choices.followUpText} onChange={(_, data) => onChange({ followUpText: data.checked })} />
      </div>
      {children}
      {/* Enter in the discount field submits. */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </form>
  );
}

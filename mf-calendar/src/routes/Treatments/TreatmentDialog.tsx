/**
 * Create or edit a treatment (spec 3, treatment form): name, price, a duration from the presets (20 Min … 2 Hrs)
 * or a custom one in Hrs or Min, a pause from its presets (0 … 15 Min) or a custom one, and whether it is a health
 * service exempt from VAT (a new one shows the clinic's default until changed, and is saved with it). Then
 * 'Betaling ved booking' (none, the whole price, or a deposit in kr.), which needs the clinic's own payment account
 * (until it is connected the paying choices are off and a hint says where to connect it), and an optional fee for a
 * no-show or a late cancellation. Amounts are typed in kr. and sent in øre. Checked with the same schema the server
 * uses; the server's answer is shown at its field if it refuses anyway (a deposit above the price, say).
 */
import { useState } from 'react';
import { Button, Field, Input, Radio, RadioGroup, Select, Switch, makeStyles } from '@fluentui/react-components';
import { actions, DURATION_PRESET_MINUTES, kronerToOre, PAUSE_PRESET_MINUTES, type ActionInput, type Treatment } from '@klinik/core';
import { FormDialog, queryKey, useForm, useQuery } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from './texts';

const T = texts.treatmentDialog;

type TreatmentFields = ActionInput<'addTreatment'>;

/** The form as the inputs hold it: minutes, null while not chosen. */
interface TreatmentDraft {
  name: string;
  price: string;
  duration: number | null;
  pause: number | null;
  /** null: not chosen, so the clinic's default (not 'Momsregistreret' → exempt), which the server applies too. */
  vatExempt: boolean | null;
  paymentAtBooking: Treatment['paymentAtBooking'];
  /** The deposit and the fee in kr. as typed; named as the input's fields so the server's message lands at them. */
  depositOre: string;
  noShowFeeOre: string;
}

/** Øre → kr. as the inputs show them ('250' or '250,50'); '' for none. */
function kronerText(ore: number): string {
  if (ore <= 0) return '';
  return ore % 100 === 0 ? String(ore / 100) : (ore / 100).toFixed(2).replace('.', ',');
}

/** Kr. as typed → øre; not an amount → NaN, which the schema refuses with its own message. */
function typedOre(text: string): number {
  return text.trim() === '' ? 0 : (kronerToOre(text) ?? Number.NaN);
}

/** A refusal without a message of its own (not the server's) says the spec's general text. */
function withMessage(reason: unknown): never {
  throw reason instanceof Error && reason.message ? reason : new Error(texts.treatments.saveFailed);
}

const useStyles = makeStyles({
  custom: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 96px auto', gap: '8px', alignItems: 'end' },
  unit: { minWidth: 0, width: '100%' },
});

/** '45 Min', '1 Hrs', '2 Hrs', '90 Min' (spec 3 §9's preset labels). */
export function minutesLabel(minutes: number): string {
  return minutes >= 60 && minutes % 60 === 0 ? `${minutes / 60} Hrs` : `${minutes} Min`;
}

function CustomMinutes({ label, options, onAdd }: { label: string; options: number[]; onAdd: (minutes: number) => void }) {
  const styles = useStyles();
  const [value, setValue] = useState('');
  const [unit, setUnit] = useState<'Min' | 'Hrs'>('Min');
  const [error, setError] = useState<string | null>(null);
  function add() {
    const amount = Number(value.replace(',', '.'));
    const minutes = Math.round(unit === 'Hrs' ? amount * 60 : amount);
    if (!Number.isFinite(amount) || amount <= 0) return setError(T.customValue);
    if (options.includes(minutes)) return setError(T.duplicate);
    setError(null);
    setValue('');
    onAdd(minutes);
  }
  return (
    <div className={styles.custom}>
      <Field label={label} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
        <Input inputMode="decimal" value={value} onChange={(_, data) => setValue(data.value)} />
      </Field>
      <Field label={T.unit}>
        <Select className={styles.unit} aria-label={`${T.unit}: ${label}`} value={unit} onChange={(_, data) => setUnit(data.value as 'Min' | 'Hrs')}>
          <option value="Min">{T.minutesUnit}</option>
          <option value="Hrs">{T.hours}</option>
        </Select>
      </Field>
      <Button onClick={add} aria-label={`${T.addCustom}: ${label}`}>
        {T.addCustom}
      </Button>
    </div>
  );
}

export default function TreatmentDialog({
  api,
  treatment,
  notify,
  onClose,
}: {
  api: CalendarApi;
  /** The treatment to edit, or null to create one. */
  treatment: Treatment | null;
  notify: (message: string, intent?: 'success' | 'error') => void;
  /** Also called once saved (the toast is shown and the catalogue reloaded by then). */
  onClose: () => void;
}) {
  const [durations, setDurations] = useState<number[]>(() => [...new Set([...DURATION_PRESET_MINUTES, ...(treatment ? [treatment.duration / 60] : [])])].sort((a, b) => a - b));
  const [pauses, setPauses] = useState<number[]>(() => [...new Set([...PAUSE_PRESET_MINUTES, ...(treatment ? [treatment.pause / 60] : [])])].sort((a, b) => a - b));
  const company = useQuery(queryKey('getCompany'), async () => (await api.company()).data);
  const form = useForm({
    schema: actions.addTreatment.input,
    initial: (): TreatmentDraft => ({
      name: treatment?.name ?? '',
      price: treatment ? String(treatment.price).replace('.', ',') : '',
      duration: treatment ? treatment.duration / 60 : null,
      pause: treatment ? treatment.pause / 60 : 0,
      vatExempt: treatment ? treatment.vatExempt : null,
      paymentAtBooking: treatment?.paymentAtBooking ?? 'none',
      depositOre: kronerText(treatment?.depositOre ?? 0),
      noShowFeeOre: kronerText(treatment?.noShowFeeOre ?? 0),
    }),
    toInput: ({ name, price, duration, pause, vatExempt, paymentAtBooking, depositOre, noShowFeeOre }) => ({
      name,
      price,
      ...(duration === null ? {} : { duration: duration * 60 }),
      ...(pause === null ? {} : { pause: pause * 60 }),
      ...(vatExempt === null ? {} : { vatExempt }),
      paymentAtBooking,
      // A deposit left typed under another choice is not kept: only 'Depositum' has one.
      depositOre: paymentAtBooking === 'deposit' ? typedOre(depositOre) : 0,
      noShowFeeOre: typedOre(noShowFeeOre),
    }),
    send: (fields: TreatmentFields) => (treatment ? api.setTreatment({ id: treatment.id, ...fields }) : api.addTreatment(fields)).catch(withMessage),
    notify,
    invalidates: [queryKey('getAllTreatment')],
    onSuccess: onClose,
  });
  const { values } = form;
  const shownVatExempt = values.vatExempt ?? company.data?.moms === false;
  const account = useQuery(queryKey('getClinicPaymentAccount'), async () => (await api.paymentAccount()).data);
  // Unknown (a failed load) leaves the choices on: the server refuses a paying choice without an account anyway.
  const payingOff = account.data?.connected === false || (account.data === undefined && account.error === null);
  const accountHint = account.data?.connected === false ? T.accountMissing : account.error !== null ? T.accountUnknown : T.paymentHint;

  return (
    <FormDialog title={treatment ? T.editTitle : T.createTitle} submitLabel={treatment ? T.save : T.create} cancelLabel={T.cancel} form={form} onClose={onClose}>
      <Field label={T.name} required {...form.field('name')}>
        <Input value={values.name} maxLength={100} onChange={(_, data) => form.set('name', data.value)} />
      </Field>
      <Field label={T.price} required {...form.field('price')}>
        <Input value={values.price} inputMode="decimal" onChange={(_, data) => form.set('price', data.value)} />
      </Field>
      <Field label={T.duration} required {...form.field('duration')}>
        <Select value={values.duration === null ? '' : String(values.duration)} onChange={(_, data) => form.set('duration', data.value ? Number(data.value) : null)}>
          <option value="">{T.chooseDuration}</option>
          {durations.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutesLabel(minutes)}
            </option>
          ))}
        </Select>
      </Field>
      <CustomMinutes label={T.customDuration} options={durations} onAdd={(minutes) => (setDurations((list) => [...list, minutes].sort((a, b) => a - b)), form.set('duration', minutes))} />
      <Field label={T.pause} required {...form.field('pause')}>
        <Select value={values.pause === null ? '' : String(values.pause)} onChange={(_, data) => form.set('pause', data.value ? Number(data.value) : null)}>
          {pauses.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {minutesLabel(minutes)}
            </option>
          ))}
        </Select>
      </Field>
      <CustomMinutes label={T.customPause} options={pauses} onAdd={(minutes) => (setPauses((list) => [...list, minutes].sort((a, b) => a - b)), form.set('pause', minutes))} />
      <Field hint={T.vatExemptHint}>
        <Switch label={T.vatExempt} checked={shownVatExempt} onChange={(_, data) => form.set('vatExempt', data.checked)} />
      </Field>
      <Field label={T.paymentAtBooking} hint={accountHint} {...form.field('paymentAtBooking')}>
        <RadioGroup value={values.paymentAtBooking} onChange={(_, data) => form.set('paymentAtBooking', data.value as TreatmentDraft['paymentAtBooking'])}>
          <Radio value="none" label={T.paymentKinds.none} />
          <Radio value="full" label={T.paymentKinds.full} disabled={payingOff} />
          <Radio value="deposit" label={T.paymentKinds.deposit} disabled={payingOff} />
        </RadioGroup>
      </Field>
      {values.paymentAtBooking === 'deposit' && (
        <Field label={T.deposit} required hint={T.depositHint} {...form.field('depositOre')}>
          <Input value={values.depositOre} inputMode="decimal" onChange={(_, data) => form.set('depositOre', data.value)} />
        </Field>
      )}
      <Field label={T.noShowFee} hint={T.noShowFeeHint} {...form.field('noShowFeeOre')}>
        <Input value={values.noShowFeeOre} inputMode="decimal" onChange={(_, data) => form.set('noShowFeeOre', data.value)} />
      </Field>
    </FormDialog>
  );
}

/**
 * Create or edit a treatment (spec 3, treatment form): name, price, a duration from the presets (20 Min … 2 Hrs)
 * or a custom one in Hrs or Min, a pause from its presets (0 … 15 Min) or a custom one, and whether it is a health
 * service exempt from VAT (issue 43; a new one shows the clinic's default until changed, and is saved with it). Checked
 * with the same schema the server uses; the server's answer is shown if it refuses anyway.
 */
import { useMemo, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Switch,
  makeStyles,
} from '@fluentui/react-components';
import { actions, DURATION_PRESET_MINUTES, fieldErrorsFromIssues, PAUSE_PRESET_MINUTES, type ActionInput, type Treatment } from '@klinik/core';
import { useMutation, useQuery } from '@klinik/ui';
import type { CalendarApi } from '../../api';
import { texts } from './texts';

const T = texts.treatmentDialog;

type TreatmentFields = ActionInput<'addTreatment'>;

/** A refusal without a message of its own (not the server's) says the spec's general text. */
function withMessage(reason: unknown): never {
  throw reason instanceof Error && reason.message ? reason : new Error(texts.treatments.saveFailed);
}

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
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
  const styles = useStyles();
  const [name, setName] = useState(treatment?.name ?? '');
  const [price, setPrice] = useState(treatment ? String(treatment.price).replace('.', ',') : '');
  const [duration, setDuration] = useState<number | null>(treatment ? treatment.duration / 60 : null);
  const [pause, setPause] = useState<number | null>(treatment ? treatment.pause / 60 : 0);
  const [durations, setDurations] = useState<number[]>(() => [...new Set([...DURATION_PRESET_MINUTES, ...(treatment ? [treatment.duration / 60] : [])])].sort((a, b) => a - b));
  const [pauses, setPauses] = useState<number[]>(() => [...new Set([...PAUSE_PRESET_MINUTES, ...(treatment ? [treatment.pause / 60] : [])])].sort((a, b) => a - b));
  // null: not chosen, so the clinic's default (not 'Momsregistreret' → exempt), which the server applies too.
  const [vatExempt, setVatExempt] = useState<boolean | null>(treatment ? treatment.vatExempt : null);
  const company = useQuery(['getCompany'], async () => (await api.company()).data);
  const shownVatExempt = vatExempt ?? company.data?.moms === false;
  const [submitted, setSubmitted] = useState(false);
  const save = useMutation((fields: TreatmentFields) => (treatment ? api.setTreatment({ id: treatment.id, ...fields }) : api.addTreatment(fields)).catch(withMessage), {
    notify,
    invalidates: [['getAllTreatment']],
    onSuccess: onClose,
  });

  const clientErrors = useMemo(() => {
    const input = { name, price, duration: duration === null ? undefined : duration * 60, pause: pause === null ? undefined : pause * 60 };
    const parsed = actions.addTreatment.input.safeParse(input);
    return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  }, [name, price, duration, pause]);
  const errorOf = (field: string) => save.fieldErrors[field] ?? (submitted ? clientErrors[field] : undefined);

  function submit() {
    setSubmitted(true);
    save.reset();
    if (Object.keys(clientErrors).length || duration === null || pause === null) return;
    void save.run({ name, price, duration: duration * 60, pause: pause * 60, ...(vatExempt === null ? {} : { vatExempt }) });
  }

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !save.pending && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{treatment ? T.editTitle : T.createTitle}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={T.name} required validationMessage={errorOf('name')} validationState={errorOf('name') ? 'error' : 'none'}>
              <Input value={name} maxLength={100} onChange={(_, data) => setName(data.value)} />
            </Field>
            <Field label={T.price} required validationMessage={errorOf('price')} validationState={errorOf('price') ? 'error' : 'none'}>
              <Input value={price} inputMode="decimal" onChange={(_, data) => setPrice(data.value)} />
            </Field>
            <Field label={T.duration} required validationMessage={errorOf('duration')} validationState={errorOf('duration') ? 'error' : 'none'}>
              <Select value={duration === null ? '' : String(duration)} onChange={(_, data) => setDuration(data.value ? Number(data.value) : null)}>
                <option value="">{T.chooseDuration}</option>
                {durations.map((minutes) => (
                  <option key={minutes} value={String(minutes)}>
                    {minutesLabel(minutes)}
                  </option>
                ))}
              </Select>
            </Field>
            <CustomMinutes label={T.customDuration} options={durations} onAdd={(minutes) => (setDurations((list) => [...list, minutes].sort((a, b) => a - b)), setDuration(minutes))} />
            <Field label={T.pause} required validationMessage={errorOf('pause')} validationState={errorOf('pause') ? 'error' : 'none'}>
              <Select value={pause === null ? '' : String(pause)} onChange={(_, data) => setPause(data.value ? Number(data.value) : null)}>
                {pauses.map((minutes) => (
                  <option key={minutes} value={String(minutes)}>
                    {minutesLabel(minutes)}
                  </option>
                ))}
              </Select>
            </Field>
            <CustomMinutes label={T.customPause} options={pauses} onAdd={(minutes) => (setPauses((list) => [...list, minutes].sort((a, b) => a - b)), setPause(minutes))} />
            <Field hint={T.vatExemptHint}>
              <Switch label={T.vatExempt} checked={shownVatExempt} onChange={(_, data) => setVatExempt(data.checked)} />
            </Field>
            {save.error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{save.error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={save.pending}>
              {T.cancel}
            </Button>
            <Button appearance="primary" onClick={submit} disabled={save.pending}>
              {treatment ? T.save : T.create}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The inputs of the Stamdata panel, each bound to one field of the client's record: it shows the draft, edits
 * it (the record saves it after the pause), the rule's or the server's message under it and its save state.
 */
import { Field, Input, Radio, RadioGroup, Select, Switch, type InputProps } from '@fluentui/react-components';
import { CIVIL_STATUSES } from '@klinik/core/records';
import { SaveState } from '../saving/RecordTextarea';
import type { EditableRecord, FieldState } from '../saving/savers';
import { useRecordField } from '../saving/useRecordField';
import { texts } from '../texts';
import type { StamdataField, StamdataValues } from './stamdata';

const T = texts.stamdata;
const L = T.labels;

export type StamdataRecord = EditableRecord<StamdataValues>;
type TextField = Exclude<StamdataField, 'sex' | 'reminder' | 'followUp' | 'newsletter' | 'tags'>;

/** A refused value's message under its field (a value waiting to be saved shows none). */
export function fieldState<K extends StamdataField>(state: FieldState<StamdataValues[K]>) {
  const shown = state.status === 'invalid' || state.status === 'error';
  return { validationState: shown && state.error ? ('error' as const) : ('none' as const), validationMessage: shown && state.error ? state.error : undefined };
}

export function TextInput({
  record,
  field,
  required = false,
  keep,
  show,
  ...input
}: {
  record: StamdataRecord;
  field: TextField;
  required?: boolean;
  /** What the input keeps of what is typed (digits only, say). */
  keep?: (value: string) => string;
  /** How the stored value is shown (the phone's pairs). */
  show?: (value: string) => string;
} & Pick<InputProps, 'inputMode' | 'maxLength' | 'type' | 'autoComplete'>) {
  const state = useRecordField(record, field);
  return (
    <div>
      <Field label={L[field]} required={required} {...fieldState(state)}>
        <Input
          {...input}
          value={show ? show(state.draft) : state.draft}
          onChange={(_, data) => record.edit(field, keep ? keep(data.value) : data.value)}
          onBlur={() => record.flush()}
        />
      </Field>
      <SaveState state={state} />
    </div>
  );
}

export function CivilStatus({ record }: { record: StamdataRecord }) {
  const state = useRecordField(record, 'civilStatus');
  return (
    <div>
      <Field label={L.civilStatus} {...fieldState(state)}>
        <Select value={state.draft} onChange={(_, data) => record.edit('civilStatus', data.value)}>
          <option value="">{T.civilStatusNone}</option>
          {CIVIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
      </Field>
      <SaveState state={state} />
    </div>
  );
}

export function Sex({ record }: { record: StamdataRecord }) {
  const state = useRecordField(record, 'sex');
  return (
    <div>
      <Field label={L.sex} {...fieldState(state)}>
        <RadioGroup layout="horizontal" value={String(state.draft)} onChange={(_, data) => record.edit('sex', Number(data.value))}>
          <Radio value="1" label={T.sexMale} />
          <Radio value="2" label={T.sexFemale} />
        </RadioGroup>
      </Field>
      <SaveState state={state} />
    </div>
  );
}

export function Toggle({ record, field }: { record: StamdataRecord; field: 'reminder' | 'followUp' | 'newsletter' }) {
  const state = useRecordField(record, field);
  return (
    <div>
      <Switch label={L[field]} checked={state.draft} onChange={(_, data) => record.edit(field, data.checked)} />
      <SaveState state={state} />
    </div>
  );
}

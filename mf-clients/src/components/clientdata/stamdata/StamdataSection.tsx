/**
 * The 'Stamdata' panel: every Client field a therapist can change, each saving on its own 300 ms after typing
 * stops (spec 2 §4), with the spec's rules checked first (an invalid value is shown with its message and not
 * sent) and the server's message under the field when it refuses one. The profile image sits here too.
 */
import { useState } from 'react';
import {
  Button,
  Caption1,
  Field,
  Input,
  Radio,
  RadioGroup,
  Select,
  Switch,
  Text,
  makeStyles,
  tokens,
  type InputProps,
} from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import type { ClientRecord } from '@klinik/core';
import { CIVIL_STATUSES, dedupeTags, formatPhonePairs } from '@klinik/core/records';
import { useClientPage } from '../page/context';
import { formatWhen } from '../page/format';
import type { PrintEntry } from '../page/printModel';
import { useRecordField } from '../saving/useRecordField';
import { SaveState } from '../saving/RecordTextarea';
import { retryable } from '../page/retryable';
import type { EditableRecord, FieldState } from '../saving/savers';
import { SectionToolbar } from '../page/SectionToolbar';
import { digitsOnly, phoneDigits, type StamdataField, type StamdataValues } from './stamdata';
import { texts } from '../texts';

const ImagesPanel = retryable(() => import('../images/ImagesPanel'));

const T = texts.stamdata;
const L = T.labels;

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '4px 16px', alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  switches: { display: 'flex', flexWrap: 'wrap', gap: '4px 24px', alignItems: 'center' },
  tagRow: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  tagInput: { minWidth: '220px', flexGrow: 1, maxWidth: '420px' },
  tags: { display: 'flex', flexWrap: 'wrap', gap: '6px', listStyleType: 'none', margin: '8px 0 0', padding: 0 },
  tag: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2px',
    paddingLeft: '10px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  section: { marginTop: '16px' },
  answers: { margin: '4px 0 0', display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px' },
  dd: { margin: 0, whiteSpace: 'pre-wrap' },
});

type Record_ = EditableRecord<StamdataValues>;
type TextField = Exclude<StamdataField, 'sex' | 'reminder' | 'followUp' | 'newsletter' | 'tags'>;

function fieldState<K extends StamdataField>(state: FieldState<StamdataValues[K]>) {
  const shown = state.status === 'invalid' || state.status === 'error';
  return { validationState: shown && state.error ? ('error' as const) : ('none' as const), validationMessage: shown && state.error ? state.error : undefined };
}

function TextInput({
  record,
  field,
  required = false,
  keep,
  show,
  ...input
}: {
  record: Record_;
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

function CivilStatus({ record }: { record: Record_ }) {
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

function Sex({ record }: { record: Record_ }) {
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

function Toggle({ record, field }: { record: Record_; field: 'reminder' | 'followUp' | 'newsletter' }) {
  const state = useRecordField(record, field);
  return (
    <div>
      <Switch label={L[field]} checked={state.draft} onChange={(_, data) => record.edit(field, data.checked)} />
      <SaveState state={state} />
    </div>
  );
}

/** Problems (tags): a de-duplicated list with search and add (spec 2 §4). */
function Tags({ record }: { record: Record_ }) {
  const styles = useStyles();
  const state = useRecordField(record, 'tags');
  const [query, setQuery] = useState('');
  const search = query.trim().toLocaleLowerCase('da');
  const shown = search ? state.draft.filter((tag) => tag.toLocaleLowerCase('da').includes(search)) : state.draft;
  const exists = state.draft.some((tag) => tag.toLocaleLowerCase('da') === search);
  const add = () => {
    if (!query.trim()) return;
    record.edit('tags', dedupeTags([...state.draft, query]));
    setQuery('');
  };
  return (
    <div>
      <div className={styles.tagRow}>
        <Field label={T.tagSearch} className={styles.tagInput} {...fieldState(state)}>
          <Input
            type="search"
            value={query}
            onChange={(_, data) => setQuery(data.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <Button icon={<AddRegular />} disabled={!query.trim() || exists} onClick={add}>
          {T.tagAdd}
        </Button>
      </div>
      {state.draft.length === 0 && !search && <Caption1 className={styles.muted}>{T.noTags}</Caption1>}
      {search && shown.length === 0 && <Text role="status">{T.noTagsFound}</Text>}
      {shown.length > 0 && (
        <ul className={styles.tags} aria-label={L.tags}>
          {shown.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
              <Button
                size="small"
                appearance="transparent"
                icon={<DismissRegular />}
                aria-label={T.tagRemove(tag)}
                onClick={() => record.edit('tags', state.draft.filter((item) => item !== tag))}
              />
            </li>
          ))}
        </ul>
      )}
      <SaveState state={state} />
    </div>
  );
}

/** The Stamdata as printed: the values the panel shows. */
export function stamdataPrintEntries(values: StamdataValues): PrintEntry[] {
  const yesNo = (value: boolean) => (value ? 'Ja' : 'Nej');
  const sex = values.sex === 1 ? T.sexMale : values.sex === 2 ? T.sexFemale : '';
  return [
    { label: L.nameFirst, value: values.nameFirst },
    { label: L.nameLast, value: values.nameLast },
    { label: 'CPR', value: `${values.CPR6Digit}-${values.CPRLast4Digit}` },
    { label: L.address, value: values.address },
    { label: L.post, value: values.post },
    { label: L.town, value: values.town },
    { label: L.email, value: values.email },
    { label: L.phonePrivate, value: formatPhonePairs(values.phonePrivate) },
    { label: L.phoneWork, value: formatPhonePairs(values.phoneWork) },
    { label: L.phoneRelative, value: formatPhonePairs(values.phoneRelative) },
    { label: L.civilStatus, value: values.civilStatus },
    { label: L.sex, value: sex },
    { label: L.education, value: values.education },
    { label: L.children, value: values.children },
    { label: L.doctor, value: values.doctor },
    { label: L.otherTreater, value: values.otherTreater },
    { label: L.reminder, value: yesNo(values.reminder) },
    { label: L.followUp, value: yesNo(values.followUp) },
    { label: L.newsletter, value: yesNo(values.newsletter) },
    { label: L.tags, value: values.tags.join(', ') },
  ];
}

export default function StamdataSection({ record, client, onClose }: { record: Record_; client: ClientRecord; onClose(): void }) {
  const styles = useStyles();
  const services = useClientPage();
  const phone = { keep: phoneDigits, show: formatPhonePairs, inputMode: 'tel' as const, type: 'tel' as const };

  return (
    <>
      <SectionToolbar
        onPrint={() => {
          record.flush();
          services.print({ title: texts.page.stamdata, entries: stamdataPrintEntries(record.drafts()) });
        }}
        onClose={onClose}
        history={{ entities: ['client'] }}
      />
      <div className={styles.grid}>
        <TextInput record={record} field="nameFirst" required autoComplete="off" />
        <TextInput record={record} field="nameLast" required autoComplete="off" />
        <TextInput record={record} field="CPR6Digit" required keep={(value) => digitsOnly(value, 6)} inputMode="numeric" maxLength={6} autoComplete="off" />
        <TextInput record={record} field="CPRLast4Digit" required keep={(value) => digitsOnly(value, 4)} inputMode="numeric" maxLength={4} autoComplete="off" />
        <TextInput record={record} field="address" required autoComplete="off" />
        <TextInput record={record} field="post" required keep={(value) => digitsOnly(value, 8)} inputMode="numeric" autoComplete="off" />
        <TextInput record={record} field="town" required autoComplete="off" />
        <TextInput record={record} field="email" type="email" autoComplete="off" />
        <TextInput record={record} field="phonePrivate" {...phone} />
        <TextInput record={record} field="phoneWork" {...phone} />
        <TextInput record={record} field="phoneRelative" {...phone} />
        <CivilStatus record={record} />
        <Sex record={record} />
        <TextInput record={record} field="education" />
        <TextInput record={record} field="children" keep={(value) => digitsOnly(value, 2)} inputMode="numeric" maxLength={2} />
        <TextInput record={record} field="doctor" />
        <TextInput record={record} field="otherTreater" />
        <div className={`${styles.switches} ${styles.wide}`}>
          <Toggle record={record} field="reminder" />
          <Toggle record={record} field="followUp" />
          <Toggle record={record} field="newsletter" />
        </div>
        <div className={styles.wide}>
          <Tags record={record} />
        </div>
      </div>
      {client.updatedBy && <Caption1 className={styles.muted}>{T.updatedBy(client.updatedBy, formatWhen(client.updatedAt))}</Caption1>}
      {client.intakeAnswers.length > 0 && (
        <section className={styles.section} aria-label={T.intakeAnswers}>
          <Text weight="semibold">{T.intakeAnswers}</Text>
          <dl className={styles.answers}>
            {client.intakeAnswers.map((answer) => (
              <div key={`${answer.questionId}-${answer.submittedAt}`} style={{ display: 'contents' }}>
                <dt>{answer.fieldName}</dt>
                <dd className={styles.dd}>{answer.fieldType === 'checkbox' ? (answer.value === 'true' ? 'Ja' : 'Nej') : answer.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <section className={styles.section} aria-label={T.profileImage}>
        <Text weight="semibold">{T.profileImage}</Text>
        <ImagesPanel kind="profile" />
      </section>
    </>
  );
}

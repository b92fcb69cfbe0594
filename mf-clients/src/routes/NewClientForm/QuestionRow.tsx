/**
 * One question of the 'Spørgsmål' tab: as shown (a checkbox that puts it in the form, its type, edit and delete),
 * or as edited (name, type, required; a new question is edited before it exists).
 */
import { Button, Checkbox, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { ClientFormField } from '@klinik/core';
import { CLIENT_FORM_FIELD_TYPES, type ClientFormFieldType } from '@klinik/core/records';
import { texts } from './texts';

export interface QuestionDraft {
  fieldName: string;
  fieldType: ClientFormFieldType;
  isRequired: boolean;
}

export const draftOf = (question: ClientFormField): QuestionDraft => ({ fieldName: question.fieldName, fieldType: question.fieldType, isRequired: question.isRequired });

const useStyles = makeStyles({
  view: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 12px' },
  select: { flex: '1 1 200px', minWidth: 0 },
  facts: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  buttons: { display: 'flex', gap: '4px', marginLeft: 'auto' },
  edit: {
    display: 'grid',
    gap: '8px 12px',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
    alignItems: 'end',
  },
  name: { gridColumn: '1 / -1' },
  editButtons: { display: 'flex', gap: '8px', justifyContent: 'flex-end', gridColumn: '1 / -1' },
});

export function QuestionEditor({
  draft,
  isNew,
  busy,
  error,
  onChange,
  onSave,
  onCancel,
}: {
  draft: QuestionDraft;
  isNew: boolean;
  busy: boolean;
  error: string | null;
  onChange: (change: Partial<QuestionDraft>) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.edit}>
      <Field className={styles.name} label={texts.questionName} required validationState={error ? 'error' : 'none'} validationMessage={error ?? undefined}>
        <Input
          value={draft.fieldName}
          maxLength={300}
          disabled={busy}
          autoFocus={isNew}
          onChange={(_, data) => onChange({ fieldName: data.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSave();
          }}
        />
      </Field>
      <Field label={texts.questionType}>
        <Select value={draft.fieldType} disabled={busy} onChange={(_, data) => onChange({ fieldType: data.value as ClientFormFieldType })}>
          {CLIENT_FORM_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {texts.fieldTypes[type]}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox label={texts.required} checked={draft.isRequired} disabled={busy} onChange={(_, data) => onChange({ isRequired: data.checked === true })} />
      <div className={styles.editButtons}>
        <Button onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button appearance="primary" onClick={onSave} disabled={busy}>
          {isNew ? texts.save : texts.update}
        </Button>
      </div>
    </div>
  );
}

export function QuestionView({
  question,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  question: ClientFormField;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.view}>
      <div className={styles.select}>
        <Checkbox label={question.fieldName} checked={selected} onChange={(_, data) => onSelect(data.checked === true)} />
      </div>
      <span className={styles.facts}>
        {texts.fieldTypes[question.fieldType]} · {question.isRequired ? texts.required : texts.optional}
      </span>
      <span className={styles.buttons}>
        <Button appearance="subtle" icon={<EditRegular />} aria-label={texts.editQuestion(question.fieldName)} title={texts.edit} onClick={onEdit} />
        <Button appearance="subtle" icon={<DeleteRegular />} aria-label={texts.deleteQuestion(question.fieldName)} title={texts.delete} onClick={onDelete} />
      </span>
    </div>
  );
}

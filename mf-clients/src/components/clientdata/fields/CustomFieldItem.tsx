/**
 * One custom field: its text (saved by its record), 'Omdøb' while it can be written and is not fixed, 'Slet' while
 * it is also still empty, and its comments where the server allows them (`commentable`).
 */
import { useState } from 'react';
import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { CustomField } from '@klinik/core';
import { useMutation } from '@klinik/ui';
import { useClientPage } from '../page/context';
import { RecordTextarea } from '../saving/RecordTextarea';
import { useRecordField } from '../saving/useRecordField';
import { texts } from '../texts';
import { commentTarget } from './commentStore';
import { customFieldKey, customFieldRecord, type FetchFields } from './customFieldRecords';
import { FieldComments } from './FieldComments';

const T = texts.fields;

const useStyles = makeStyles({
  rename: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap', marginTop: '16px' },
});

export function CustomFieldItem({
  field,
  fetchFields,
  refresh,
  readOnlyHint,
  onDelete,
  onRenamed,
}: {
  field: CustomField;
  fetchFields: FetchFields;
  /** Loads the shown list again (after a rename the server refused). */
  refresh: () => Promise<void>;
  readOnlyHint: string | null;
  onDelete: (field: CustomField) => void;
  onRenamed: (field: CustomField) => void;
}) {
  const styles = useStyles();
  const services = useClientPage();
  const record = services.records.get(customFieldKey(field.id), () => customFieldRecord(services, field, fetchFields));
  const state = useRecordField(record, 'value');
  const deletable = !field.locked && field.editable && state.draft === '' && state.saved === '';
  const [renaming, setRenaming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A rename moves the field's version, so it waits until the text is saved and hands the new version on.
  const rename = useMutation((name: string) => services.api.setCustomField({ id: field.id, version: record.currentVersion, name }), {
    onSuccess: (answer) => {
      record.sync({ version: answer.data.version, values: { value: answer.data.value } });
      onRenamed(answer.data);
      setRenaming(null);
    },
  });

  async function saveName() {
    const name = (renaming ?? '').trim();
    setProblem(null);
    if (!name) return setProblem(T.newFieldName);
    if (record.hasUnsaved()) return setProblem(T.renameWait);
    // Refused (renamed or locked meanwhile, say): the list shows what the server holds now.
    if (!(await rename.run(name))) void refresh();
  }

  function cancel() {
    setRenaming(null);
    setProblem(null);
    rename.reset();
  }

  return (
    <RecordTextarea record={record} field="value" label={field.name} readOnly={!field.editable} hint={field.editable ? undefined : (readOnlyHint ?? undefined)}>
      {!field.locked && field.editable && renaming === null && (
        <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setRenaming(field.name)}>
          {T.renameField(field.name)}
        </Button>
      )}
      {renaming !== null && (
        <div className={styles.rename}>
          <Field label={T.renameLabel(field.name)} validationMessage={problem ?? rename.error ?? undefined}>
            <Input
              value={renaming}
              maxLength={200}
              onChange={(_, data) => setRenaming(data.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void saveName();
                }
              }}
            />
          </Field>
          <Button appearance="primary" disabled={rename.pending} onClick={() => void saveName()}>
            {T.renameSave}
          </Button>
          <Button onClick={cancel}>{T.renameCancel}</Button>
        </div>
      )}
      {deletable && (
        <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(field)}>
          {T.deleteField(field.name)}
        </Button>
      )}
      <FieldComments
        target={commentTarget.customField(field.id)}
        fieldLabel={field.name}
        base={{ customFieldId: field.id, customFieldName: field.name, ...(field.journalId ? { journalId: field.journalId } : {}) }}
        canAdd={field.commentable}
      />
    </RecordTextarea>
  );
}

/**
 * Custom fields (spec 2, Custom field): the Stamjournal's fields of a client, or the extra fields of one journal.
 * Each field is a text that saves itself (300 ms, on top of its version; a 409 keeps the user's text and shows
 * the saved one), locked 24 hours after its first input (the server says so with `editable`), with its comments
 * where the server allows them (`commentable`). Fields that are not fixed and still empty can be deleted; new ones
 * are added by name; fields that are not fixed can be renamed while they can be written.
 */
import { useState } from 'react';
import { Button, Caption1, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { CustomField } from '@klinik/core';
import { FIELD_SAVE_DEBOUNCE_MS } from '@klinik/core/records';
import { texts } from '../texts';
import { commentTarget } from './commentStore';
import { useClientPage, type ClientPageServices } from '../page/context';
import { FieldComments } from './FieldComments';
import type { PrintEntry } from '../page/printModel';
import { useRecordField } from '../saving/useRecordField';
import { RecordTextarea } from '../saving/RecordTextarea';
import { retryable } from '../page/retryable';
import { EditableRecord, errorMessage } from '../saving/savers';

const ConfirmDialog = retryable(() => import('@klinik/ui/ConfirmDialog'), null);

const T = texts.fields;

const useStyles = makeStyles({
  list: { display: 'grid', gap: '16px' },
  add: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap', marginTop: '16px' },
  addInput: { minWidth: '220px', flexGrow: 1, maxWidth: '420px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

type FieldValue = { value: string };

export const customFieldKey = (id: string) => `field:${id}`;

/** The record of one custom field, saved on top of its version; a conflict reloads the list it came from. */
export function customFieldRecord(services: ClientPageServices, field: CustomField, reload: () => Promise<CustomField[]>): EditableRecord<FieldValue> {
  return new EditableRecord<FieldValue>({
    snapshot: { version: field.version, values: { value: field.value } },
    debounceMs: FIELD_SAVE_DEBOUNCE_MS,
    persist: async (_key, value, version) => {
      const answer = await services.api.setCustomField({ id: field.id, version, value });
      return { version: answer.data.version, values: { value: answer.data.value } };
    },
    reload: async () => {
      const fresh = (await reload()).find((item) => item.id === field.id);
      return fresh ? { version: fresh.version, values: { value: fresh.value } } : null;
    },
  });
}

/** Gets (or makes) the records of the fields and seeds their comments; called whenever the list is loaded. */
export function adoptCustomFields(services: ClientPageServices, fields: CustomField[], reload: () => Promise<CustomField[]>): void {
  for (const field of fields) {
    const existing = services.records.peek<FieldValue>(customFieldKey(field.id));
    if (existing) existing.sync({ version: field.version, values: { value: field.value } });
    else services.records.get(customFieldKey(field.id), () => customFieldRecord(services, field, reload));
    services.comments.seed(commentTarget.customField(field.id), field.comments);
  }
}

/** The fields as printed: the texts the panel shows, with their comments. */
export function customFieldPrintEntries(services: ClientPageServices, fields: CustomField[]): PrintEntry[] {
  return fields.map((field) => {
    const record = services.records.peek<FieldValue>(customFieldKey(field.id));
    record?.flush();
    return {
      label: field.name,
      value: record ? record.field('value').draft : field.value,
      comments: services.comments.get(commentTarget.customField(field.id)).map((comment) => ({ by: comment.createdBy, at: comment.createdAt, text: comment.value })),
    };
  });
}

function CustomFieldItem({
  field,
  reload,
  readOnlyHint,
  onDelete,
  onRenamed,
}: {
  field: CustomField;
  reload: () => Promise<CustomField[]>;
  readOnlyHint: string;
  onDelete(field: CustomField): void;
  onRenamed(field: CustomField): void;
}) {
  const styles = useStyles();
  const services = useClientPage();
  const record = services.records.get(customFieldKey(field.id), () => customFieldRecord(services, field, reload));
  const state = useRecordField(record, 'value');
  const deletable = !field.locked && field.editable && state.draft === '' && state.saved === '';
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);

  // A rename moves the field's version, so it waits until the text is saved and hands the new version on.
  async function rename() {
    const name = (renaming ?? '').trim();
    if (!name) return setRenameError(T.newFieldName);
    if (record.hasUnsaved()) return setRenameError(T.renameWait);
    try {
      const answer = await services.api.setCustomField({ id: field.id, version: record.currentVersion, name });
      record.sync({ version: answer.data.version, values: { value: answer.data.value } });
      onRenamed(answer.data);
      setRenaming(null);
      setRenameError(null);
    } catch (reason) {
      setRenameError(errorMessage(reason));
      void reload();
    }
  }

  return (
    <RecordTextarea record={record} field="value" label={field.name} readOnly={!field.editable} hint={field.editable ? undefined : readOnlyHint}>
      {!field.locked && field.editable && renaming === null && (
        <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setRenaming(field.name)}>
          {T.renameField(field.name)}
        </Button>
      )}
      {renaming !== null && (
        <div className={styles.add}>
          <Field label={T.renameLabel(field.name)} validationMessage={renameError ?? undefined}>
            <Input
              value={renaming}
              maxLength={200}
              onChange={(_, data) => setRenaming(data.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void rename();
                }
              }}
            />
          </Field>
          <Button appearance="primary" onClick={() => void rename()}>
            {T.renameSave}
          </Button>
          <Button onClick={() => (setRenaming(null), setRenameError(null))}>{T.renameCancel}</Button>
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

export function CustomFields({
  fields,
  setFields,
  reload,
  journalId,
  canAddFields,
  readOnlyHint = T.lockedHint,
  emptyText,
}: {
  fields: CustomField[];
  setFields(update: (fields: CustomField[]) => CustomField[]): void;
  reload: () => Promise<CustomField[]>;
  /** Set for a journal's fields. */
  journalId?: string;
  canAddFields: boolean;
  readOnlyHint?: string;
  emptyText?: string;
}) {
  const styles = useStyles();
  const services = useClientPage();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CustomField | null>(null);

  async function add() {
    if (!name.trim()) return setAddError(texts.fields.newFieldName);
    setAdding(true);
    setAddError(null);
    try {
      const answer = await services.api.addCustomField({
        clientId: services.clientId,
        name: name.trim(),
        isJournal: Boolean(journalId),
        ...(journalId ? { journalId } : {}),
      });
      adoptCustomFields(services, [answer.data], reload);
      setFields((current) => [...current, answer.data]);
      setName('');
      services.notify(T.fieldAdded);
    } catch (reason) {
      // 403 'Kan kun bruges med pro abonnement' and the rest: the server's message beside the button.
      setAddError(errorMessage(reason));
    } finally {
      setAdding(false);
    }
  }

  return (
    <>
      {fields.length === 0 && emptyText && <Caption1 className={styles.muted}>{emptyText}</Caption1>}
      <div className={styles.list}>
        {fields.map((field) => (
          <CustomFieldItem
            key={field.id}
            field={field}
            reload={reload}
            readOnlyHint={readOnlyHint}
            onDelete={setDeleting}
            onRenamed={(renamed) => setFields((current) => current.map((item) => (item.id === renamed.id ? renamed : item)))}
          />
        ))}
      </div>
      {canAddFields && (
        <div className={styles.add}>
          <Field label={T.newFieldName} className={styles.addInput}>
            <Input
              value={name}
              maxLength={200}
              onChange={(_, data) => setName(data.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void add();
                }
              }}
            />
          </Field>
          <Button icon={<AddRegular />} disabled={adding || !name.trim()} onClick={() => void add()}>
            {T.addField}
          </Button>
        </div>
      )}
      {addError && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{addError}</MessageBarBody>
        </MessageBar>
      )}
      {deleting && (
        <ConfirmDialog
          open
          body={T.deleteFieldBody(deleting.name)}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const answer = await services.api.deleteCustomField(deleting.id);
            services.records.forget(customFieldKey(deleting.id));
            setFields((current) => current.filter((item) => item.id !== deleting.id));
            services.notify(answer.message || T.fieldDeleted);
          }}
        />
      )}
    </>
  );
}

/**
 * Custom fields (spec 2, Custom field): the Stamjournal's fields of a client, or the extra fields of one journal.
 * Each field is a text that saves itself (300 ms, on top of its version; a 409 keeps the user's text and shows
 * the saved one), locked 24 hours after its first input (the server says so with `editable`), with its comments
 * where the server allows them (`commentable`). Fields that are not fixed and still empty can be deleted; new ones
 * are added by name; fields that are not fixed can be renamed while they can be written.
 */
import { useState } from 'react';
import { Button, Caption1, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { CustomField } from '@klinik/core';
import { useMutation } from '@klinik/ui';
import { useClientPage } from '../page/context';
import { retryable } from '../page/retryable';
import { texts } from '../texts';
import { adoptCustomFields, customFieldKey, type FetchFields } from './customFieldRecords';
import { CustomFieldItem } from './CustomFieldItem';

const ConfirmDialog = retryable(() => import('@klinik/ui/ConfirmDialog'), null);

const T = texts.fields;

const useStyles = makeStyles({
  list: { display: 'grid', gap: '16px' },
  add: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap', marginTop: '16px' },
  addInput: { minWidth: '220px', flexGrow: 1, maxWidth: '420px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** 'Tilføj felt': a new field by name; the server's refusal (403 'Kan kun bruges med pro abonnement' and the rest) beside the button. */
function AddField({ journalId, fetchFields, onAdded }: { journalId?: string; fetchFields: FetchFields; onAdded: (field: CustomField) => void }) {
  const styles = useStyles();
  const services = useClientPage();
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const add = useMutation(
    (fieldName: string) => services.api.addCustomField({ clientId: services.clientId, name: fieldName, isJournal: Boolean(journalId), ...(journalId ? { journalId } : {}) }),
    {
      notify: services.notify,
      successText: T.fieldAdded,
      onSuccess: (answer) => {
        adoptCustomFields(services, [answer.data], fetchFields);
        onAdded(answer.data);
        setName('');
      },
    },
  );
  const submit = () => {
    setMissing(!name.trim());
    if (name.trim()) void add.run(name.trim());
  };
  const problem = add.error ?? (missing ? T.newFieldName : null);

  return (
    <>
      <div className={styles.add}>
        <Field label={T.newFieldName} className={styles.addInput}>
          <Input
            value={name}
            maxLength={200}
            onChange={(_, data) => setName(data.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              }
            }}
          />
        </Field>
        <Button icon={<AddRegular />} disabled={add.pending || !name.trim()} onClick={submit}>
          {T.addField}
        </Button>
      </div>
      {problem && (
        <MessageBar intent="warning" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

export function CustomFields({
  fields,
  setFields,
  fetchFields,
  refresh,
  journalId,
  canAddFields,
  readOnlyHint = T.lockedHint,
  emptyText,
}: {
  fields: readonly CustomField[];
  /** Changes the shown list (with what the server answered). */
  setFields: (update: (fields: readonly CustomField[]) => CustomField[]) => void;
  fetchFields: FetchFields;
  /** Loads the shown list again. */
  refresh: () => Promise<void>;
  /** Set for a journal's fields. */
  journalId?: string;
  canAddFields: boolean;
  /** Under a field that can no longer be changed; null: none (the page says it once for all). */
  readOnlyHint?: string | null;
  emptyText?: string;
}) {
  const styles = useStyles();
  const services = useClientPage();
  const [deleting, setDeleting] = useState<CustomField | null>(null);

  return (
    <>
      {fields.length === 0 && emptyText && <Caption1 className={styles.muted}>{emptyText}</Caption1>}
      <div className={styles.list}>
        {fields.map((field) => (
          <CustomFieldItem
            key={field.id}
            field={field}
            fetchFields={fetchFields}
            refresh={refresh}
            readOnlyHint={readOnlyHint}
            onDelete={setDeleting}
            onRenamed={(renamed) => setFields((current) => current.map((item) => (item.id === renamed.id ? renamed : item)))}
          />
        ))}
      </div>
      {canAddFields && <AddField journalId={journalId} fetchFields={fetchFields} onAdded={(added) => setFields((current) => [...current, added])} />}
      {deleting && (
        <ConfirmDialog
          open
          body={T.deleteFieldBody(deleting.name)}
          onClose={() => setDeleting(null)}
          // The dialog shows a failure itself and stays open, so the call is made here rather than as a mutation.
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

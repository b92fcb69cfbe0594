/**
 * The 'Spørgsmål' tab (spec 2 §4 Client form): the clinic's questions, each with a checkbox that puts it in the
 * form; 'Tilføj spørgsmål' adds an unsaved draft at the top; saving or updating reloads the list; deleting asks
 * first ('Slet spørgsmål', 'Luk' / 'Slet'). The confirmation loads when first opened.
 */
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Select,
  Skeleton,
  SkeletonItem,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { CLIENT_FORM_FIELD_TYPES, type ClientFormFieldType } from '@klinik/core/records';
import type { ClientFormField } from '@klinik/core';
import { ActionError } from '@klinik/core/client';
import { LoadError } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import { texts } from './texts';

const ConfirmDialog = lazy(() => import('@klinik/ui/ConfirmDialog'));

interface QuestionDraft {
  fieldName: string;
  fieldType: ClientFormFieldType;
  isRequired: boolean;
}

/** A row of the list: a saved question, or a draft (isNew) not yet on the server. */
interface Row {
  key: string;
  question: ClientFormField | null;
  isNew: boolean;
  isEditing: boolean;
  draft: QuestionDraft;
  error?: string;
  busy?: boolean;
}

const useStyles = makeStyles({
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', justifyContent: 'space-between', marginBottom: '12px' },
  hint: { color: tokens.colorNeutralForeground3 },
  list: { display: 'grid', gap: '8px', margin: 0, padding: 0, listStyleType: 'none' },
  row: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '8px 12px',
  },
  draftRow: { border: `1px solid ${tokens.colorBrandStroke1}` },
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

let draftCounter = 0;
const viewRow = (question: ClientFormField): Row => ({
  key: question.id,
  question,
  isNew: false,
  isEditing: false,
  draft: { fieldName: question.fieldName, fieldType: question.fieldType, isRequired: question.isRequired },
});

export function QuestionsTab({
  api,
  selected,
  onSelectedChange,
  onMessage,
  notify,
}: {
  api: ClientsApi;
  selected: readonly string[];
  onSelectedChange: (update: (current: readonly string[]) => readonly string[]) => void;
  /** A message for the page's message bar (spec 2 §4: 'spørgsmålet blev slettet!'). */
  onMessage: (text: string, intent: 'success' | 'error') => void;
  /** A short toast (a saved or updated question). */
  notify: (text: string) => void;
}) {
  const styles = useStyles();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ClientFormField | null>(null);

  /** Reloads the saved questions; drafts and rows being edited that were not the one just saved stay as they are. */
  const load = useCallback(
    async (keepKeys: readonly string[] = []) => {
      setLoadError(null);
      try {
        const answer = await api.formFields();
        setRows((current) => {
          const kept = (current ?? []).filter((row) => keepKeys.includes(row.key));
          const keptIds = new Set(kept.map((row) => row.key));
          const drafts = kept.filter((row) => row.isNew);
          const saved = answer.data.map((question) => (keptIds.has(question.id) ? { ...kept.find((row) => row.key === question.id)!, question } : viewRow(question)));
          return [...drafts, ...saved];
        });
        // A question deleted elsewhere cannot stay in the form link.
        const ids = new Set(answer.data.map((question) => question.id));
        onSelectedChange((current) => (current.every((id) => ids.has(id)) ? current : current.filter((id) => ids.has(id))));
      } catch (reason) {
        setLoadError(reason instanceof Error ? reason.message : String(reason));
        setRows((current) => current ?? []);
      }
    },
    [api, onSelectedChange],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const update = (key: string, change: Partial<Row>) => setRows((current) => current?.map((row) => (row.key === key ? { ...row, ...change } : row)) ?? null);
  const setDraft = (row: Row, change: Partial<QuestionDraft>) => update(row.key, { draft: { ...row.draft, ...change }, error: undefined });
  /** Rows with unsaved work that a reload must keep. */
  const openKeys = (except: string) => (rows ?? []).filter((row) => (row.isNew || row.isEditing) && row.key !== except).map((row) => row.key);

  function addDraft() {
    draftCounter += 1;
    const row: Row = { key: `new-${draftCounter}`, question: null, isNew: true, isEditing: true, draft: { fieldName: '', fieldType: 'text', isRequired: false } };
    setRows((current) => [row, ...(current ?? [])]);
  }

  function cancel(row: Row) {
    if (row.isNew) setRows((current) => current?.filter((other) => other.key !== row.key) ?? null);
    else if (row.question) update(row.key, viewRow(row.question));
  }

  async function save(row: Row) {
    const fieldName = row.draft.fieldName.trim();
    if (!fieldName) return update(row.key, { error: texts.questionNameRequired });
    update(row.key, { busy: true, error: undefined });
    try {
      const input = { fieldName, fieldType: row.draft.fieldType, isRequired: row.draft.isRequired };
      if (row.isNew) await api.addFormField(input);
      else if (row.question) await api.setFormField({ id: row.question.id, ...input });
      await load(openKeys(row.key));
      notify(row.isNew ? texts.questionSaved : texts.questionUpdated);
    } catch (reason) {
      const message = reason instanceof ActionError ? (reason.errors.fieldName ?? reason.message) : String(reason);
      update(row.key, { busy: false, error: message });
    }
  }

  async function remove(question: ClientFormField) {
    await api.deleteFormField(question.id);
    onSelectedChange((current) => current.filter((id) => id !== question.id));
    await load(openKeys(question.id));
    onMessage(texts.questionDeleted, 'success');
  }

  const editor = (row: Row) => (
    <div className={styles.edit}>
      <Field
        className={styles.name}
        label={texts.questionName}
        required
        validationState={row.error ? 'error' : 'none'}
        validationMessage={row.error}
      >
        <Input
          value={row.draft.fieldName}
          maxLength={300}
          disabled={row.busy}
          autoFocus={row.isNew}
          onChange={(_, data) => setDraft(row, { fieldName: data.value })}
          onKeyDown={(event) => event.key === 'Enter' && void save(row)}
        />
      </Field>
      <Field label={texts.questionType}>
        <Select value={row.draft.fieldType} disabled={row.busy} onChange={(_, data) => setDraft(row, { fieldType: data.value as ClientFormFieldType })}>
          {CLIENT_FORM_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {texts.fieldTypes[type]}
            </option>
          ))}
        </Select>
      </Field>
      <Checkbox label={texts.required} checked={row.draft.isRequired} disabled={row.busy} onChange={(_, data) => setDraft(row, { isRequired: data.checked === true })} />
      <div className={styles.editButtons}>
        <Button onClick={() => cancel(row)} disabled={row.busy}>
          {texts.cancel}
        </Button>
        <Button appearance="primary" onClick={() => void save(row)} disabled={row.busy}>
          {row.isNew ? texts.save : texts.update}
        </Button>
      </div>
    </div>
  );

  const view = (row: Row, question: ClientFormField) => (
    <div className={styles.view}>
      <div className={styles.select}>
        <Checkbox
          label={question.fieldName}
          checked={selected.includes(question.id)}
          onChange={(_, data) =>
            onSelectedChange((current) => (data.checked === true ? [...current.filter((id) => id !== question.id), question.id] : current.filter((id) => id !== question.id)))
          }
        />
      </div>
      <span className={styles.facts}>
        {texts.fieldTypes[question.fieldType]} · {question.isRequired ? texts.required : texts.optional}
      </span>
      <span className={styles.buttons}>
        <Button
          appearance="subtle"
          icon={<EditRegular />}
          aria-label={texts.editQuestion(question.fieldName)}
          title={texts.edit}
          onClick={() => update(row.key, { isEditing: true })}
        />
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={texts.deleteQuestion(question.fieldName)}
          title={texts.delete}
          onClick={() => setDeleting(question)}
        />
      </span>
    </div>
  );

  const loading = rows === null;
  return (
    <section aria-label={texts.questionsLabel}>
      <div className={styles.tools}>
        <Text className={styles.hint}>
          {texts.questionsHint} {selected.length > 0 && <strong>{texts.selectedCount(selected.length)}</strong>}
        </Text>
        <Button appearance="primary" icon={<AddRegular />} onClick={addDraft} disabled={loading}>
          {texts.addQuestion}
        </Button>
      </div>
      {loadError && <LoadError title={texts.loadFailed} detail={loadError} retryLabel={texts.retry} onRetry={() => void load(openKeys(''))} />}
      <ul className={styles.list} aria-label={texts.questionsLabel} aria-busy={loading}>
        {loading &&
          Array.from({ length: 3 }, (_, index) => (
            <li key={`skeleton-${index}`} className={styles.row} aria-hidden>
              <Skeleton>
                <SkeletonItem size={20} />
              </Skeleton>
            </li>
          ))}
        {rows?.length === 0 && !loadError && (
          <li className={styles.row}>
            <Text>{texts.noQuestions}</Text>
          </li>
        )}
        {rows?.map((row) => (
          <li key={row.key} className={row.isNew ? `${styles.row} ${styles.draftRow}` : styles.row}>
            {row.isEditing || !row.question ? editor(row) : view(row, row.question)}
            {row.error && !row.isEditing && (
              <MessageBar intent="error">
                <MessageBarBody>{row.error}</MessageBarBody>
              </MessageBar>
            )}
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        {deleting && (
          <ConfirmDialog
            open
            title={texts.deleteTitle}
            body={texts.deleteBody(deleting.fieldName)}
            cancelLabel={texts.deleteCancel}
            confirmLabel={texts.deleteConfirm}
            onClose={() => setDeleting(null)}
            onConfirm={() => remove(deleting)}
          />
        )}
      </Suspense>
    </section>
  );
}

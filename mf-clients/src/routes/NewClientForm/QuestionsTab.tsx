/**
 * The 'Spørgsmål' tab (spec 2 §4 Client form): the clinic's questions, each with a checkbox that puts it in the
 * form; 'Tilføj spørgsmål' adds an unsaved draft at the top; saving or updating reloads the list; deleting asks
 * first ('Slet spørgsmål', 'Luk' / 'Slet'). The confirmation loads when first opened.
 *
 * The list is the server's (a query); what is being written (new drafts, questions being edited) is the tab's own
 * and survives every reload of the list.
 */
import { Suspense, useEffect, useState } from 'react';
import { Button, Skeleton, SkeletonItem, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { ClientFormField } from '@klinik/core';
import { LoadError, invalidateQueries, partOnDemand, useMutation, useQuery } from '@klinik/ui';
import type { ClientsApi } from '../../api';
import { QuestionEditor, QuestionView, draftOf, type QuestionDraft } from './QuestionRow';
import { texts } from './texts';

const ConfirmDialog = partOnDemand(() => import('@klinik/ui/ConfirmDialog'));

const QUESTIONS = ['getClientFormFields'] as const;

/** A question being written: a new one (no id yet) or a saved one being edited. */
interface Open {
  key: string;
  isNew: boolean;
  draft: QuestionDraft;
  /** The browser's own message (an empty name). */
  error?: string;
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
});

let draftCounter = 0;

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
  const questions = useQuery(QUESTIONS, async () => (await api.formFields()).data);
  const [open, setOpen] = useState<readonly Open[]>([]);
  const [deleting, setDeleting] = useState<ClientFormField | null>(null);
  /** The row whose save runs or last failed (the mutation's state belongs to it). */
  const [savingKey, setSavingKey] = useState<string | null>(null);
  // The server's answer ('Spørgsmålet er gemt' / 'Spørgsmålet er opdateret') is the toast.
  const save = useMutation(
    ({ id, draft }: { id: string | null; draft: QuestionDraft }) => (id ? api.setFormField({ id, ...draft }) : api.addFormField(draft)),
    { notify, invalidates: [QUESTIONS] },
  );

  // A question deleted elsewhere cannot stay in the form link.
  useEffect(() => {
    if (!questions.data) return;
    const ids = new Set(questions.data.map((question) => question.id));
    onSelectedChange((current) => (current.every((id) => ids.has(id)) ? current : current.filter((id) => ids.has(id))));
  }, [questions.data, onSelectedChange]);

  const openOf = (key: string) => open.find((row) => row.key === key);
  const change = (key: string, update: (row: Open) => Open) => setOpen((current) => current.map((row) => (row.key === key ? update(row) : row)));
  const close = (key: string) => setOpen((current) => current.filter((row) => row.key !== key));

  function addDraft() {
    draftCounter += 1;
    setOpen((current) => [{ key: `new-${draftCounter}`, isNew: true, draft: { fieldName: '', fieldType: 'text', isRequired: false } }, ...current]);
  }

  function edit(row: Open, draft: Partial<QuestionDraft>) {
    change(row.key, (current) => ({ ...current, draft: { ...current.draft, ...draft }, error: undefined }));
    if (savingKey === row.key) save.reset();
  }

  async function saveRow(row: Open) {
    const fieldName = row.draft.fieldName.trim();
    if (!fieldName) return change(row.key, (current) => ({ ...current, error: texts.questionNameRequired }));
    setSavingKey(row.key);
    const answer = await save.run({ id: row.isNew ? null : row.key, draft: { ...row.draft, fieldName } });
    // Saved: the reloaded list shows it; a draft that failed stays open with the server's reason.
    if (answer) close(row.key);
  }

  async function remove(question: ClientFormField) {
    await api.deleteFormField(question.id);
    onSelectedChange((current) => current.filter((id) => id !== question.id));
    close(question.id);
    await invalidateQueries(QUESTIONS);
    onMessage(texts.questionDeleted, 'success');
  }

  const editor = (row: Open) => {
    const busy = save.pending && savingKey === row.key;
    const serverError = savingKey === row.key ? (save.fieldErrors.fieldName ?? save.error) : null;
    return (
      <QuestionEditor
        draft={row.draft}
        isNew={row.isNew}
        busy={busy}
        error={row.error ?? serverError}
        onChange={(draft) => edit(row, draft)}
        onSave={() => void saveRow(row)}
        onCancel={() => close(row.key)}
      />
    );
  };

  const drafts = open.filter((row) => row.isNew);
  const saved = questions.data ?? [];
  const loading = questions.data === undefined && questions.error === null;

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
      {questions.error !== null && <LoadError title={texts.loadFailed} detail={questions.error} retryLabel={texts.retry} onRetry={() => void questions.refresh()} />}
      <ul className={styles.list} aria-label={texts.questionsLabel} aria-busy={loading}>
        {loading &&
          Array.from({ length: 3 }, (_, index) => (
            <li key={`skeleton-${index}`} className={styles.row} aria-hidden>
              <Skeleton>
                <SkeletonItem size={20} />
              </Skeleton>
            </li>
          ))}
        {questions.data?.length === 0 && drafts.length === 0 && (
          <li className={styles.row}>
            <Text>{texts.noQuestions}</Text>
          </li>
        )}
        {drafts.map((row) => (
          <li key={row.key} className={mergeClasses(styles.row, styles.draftRow)}>
            {editor(row)}
          </li>
        ))}
        {saved.map((question) => {
          const row = openOf(question.id);
          return (
            <li key={question.id} className={styles.row}>
              {row ? (
                editor(row)
              ) : (
                <QuestionView
                  question={question}
                  selected={selected.includes(question.id)}
                  onSelect={(on) => onSelectedChange((current) => (on ? [...current.filter((id) => id !== question.id), question.id] : current.filter((id) => id !== question.id)))}
                  onEdit={() => setOpen((current) => [...current, { key: question.id, isNew: false, draft: draftOf(question) }])}
                  onDelete={() => setDeleting(question)}
                />
              )}
            </li>
          );
        })}
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
            // The dialog shows a failure itself and stays open, so the call is made here rather than as a mutation.
            onConfirm={() => remove(deleting)}
          />
        )}
      </Suspense>
    </section>
  );
}

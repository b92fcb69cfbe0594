/**
 * The comments under one field (spec 2 §4): the saved ones with author and time, editable for 24 hours after
 * they were written (the server decides: `editable`), and 'Tilføj kommentar', which opens a box that saves
 * itself 2 s after typing stops — first as a new comment, then as changes to it.
 */
import { useState } from 'react';
import { Button, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { CommentAddRegular } from '@fluentui/react-icons';
import type { FieldComment } from '@klinik/core';
import { COMMENT_SAVE_DEBOUNCE_MS } from '@klinik/core/records';
import { texts } from '../texts';
import { useClientPage, type ClientPageServices } from '../page/context';
import { formatWhen } from '../page/format';
import { RecordTextarea } from '../saving/RecordTextarea';
import { useRecordField } from '../saving/useRecordField';
import { EditableRecord } from '../saving/savers';
import { useComments } from './commentStore';

const T = texts.comments;

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: '4px 0 0 16px', padding: 0, display: 'grid', gap: '8px' },
  text: {
    margin: 0,
    whiteSpace: 'pre-wrap',
    padding: '4px 8px',
    borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  by: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', marginTop: '4px', marginLeft: '16px' },
});

export interface CommentBase {
  journalId?: string;
  customFieldId?: string;
  /** The journal field key ('effect', …) or the custom field's name. */
  customFieldName: string;
}

type CommentValue = { value: string };

/** A comment's record: created on its first save, changed by id afterwards. */
function commentRecord(services: ClientPageServices, target: string, base: CommentBase, existing: FieldComment | null, onCreated?: (id: string) => void) {
  let id = existing?.id;
  const record: EditableRecord<CommentValue> = new EditableRecord<CommentValue>({
    snapshot: { version: 0, values: { value: existing?.value ?? '' } },
    debounceMs: COMMENT_SAVE_DEBOUNCE_MS,
    // An empty comment is not saved (and says nothing about it).
    validate: (_field, value) => (value.trim() ? null : ''),
    persist: async (_field, value) => {
      const answer = await services.api.saveComment({
        ...(id ? { id } : {}),
        clientId: services.clientId,
        ...(base.journalId ? { journalId: base.journalId } : {}),
        ...(base.customFieldId ? { customFieldId: base.customFieldId } : {}),
        customFieldName: base.customFieldName,
        value,
      });
      if (!id) {
        id = answer.data.id;
        services.records.alias(`comment:${id}`, record as unknown as EditableRecord<object>);
        onCreated?.(id);
      }
      services.comments.upsert(target, answer.data);
      return { version: 0, values: { value: answer.data.value } };
    },
  });
  return record;
}

let boxCounter = 0;

/** A new comment: 'Fortryd' closes it while nothing is written. */
function NewCommentBox({
  record,
  label,
  saved,
  onCancel,
}: {
  record: EditableRecord<CommentValue>;
  label: string;
  /** The comment once the server has it. */
  saved: FieldComment | null;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const state = useRecordField(record, 'value');
  return (
    <>
      <RecordTextarea record={record} field="value" label={label} rows={2} autoFocus />
      {saved && <Caption1 className={styles.by}>{T.by(saved.createdBy, formatWhen(saved.createdAt))}</Caption1>}
      {!saved && state.draft.trim() === '' && (
        <Button size="small" appearance="subtle" onClick={onCancel}>
          {T.cancel}
        </Button>
      )}
    </>
  );
}

export function FieldComments({ target, fieldLabel, base, canAdd }: { target: string; fieldLabel: string; base: CommentBase; canAdd: boolean }) {
  const styles = useStyles();
  const services = useClientPage();
  const comments = useComments(services.comments, target);
  /** Open new-comment boxes, with the id of their comment once saved. */
  const [boxes, setBoxes] = useState<{ key: string; id: string | null }[]>([]);
  const inBoxes = new Set(boxes.map((box) => box.id).filter(Boolean));
  const unsavedBox = boxes.some((box) => box.id === null);
  const label = T.label(fieldLabel);

  function openBox() {
    boxCounter += 1;
    setBoxes((current) => [...current, { key: `newcomment:${target}:${boxCounter}`, id: null }]);
  }

  return (
    <div>
      {comments.length > 0 && (
        <ul className={styles.list} aria-label={`${T.heading}: ${fieldLabel}`}>
          {comments
            .filter((comment) => !inBoxes.has(comment.id))
            .map((comment) => (
              <li key={comment.id}>
                {comment.editable ? (
                  <RecordTextarea
                    record={services.records.get(`comment:${comment.id}`, () => commentRecord(services, target, base, comment))}
                    field="value"
                    label={label}
                    rows={2}
                  />
                ) : (
                  <p className={styles.text}>{comment.value}</p>
                )}
                <Caption1 className={styles.by}>{T.by(comment.createdBy, formatWhen(comment.createdAt))}</Caption1>
              </li>
            ))}
        </ul>
      )}
      {boxes.length > 0 && (
        <ul className={styles.list}>
          {boxes.map((box) => {
            const record = services.records.get(box.key, () =>
              commentRecord(services, target, base, null, (id) => setBoxes((current) => current.map((item) => (item.key === box.key ? { ...item, id } : item)))),
            );
            return (
              <li key={box.key}>
                <NewCommentBox
                  record={record}
                  label={label}
                  saved={comments.find((comment) => comment.id === box.id) ?? null}
                  onCancel={() => {
                    services.records.forget(box.key);
                    setBoxes((current) => current.filter((item) => item.key !== box.key));
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      {canAdd && !unsavedBox && (
        <div className={styles.actions}>
          <Button size="small" icon={<CommentAddRegular />} onClick={openBox}>
            {T.add}
          </Button>
        </div>
      )}
    </div>
  );
}

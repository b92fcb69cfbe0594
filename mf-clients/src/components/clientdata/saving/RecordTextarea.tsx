/**
 * A text field of a journal, a custom field or a comment that saves itself (see savers.ts): the save state
 * beside the label, the server's message under the field, and on a conflict the text the server holds with the
 * choice between saving one's own text on top or taking the saved one.
 */
import { useId, type ReactNode } from 'react';
import { Button, Caption1, Field, MessageBar, MessageBarActions, MessageBarBody, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { texts } from '../texts';
import { useRecordField } from './useRecordField';
import type { EditableRecord, FieldState } from './savers';

const T = texts.save;

const useStyles = makeStyles({
  status: { display: 'block', minHeight: '16px', color: tokens.colorNeutralForeground3 },
  failed: { display: 'block', minHeight: '16px', color: tokens.colorPaletteRedForeground1 },
  saved: { whiteSpace: 'pre-wrap', fontStyle: 'italic', marginTop: '4px' },
  textarea: { width: '100%' },
  fieldset: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: {
    padding: '0 0 2px',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
});

/** 'Gemmer…' / 'Gemt' beside a field; quiet, announced politely. */
export function SaveState({ state }: { state: Pick<FieldState<unknown>, 'status'> }) {
  const styles = useStyles();
  const text = state.status === 'saving' || state.status === 'pending' ? T.saving : state.status === 'saved' ? T.saved : state.status === 'error' || state.status === 'conflict' ? T.failed : '';
  return (
    <Caption1 role="status" aria-live="polite" className={state.status === 'error' || state.status === 'conflict' ? styles.failed : styles.status}>
      {text}
    </Caption1>
  );
}

/** The conflict notice: the server's message, the saved text and the two ways out. */
export function ConflictNotice({ message, saved, onKeepMine, onTakeSaved }: { message: string; saved: string; onKeepMine: () => void; onTakeSaved: () => void }) {
  const styles = useStyles();
  return (
    <MessageBar intent="warning" layout="multiline" role="alert">
      <MessageBarBody>
        {message}
        <div className={styles.saved}>
          {T.conflictSaved} {saved || T.conflictEmpty}
        </div>
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" appearance="primary" onClick={onKeepMine}>
          {T.keepMine}
        </Button>
        <Button size="small" onClick={onTakeSaved}>
          {T.takeSaved}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

type TextRecord<K extends string> = EditableRecord<Record<K, string>>;

export function RecordTextarea<K extends string>({
  record,
  field,
  label,
  readOnly = false,
  hint,
  rows = 3,
  autoFocus = false,
  children,
}: {
  record: TextRecord<K>;
  field: K;
  label: string;
  readOnly?: boolean;
  hint?: string;
  rows?: number;
  autoFocus?: boolean;
  /** Below the field: its comments. */
  children?: ReactNode;
}) {
  const styles = useStyles();
  const state = useRecordField(record, field);
  const legendId = useId();
  const conflict = state.status === 'conflict';
  // A field with comments is a group named by its legend (not a label, so finding the field by its label finds
  // only the text box); without comments a plain labelled field.
  const grouped = children !== undefined;
  const Wrapper = grouped ? 'fieldset' : 'div';
  return (
    <Wrapper className={grouped ? styles.fieldset : undefined}>
      {grouped && (
        <legend id={legendId} className={styles.legend}>
          {label}
        </legend>
      )}
      <Field
        label={grouped ? undefined : label}
        hint={hint}
        validationState={state.error && !conflict ? 'error' : 'none'}
        validationMessage={state.error && !conflict ? state.error : undefined}
      >
        <Textarea
          className={styles.textarea}
          resize="vertical"
          rows={rows}
          value={state.draft}
          readOnly={readOnly}
          autoFocus={autoFocus}
          aria-labelledby={grouped ? legendId : undefined}
          onChange={(_, data) => record.edit(field, data.value)}
          onBlur={() => record.flush()}
        />
      </Field>
      <SaveState state={state} />
      {conflict && (
        <ConflictNotice message={state.error} saved={state.saved} onKeepMine={() => record.retry(field)} onTakeSaved={() => record.takeSaved(field)} />
      )}
      {children}
    </Wrapper>
  );
}

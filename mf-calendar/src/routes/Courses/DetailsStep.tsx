/** Step 0 'Navn og beskrivelse': title, the rich-text description (its editor arrives lazily), min and max. */
import { useId } from 'react';
import { Button, Field, Input, Label, MessageBar, MessageBarActions, MessageBarBody, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { FieldErrors } from '@klinik/core/rules';
import { retryable } from '@klinik/ui';
import type { CourseForm } from './courseForm';
import { texts } from './texts';

const T = texts.details;

const useStyles = makeStyles({
  form: { display: 'grid', gap: '12px' },
  numbers: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: '12px', alignItems: 'start' },
  description: { display: 'grid', gap: '4px' },
  loading: { height: '182px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function EditorLoading() {
  const styles = useStyles();
  return (
    <Skeleton aria-label={T.editorLoading}>
      <SkeletonItem className={styles.loading} />
    </Skeleton>
  );
}

// The shared editor of @klinik/ui (Tiptap, ~135 KB gzip) arrives with the dialog; a failed download can be tried again.
const DescriptionEditor = retryable(() => import('@klinik/ui/RichTextEditor'), {
  fallback: <EditorLoading />,
  renderError: (_, retry) => (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{T.editorFailed}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={retry}>{texts.list.retry}</Button>
      </MessageBarActions>
    </MessageBar>
  ),
});

export default function DetailsStep({
  form,
  onChange,
  errors,
  disabled,
}: {
  form: CourseForm;
  onChange: (change: Partial<CourseForm>) => void;
  /** Messages to show, by field. */
  errors: FieldErrors;
  disabled: boolean;
}) {
  const styles = useStyles();
  const labelId = useId();
  const errorId = useId();
  const state = (field: keyof CourseForm) => (errors[field] ? 'error' : 'none');

  return (
    <div className={styles.form}>
      <Field label={T.title} required validationMessage={errors.title} validationState={state('title')}>
        <Input value={form.title} maxLength={200} disabled={disabled} onChange={(_, data) => onChange({ title: data.value })} />
      </Field>
      <div className={styles.description}>
        <Label id={labelId}>{T.description}</Label>
        <DescriptionEditor
          value={form.description}
          onChange={(description) => onChange({ description })}
          labelledBy={labelId}
          describedBy={errors.description ? errorId : undefined}
          invalid={Boolean(errors.description)}
          disabled={disabled}
        />
        {errors.description && (
          <Text id={errorId} role="alert" size={200} className={styles.error}>
            {errors.description}
          </Text>
        )}
      </div>
      <div className={styles.numbers}>
        <Field label={T.min} required validationMessage={errors.min} validationState={state('min')}>
          <Input type="number" inputMode="numeric" min={0} max={1000} value={form.min} disabled={disabled} onChange={(_, data) => onChange({ min: data.value })} />
        </Field>
        <Field label={T.limit} required validationMessage={errors.limit} validationState={state('limit')}>
          <Input type="number" inputMode="numeric" min={1} max={1000} value={form.limit} disabled={disabled} onChange={(_, data) => onChange({ limit: data.value })} />
        </Field>
      </div>
    </div>
  );
}

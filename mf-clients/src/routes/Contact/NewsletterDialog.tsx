/**
 * Writing a newsletter: subject and a rich-text message (the shared editor of @klinik/ui, loaded with the dialog).
 * 'Gem' adds or changes it; the server's messages show at their fields until the field is edited.
 */
import { useId } from 'react';
import { Button, Field, Input, Label, MessageBar, MessageBarActions, MessageBarBody, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import { actions, type Newsletter } from '@klinik/core';
import { FormDialog, retryable, useForm } from '@klinik/ui';
import type { ContactApi } from '../../api';
import type { Notify } from './types';
import { NEWSLETTERS } from './model';
import { texts } from './texts';

const T = texts.editor;

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  message: { display: 'grid', gap: '4px' },
  loading: { height: '182px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function EditorLoading() {
  const styles = useStyles();
  return (
    <Skeleton aria-label={T.loading}>
      <SkeletonItem className={styles.loading} />
    </Skeleton>
  );
}

// Tiptap (~135 KB gzip) arrives with the dialog, never with the page; a failed download can be tried again.
const RichTextEditor = retryable(() => import('@klinik/ui/RichTextEditor'), {
  fallback: <EditorLoading />,
  renderError: (_, retry) => (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{T.failed}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={retry}>{texts.retry}</Button>
      </MessageBarActions>
    </MessageBar>
  ),
});

export default function NewsletterDialog({ api, notify, newsletter, onClose }: { api: ContactApi; notify: Notify; newsletter: Newsletter | null; onClose: () => void }) {
  const styles = useStyles();
  const labelId = useId();
  const errorId = useId();
  // Checked with the action's schema; the server's message per field stays until that field is edited.
  const form = useForm({
    schema: actions.addNewsletter.input,
    initial: { subject: newsletter?.subject ?? '', message: newsletter?.message ?? '' },
    send: (input) => (newsletter ? api.setNewsletter({ id: newsletter.id, ...input }) : api.addNewsletter(input)),
    notify,
    invalidates: [NEWSLETTERS],
    onSuccess: onClose,
  });
  const messageError = form.error('message');

  return (
    <FormDialog
      title={newsletter ? T.editTitle : T.addTitle}
      submitLabel={form.pending ? texts.saving : texts.save}
      cancelLabel={texts.cancel}
      form={form}
      surfaceClassName={styles.surface}
      onClose={onClose}
    >
      <Field label={T.subject} required {...form.field('subject')}>
        <Input value={form.values.subject} maxLength={200} disabled={form.pending} onChange={(_, data) => form.set('subject', data.value)} />
      </Field>
      <div className={styles.message}>
        <Label id={labelId} required>
          {T.message}
        </Label>
        <RichTextEditor
          value={form.values.message}
          onChange={(html) => form.set('message', html)}
          labelledBy={labelId}
          describedBy={messageError ? errorId : undefined}
          invalid={Boolean(messageError)}
          disabled={form.pending}
        />
        {messageError && (
          <Text id={errorId} role="alert" size={200} className={styles.error}>
            {messageError}
          </Text>
        )}
      </div>
    </FormDialog>
  );
}

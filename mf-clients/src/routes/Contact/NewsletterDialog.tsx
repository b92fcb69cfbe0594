/**
 * Writing a newsletter: subject and a rich-text message (the shared editor of @klinik/ui, loaded with the dialog).
 * 'Gem' adds or changes it; the server's messages show at their fields until the field is edited.
 */
import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Label,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { Newsletter } from '@klinik/core';
import { retryable, useMutation } from '@klinik/ui';
import type { ContactApi } from '../../api';
import type { Notify } from './types';
import { NEWSLETTERS } from './model';
import { texts } from './texts';

const T = texts.editor;

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  form: { display: 'grid', gap: '12px' },
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
  const [subject, setSubject] = useState(newsletter?.subject ?? '');
  const [message, setMessage] = useState(newsletter?.message ?? '');
  // The server's message per field stays until that field is edited.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const save = useMutation(
    (input: { subject: string; message: string }) => (newsletter ? api.setNewsletter({ id: newsletter.id, ...input }) : api.addNewsletter(input)),
    { notify, invalidates: [NEWSLETTERS], onSuccess: onClose, onError: () => setEdited(new Set()) },
  );
  const fieldError = (field: 'subject' | 'message') => (edited.has(field) ? undefined : save.fieldErrors[field]);
  const otherError = save.error !== null && !fieldError('subject') && !fieldError('message') ? save.error : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    void save.run({ subject, message });
  }

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && !save.pending && onClose()}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{newsletter ? T.editTitle : T.addTitle}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={T.subject} required validationMessage={fieldError('subject')} validationState={fieldError('subject') ? 'error' : 'none'}>
                <Input
                  value={subject}
                  maxLength={200}
                  disabled={save.pending}
                  onChange={(_, data) => {
                    setSubject(data.value);
                    setEdited((current) => new Set(current).add('subject'));
                  }}
                />
              </Field>
              <div className={styles.message}>
                <Label id={labelId} required>
                  {T.message}
                </Label>
                <RichTextEditor
                  value={message}
                  onChange={(html) => {
                    setMessage(html);
                    setEdited((current) => new Set(current).add('message'));
                  }}
                  labelledBy={labelId}
                  describedBy={fieldError('message') ? errorId : undefined}
                  invalid={Boolean(fieldError('message'))}
                  disabled={save.pending}
                />
                {fieldError('message') && (
                  <Text id={errorId} role="alert" size={200} className={styles.error}>
                    {fieldError('message')}
                  </Text>
                )}
              </div>
              {otherError && (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>{otherError}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={save.pending} onClick={onClose}>
                {texts.cancel}
              </Button>
              <Button type="submit" appearance="primary" disabled={save.pending} icon={save.pending ? <Spinner size="tiny" /> : undefined}>
                {save.pending ? texts.saving : texts.save}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The one dialog a form lives in: title, fields, the refusal in a message bar above the buttons, Annuller and the
 * submit button, busy while the change is sent. Fluent's Dialog gives focus (into the dialog, back to the opener),
 * Escape and the backdrop; the fields sit in a <form>, so Enter in a field submits. While busy the dialog cannot be
 * closed and neither button can be pressed twice. With `confirm`, 'Er du sikker?' is asked before anything is sent
 * (a destructive change), and a refusal is shown in that question.
 *
 *   <FormDialog title="Ny behandling" submitLabel="Opret" form={form} onClose={onClose}>…fields…</FormDialog>
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  mergeClasses,
} from '@fluentui/react-components';
import { ConfirmDialog } from '../ConfirmDialog.js';

const useStyles = makeStyles({
  content: { display: 'grid', gap: '12px' },
  // Across every column of a content grid that has several (fields side by side).
  wide: { gridColumn: '1 / -1' },
});

/** The part of a `useForm` result the dialog needs. */
export interface FormDialogForm {
  pending: boolean;
  message: string | null;
  /** Checked before the confirmation is asked, so the question comes only for values that can be sent. */
  validate?: () => boolean;
  submit: () => Promise<unknown>;
}

export interface FormDialogProps {
  title: ReactNode;
  /** The fields or what the dialog shows; none for a dialog whose title says it all. */
  children?: ReactNode;
  /** Closes the dialog (Annuller, Escape, the backdrop); not called while busy. */
  onClose: () => void;
  /** A `useForm` result: its pending state, refusal and submit. `busy`, `error` and `onSubmit` say the same by hand. */
  form?: FormDialogForm;
  busy?: boolean;
  error?: string | null;
  onSubmit?: () => unknown;
  submitLabel?: string;
  cancelLabel?: string;
  /** Asked before submitting: a change that cannot be undone. */
  confirm?: { title?: string; body: ReactNode; confirmLabel?: string };
  /** The submit button pressed in vain (a choice still missing); prefer a field message where there is a field. */
  submitDisabled?: boolean;
  /** Buttons before Annuller (a 'Slet' in an edit dialog). */
  actions?: ReactNode;
  /** Buttons on the other side, apart from the rest (a wizard's 'Tilbage' and 'Næste'). */
  startActions?: ReactNode;
  /** The submit button's icon when not busy (busy shows a spinner). */
  submitIcon?: ReactElement;
  /**
   * false: Enter in a field does not submit (a dialog with a search of its own, where Enter must not send); only the
   * button does.
   */
  submitOnEnter?: boolean;
  /** Replaces the submit and cancel buttons (a dialog that only shows: one 'Luk'). */
  footer?: ReactNode;
  contentClassName?: string;
  actionsClassName?: string;
  surfaceClassName?: string;
  /** The id of what describes the dialog besides its title (read out when it opens). */
  describedBy?: string;
  modalType?: 'modal' | 'alert' | 'non-modal';
  /** Hidden while another dialog (a question of the page's) stands in its place. */
  open?: boolean;
  /** A refusal that only warns (a choice that would change nothing) rather than a failure. */
  errorIntent?: 'error' | 'warning';
}

export function FormDialog({
  title,
  children,
  onClose,
  form,
  busy = form?.pending ?? false,
  error = form?.message ?? null,
  onSubmit = form?.submit,
  submitLabel = 'Gem',
  cancelLabel = 'Annuller',
  confirm,
  submitDisabled = false,
  actions,
  startActions,
  submitIcon,
  submitOnEnter = true,
  footer,
  contentClassName,
  actionsClassName,
  surfaceClassName,
  describedBy,
  modalType = 'modal',
  open = true,
  errorIntent = 'error',
}: FormDialogProps) {
  const styles = useStyles();
  const [asking, setAsking] = useState(false);

  function submit() {
    if (busy || submitDisabled || !onSubmit) return;
    if (!confirm) void onSubmit();
    else if (form?.validate?.() !== false) setAsking(true);
  }

  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      {(children != null || error) && (
        <DialogContent className={mergeClasses(styles.content, contentClassName)}>
          {children}
          {error && !asking && (
            <MessageBar className={styles.wide} intent={errorIntent} role="alert">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
        </DialogContent>
      )}
      {startActions && <DialogActions position="start">{startActions}</DialogActions>}
      <DialogActions className={actionsClassName}>
        {actions}
        {footer ?? (
          <>
            <Button appearance="secondary" onClick={onClose} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button
              type={submitOnEnter ? 'submit' : 'button'}
              onClick={submitOnEnter ? undefined : submit}
              appearance="primary"
              disabled={busy || submitDisabled}
              icon={busy ? <Spinner size="tiny" /> : submitIcon}
            >
              {submitLabel}
            </Button>
          </>
        )}
      </DialogActions>
    </DialogBody>
  );

  return (
    <Dialog open={open} modalType={modalType} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface className={surfaceClassName} aria-describedby={describedBy}>
        {submitOnEnter ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {body}
          </form>
        ) : (
          // Without a <form>, Enter in a field submits nothing.
          body
        )}
        {/* Nested in the surface: Fluent then treats it as this dialog's own question (focus, what is hidden). */}
        {confirm && asking && (
          <ConfirmDialog
            open
            title={confirm.title}
            body={confirm.body}
            confirmLabel={confirm.confirmLabel}
            cancelLabel={cancelLabel}
            // useForm's submit does not reject: a refusal is then shown in the form, the question gone.
            onConfirm={async () => {
              await onSubmit?.();
            }}
            onClose={() => setAsking(false)}
          />
        )}
      </DialogSurface>
    </Dialog>
  );
}
export default FormDialog;

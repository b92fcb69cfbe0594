import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody } from '@fluentui/react-components';

/**
 * 'Er du sikker?' before anything is deleted (spec 2 §8). The confirm button waits for the action; an error is
 * shown in the dialog, which then stays open.
 */
export function ConfirmDialog({
  open,
  title = 'Er du sikker?',
  body,
  confirmLabel = 'Slet',
  cancelLabel = 'Annuller',
  onConfirm,
  onClose,
}: {
  open: boolean;
  title?: string;
  /** Text, or a little more (a list of what the action touches). */
  body?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Never rejects: a failure is shown in the dialog, so the click handler need not wait for it.
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !busy && onClose()} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {body}
            {error && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button appearance="primary" onClick={() => void confirm()} disabled={busy}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
export default ConfirmDialog;

/**
 * Shows the remote dialog a page asked for (ShellServices.dialogs) over the current page: loaded from its remote on
 * first use, with the page's services; if the remote cannot be loaded, a message instead, and the page stays usable.
 */
import { Suspense, type ComponentType } from 'react';
import { useAtom } from 'jotai';
import { Button } from '@fluentui/react-components';
import type { RemoteDialogProps } from '@klinik/core/rules';
import { useShellServices } from '../session/services';
import { remoteDialogAtom } from '../session/session';
import { texts } from '../texts';
import { RemoteErrorBoundary } from './RemotePage';
import { useRemoteCode } from './useRemoteCode';

/** Plain markup, not a Fluent Dialog: the shell's own chunks stay free of dialog code (the login page's budget). */
function DialogFailed({ onClose }: { onClose: () => void }) {
  return (
    <div role="alertdialog" aria-label={texts.remote.failedTitle} style={{ position: 'fixed', inset: 'auto 16px 16px auto', zIndex: 1000, maxWidth: 420, padding: 16, background: '#fff', border: '1px solid #c50f1f', borderRadius: 8, boxShadow: '0 4px 16px rgba(0,0,0,.2)' }}>
      <strong>{texts.remote.failedTitle}</strong>
      <p style={{ margin: '8px 0 12px' }}>{texts.remote.failedBody}</p>
      <Button onClick={onClose}>OK</Button>
    </div>
  );
}

export default function RemoteDialogHost() {
  const [open, setOpen] = useAtom(remoteDialogAtom);
  const shell = useShellServices();
  // The dialog shows the moment its code arrives (useRemoteCode). A failed load is this opening's: the next one asks
  // the remote again.
  const { component, failed } = useRemoteCode(open, open);
  // A remote's dialog module is loaded as its pages are (remotes.ts), and takes the dialog's props.
  const Dialog = component as unknown as ComponentType<RemoteDialogProps> | null;
  if (!open) return null;
  const close = () => setOpen(null);
  if (!Dialog) return failed ? <DialogFailed onClose={close} /> : null;
  return (
    <RemoteErrorBoundary key={`${open.remote}/${open.expose}/${JSON.stringify(open.params)}`} fallback={<DialogFailed onClose={close} />}>
      <Suspense fallback={null}>
        <Dialog shell={shell} params={open.params} onClose={close} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

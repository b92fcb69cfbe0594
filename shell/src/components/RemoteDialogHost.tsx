/**
 * Shows the remote dialog a page asked for (ShellServices.dialogs) over the current page: loaded from its remote on
 * first use, with the page's services; if the remote cannot be loaded, a message instead, and the page stays usable.
 */
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useAtom } from 'jotai';
import { Button } from '@fluentui/react-components';
import type { RemoteDialogProps } from '@klinik/core/rules';
import { loadRemotePage, loadedRemotePage } from '../remotes';
import { useShellServices } from '../session/services';
import { remoteDialogAtom } from '../session/session';
import { texts } from '../texts';
import { RemoteErrorBoundary } from './RemotePage';

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
  // The dialog shows the moment its code arrives: waited for by state, not by suspending, which showed it no sooner
  // than 300 ms after it was asked for (React's throttle of a Suspense boundary's reveal; ui/src/preloadableLazy.tsx).
  // A failed load is this request's: the next request of a dialog asks its remote again.
  const [arrived, setArrived] = useState<{ request: typeof open; failed: boolean } | null>(null);
  const Dialog = open ? (loadedRemotePage(open.remote, open.expose) as ComponentType<RemoteDialogProps> | null) : null;
  useEffect(() => {
    if (!open || Dialog) return;
    let live = true;
    loadRemotePage(open.remote, open.expose, false).then(
      () => live && setArrived({ request: open, failed: false }),
      () => live && setArrived({ request: open, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [open, Dialog]);
  if (!open) return null;
  const close = () => setOpen(null);
  if (!Dialog) return arrived?.request === open && arrived.failed ? <DialogFailed onClose={close} /> : null;
  return (
    <RemoteErrorBoundary key={`${open.remote}/${open.expose}/${JSON.stringify(open.params)}`} fallback={<DialogFailed onClose={close} />}>
      <Suspense fallback={null}>
        <Dialog shell={shell} params={open.params} onClose={close} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

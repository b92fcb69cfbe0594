/**
 * Shows the remote dialog a page asked for (ShellServices.dialogs) over the current page: loaded from its remote on
 * first use, with the page's services; if the remote cannot be loaded, a message instead, and the page stays usable.
 */
import { Component, Suspense, lazy, useMemo, type ComponentType, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { Button } from '@fluentui/react-components';
import type { RemoteDialogProps } from '@klinik/core/rules';
import { loadRemotePage } from '../remotes';
import { useShellServices } from '../session/services';
import { remoteDialogAtom } from '../session/session';
import { texts } from '../texts';

class DialogErrorBoundary extends Component<{ onClose: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Remote dialog failed', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    // Plain markup, not a Fluent Dialog: the shell's own chunks stay free of dialog code (the login page's budget).
    return (
      <div role="alertdialog" aria-label={texts.remote.failedTitle} style={{ position: 'fixed', inset: 'auto 16px 16px auto', zIndex: 1000, maxWidth: 420, padding: 16, background: '#fff', border: '1px solid #c50f1f', borderRadius: 8, boxShadow: '0 4px 16px rgba(0,0,0,.2)' }}>
        <strong>{texts.remote.failedTitle}</strong>
        <p style={{ margin: '8px 0 12px' }}>{texts.remote.failedBody}</p>
        <Button onClick={this.props.onClose}>OK</Button>
      </div>
    );
  }
}

export default function RemoteDialogHost() {
  const [open, setOpen] = useAtom(remoteDialogAtom);
  const shell = useShellServices();
  const remote = open?.remote;
  const expose = open?.expose;
  const Dialog = useMemo(
    () => (remote && expose ? lazy(async () => (await loadRemotePage(remote, expose, false)) as unknown as { default: ComponentType<RemoteDialogProps> }) : null),
    [remote, expose],
  );
  if (!open || !Dialog) return null;
  const close = () => setOpen(null);
  return (
    <DialogErrorBoundary key={`${open.remote}/${open.expose}/${JSON.stringify(open.params)}`} onClose={close}>
      <Suspense fallback={null}>
        <Dialog shell={shell} params={open.params} onClose={close} />
      </Suspense>
    </DialogErrorBoundary>
  );
}

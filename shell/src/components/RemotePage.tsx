/**
 * A route page that lives in a remote. Loaded on first visit; while loading a spinner; if the remote cannot be
 * loaded, an error panel with a retry inside the layout, and the rest of the product keeps working.
 */
import { Component, Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { RemoteName } from '../config';
import { loadRemotePage, loadedRemotePage } from '../remotes';
import type { Clients } from '../session/session';
import { useShellServices } from '../session/services';
import { texts } from '../texts';
import { PageSpinner } from './PageSpinner';

/** Shows `fallback` instead of a remote's page or dialog that failed to load or render (also RemoteDialogHost's). */
export class RemoteErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Remote module failed', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div style={{ padding: 24 }}>
      <MessageBar intent="error" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{texts.remote.failedTitle}</MessageBarTitle>
          {texts.remote.failedBody}
        </MessageBarBody>
        <MessageBarActions>
          <Button appearance="primary" onClick={onRetry}>
            {texts.remote.retry}
          </Button>
        </MessageBarActions>
      </MessageBar>
    </div>
  );
}

export default function RemotePage({ remote, expose, session = 'therapist' }: { remote: RemoteName; expose: string; session?: keyof Clients }) {
  const [attempt, setAttempt] = useState(0);
  const shell = useShellServices(session);
  // React.lazy caches a failed import forever, so every retry makes a new lazy component. A page whose code has
  // arrived (the opening page, loaded by bootstrap.tsx beside the layout) renders at once: a lazy component would
  // suspend once more, and React shows what a boundary waited for no sooner than 300 ms after its fallback.
  const Page = useMemo(
    () => (attempt === 0 ? loadedRemotePage(remote, expose) : null) ?? lazy(() => loadRemotePage(remote, expose, attempt > 0)),
    [remote, expose, attempt],
  );
  return (
    <RemoteErrorBoundary key={`${remote}/${expose}/${attempt}`} fallback={<LoadFailed onRetry={() => setAttempt((value) => value + 1)} />}>
      <Suspense fallback={<PageSpinner />}>
        <Page shell={shell} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * A route page that lives in a remote. Loaded on first visit; while loading a spinner; if the remote cannot be
 * loaded, an error panel with a retry inside the layout, and the rest of the product keeps working.
 */
import { Component, Suspense, lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { RemoteName } from '../config';
import { loadRemotePage, loadedRemotePage, pendingRemotePage } from '../remotes';
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

/** Whether `load` has settled (false while there is none): a wait kept in state, which renders as soon as it ends. */
function useSettled(load: Promise<unknown> | null): boolean {
  const [settled, setSettled] = useState<Promise<unknown> | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    void load.then(() => {
      if (live) setSettled(load);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return load !== null && settled === load;
}

export default function RemotePage({ remote, expose, session = 'therapist' }: { remote: RemoteName; expose: string; session?: keyof Clients }) {
  const [attempt, setAttempt] = useState(0);
  const shell = useShellServices(session);
  const retry = () => setAttempt((value) => value + 1);
  // The page's code may be on its way already (the opening page's, which bootstrap.tsx asks for beside the layout):
  // then the spinner stays until that load settles, by state. Suspending on it instead showed the page no sooner than
  // 300 ms after the spinner appeared, however soon its code came (React's throttle of a Suspense boundary's
  // reveal), which on a good line was a fifth of a cold load (issue 18). A failed load shows the error panel, as a
  // failed lazy one does.
  const pending = useMemo(() => (attempt === 0 && !loadedRemotePage(remote, expose) ? pendingRemotePage(remote, expose) : null), [remote, expose, attempt]);
  const settled = useSettled(pending);
  // React.lazy caches a failed import forever, so every retry makes a new lazy component. A page whose code has
  // arrived renders at once; one whose code was not on its way is loaded lazily.
  const Page = useMemo(() => {
    if (pending) return settled ? loadedRemotePage(remote, expose) : null;
    return (attempt === 0 ? loadedRemotePage(remote, expose) : null) ?? lazy(() => loadRemotePage(remote, expose, attempt > 0));
  }, [remote, expose, attempt, pending, settled]);
  let content: ReactNode;
  if (Page) {
    content = (
      <Suspense fallback={<PageSpinner />}>
        <Page shell={shell} />
      </Suspense>
    );
  } else content = settled ? <LoadFailed onRetry={retry} /> : <PageSpinner />;
  return (
    <RemoteErrorBoundary key={`${remote}/${expose}/${attempt}`} fallback={<LoadFailed onRetry={retry} />}>
      {content}
    </RemoteErrorBoundary>
  );
}

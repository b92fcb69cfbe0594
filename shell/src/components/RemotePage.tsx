/**
 * A route page that lives in a remote. Loaded on first visit; while loading a spinner; if the remote cannot be
 * loaded, an error panel with a retry inside the layout, and the rest of the product keeps working.
 */
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
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

export default function RemotePage({ remote, expose, session = 'therapist' }: { remote: RemoteName; expose: string; session?: keyof Clients }) {
  const [attempt, setAttempt] = useState(0);
  const shell = useShellServices(session);
  const retry = () => setAttempt((value) => value + 1);
  // The page's code is waited for by state: the spinner, then the page the moment its code is in, or the error panel
  // if it could not be loaded. Rendered as a lazy part in a Suspense boundary instead, the page showed no sooner than
  // 300 ms after the spinner appeared, however soon its code came (React's throttle of a boundary's reveal): every
  // first visit of a page, the opening one (a fifth of a cold load on a good line) and each first move to another
  // (320–330 ms from the click on this machine, the code in after a few ms). The opening page's load, which
  // bootstrap.tsx starts beside the layout, is waited for rather than started again. A retry loads the remote anew.
  const key = `${remote}/${expose}/${attempt}`;
  const [outcome, setOutcome] = useState<{ key: string; failed: boolean } | null>(null);
  const settled = outcome?.key === key ? outcome : null;
  const Page = attempt === 0 || settled?.failed === false ? loadedRemotePage(remote, expose) : null;
  useEffect(() => {
    if (Page || settled) return;
    let live = true;
    const load = (attempt === 0 ? pendingRemotePage(remote, expose) : null) ?? loadRemotePage(remote, expose, attempt > 0);
    const done = () => {
      if (live) setOutcome({ key, failed: loadedRemotePage(remote, expose) === null });
    };
    load.then(done, done);
    return () => {
      live = false;
    };
  }, [key, remote, expose, attempt, Page, settled]);
  let content: ReactNode;
  if (Page) {
    content = (
      <Suspense fallback={<PageSpinner />}>
        <Page shell={shell} />
      </Suspense>
    );
  } else content = settled?.failed ? <LoadFailed onRetry={retry} /> : <PageSpinner />;
  return (
    <RemoteErrorBoundary key={`${remote}/${expose}/${attempt}`} fallback={<LoadFailed onRetry={retry} />}>
      {content}
    </RemoteErrorBoundary>
  );
}

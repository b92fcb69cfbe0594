/**
 * A route page that lives in a remote. Loaded on first visit; while loading a spinner; if the remote cannot be
 * loaded, an error panel with a retry inside the layout, and the rest of the product keeps working.
 */
import { Component, Suspense, useState, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { RemoteName } from '../config';
import type { Clients } from '../session/session';
import { useShellServices } from '../session/services';
import { texts } from '../texts';
import { PageSpinner } from './PageSpinner';
import { useRemoteCode } from './useRemoteCode';

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
  // The spinner, then the page the moment its code is in, or the error panel if it could not be loaded (useRemoteCode:
  // as a lazy part in a Suspense boundary, every first visit of a page showed it no sooner than 300 ms after the
  // spinner, the opening one and each first move to another: 320–330 ms from the click on this machine).
  const key = `${remote}/${expose}/${attempt}`;
  const { component: Page, failed } = useRemoteCode({ remote, expose }, key, attempt > 0);
  let content: ReactNode;
  if (Page) {
    content = (
      <Suspense fallback={<PageSpinner />}>
        <Page shell={shell} />
      </Suspense>
    );
  } else content = failed ? <LoadFailed onRetry={retry} /> : <PageSpinner />;
  return (
    <RemoteErrorBoundary key={key} fallback={<LoadFailed onRetry={retry} />}>
      {content}
    </RemoteErrorBoundary>
  );
}

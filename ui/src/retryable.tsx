/**
 * A lazily loaded part of a page that can be loaded again after a failed download. Each module says how a failure
 * looks (its own error panel and texts) and what shows while the part loads. The part shows the moment its code
 * arrives (it does not suspend: partOnDemand.tsx says why); a failed download shows the error with 'Prøv igen',
 * which asks for the code again, and so does a failure in the part's own render.
 */
import { Component, Suspense, createElement, useState, type ComponentType, type ReactNode } from 'react';
import { partLoader, useLoadedPart } from './partOnDemand.js';

export interface RetryableLook {
  fallback: ReactNode;
  renderError(error: Error, retry: () => void): ReactNode;
}

class PartBoundary extends Component<{ look: RetryableLook; onRetry(): void; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) return this.props.look.renderError(this.state.error, this.props.onRetry);
    return this.props.children;
  }
}

function LoadedPart<P extends object>({ part, look, props }: { part: ReturnType<typeof partLoader<P>>; look: RetryableLook; props: P }) {
  const { Part, failure } = useLoadedPart(part);
  if (failure) throw failure.error instanceof Error ? failure.error : new Error(String(failure.error));
  return Part ? <Suspense fallback={look.fallback}>{createElement(Part, props)}</Suspense> : look.fallback;
}

export function retryable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, look: RetryableLook) {
  const part = partLoader(load);
  function Retryable(props: P) {
    const [attempt, setAttempt] = useState(0);
    return (
      <PartBoundary key={attempt} look={look} onRetry={() => setAttempt((value) => value + 1)}>
        <LoadedPart part={part} look={look} props={props} />
      </PartBoundary>
    );
  }
  // Asked for ahead of its first mount (for instance when the page is idle), it renders at once when shown.
  return Object.assign(Retryable, { preload: part.preload });
}

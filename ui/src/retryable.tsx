/**
 * A lazily loaded part of a page that can be loaded again after a failed download. React.lazy keeps a failed import
 * forever, so 'Prøv igen' makes a new lazy component (architecture: known pitfalls). Each module says how a failure
 * looks (its own error panel and texts) and what shows while the part loads.
 */
import { Component, Suspense, lazy, useState, type ComponentType, type JSX, type ReactNode } from 'react';

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

export function retryable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, look: RetryableLook) {
  let Lazy = lazy(load);
  function Retryable(props: P) {
    const [attempt, setAttempt] = useState(0);
    return (
      <PartBoundary
        key={attempt}
        look={look}
        onRetry={() => {
          Lazy = lazy(load);
          setAttempt((value) => value + 1);
        }}
      >
        <Suspense fallback={look.fallback}>
          {/* The lazy component takes exactly P; TypeScript cannot see that through the generic. */}
          <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </PartBoundary>
    );
  }
  return Retryable;
}

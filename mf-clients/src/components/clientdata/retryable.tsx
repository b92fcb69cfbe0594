/**
 * A lazily loaded part of the page that can be loaded again after a failed download. React.lazy keeps a failed
 * import forever, so 'Prøv igen' makes a new lazy component (architecture: known pitfalls).
 */
import { Component, Suspense, lazy, useState, type ComponentType, type JSX, type ReactNode } from 'react';
import { Caption1 } from '@fluentui/react-components';
import { LoadError } from '@klinik/ui';
import { overviewTexts as texts } from '../../routes/ClientData/overview-texts';

class PartBoundary extends Component<{ onRetry(): void; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) {
      return <LoadError title={texts.partFailed} detail={this.state.error.message} retryLabel={texts.retry} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

export function retryable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = <Caption1>{texts.loading}</Caption1>) {
  let Lazy = lazy(load);
  function Retryable(props: P) {
    const [attempt, setAttempt] = useState(0);
    return (
      <PartBoundary
        key={attempt}
        onRetry={() => {
          Lazy = lazy(load);
          setAttempt((value) => value + 1);
        }}
      >
        <Suspense fallback={fallback}>
          {/* The lazy component takes exactly P; TypeScript cannot see that through the generic. */}
          <Lazy {...(props as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </PartBoundary>
    );
  }
  return Retryable;
}

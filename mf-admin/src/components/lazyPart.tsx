/**
 * The page's lazily loaded parts (its dialogs and the tabs after the first): each arrives when first shown, and a
 * failed download offers 'Prøv igen' (retryable makes a new lazy component, as React.lazy keeps a failure).
 */
import type { ComponentType, ReactNode } from 'react';
import { Caption1 } from '@fluentui/react-components';
import { LoadError, retryable } from '@klinik/ui';
import { texts } from '../texts';

export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = <Caption1 role="status">{texts.page.loading}</Caption1>) {
  return retryable(load, {
    fallback,
    renderError: (error, retry) => <LoadError title={texts.page.partFailed} detail={error.message} onRetry={retry} retryLabel={texts.page.retry} />,
  });
}

/** The client page's lazily loaded parts: @klinik/ui's retryable with this module's error panel and texts. */
import type { ComponentType, ReactNode } from 'react';
import { Caption1 } from '@fluentui/react-components';
import { LoadError, retryable as retryablePart } from '@klinik/ui';
import { overviewTexts as texts } from '../overview-texts';

export function retryable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = <Caption1>{texts.loading}</Caption1>) {
  return retryablePart(load, {
    fallback,
    renderError: (error, retry) => <LoadError title={texts.partFailed} detail={error.message} retryLabel={texts.retry} onRetry={retry} />,
  });
}

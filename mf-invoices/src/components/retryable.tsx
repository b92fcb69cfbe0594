/** /Faktura's lazily loaded parts: @klinik/ui's retryable with this module's error notice and texts. */
import type { ComponentType, ReactNode } from 'react';
import { Caption1 } from '@fluentui/react-components';
import { retryable as retryablePart } from '@klinik/ui';
import { texts } from '../texts';
import { ErrorNotice } from './ErrorNotice';

export function retryable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = <Caption1>{texts.loading}</Caption1>) {
  return retryablePart(load, {
    fallback,
    renderError: (error, retry) => <ErrorNotice title={texts.partFailed} detail={error.message} onRetry={retry} />,
  });
}

/**
 * A part of a page loaded when first needed (dialogs), with mf-commerce's look for its loading and a failed download:
 * the failure with 'Prøv igen', which loads it again (React.lazy alone would keep the failure forever).
 */
import type { ComponentType } from 'react';
import { Spinner } from '@fluentui/react-components';
import { LoadError, retryable } from '@klinik/ui';
import { texts } from '../texts';

export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return retryable(load, {
    fallback: <Spinner size="tiny" label={texts.loadingPart} />,
    renderError: (error, retry) => <LoadError title={texts.partFailed} detail={error.message} onRetry={retry} retryLabel={texts.retry} />,
  });
}

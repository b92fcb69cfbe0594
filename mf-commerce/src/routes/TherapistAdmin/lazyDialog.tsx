/**
 * The page's lazily loaded parts (its dialogs, the users table, the limit's tooltip): like mf-commerce's lazyPart,
 * with this page's texts (the page does not carry the module's whole texts.ts for three words) and a plain text
 * while a part loads (Fluent's Spinner is not in the page's first load).
 */
import type { ComponentType, ReactNode } from 'react';
import { Caption1 } from '@fluentui/react-components';
import { LoadError, retryable } from '@klinik/ui';
import { texts } from './texts';

export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = <Caption1 role="status">{texts.page.loadingPart}</Caption1>) {
  return retryable(load, {
    fallback,
    renderError: (error, retry) => <LoadError title={texts.page.partFailed} detail={error.message} onRetry={retry} retryLabel={texts.page.retry} />,
  });
}

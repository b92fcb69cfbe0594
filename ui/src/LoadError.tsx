import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

/** A page's data could not be loaded: what failed, why, and 'Prøv igen'. */
export function LoadError({ title, detail, onRetry, retryLabel = 'Prøv igen' }: { title: string; detail?: string | null; onRetry: () => void; retryLabel?: string }) {
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>
        {title} {detail}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>{retryLabel}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

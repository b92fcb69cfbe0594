/** The reason the add button is disabled at five therapists (spec 3 §5: 'button disabled, tooltip'), loaded only then. */
import type { ReactElement } from 'react';
import { Tooltip } from '@fluentui/react-components';

export default function LimitTooltip({ content, children }: { content: string; children: ReactElement }) {
  return (
    <Tooltip content={content} relationship="description" withArrow>
      {children}
    </Tooltip>
  );
}

/**
 * A dialog that only shows something (a table, a film, a receipt) and closes with one button: FormDialog's frame,
 * focus and Escape, without a submit.
 */
import type { ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { FormDialog } from './FormDialog.js';

export function InfoDialog({
  title,
  children,
  onClose,
  closeLabel = 'Luk',
  actions,
  surfaceClassName,
  contentClassName,
}: {
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  closeLabel?: string;
  /** Buttons before the close button. */
  actions?: ReactNode;
  surfaceClassName?: string;
  contentClassName?: string;
}) {
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      actions={actions}
      surfaceClassName={surfaceClassName}
      contentClassName={contentClassName}
      footer={
        <Button appearance="primary" onClick={onClose}>
          {closeLabel}
        </Button>
      }
    >
      {children}
    </FormDialog>
  );
}
export default InfoDialog;

/**
 * A labelled group of checkboxes (weekdays, choices) with its refusal below, for the places a Fluent `Field` cannot
 * be used: a Field hands its one control's id and label to every Fluent checkbox inside it, so a screen reader named
 * each of them as the first.
 *
 *   <CheckboxGroup label="Dage" required validationMessage={form.field('days').validationMessage}>…Checkbox…</CheckboxGroup>
 */
import { Label, Text, makeStyles, mergeClasses, tokens, useId } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  group: { display: 'grid', gap: '4px' },
  boxes: { display: 'flex', flexWrap: 'wrap', columnGap: '4px' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

export interface CheckboxGroupProps {
  label: string;
  required?: boolean;
  /** The refusal to show under the boxes (a form field's `validationMessage`). */
  validationMessage?: string | null;
  /** Extra classes for the row of boxes (a layout of the caller's). */
  className?: string;
  children: ReactNode;
}

export function CheckboxGroup({ label, required, validationMessage, className, children }: CheckboxGroupProps) {
  const styles = useStyles();
  const labelId = useId('checkbox-group');
  const errorId = useId('checkbox-group-error');
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={validationMessage ? errorId : undefined} className={styles.group}>
      <Label id={labelId} required={required}>
        {label}
      </Label>
      <div className={mergeClasses(styles.boxes, className)}>{children}</div>
      {validationMessage && (
        <Text id={errorId} role="alert" className={styles.error}>
          {validationMessage}
        </Text>
      )}
    </div>
  );
}

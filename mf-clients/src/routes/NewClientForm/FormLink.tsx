/** The public form's address with the chosen questions, read-only, and 'kopi' → 'Kopieret!' for 5 s (spec 2 §5). */
import { useRef } from 'react';
import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useCopy } from '@klinik/ui';
import { texts } from './texts';

const useStyles = makeStyles({
  // Fluent's field is a grid whose column grows to the address field's own width; on a phone that ran past the screen.
  field: { gridTemplateColumns: 'minmax(0, 1fr)' },
  row: { display: 'flex', gap: '8px', alignItems: 'center' },
  input: { flexGrow: 1, minWidth: 0, fontFamily: 'monospace' },
  button: { flexShrink: 0, minWidth: '104px' },
});

export function FormLink({ url }: { url: string }) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  // A new link (another question chosen) has not been copied yet: useCopy goes back to idle.
  const { state, copy } = useCopy(url);

  return (
    <Field className={styles.field} label={texts.linkLabel} hint={state === 'failed' ? texts.copyFailed : texts.linkHint}>
      <div className={styles.row}>
        <Input ref={input} className={styles.input} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <Button
          className={styles.button}
          icon={<CopyRegular />}
          disabled={!url}
          onClick={() => copy(input.current)}
        >
          {state === 'copied' ? texts.copied : texts.copy}
        </Button>
      </div>
    </Field>
  );
}

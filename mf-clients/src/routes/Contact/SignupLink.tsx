/** The clinic's public newsletter sign-up page (/Newsletter?id=…), read-only, with a copy button ('Kopieret!' for 5 s). */
import { useId, useRef } from 'react';
import { Button, Caption1, Input, Label, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { clientMessages } from '@klinik/core/messages';
import { useCopy } from '@klinik/ui';
import { texts } from './texts';

const T = texts.signup;

const useStyles = makeStyles({
  field: { display: 'grid', gap: '4px' },
  hint: { color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  input: { flex: '1 1 220px', minWidth: 0, fontFamily: 'monospace' },
  button: { flexShrink: 0, minWidth: '104px' },
});

export function SignupLink({ url }: { url: string }) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const { state, copy } = useCopy(url);
  const inputId = useId();
  const hintId = useId();

  return (
    <div className={styles.field}>
      <Label htmlFor={inputId}>{T.label}</Label>
      <div className={styles.row}>
        <Input id={inputId} ref={input} className={styles.input} readOnly value={url} aria-describedby={hintId} onFocus={(event) => event.currentTarget.select()} />
        <Button className={styles.button} icon={<CopyRegular />} aria-label={state === 'copied' ? clientMessages.copied : T.copyLabel} onClick={() => copy(input.current)}>
          {state === 'copied' ? clientMessages.copied : T.copy}
        </Button>
      </div>
      <Caption1 id={hintId} className={styles.hint} role={state === 'failed' ? 'alert' : undefined}>
        {state === 'failed' ? T.copyFailed : T.hint}
      </Caption1>
    </div>
  );
}

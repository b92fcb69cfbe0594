/**
 * The two-field new-password form of /reset_password and /set-password: minimum 10 characters and equal fields
 * ('Passwords er ikke ens'), checked before the call; the server checks again, and also refuses a common password
 * (the list is in @klinik/core's main entry, which these light pages do not load: its message comes back here).
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { messages, PASSWORD_MIN_LENGTH } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { Notice } from '../components/Notice';
import type { TimedMessage } from '../components/useTimedMessage';
import { texts } from '../texts';

const useStyles = makeStyles({ form: { display: 'grid', gap: '14px', marginTop: '8px' } });

export function PasswordPair({ onSubmit, submitLabel = texts.reset.submit }: { onSubmit: (password: string) => Promise<void>; submitLabel?: string }) {
  const styles = useStyles();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<TimedMessage | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return setMessage({ text: messages.passwordsDiffer, intent: 'error' });
    if (password.length < PASSWORD_MIN_LENGTH) return setMessage({ text: messages.passwordTooShort, intent: 'error' });
    setBusy(true);
    setMessage(null);
    try {
      await onSubmit(password);
    } catch (error) {
      setMessage({ text: error instanceof ActionError ? error.message : String(error), intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field label={texts.reset.password} required>
        <Input type="password" autoComplete="new-password" value={password} onChange={(_, data) => setPassword(data.value)} />
      </Field>
      <Field label={texts.reset.confirm} required>
        <Input type="password" autoComplete="new-password" value={confirm} onChange={(_, data) => setConfirm(data.value)} />
      </Field>
      <Notice message={message} />
      <Button type="submit" appearance="primary" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

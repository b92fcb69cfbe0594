/**
 * `/forgot_password`: mails a reset link (spec 1 §4, §8); the message shows for 5 seconds. Every address gets the same
 * answer (the server's), so the page never tells whether an account exists.
 */
import { useState, type FormEvent } from 'react';
import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { RESET_MESSAGE_VISIBLE_MS } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { AppLink } from '../components/AppLink';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useTimedMessage } from '../components/useTimedMessage';
import { useClients } from '../session/session';
import { texts } from '../texts';

const useStyles = makeStyles({ form: { display: 'grid', gap: '14px', marginTop: '8px' } });

export default function ForgotPassword() {
  const styles = useStyles();
  const clients = useClients();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage(RESET_MESSAGE_VISIBLE_MS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await clients.therapist.call('resetPassword', { email: email.trim() });
      show(answer.message, 'success');
    } catch (error) {
      const text = error instanceof ActionError ? error.message : String(error);
      show(`${texts.forgot.otherError}${text}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={texts.forgot.title} intro={texts.forgot.intro}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={texts.forgot.email} required>
          <Input type="email" autoComplete="email" value={email} onChange={(_, data) => setEmail(data.value)} />
        </Field>
        <Notice message={message} />
        <Button type="submit" appearance="primary" disabled={busy || !email.trim()}>
          {busy ? texts.forgot.submitting : texts.forgot.submit}
        </Button>
        <AppLink to="/">{texts.forgot.back}</AppLink>
      </form>
    </AuthCard>
  );
}

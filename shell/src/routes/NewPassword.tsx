/** `/NewPassword` (account menu): change the own password (spec 3 §5, password change). */
import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Spinner, Title2, makeStyles } from '@fluentui/react-components';
import { messages } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { Notice } from '../components/Notice';
import type { TimedMessage } from '../components/useTimedMessage';
import { useClients, useSyncSession } from '../session/session';
import { storeTherapistToken } from '../session/storage';
import { texts } from '../texts';

const useStyles = makeStyles({ card: { maxWidth: '480px', padding: '24px' }, form: { display: 'grid', gap: '14px' } });

export default function NewPassword() {
  const styles = useStyles();
  const clients = useClients();
  const sync = useSyncSession();
  const [values, setValues] = useState({ old: '', next: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const set = (field: keyof typeof values) => (_: unknown, data: { value: string }) => setValues((current) => ({ ...current, [field]: data.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.old || !values.next || !values.confirm) return setMessage({ text: messages.allFieldsRequired, intent: 'error' });
    if (values.next !== values.confirm) return setMessage({ text: messages.newPasswordsDiffer, intent: 'error' });
    setBusy(true);
    try {
      const answer = await clients.therapist.call('setPassword', { oldPassword: values.old, newPassword: values.next });
      // The change ended the old sessions; this one continues with the fresh token.
      storeTherapistToken(answer.token, answer.expiresIn);
      sync();
      setValues({ old: '', next: '', confirm: '' });
      setMessage({ text: answer.message, intent: 'success' });
    } catch (error) {
      setMessage({ text: error instanceof ActionError ? error.message : String(error), intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className={styles.card}>
      <Title2 as="h1">{texts.newPassword.title}</Title2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={texts.newPassword.old} required>
          <Input type="password" autoComplete="current-password" value={values.old} onChange={set('old')} />
        </Field>
        <Field label={texts.newPassword.new} required>
          <Input type="password" autoComplete="new-password" value={values.next} onChange={set('next')} />
        </Field>
        <Field label={texts.newPassword.confirm} required>
          <Input type="password" autoComplete="new-password" value={values.confirm} onChange={set('confirm')} />
        </Field>
        <Notice message={message} />
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {texts.newPassword.submit}
        </Button>
      </form>
    </Card>
  );
}

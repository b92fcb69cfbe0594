/** `/NewPassword` (account menu): change the own password (spec 3 §5, password change). */
import { useState, type FormEvent } from 'react';
import { Button, Card, Field, Input, Spinner, Title2, makeStyles } from '@fluentui/react-components';
import { messages } from '@klinik/core/rules';
import { useMutation } from '@klinik/ui';
import { Notice } from '../components/Notice';
import type { TimedMessage } from '../components/useTimedMessage';
import { useClients, useSyncSession } from '../session/session';
import { storeTherapistToken } from '../session/storage';
import { texts } from '../texts';

const EMPTY = { old: '', next: '', confirm: '' };

const useStyles = makeStyles({ card: { maxWidth: '480px', padding: '24px' }, form: { display: 'grid', gap: '14px' } });

export default function NewPassword() {
  const styles = useStyles();
  const clients = useClients();
  const sync = useSyncSession();
  const [values, setValues] = useState(EMPTY);
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const change = useMutation((input: { oldPassword: string; newPassword: string }) => clients.therapist.call('setPassword', input), {
    onSuccess: (answer) => {
      // The change ended the old sessions; this one continues with the fresh token.
      storeTherapistToken(answer.token, answer.expiresIn);
      sync();
      setValues(EMPTY);
      setMessage({ text: answer.message, intent: 'success' });
    },
  });
  const set = (field: keyof typeof values) => (_: unknown, data: { value: string }) => setValues((current) => ({ ...current, [field]: data.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    change.reset();
    if (!values.old || !values.next || !values.confirm) return setMessage({ text: messages.allFieldsRequired, intent: 'error' });
    if (values.next !== values.confirm) return setMessage({ text: messages.newPasswordsDiffer, intent: 'error' });
    setMessage(null);
    void change.run({ oldPassword: values.old, newPassword: values.next });
  }

  const shown: TimedMessage | null = change.error !== null ? { text: change.error, intent: 'error' } : message;

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
        <Notice message={shown} />
        <Button type="submit" appearance="primary" disabled={change.pending} icon={change.pending ? <Spinner size="tiny" /> : undefined}>
          {texts.newPassword.submit}
        </Button>
      </form>
    </Card>
  );
}

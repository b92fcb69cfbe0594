/**
 * Signed out: the client's e-mail and 'Send mig et link'. The answer is one text whatever the address (the server
 * sends the same), so nobody learns here who is a client of the clinic.
 */
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import type { ActionClient } from '@klinik/core/client';
import { useMutation } from '@klinik/ui';
import { prerenderedEmail } from './cold/handover';
import { portalTexts as T } from './texts';
import { usePortalStyles } from './styles';

export function SignInForm({ client, therapistId }: { client: ActionClient; therapistId: string }) {
  const styles = usePortalStyles();
  // Opened cold, the page's first paint was MineTider.html's prerendered form: what was typed there goes on here.
  const [handover] = useState(prerenderedEmail);
  const [email, setEmail] = useState(handover.email);
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (handover.focused) input.current?.focus();
  }, [handover]);
  const [answer, setAnswer] = useState<string | null>(null);
  const request = useMutation((address: string) => client.call('requestClientPortalLink', { therapistId, email: address }), {
    onSuccess: (result) => setAnswer(result.message),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setAnswer(null);
    void request.run(email.trim());
  }

  const emailError = request.fieldErrors.email;
  return (
    <section className={styles.panel} aria-labelledby="portal-signin">
      <h2 id="portal-signin" className={styles.heading}>
        {T.signInTitle}
      </h2>
      <Text>{T.signInIntro}</Text>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={T.email} required validationMessage={emailError}>
          <Input ref={input} type="email" inputMode="email" autoComplete="email" maxLength={254} value={email} onChange={(_, data) => setEmail(data.value)} />
        </Field>
        {request.error && !emailError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{request.error}</MessageBarBody>
          </MessageBar>
        )}
        {answer && (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{answer}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={request.pending}>
            {request.pending ? T.sending : T.sendLink}
          </Button>
        </div>
      </form>
    </section>
  );
}

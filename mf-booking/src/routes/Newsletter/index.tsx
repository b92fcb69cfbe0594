/**
 * `/Newsletter` (public, outside the main layout): a clinic's newsletter sign-up with double opt-in.
 * - `?id=<therapistId>` (the link /Kontakt shows the clinic): an e-mail and 'Tilmeld'. The answer is the same whether
 *   or not the address is a client's (nothing here tells who is a client); a client gets a mail with a signed link.
 * - `?token=<token>` (that link): 'Bekræft tilmelding' turns the client's newsletter on.
 * - neither: what the page is for, and where unsubscribing is.
 * Plain elements and the wizard's CSS, like the other public pages (no UI kit), phone first.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ActionClient } from '@klinik/core/client';
import type { RemotePageProps } from '@klinik/core/rules';
import { useMutation } from '@klinik/ui';
import { Field } from '../../wizard/Field';
import { newsletterTexts as T } from './texts';
import '../../wizard/wizard.css';

function Signup({ client, therapistId }: { client: ActionClient; therapistId: string }) {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  // The server's message at the field stays until the address is edited.
  const [edited, setEdited] = useState(false);
  const signup = useMutation((address: string) => client.call('newsletterSignup', { therapistId, email: address }), {
    onSuccess: (result) => setAnswer(result.message),
    onError: () => setEdited(false),
  });
  if (answer !== null) {
    return (
      <p className="kb-success" role="status">
        {answer}
      </p>
    );
  }
  const emailError = edited ? undefined : signup.fieldErrors.email;
  const otherError = signup.error !== null && !emailError ? (Object.values(signup.fieldErrors)[0] ?? signup.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    void signup.run(email.trim());
  }

  return (
    <form onSubmit={submit} noValidate>
      <p>{T.signupIntro}</p>
      <Field id="newsletter-email" label={T.email} required error={emailError}>
        <input
          id="newsletter-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'newsletter-email-error' : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setEdited(true);
          }}
        />
      </Field>
      {otherError && (
        <p className="kb-alert" role="alert">
          {otherError}
        </p>
      )}
      <button type="submit" className="kb-button" disabled={signup.pending}>
        {signup.pending ? T.sending : T.signup}
      </button>
    </form>
  );
}

function Confirm({ client, token }: { client: ActionClient; token: string }) {
  const [answer, setAnswer] = useState<string | null>(null);
  const confirm = useMutation((signed: string) => client.call('confirmNewsletterSignup', { signupToken: signed }), { onSuccess: (result) => setAnswer(result.message) });
  if (answer !== null) {
    return (
      <p className="kb-success" role="status">
        {answer}
      </p>
    );
  }
  const error = confirm.error !== null ? (Object.values(confirm.fieldErrors)[0] ?? confirm.error) : null;
  return (
    <>
      <p>{T.confirmIntro}</p>
      {error && (
        <p className="kb-alert" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="kb-button" disabled={confirm.pending} onClick={() => void confirm.run(token)}>
        {confirm.pending ? T.confirming : T.confirm}
      </button>
    </>
  );
}

/** The clinic's name, as its booking page shows it, so the client knows whose newsletters these are. */
function useClinicName(client: ActionClient, therapistId: string): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!therapistId) return;
    let current = true;
    client.call('clientGetTherapistInfo', { therapistId }).then(
      (answer) => current && setName(answer.data.companyName),
      // An unknown link still shows the form: its answer is the same for everyone.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, therapistId]);
  return name;
}

export default function NewsletterPage({ shell }: RemotePageProps) {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const therapistId = (params.get('id') ?? '').trim();
  const clinicName = useClinicName(shell.client, token ? '' : therapistId);
  return (
    <div className="kb">
      <h1>{clinicName ? T.titleOf(clinicName) : T.title}</h1>
      {token ? (
        <Confirm client={shell.client} token={token} />
      ) : therapistId ? (
        <Signup client={shell.client} therapistId={therapistId} />
      ) : (
        <>
          <p>{T.explain}</p>
          <p>{T.unsubscribe}</p>
        </>
      )}
    </div>
  );
}

/**
 * The staff's sign-in form (the platform administrator at /admin, the support team at /support-login): username,
 * password and the code from the authenticator app, each staff kind with its own action, token and landing page.
 * A refused password says the page's own text (spec 1 §8 'Forkert login' for the administrator); a rate limit, a
 * missing or wrong code, or two-factor sign-in not set up (required in production) say so themselves.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { LOGIN_ERROR_VISIBLE_MS } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useTimedMessage } from '../components/useTimedMessage';
import { useSyncSession } from '../session/session';
import { readDeviceToken, storeDeviceToken } from '../session/storage';
import { texts } from '../texts';

const useStyles = makeStyles({ form: { display: 'grid', gap: '14px', marginTop: '8px' } });

export interface StaffCredentials {
  username: string;
  password: string;
  otp: string | undefined;
  deviceToken: string | undefined;
}

export interface StaffSignInProps {
  /** Whose sign-in: the device that passed two-factor sign-in is remembered per kind. */
  kind: 'admin' | 'team';
  title: string;
  passwordLabel: string;
  submitLabel: string;
  /** What a refused sign-in says when the server's reason is not its own to tell. */
  refusedText: string;
  /** Sends the sign-in and stores the session's token; resolves with the device token to remember. */
  signIn: (credentials: StaffCredentials) => Promise<string>;
  /** Where a signed-in staff member lands. */
  landing: string;
  /** Below the button (the administrator's way back to the front page). */
  footer?: ReactNode;
}

/** A refusal whose reason the server tells itself; any other refusal says only that the sign-in failed. */
export function ownRefusal(error: unknown): error is ActionError {
  return error instanceof ActionError && (error.status === 429 || error.status === 403 || Boolean(error.errors.otp));
}

export function StaffSignIn({ kind, title, passwordLabel, submitLabel, refusedText, signIn, landing, footer }: StaffSignInProps) {
  const styles = useStyles();
  const sync = useSyncSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage(LOGIN_ERROR_VISIBLE_MS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const deviceToken = await signIn({ username: username.trim(), password, otp: otp.trim() || undefined, deviceToken: readDeviceToken(kind) });
      storeDeviceToken(kind, deviceToken);
      sync();
      navigate(landing, { replace: true });
    } catch (error) {
      show(ownRefusal(error) ? error.message : refusedText);
      setBusy(false);
    }
  }

  return (
    <AuthCard title={title}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={texts.support.username} required>
          <Input name="username" autoComplete="username" value={username} onChange={(_, data) => setUsername(data.value)} />
        </Field>
        <Field label={passwordLabel} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} />
        </Field>
        <Field label={texts.otp}>
          <Input name="otp" autoComplete="one-time-code" value={otp} onChange={(_, data) => setOtp(data.value)} />
        </Field>
        <Notice message={message} />
        <Button type="submit" appearance="primary" disabled={busy || !username.trim() || !password}>
          {submitLabel}
        </Button>
        {footer}
      </form>
    </AuthCard>
  );
}

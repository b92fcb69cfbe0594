/**
 * `/admin`: platform administrator login; with an admin token already stored, straight to /Companies. Each
 * administrator signs in with their own username and password (issue 14; the spec has one shared password).
 */
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useNavigate } from 'react-router-dom';
import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { LOGIN_ERROR_VISIBLE_MS, messages } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { AppLink } from '../components/AppLink';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useTimedMessage } from '../components/useTimedMessage';
import { storedSessionAtom, useClients, useSyncSession } from '../session/session';
import { readDeviceToken, storeAdminToken, storeDeviceToken } from '../session/storage';
import { texts } from '../texts';

const useStyles = makeStyles({ form: { display: 'grid', gap: '14px', marginTop: '8px' } });

export default function AdminLogin() {
  const styles = useStyles();
  const session = useAtomValue(storedSessionAtom);
  const clients = useClients();
  const sync = useSyncSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage(LOGIN_ERROR_VISIBLE_MS);

  if (session.adminToken) return <Navigate to="/Companies" replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await clients.admin.call('adminCheck', { username: username.trim(), password, otp: otp.trim() || undefined, deviceToken: readDeviceToken('admin') });
      storeDeviceToken('admin', answer.deviceToken);
      storeAdminToken(answer.adminToken, answer.expiresIn);
      sync();
      navigate('/Companies', { replace: true });
    } catch (error) {
      // Spec 1 §8: 'Forkert login' for a refused password; a rate limit, a missing or wrong code from the
      // authenticator app, or two-factor sign-in not set up (required in production) say so themselves.
      const own = error instanceof ActionError && (error.status === 429 || error.status === 403 || Boolean(error.errors.otp));
      show(own ? error.message : messages.adminWrongPassword);
      setBusy(false);
    }
  }

  return (
    <AuthCard title={texts.admin.title}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={texts.support.username} required>
          <Input name="username" autoComplete="username" value={username} onChange={(_, data) => setUsername(data.value)} />
        </Field>
        <Field label={texts.admin.password} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} />
        </Field>
        <Field label={texts.otp}>
          <Input name="otp" autoComplete="one-time-code" value={otp} onChange={(_, data) => setOtp(data.value)} />
        </Field>
        <Notice message={message} />
        <Button type="submit" appearance="primary" disabled={busy || !username.trim() || !password}>
          {texts.admin.submit}
        </Button>
        <AppLink to="/">{texts.forgot.back}</AppLink>
      </form>
    </AuthCard>
  );
}

/** `/`: therapist login (spec 1 §2), and the fallback for unknown paths. */
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { landingPathAfterLogin, LOGIN_ERROR_VISIBLE_MS } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { AppLink } from '../components/AppLink';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useTimedMessage } from '../components/useTimedMessage';
import { storedSessionAtom, useClients } from '../session/session';
import { useCompleteTherapistSignIn } from '../session/signIn';
import { readDeviceToken, storeDeviceToken } from '../session/storage';
import { texts } from '../texts';

const useStyles = makeStyles({
  form: { display: 'grid', gap: '14px', marginTop: '8px' },
  links: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '8px' },
});

export default function Login() {
  const styles = useStyles();
  const session = useAtomValue(storedSessionAtom);
  const location = useLocation();
  const clients = useClients();
  const completeSignIn = useCompleteTherapistSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Asked for only when the server says the account has two-factor sign-in.
  const [otp, setOtp] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage(LOGIN_ERROR_VISIBLE_MS);
  const flash = (location.state as { message?: string } | null)?.message;

  if (session.token && session.therapist) {
    return <Navigate to={landingPathAfterLogin(session.therapist, Date.now())} replace />;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await clients.therapist.call('login', { username: username.trim(), password, otp: otp || undefined, deviceToken: readDeviceToken('therapist') });
      storeDeviceToken('therapist', answer.deviceToken);
      await completeSignIn(answer.token, answer.expiresIn);
    } catch (error) {
      if (error instanceof ActionError && error.errors.otp) setOtp((current) => current ?? '');
      show(error instanceof ActionError && error.message ? error.message : texts.login.unknownError);
      setBusy(false);
    }
  }

  return (
    <AuthCard title={texts.login.title} intro={texts.login.intro}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {flash && <Notice message={{ text: flash, intent: 'success' }} />}
        <Field label={texts.login.email} required>
          <Input type="email" name="username" autoComplete="username" value={username} onChange={(_, data) => setUsername(data.value)} />
        </Field>
        <Field label={texts.login.password} required>
          <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} />
        </Field>
        {otp !== null && (
          <Field label={texts.otp} required>
            <Input name="otp" autoComplete="one-time-code" value={otp} onChange={(_, data) => setOtp(data.value)} />
          </Field>
        )}
        <Notice message={message} />
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? texts.login.submitting : texts.login.submit}
        </Button>
        <div className={styles.links}>
          <AppLink to="/forgot_password">{texts.login.forgot}</AppLink>
          <AppLink to="/register">{texts.login.register}</AppLink>
          <AppLink to="/admin">{texts.login.admin}</AppLink>
        </div>
      </form>
    </AuthCard>
  );
}

/** `/support-login`: the support team's own login, leading to /support-import-data. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Field, Input, makeStyles } from '@fluentui/react-components';
import { LOGIN_ERROR_VISIBLE_MS } from '@klinik/core/rules';
import { ActionError } from '@klinik/core/client';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useTimedMessage } from '../components/useTimedMessage';
import { useClients, useSyncSession } from '../session/session';
import { readDeviceToken, storeDeviceToken, storeTeamToken } from '../session/storage';
import { texts } from '../texts';

const useStyles = makeStyles({ form: { display: 'grid', gap: '14px', marginTop: '8px' } });

export default function SupportLogin() {
  const styles = useStyles();
  const clients = useClients();
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
      const answer = await clients.team.call('teamLogin', { username: username.trim(), password, otp: otp.trim() || undefined, deviceToken: readDeviceToken('team') });
      storeDeviceToken('team', answer.deviceToken);
      storeTeamToken(answer.teamToken, answer.expiresIn);
      sync();
      navigate('/support-import-data', { replace: true });
    } catch (error) {
      // A rate limit, a missing or wrong code, or two-factor sign-in not set up say so themselves.
      const own = error instanceof ActionError && (error.status === 429 || error.status === 403 || Boolean(error.errors.otp));
      show(own ? error.message : texts.support.failed);
      setBusy(false);
    }
  }

  return (
    <AuthCard title={texts.support.title}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <Field label={texts.support.username} required>
          <Input autoComplete="username" value={username} onChange={(_, data) => setUsername(data.value)} />
        </Field>
        <Field label={texts.support.password} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(_, data) => setPassword(data.value)} />
        </Field>
        <Field label={texts.otp}>
          <Input name="otp" autoComplete="one-time-code" value={otp} onChange={(_, data) => setOtp(data.value)} />
        </Field>
        <Notice message={message} />
        <Button type="submit" appearance="primary" disabled={busy || !username || !password}>
          {texts.support.submit}
        </Button>
      </form>
    </AuthCard>
  );
}

/** `/reset_password?token=…`: choose a new password from a mailed link. */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '@klinik/core/rules';
import { AppLink } from '../components/AppLink';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useClients } from '../session/session';
import { texts } from '../texts';
import { PasswordPair } from './PasswordPair';

export default function ResetPassword() {
  const [params] = useSearchParams();
  const clients = useClients();
  const [done, setDone] = useState(false);
  const token = params.get('token');

  return (
    <AuthCard title={texts.reset.title}>
      {!token ? (
        <Notice message={{ text: texts.reset.missingToken, intent: 'error' }} />
      ) : done ? (
        <Notice message={{ text: messages.passwordUpdated, intent: 'success' }} />
      ) : (
        <PasswordPair
          onSubmit={async (password) => {
            await clients.therapist.call('resetPasswordWithToken', { resetToken: token, password });
            setDone(true);
          }}
        />
      )}
      <AppLink to="/">{texts.reset.toLogin}</AppLink>
    </AuthCard>
  );
}

/** `/set-password?id=…`: an invited therapist chooses a password; on success to / (spec 1 §2). */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '@klinik/core/rules';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useClients } from '../session/session';
import { texts } from '../texts';
import { PasswordPair } from './PasswordPair';

export default function SetPassword() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const clients = useClients();
  const id = params.get('id');

  return (
    <AuthCard title={texts.setPassword.title}>
      {!id ? (
        <Notice message={{ text: texts.setPassword.missingId, intent: 'error' }} />
      ) : (
        <PasswordPair
          onSubmit={async (password) => {
            await clients.therapist.call('therapistSetPassword', { id, password });
            navigate('/', { replace: true, state: { message: messages.passwordUpdated } });
          }}
        />
      )}
    </AuthCard>
  );
}

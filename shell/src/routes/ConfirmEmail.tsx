/**
 * `/confirm-email?token=…`: the link of the registration mail. The address is confirmed by pressing the
 * button, not by opening the page, so a mail scanner that follows links confirms nothing. On success to /, with
 * the server's message.
 */
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@fluentui/react-components';
import { ActionError } from '@klinik/core/client';
import { AuthCard } from '../components/AuthCard';
import { Notice } from '../components/Notice';
import { useClients } from '../session/session';

// Kept here, not in ../texts.ts, which is part of the login page's first load (budget: 200 KB gzip).
const T = {
  title: 'Bekræft din e-mail',
  submit: 'Bekræft e-mail',
  missingToken: 'Linket mangler sin kode. Brug linket i mailen igen.',
} as const;

export default function ConfirmEmail() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const clients = useClients();
  const confirmToken = params.get('token');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm(token: string) {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await clients.therapist.call('confirmEmail', { confirmToken: token });
      navigate('/', { replace: true, state: { message: answer.message } });
    } catch (error) {
      setFailure(error instanceof ActionError ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={T.title}>
      {!confirmToken ? (
        <Notice message={{ text: T.missingToken, intent: 'error' }} />
      ) : (
        <>
          {failure && <Notice message={{ text: failure, intent: 'error' }} />}
          <Button appearance="primary" disabled={busy} onClick={() => void confirm(confirmToken)}>
            {T.submit}
          </Button>
        </>
      )}
    </AuthCard>
  );
}

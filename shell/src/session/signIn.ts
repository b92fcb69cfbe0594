/** What happens after a therapist token arrives (login, registration, password change). */
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { landingPathAfterLogin } from '@klinik/core/rules';
import { keepTherapistSession } from './complete-sign-in';
import { therapistAtom, useClients, useSyncSession } from './session';

export function useCompleteTherapistSignIn() {
  const clients = useClients();
  const setTherapist = useSetAtom(therapistAtom);
  const sync = useSyncSession();
  const navigate = useNavigate();
  return useCallback(
    async (token: string, expiresIn: number, destination?: string) => {
      // The stored session is read into state either way: kept after a success, cleared after a failure.
      const data = await keepTherapistSession(clients.therapist, token, expiresIn).finally(sync);
      setTherapist(data);
      navigate(destination ?? landingPathAfterLogin(data.company, Date.now()), { replace: true });
    },
    [clients, navigate, setTherapist, sync],
  );
}

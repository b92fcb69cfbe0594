/** What happens after a therapist token arrives (login, registration, password change). */
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { landingPathAfterLogin } from '@klinik/core/rules';
import { therapistAtom, useClients, useSyncSession } from './session';
import { clearTherapistSession, storeTherapist, storeTherapistToken } from './storage';

export function useCompleteTherapistSignIn() {
  const clients = useClients();
  const setTherapist = useSetAtom(therapistAtom);
  const sync = useSyncSession();
  const navigate = useNavigate();
  return useCallback(
    async (token: string, expiresIn: number, destination?: string) => {
      storeTherapistToken(token, expiresIn);
      try {
        const { data } = await clients.therapist.call('getTherapist', {});
        storeTherapist(data);
        setTherapist(data);
        sync();
        navigate(destination ?? landingPathAfterLogin(data.company, Date.now()), { replace: true });
      } catch (error) {
        clearTherapistSession();
        sync();
        throw error;
      }
    },
    [clients, navigate, setTherapist, sync],
  );
}

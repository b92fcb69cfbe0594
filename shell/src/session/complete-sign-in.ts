/**
 * What happens after a therapist token arrives, without React: the token is kept, the therapist read and kept, or
 * the session is cleared again if that read fails. Used by the app (signIn.ts) and by the sign-in island, which has
 * neither atoms nor a router (signin/island.tsx).
 */
import type { ActionClient } from '@klinik/core/client';
import type { TherapistView } from '@klinik/core/rules';
import { clearTherapistSession, storeTherapist, storeTherapistToken } from './storage';

/** `client` must send the stored therapist token (its getToken reads storage). */
export async function keepTherapistSession(client: ActionClient, token: string, expiresIn: number): Promise<TherapistView> {
  storeTherapistToken(token, expiresIn);
  try {
    const { data } = await client.call('getTherapist', {});
    storeTherapist(data);
    return data;
  } catch (error) {
    clearTherapistSession();
    throw error;
  }
}

/**
 * A therapist's sign-in without React: asking for the token (with this browser's device token), and what happens after
 * a token arrives: the token is kept, the therapist read and kept, or the session is cleared again if that read fails.
 * Used by the app (routes/Login.tsx, signIn.ts) and by the sign-in island, which has neither atoms nor a router
 * (signin/hydrate.tsx).
 */
import type { ActionClient } from '@klinik/core/client';
import type { TherapistView } from '@klinik/core/rules';
import { clearTherapistSession, readDeviceToken, storeDeviceToken, storeTherapist, storeTherapistToken } from './storage';

/** The `login` call of the sign-in form; keeps the device token it answers. Rejects with the answer's ActionError. */
export async function requestTherapistToken(client: ActionClient, credentials: { username: string; password: string; otp?: string }) {
  const answer = await client.call('login', { ...credentials, deviceToken: readDeviceToken('therapist') });
  storeDeviceToken('therapist', answer.deviceToken);
  return answer;
}

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

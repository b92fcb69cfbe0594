/**
 * `/` inside the app (spec 1 §2): the sign-in form the shell's index.html prerenders (signin/), shown here after a
 * sign-out, an ended session or a finished password reset, with the message the page before handed over.
 */
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { landingPathAfterLogin } from '@klinik/core/rules';
import { storedSessionAtom, useClients } from '../session/session';
import { useCompleteTherapistSignIn } from '../session/signIn';
import { requestTherapistToken } from '../session/complete-sign-in';
import { SignInForm, type SignInCredentials } from '../signin/SignInForm';
import '../signin/signin.css';

export default function Login() {
  const session = useAtomValue(storedSessionAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const clients = useClients();
  const completeSignIn = useCompleteTherapistSignIn();
  const flash = (location.state as { message?: string } | null)?.message;

  const signIn = useCallback(
    async (credentials: SignInCredentials) => {
      const answer = await requestTherapistToken(clients.therapist, credentials);
      await completeSignIn(answer.token, answer.expiresIn);
    },
    [clients, completeSignIn],
  );

  if (session.token && session.therapist) {
    return <Navigate to={landingPathAfterLogin(session.therapist, Date.now())} replace />;
  }
  return <SignInForm onSubmit={signIn} flash={flash} navigate={(path) => void navigate(path)} />;
}

/**
 * `/admin`: platform administrator login; with an admin token already stored, straight to /Companies. Each
 * administrator signs in with their own username and password (the spec has one shared password).
 */
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router-dom';
import { messages } from '@klinik/core/rules';
import { AppLink } from '../components/AppLink';
import { storedSessionAtom, useClients } from '../session/session';
import { storeAdminToken } from '../session/storage';
import { texts } from '../texts';
import { StaffSignIn } from './StaffSignIn';

export default function AdminLogin() {
  const session = useAtomValue(storedSessionAtom);
  const clients = useClients();
  if (session.adminToken) return <Navigate to="/Companies" replace />;
  return (
    <StaffSignIn
      kind="admin"
      title={texts.admin.title}
      passwordLabel={texts.admin.password}
      submitLabel={texts.admin.submit}
      // Spec 1 §8: 'Forkert login' for a refused password.
      refusedText={messages.adminWrongPassword}
      signIn={async (credentials) => {
        const answer = await clients.admin.call('adminCheck', credentials);
        storeAdminToken(answer.adminToken, answer.expiresIn);
        return answer.deviceToken;
      }}
      landing="/Companies"
      footer={<AppLink to="/">{texts.forgot.back}</AppLink>}
    />
  );
}

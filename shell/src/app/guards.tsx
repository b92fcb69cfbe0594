/** Route guards: who may see a page, and the plan redirect of spec 1 §2. */
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { isPlanBlocked } from '@klinik/core/rules';
import { Notice } from '../components/Notice';
import { storedSessionAtom } from '../session/session';

/** Main-layout routes need both a stored token and a stored therapist record (spec 1 §2). */
export function RequireTherapist({ children }: { children: ReactNode }) {
  const session = useAtomValue(storedSessionAtom);
  if (!session.token || !session.therapist) return <Navigate to="/" replace />;
  return children;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useAtomValue(storedSessionAtom);
  if (!session.adminToken) return <Navigate to="/admin" replace />;
  return children;
}

export function RequireTeam({ children }: { children: ReactNode }) {
  const session = useAtomValue(storedSessionAtom);
  if (!session.teamToken) return <Navigate to="/support-login" replace />;
  return children;
}

/**
 * Spec 1 §2: inside the layout, a blocked plan (expired, pending or empty status) sends the user to /planlægge,
 * unless the URL carries `subscription` or `payment_method` (the return from a payment).
 */
export function PlanGate({ children }: { children: ReactNode }) {
  const session = useAtomValue(storedSessionAtom);
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const returningFromPayment = params.has('subscription') || params.has('payment_method');
  if (session.therapist && isPlanBlocked(session.therapist, Date.now()) && !returningFromPayment) {
    return <Navigate to="/planlægge" replace />;
  }
  return children;
}

export function OwnerOnly({ children }: { children: ReactNode }) {
  const session = useAtomValue(storedSessionAtom);
  if (!session.therapist?.isAdmin) {
    return (
      <div style={{ padding: 24 }}>
        <Notice message={{ text: 'Kun klinikkens administrator har adgang til denne side.', intent: 'warning' }} />
      </div>
    );
  }
  return children;
}

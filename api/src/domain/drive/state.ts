/**
 * The `state` of a drive sign-in: which clinic, therapist and session started it, until when. HMAC-SHA256 signed with
 * a key derived from the API's secret (its own label, so an accounting state is never a drive state), so the return
 * page cannot be pointed at another clinic or therapist, replayed after 30 minutes, or used after the session that
 * asked for it has ended (the therapist's token version moves on logout and password change). Not a secret: ids only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DRIVE_STATE_TTL_MS = 30 * 60_000;

export interface DriveState {
  companyId: string;
  therapistId: string;
  tokenVersion: number;
  expiresAt: number;
}

function sign(secret: string, payload: string): string {
  const key = createHmac('sha256', secret).update('drive-state').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export function signDriveState(secret: string, state: DriveState): string {
  const body = { c: state.companyId, t: state.therapistId, v: state.tokenVersion, e: state.expiresAt, n: randomBytes(8).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The state's content when its signature holds and it has not expired; null otherwise. */
export function readDriveState(secret: string, state: string, now: number): DriveState | null {
  const [payload, signature, extra] = state.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let body: { c?: unknown; t?: unknown; v?: unknown; e?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof body;
  } catch {
    return null;
  }
  if (typeof body.c !== 'string' || typeof body.t !== 'string' || typeof body.v !== 'number' || typeof body.e !== 'number' || body.e < now) return null;
  return { companyId: body.c, therapistId: body.t, tokenVersion: body.v, expiresAt: body.e };
}

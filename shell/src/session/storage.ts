/**
 * The session in localStorage (spec 1 §3): token, adminToken, teamToken and the therapist summary; plus
 * tokenExpiresAt so automatic logout survives a reload; and, kept across logouts, the device token of each kind of
 * sign-in. Nothing else, and never a CPR number.
 */
import type { StoredTherapist, TherapistView } from '@klinik/core/rules';

const KEYS = {
  token: 'token',
  adminToken: 'adminToken',
  teamToken: 'teamToken',
  therapist: 'therapist',
  expiresAt: 'tokenExpiresAt',
  adminExpiresAt: 'adminTokenExpiresAt',
  teamExpiresAt: 'teamTokenExpiresAt',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or full storage: the session then lasts only as long as the page.
  }
}

export interface StoredSession {
  token: string | null;
  adminToken: string | null;
  teamToken: string | null;
  therapist: StoredTherapist | null;
}

export function readStoredTherapist(): StoredTherapist | null {
  const raw = read(KEYS.therapist);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as StoredTherapist;
    return typeof value?.id === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function readSession(): StoredSession {
  return { token: read(KEYS.token), adminToken: read(KEYS.adminToken), teamToken: read(KEYS.teamToken), therapist: readStoredTherapist() };
}

export function summarize(view: TherapistView): StoredTherapist {
  return { username: view.username, id: view.id, planType: view.company.planType, status: view.company.status, isAdmin: view.isAdmin };
}

export function storeTherapistToken(token: string, expiresInSeconds: number): void {
  write(KEYS.token, token);
  write(KEYS.expiresAt, String(Date.now() + expiresInSeconds * 1000));
}

export function storeTherapist(view: TherapistView): void {
  write(KEYS.therapist, JSON.stringify(summarize(view)));
}

export function storeAdminToken(token: string, expiresInSeconds: number): void {
  write(KEYS.adminToken, token);
  write(KEYS.adminExpiresAt, String(Date.now() + expiresInSeconds * 1000));
}

export function storeTeamToken(token: string, expiresInSeconds: number): void {
  write(KEYS.teamToken, token);
  write(KEYS.teamExpiresAt, String(Date.now() + expiresInSeconds * 1000));
}

export function clearTherapistSession(): void {
  write(KEYS.token, null);
  write(KEYS.therapist, null);
  write(KEYS.expiresAt, null);
}

export function clearAdminSession(): void {
  write(KEYS.adminToken, null);
  write(KEYS.adminExpiresAt, null);
}

export function clearTeamSession(): void {
  write(KEYS.teamToken, null);
  write(KEYS.teamExpiresAt, null);
}

/**
 * The device token the last sign-in here answered: sent with the next sign-in, so that a stranger who used up the
 * account's attempts does not lock its user out of this browser (the API's domain/accounts/throttle.ts).
 */
export const readDeviceToken = (kind: string) => read(`deviceToken.${kind}`) ?? undefined;
export const storeDeviceToken = (kind: string, token: string) => write(`deviceToken.${kind}`, token);

/** Clears every stored token (spec 1 §8: session-ending answers clear storage and go to /). */
export function clearAllSessions(): void {
  clearTherapistSession();
  clearAdminSession();
  clearTeamSession();
}

/** Epoch ms at which the earliest stored token expires, or null. */
export function earliestExpiry(): number | null {
  const values = [KEYS.expiresAt, KEYS.adminExpiresAt, KEYS.teamExpiresAt]
    .map((key) => Number.parseInt(read(key) ?? '', 10))
    .filter((value) => Number.isFinite(value));
  return values.length ? Math.min(...values) : null;
}

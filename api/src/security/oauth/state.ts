/**
 * The `state` of every OAuth sign-in the API starts: which provider, clinic and therapist started it (and, where the
 * flow says so, which session: the therapist's token version), what the flow carries to its return (the accounting
 * transfer's settings), until when. HMAC-SHA256 signed with a key derived from the API's secret and the provider's
 * name, so the return page cannot be pointed at another clinic, therapist or provider, used after it expired, or given
 * data the user did not choose. Not a secret: it holds ids and dates, and travels in the browser's address.
 *
 * Single use: the first return claims the state's nonce together with its code (models/oauth.ts); the same code again
 * is the return page reloaded (answered as before), another code with the same state a replay (refused).
 *
 * The PKCE verifier and the OpenID nonce of a flow are derived from the state's nonce with a key of their own, so the
 * server finds them again at the return without keeping anything, and the browser never sees the verifier.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isDuplicateKeyError } from '../../errors.js';
import type { Models } from '../../models/index.js';
import type { FlowSecrets } from './client.js';

export const OAUTH_STATE_TTL_MS = 30 * 60_000;

export type OAuthStateData = Record<string, string | number | boolean | null>;

export interface OAuthState {
  provider: string;
  companyId: string;
  therapistId: string;
  /** The therapist's token version when the flow is bound to the session that started it; null otherwise. */
  sessionVersion: number | null;
  data: OAuthStateData;
  expiresAt: number;
  nonce: string;
}

export interface OAuthCaller {
  companyId: string;
  therapistId: string;
  /** Compared only when the state holds one. */
  sessionVersion?: number;
}

/** Why a returned state was refused (each answered 403 by the flow, with its own Danish message). */
export type StateRefusal = 'invalid' | 'expired' | 'not-yours' | 'replayed';

function key(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(`oauth:${label}`).digest();
}

function sign(secret: string, provider: string, payload: string): string {
  return createHmac('sha256', key(secret, `state:${provider}`)).update(payload).digest('base64url');
}

export function signOAuthState(secret: string, state: Omit<OAuthState, 'nonce'>): string {
  const body = { p: state.provider, c: state.companyId, t: state.therapistId, v: state.sessionVersion, d: state.data, e: state.expiresAt, n: randomBytes(12).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, state.provider, payload)}`;
}

const isData = (value: unknown): value is OAuthStateData =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((item) => item === null || ['string', 'number', 'boolean'].includes(typeof item));

/** The state's content when its signature for this provider holds; 'invalid' or 'expired' otherwise. */
export function readOAuthState(secret: string, provider: string, token: string, now: number): OAuthState | 'invalid' | 'expired' {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return 'invalid';
  const expected = Buffer.from(sign(secret, provider, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  let body: { p?: unknown; c?: unknown; t?: unknown; v?: unknown; d?: unknown; e?: unknown; n?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof body;
  } catch {
    return 'invalid';
  }
  if (body.p !== provider || typeof body.c !== 'string' || typeof body.t !== 'string' || typeof body.e !== 'number' || typeof body.n !== 'string' || !isData(body.d)) return 'invalid';
  if (body.v !== null && typeof body.v !== 'number') return 'invalid';
  if (body.e < now) return 'expired';
  return { provider, companyId: body.c, therapistId: body.t, sessionVersion: body.v, data: body.d, expiresAt: body.e, nonce: body.n };
}

/** The flow's PKCE verifier and OpenID nonce: the same for the same state, unknown to anyone without the secret. */
export function flowSecrets(secret: string, state: Pick<OAuthState, 'provider' | 'nonce'>): FlowSecrets {
  const derive = (label: string) => createHmac('sha256', key(secret, `${label}:${state.provider}`)).update(state.nonce).digest('base64url');
  return { codeVerifier: derive('pkce'), nonce: derive('nonce') };
}

export interface OAuthStates {
  /** A signed state for a flow starting now (`expiresAt` is the given time plus OAUTH_STATE_TTL_MS). */
  sign(state: Omit<OAuthState, 'nonce' | 'expiresAt'>, now: number): string;
  /**
   * The returned state checked end to end: signed for this provider, not expired, the caller's (clinic, therapist
   * and, when bound, session), and claimed for this code (a reload with the same code passes; another code is a
   * replay).
   */
  accept(input: { provider: string; token: string; code: string; now: number; caller: OAuthCaller }): Promise<OAuthState | StateRefusal>;
  flowSecrets(state: Pick<OAuthState, 'provider' | 'nonce'>): FlowSecrets;
}

export function createOAuthStates(models: Models, secret: string): OAuthStates {
  return {
    sign: (state, now) => signOAuthState(secret, { ...state, expiresAt: now + OAUTH_STATE_TTL_MS }),
    async accept({ provider, token, code, now, caller }) {
      const state = readOAuthState(secret, provider, token, now);
      if (typeof state === 'string') return state;
      if (state.companyId !== caller.companyId || state.therapistId !== caller.therapistId) return 'not-yours';
      if (state.sessionVersion !== null && state.sessionVersion !== caller.sessionVersion) return 'not-yours';
      const codeHash = createHash('sha256').update(code).digest('hex');
      const _id = `${state.provider}:${state.nonce}`;
      try {
        await models.OAuthStateUse.create({ _id, codeHash, expiresAt: state.expiresAt, createdAt: now });
        return state;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const used = await models.OAuthStateUse.findById(_id).lean();
      return used?.codeHash === codeHash ? state : 'replayed';
    },
    flowSecrets: (state) => flowSecrets(secret, state),
  };
}

/** The sweeper: uses of states that have expired (nothing can come back with them any more). */
export async function sweepOAuthStateUses(models: Models, now: number): Promise<number> {
  return (await models.OAuthStateUse.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
}

/**
 * JWTs for the three kinds of session. One algorithm (HS256), `exp` and `aud` always checked, and a token
 * version (`tv`) compared with the stored one on every call, so logout, a password change, deactivation or a
 * lost admin right end old tokens at once.
 */
import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { UnauthorizedError } from '../errors.js';

export type TokenKind = 'therapist' | 'superadmin' | 'team';

const AUDIENCES: Record<TokenKind, string> = {
  therapist: 'klinik:therapist',
  superadmin: 'klinik:admin',
  team: 'klinik:team',
};
const ALL_AUDIENCES: [string, ...string[]] = [AUDIENCES.therapist, AUDIENCES.superadmin, AUDIENCES.team];

export interface VerifiedToken {
  kind: TokenKind;
  /** Therapist id, team-user id or administrator id. */
  subject: string;
  /** Company id of a therapist token. */
  companyId?: string;
  tokenVersion: number | string;
}

/** Tokens that stand for a record in a public link or page: never a database id in the open. */
export type PurposeKind = 'client-ref' | 'unsubscribe' | 'client-form' | 'confirm-email' | 'newsletter-signup';

export interface PurposeClaims {
  subject: string;
  companyId: string;
}

export interface TokenService {
  /** A signed reference for `purpose`; it expires after `ttlSeconds` when given. */
  signPurpose(purpose: PurposeKind, claims: PurposeClaims, ttlSeconds?: number): string;
  /** The claims of a valid reference for `purpose`, or null (forged, expired, or for another purpose). */
  verifyPurpose(purpose: PurposeKind, token: string): PurposeClaims | null;
  /**
   * An opaque reference for `purpose`: the claims encrypted and authenticated (AES-256-GCM, the purpose bound in),
   * so the link shows nothing of the records it names; it does not expire. A signed reference's payload is only
   * base64, readable by anyone who sees the link.
   */
  sealPurpose(purpose: PurposeKind, claims: PurposeClaims): string;
  /** The claims of a valid opaque reference for `purpose`, or null. */
  openPurpose(purpose: PurposeKind, token: string): PurposeClaims | null;
  sign(kind: TokenKind, claims: { subject: string; companyId?: string; tokenVersion: number | string }): { token: string; expiresIn: number };
  verify(token: unknown): VerifiedToken;
  /**
   * A device token: proof that this browser signed in to `account` before (the sign-in throttle in docs/security.md,
   * 'Sign-in and rate limits'). Long-lived, and grants nothing by itself but a sign-in allowance of its own.
   */
  signDevice(account: string): string;
  /** The device's id when `token` is a valid device token of `account`, else null. */
  verifyDevice(token: unknown, account: string): string | null;
}

const DEVICE_AUDIENCE = 'klinik:device';
/** Marks an opaque reference (and its format's version): a signed one (a JWT) never starts so. */
const SEALED_PREFIX = 's1.';
const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // The secret as a key object, made once: given a string, jsonwebtoken first tries it as a public key on every
  // verify and sign and catches the failure, which was a quarter of the API's CPU time on an authenticated call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Its own key for encryption, derived from the same secret: no key is used for two things.
  const sealKey = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), 'klinik:sealed-reference', 32));
  return {
    sign(kind, claims) {
      const payload: Record<string, unknown> = { tv: claims.tokenVersion };
      if (claims.companyId) payload.cid = claims.companyId;
      const token = jwt.sign(payload, key, {
        algorithm: 'HS256',
        audience: AUDIENCES[kind],
        subject: claims.subject,
        expiresIn: ttlSeconds,
      });
      return { token, expiresIn: ttlSeconds };
    },
    verify(token) {
      if (token === undefined || token === null || token === '') throw new UnauthorizedError('jwt must be provided');
      if (typeof token !== 'string') throw new UnauthorizedError('jwt malformed');
      let decoded: jwt.JwtPayload;
      try {
        decoded = jwt.verify(token, key, {
          algorithms: ['HS256'],
          audience: ALL_AUDIENCES,
        }) as jwt.JwtPayload;
      } catch (error) {
        if (error instanceof jwt.TokenExpiredError) throw new UnauthorizedError('jwt expired');
        // Bad signature, wrong audience, garbage: the client cannot do anything but sign in again.
        throw new UnauthorizedError('jwt malformed');
      }
      const kind = (Object.keys(AUDIENCES) as TokenKind[]).find((candidate) => AUDIENCES[candidate] === decoded.aud);
      if (!kind || typeof decoded.sub !== 'string' || (typeof decoded.tv !== 'number' && typeof decoded.tv !== 'string')) {
        throw new UnauthorizedError('jwt malformed');
      }
      return {
        kind,
        subject: decoded.sub,
        companyId: typeof decoded.cid === 'string' ? decoded.cid : undefined,
        tokenVersion: decoded.tv,
      };
    },
    signDevice(account) {
      return jwt.sign({}, key, { algorithm: 'HS256', audience: DEVICE_AUDIENCE, subject: account, jwtid: randomUUID(), expiresIn: DEVICE_TTL_SECONDS });
    },
    verifyDevice(token, account) {
      if (typeof token !== 'string' || token.length === 0) return null;
      try {
        const decoded = jwt.verify(token, key, { algorithms: ['HS256'], audience: DEVICE_AUDIENCE, subject: account }) as jwt.JwtPayload;
        return typeof decoded.jti === 'string' ? decoded.jti : null;
      } catch {
        return null;
      }
    },
    signPurpose(purpose, claims, ttlSeconds) {
      return jwt.sign({ cid: claims.companyId }, key, {
        algorithm: 'HS256',
        audience: `klinik:${purpose}`,
        subject: claims.subject,
        ...(ttlSeconds ? { expiresIn: ttlSeconds } : {}),
      });
    },
    sealPurpose(purpose, claims) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const plain = Buffer.from(JSON.stringify([claims.subject, claims.companyId]), 'utf8');
      const sealed = Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}${sealed.toString('base64url')}`;
    },
    openPurpose(purpose, token) {
      if (!token.startsWith(SEALED_PREFIX)) return null;
      const sealed = Buffer.from(token.slice(SEALED_PREFIX.length), 'base64url');
      if (sealed.length < 12 + 16 + 1) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, sealed.subarray(0, 12));
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(sealed.subarray(sealed.length - 16));
        const plain = Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]).toString('utf8');
        const claims: unknown = JSON.parse(plain);
        return Array.isArray(claims) && claims.length === 2 && typeof claims[0] === 'string' && typeof claims[1] === 'string' ? { subject: claims[0], companyId: claims[1] } : null;
      } catch {
        return null;
      }
    },
    verifyPurpose(purpose, token) {
      try {
        const decoded = jwt.verify(token, key, { algorithms: ['HS256'], audience: `klinik:${purpose}` }) as jwt.JwtPayload;
        return typeof decoded.sub === 'string' && typeof decoded.cid === 'string' ? { subject: decoded.sub, companyId: decoded.cid } : null;
      } catch {
        return null;
      }
    },
  };
}

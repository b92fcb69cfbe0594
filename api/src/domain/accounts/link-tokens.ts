/**
 * Single-use, expiring link tokens for password reset and therapist invitation. The raw token (32 random
 * bytes) goes only into the mailed link; the database keeps its SHA-256 as `_id`. Using a token is one atomic
 * findOneAndDelete, so two clicks on the same link cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import type { Models } from '../../models/index.js';
import { hashPassword } from './passwords.js';

export type LinkPurpose = 'reset' | 'setPassword';

function digest(rawToken: string): string {
  return createHash('sha256').update(rawToken).digest('hex');
}

export async function issueLinkToken(
  models: Models,
  purpose: LinkPurpose,
  therapistId: Types.ObjectId,
  ttlSeconds: number,
  now: number,
): Promise<string> {
  const rawToken = randomBytes(32).toString('base64url');
  // One live link per purpose: a new reset mail makes the previous link useless.
  await models.LinkToken.deleteMany({ therapistId, purpose });
  await models.LinkToken.create({ _id: digest(rawToken), purpose, therapistId, expiresAt: now + ttlSeconds * 1000, createdAt: now });
  return rawToken;
}

/** Uses up a token; answers the therapist it was issued for, or null when it is unknown, used or expired. */
export async function consumeLinkToken(models: Models, purpose: LinkPurpose, rawToken: string, now: number): Promise<Types.ObjectId | null> {
  const token = await models.LinkToken.findOneAndDelete({ _id: digest(rawToken), purpose }).lean();
  if (!token || token.expiresAt <= now) return null;
  return token.therapistId;
}

/** Removes tokens that expired (the link no longer works anyway). */
export async function sweepExpiredLinkTokens(models: Models, now: number): Promise<number> {
  const result = await models.LinkToken.deleteMany({ expiresAt: { $lte: now } });
  return result.deletedCount;
}

/**
 * Sets a password from a mailed link: uses the token up, stores the new hash and ends the therapist's sessions.
 * Answers false (and changes nothing) when the token is unknown, used or expired.
 */
export async function setPasswordFromLink(models: Models, purpose: LinkPurpose, rawToken: string, password: string, now: number): Promise<boolean> {
  const therapistId = await consumeLinkToken(models, purpose, rawToken, now);
  if (!therapistId) return false;
  const passwordHash = await hashPassword(password);
  // The link names the therapist, not a clinic: the token's record is the only way to it.
  await models.Therapist.updateOne({ _id: therapistId }, { $set: { passwordHash }, $inc: { tokenVersion: 1 } }).setOptions({ crossTenant: 'a password link names its therapist' });
  return true;
}

/** Link tokens of one clinic's therapists, for an owner's action (the therapist was found in the clinic first). */
export interface ClinicLinkTokens {
  issue(purpose: LinkPurpose, therapistId: Types.ObjectId, ttlSeconds: number, now: number): Promise<string>;
  revokeAll(therapistId: Types.ObjectId): Promise<void>;
}

export function clinicLinkTokens(models: Models): ClinicLinkTokens {
  return {
    issue: (purpose, therapistId, ttlSeconds, now) => issueLinkToken(models, purpose, therapistId, ttlSeconds, now),
    async revokeAll(therapistId) {
      await models.LinkToken.deleteMany({ therapistId });
    },
  };
}

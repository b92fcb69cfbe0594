/**
 * Single-use, expiring link tokens for password reset and therapist invitation. The raw token (32 random
 * bytes) goes only into the mailed link; the database keeps its SHA-256 as `_id`. Using a token is one atomic
 * findOneAndDelete, so two clicks on the same link cannot both succeed. Setting a password (from a link or the
 * account menu) ends every other link of the therapist: a link mailed before must not undo the new password.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import type { Models } from '../../models/index.js';
import { hashPassword } from './passwords.js';

export type LinkPurpose = 'reset' | 'setPassword';

/**
 * Links of one purpose that work at once: the newest three reset links, so a stranger asking for resets cannot make
 * the mail the owner is reading useless (each reset mail goes to the owner); one invitation, the latest sent.
 */
export const LIVE_LINKS: Record<LinkPurpose, number> = { reset: 3, setPassword: 1 };

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
  await models.LinkToken.create({ _id: digest(rawToken), purpose, therapistId, expiresAt: now + ttlSeconds * 1000, createdAt: now });
  // Only the newest LIVE_LINKS stay; of two issued at once both may survive for a moment, never fewer.
  const live = await models.LinkToken.find({ therapistId, purpose }, { _id: 1, createdAt: 1 }).lean();
  const older = live.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)).slice(LIVE_LINKS[purpose]).map((token) => token._id);
  if (older.length > 0) await models.LinkToken.deleteMany({ _id: { $in: older } });
  return rawToken;
}

/**
 * The work of `issueLinkToken` without a link, for an address with no account: a reset request answers alike and
 * takes about as long whether or not the account exists.
 */
export async function issueNoLinkToken(models: Models): Promise<void> {
  const rawToken = randomBytes(32).toString('base64url');
  await models.LinkToken.exists({ _id: digest(rawToken) });
  await models.LinkToken.find({ therapistId: new Types.ObjectId(), purpose: 'reset' }, { _id: 1, createdAt: 1 }).lean();
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
 * Sets a password from a mailed link: uses the token up, stores the new hash, ends the therapist's sessions and
 * their other links. Answers the therapist's username, or null (and changes nothing) when the token is unknown, used
 * or expired.
 */
export async function setPasswordFromLink(models: Models, purpose: LinkPurpose, rawToken: string, password: string, now: number): Promise<{ username: string } | null> {
  const therapistId = await consumeLinkToken(models, purpose, rawToken, now);
  if (!therapistId) return null;
  const passwordHash = await hashPassword(password);
  // The link names the therapist, not a clinic: the token's record is the only way to it. (No projection: FerretDB
  // 1.24 does not take one on findAndModify.)
  const therapist = await models.Therapist.findOneAndUpdate({ _id: therapistId }, { $set: { passwordHash }, $inc: { tokenVersion: 1 } })
    .setOptions({ crossTenant: 'a password link names its therapist' })
    .lean();
  await models.LinkToken.deleteMany({ therapistId });
  return therapist ? { username: therapist.username } : null;
}

/** The signed-in therapist's own links: a new password from the account menu ends them. */
export interface OwnLinkTokens {
  revokeAll(): Promise<void>;
}

export function ownLinkTokens(models: Models, therapistId: Types.ObjectId): OwnLinkTokens {
  return {
    async revokeAll() {
      await models.LinkToken.deleteMany({ therapistId });
    },
  };
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

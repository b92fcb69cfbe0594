/**
 * Two-factor sign-in with TOTP (RFC 6238, otplib; 30-second codes of 6 digits, one step of clock drift either way)
 * and ten single-use recovery codes. Optional for therapists (set up from their own session), and for the
 * administrators and the support team set up by the CLI and required in production (sessions.ts). A code is
 * accepted once: `lastTimeStep` moves forward by compare-and-swap, so the same code cannot sign in twice.
 */
import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { ConflictError, UnauthorizedError, ValidationError } from '../../errors.js';
import type { Models } from '../../models/index.js';

export const twoFactorTexts = {
  required: 'Indtast koden fra din godkendelsesapp (eller en af dine gendannelseskoder).',
  wrong: 'Koden er forkert eller allerede brugt. Prøv igen med den næste kode.',
  enabled: 'To-trins-login er slået til. Gem dine gendannelseskoder et sikkert sted: hver kan bruges én gang.',
  disabled: 'To-trins-login er slået fra.',
  alreadyEnabled: 'To-trins-login er allerede slået til.',
  noSetup: 'Start opsætningen af to-trins-login forfra.',
  requiredForStaff: 'To-trins-login skal være slået til for administratorer og supportteamet. Bed om at få det sat op.',
};

const ISSUER = 'Klinik';
const RECOVERY_CODES = 10;

/** Who signs in: each kind has its own accounts, throttle and second factor. */
export type SignInKind = 'therapist' | 'team' | 'admin';

export const twoFactorKey = (kind: SignInKind, accountId: string) => `${kind}:${accountId}`;

const hashCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');

function newRecoveryCodes(): string[] {
  // 10 characters of base32 each (50 bits), shown as xxxxx-xxxxx.
  return Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(10).toString('base64url').replace(/[^a-z2-7]/gi, '').toLowerCase().padEnd(10, 'a').slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** The time step a code from the app matches (30 s either way, after `afterTimeStep`), or null. */
async function matchingStep(secret: string, code: string, now: number, afterTimeStep = 0): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: 30, afterTimeStep }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

/** A new secret waiting for its first code; answers it and the otpauth:// address for the app (as a QR code). */
export async function startTwoFactorSetup(models: Models, key: string, label: string) {
  const existing = await models.TwoFactor.findById(key).lean();
  if (existing?.secret) throw new ConflictError(twoFactorTexts.alreadyEnabled);
  const secret = generateSecret();
  await models.TwoFactor.updateOne({ _id: key }, { $set: { pendingSecret: secret } }, { upsert: true });
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label, secret }) };
}

/** Turns two-factor sign-in on with the first code from the app; answers the recovery codes (shown once). */
export async function enableTwoFactor(models: Models, key: string, code: string, now: number): Promise<string[]> {
  const record = await models.TwoFactor.findById(key).lean();
  if (record?.secret) throw new ConflictError(twoFactorTexts.alreadyEnabled);
  if (!record?.pendingSecret) throw new ValidationError(twoFactorTexts.noSetup);
  const step = await matchingStep(record.pendingSecret, code.replace(/\s/g, ''), now);
  if (step === null) throw new ValidationError(twoFactorTexts.wrong, { code: twoFactorTexts.wrong });
  const codes = newRecoveryCodes();
  const updated = await models.TwoFactor.updateOne(
    // Not on the pending secret's value: it is stored encrypted (each write differently), so only its presence counts.
    { _id: key, pendingSecret: { $ne: null }, secret: null },
    { $set: { secret: record.pendingSecret, pendingSecret: null, enabledAt: now, lastTimeStep: step, recoveryCodeHashes: codes.map(hashCode) } },
  );
  if (updated.matchedCount !== 1) throw new ConflictError(twoFactorTexts.noSetup);
  return codes;
}

/** For the CLI: the administrator's or team user's secret at once, with recovery codes (printed to the operator). */
export async function enrolTwoFactor(models: Models, key: string, label: string, now: number) {
  const secret = generateSecret();
  const codes = newRecoveryCodes();
  await models.TwoFactor.updateOne(
    { _id: key },
    { $set: { secret, pendingSecret: null, enabledAt: now, lastTimeStep: 0, recoveryCodeHashes: codes.map(hashCode) } },
    { upsert: true },
  );
  return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label, secret }), recoveryCodes: codes };
}

export async function disableTwoFactor(models: Models, key: string): Promise<void> {
  await models.TwoFactor.deleteOne({ _id: key });
}

export async function isTwoFactorEnabled(models: Models, key: string): Promise<boolean> {
  const record = await models.TwoFactor.findById(key, { secret: 1 }).lean();
  return Boolean(record?.secret);
}

/**
 * The second step of a sign-in whose password was right: nothing when the account has no two-factor sign-in;
 * else the code from the app (each accepted once) or an unused recovery code (used up). Throws 401 with the field
 * `otp` otherwise, so the form can ask for it.
 */
export async function checkSecondFactor(models: Models, key: string, otp: string | undefined, now: number): Promise<void> {
  const record = await models.TwoFactor.findById(key).lean();
  if (!record?.secret) return;
  if (!otp) throw new UnauthorizedError(twoFactorTexts.required, { otp: twoFactorTexts.required });
  const code = otp.replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) {
    const step = await matchingStep(record.secret, code, now, record.lastTimeStep ?? 0);
    if (step !== null) {
      // Compare-and-swap on the last step: of two sign-ins with the same code, one wins.
      const moved = await models.TwoFactor.updateOne({ _id: key, lastTimeStep: record.lastTimeStep ?? 0 }, { $set: { lastTimeStep: step } });
      if (moved.matchedCount === 1) return;
    }
  } else {
    const hash = hashCode(code);
    const used = await models.TwoFactor.updateOne({ _id: key, recoveryCodeHashes: hash }, { $pull: { recoveryCodeHashes: hash } });
    if (used.modifiedCount === 1) return;
  }
  throw new UnauthorizedError(twoFactorTexts.wrong, { otp: twoFactorTexts.wrong });
}

/** What a therapist may do with their own two-factor sign-in (TherapistContext.ownTwoFactor). */
export interface OwnTwoFactor {
  setup(label: string): ReturnType<typeof startTwoFactorSetup>;
  enable(code: string, now: number): Promise<string[]>;
  disable(): Promise<void>;
}

export function ownTwoFactor(models: Models, therapistId: string): OwnTwoFactor {
  const key = twoFactorKey('therapist', therapistId);
  return {
    setup: (label) => startTwoFactorSetup(models, key, label),
    enable: (code, now) => enableTwoFactor(models, key, code, now),
    disable: () => disableTwoFactor(models, key),
  };
}

/**
 * Password hashing with argon2id at OWASP's recommended minimum (19 MiB memory, 2 iterations, 1 lane): slow
 * for an attacker with a stolen database, ~25 ms for a sign-in on one core. Hashes carry their parameters, so
 * raising them later needs no migration: old hashes still verify.
 */
import argon2 from 'argon2';
import { newPassword } from '@klinik/core';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** A hash of a random password, verified against when an account does not exist so timing reveals nothing. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('no account has this password');
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a data error, not a match.
    return false;
  }
}

/**
 * The rule every new password meets (core's `newPassword`: at least 10 characters, not a common password), for the
 * accounts made outside the action schemas (support team and administrators by the CLI). Answers the Danish
 * reason, or null when the password is good.
 */
export function newPasswordProblem(password: string): string | null {
  const checked = newPassword.safeParse(password);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Ugyldig adgangskode');
}

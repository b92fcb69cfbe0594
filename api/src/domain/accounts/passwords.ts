/** Password hashing with argon2id (OWASP's first choice); verification runs in constant time. */
import argon2 from 'argon2';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
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

/**
 * Failed sign-ins slow down per account without letting a stranger lock the real user out.
 *
 * Per address, the dispatcher counts every sign-in call (`login`, `teamLogin`, `adminCheck` in config.ts). Per
 * account, this module counts attempts under one of two allowances:
 * - `signin:account`: attempts at the account from a browser it has not seen; when a stranger has used it up,
 *   further attempts answer 429 until the window ends, the right password included;
 * - `signin:device`: attempts from a browser that signed in to this account before and sends the device token it
 *   got then (kept in localStorage by the sign-in pages). Each such device has an allowance of its own, so the
 *   real user signs in with the right password while the account's allowance is used up by someone else.
 * An attempt is counted before the password is checked (parallel guesses cannot slip past the count) and a
 * successful sign-in clears the allowance it used. The account key is the username whether or not such an
 * account exists, so answers do not tell which usernames exist.
 */
import type { PublicContext } from '../../context.js';

export type SignInKind = 'therapist' | 'team' | 'admin';

export function signInAccountKey(kind: SignInKind, username: string): string {
  return `${kind}:${username.trim().toLowerCase()}`;
}

/**
 * Runs `attempt` (which checks the password and throws when it is wrong) under the account's or the device's
 * allowance; answers its result and a fresh device token for this browser.
 */
export async function throttledSignIn<T>(
  ctx: PublicContext,
  kind: SignInKind,
  username: string,
  deviceToken: string | undefined,
  attempt: () => Promise<T>,
): Promise<{ result: T; deviceToken: string }> {
  const { limiter, tokens } = ctx.services;
  const account = signInAccountKey(kind, username);
  const device = tokens.verifyDevice(deviceToken, account);
  const [rule, key] = device ? (['signin:device', `${account}:${device}`] as const) : (['signin:account', account] as const);
  await limiter.consume(rule, key);
  const result = await attempt();
  await limiter.reset(rule, key);
  return { result, deviceToken: device && deviceToken ? deviceToken : tokens.signDevice(account) };
}

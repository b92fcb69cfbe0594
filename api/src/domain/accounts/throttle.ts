/**
 * Failed sign-ins slow down per account without letting a stranger lock the real user out.
 *
 * Per address, the dispatcher counts every sign-in call (`login`, `teamLogin`, `adminCheck` in config.ts). Per
 * account, this module counts attempts under one of two allowances, both with growing delays instead of a hard stop
 * (a rule's `backoff`, security/rate-limit.ts):
 * - `signin:account`: attempts at the account from one address prefix (`signInPrefixKey`). A stranger's guesses
 *   slow down sign-ins to this account from the stranger's own networks only, never from the owner's;
 * - `signin:device`: attempts from a browser that signed in to this account before and sends the device token it
 *   got then (kept in localStorage by the sign-in pages). Each such device has an allowance of its own, so the
 *   real user signs in with the right password even from a network a stranger shares.
 * An attempt is counted before the password is checked (parallel guesses cannot slip past the count) and a
 * successful sign-in clears the allowance it used; a password set from a mailed link clears them all
 * (`clearSignInThrottle`). The account key is the username whether or not such an account exists, so answers do not
 * tell which usernames exist. Wrong passwords are also counted per account across all prefixes
 * (`signin:failures`): past that threshold the owner is told by mail, at most once an hour (`signin:alert`).
 */
import ipaddr from 'ipaddr.js';
import type { PublicContext, Services } from '../../context.js';
import { TooManyRequestsError, UnauthorizedError } from '../../errors.js';
import { twoFactorTexts, type SignInKind } from './two-factor.js';

export function signInAccountKey(kind: SignInKind, username: string): string {
  return `${kind}:${username.trim().toLowerCase()}`;
}

/**
 * The address prefix a sign-in is counted under: IPv4 per /24, IPv6 per /48. A /48 is what one site is given (and
 * what a tunnel broker hands anyone for free), so rotating through it buys no new attempts; a /24 is the smallest
 * block routed on its own, so an attacker needs addresses in many networks, while the owner, signing in from home,
 * the clinic or a phone, shares a prefix with an attacker only on the same provider's network, and even then keeps
 * their device's own allowance. Wider prefixes (/16, /32) would put whole providers' customers into one count.
 */
export function signInPrefixKey(address: string | undefined): string {
  const bare = (address ?? '').trim().replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return 'unparsable';
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join('.')}.0/24`;
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16)).join(':')}::/48`;
}

const scopeOf = (account: string) => `signin:${account}`;

/** Forgets every sign-in throttle of the account, on every prefix and device (after a password set from a link). */
export async function clearSignInThrottle(services: Pick<Services, 'limiter'>, kind: SignInKind, username: string): Promise<void> {
  await services.limiter.clearScope(scopeOf(signInAccountKey(kind, username)));
}

/** A wrong password or code; not the request for a code, which is the normal second step of a right password. */
function isFailedAttempt(error: unknown): boolean {
  return error instanceof UnauthorizedError && error.errors?.otp !== twoFactorTexts.required;
}

/**
 * Counts a failed attempt across all prefixes; past the threshold, `notify` runs once per account and hour. It runs
 * after the answer (not awaited) and for unknown usernames the counting is the same, so neither the answer nor its
 * timing tells whether the account exists.
 */
async function countFailure(ctx: PublicContext, account: string, notify: (() => Promise<void>) | undefined): Promise<void> {
  const { limiter, logger } = ctx.services;
  const over = async (rule: string) => {
    try {
      await limiter.consume(rule, account);
      return false;
    } catch (error) {
      if (error instanceof TooManyRequestsError) return true;
      throw error;
    }
  };
  if (!(await over('signin:failures'))) return;
  if (await over('signin:alert')) return;
  if (notify) void notify().catch((error: unknown) => logger.error({ err: error }, 'repeated sign-in failures mail failed'));
}

/**
 * Runs `attempt` (which checks the password and throws when it is wrong) under the prefix's or the device's
 * allowance; answers its result and a fresh device token for this browser. `onRepeatedFailures` tells the owner.
 */
export async function throttledSignIn<T>(
  ctx: PublicContext,
  kind: SignInKind,
  username: string,
  deviceToken: string | undefined,
  attempt: () => Promise<T>,
  onRepeatedFailures?: () => Promise<void>,
): Promise<{ result: T; deviceToken: string }> {
  const { limiter, tokens } = ctx.services;
  const account = signInAccountKey(kind, username);
  const device = tokens.verifyDevice(deviceToken, account);
  const generation = await limiter.scopeGeneration(scopeOf(account));
  const [rule, key] = device
    ? (['signin:device', `${account}|${generation}|${device}`] as const)
    : (['signin:account', `${account}|${generation}|${signInPrefixKey(ctx.ip)}`] as const);
  await limiter.consume(rule, key);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (isFailedAttempt(error)) await countFailure(ctx, account, onRepeatedFailures);
    throw error;
  }
  await limiter.reset(rule, key);
  return { result, deviceToken: device && deviceToken ? deviceToken : tokens.signDevice(account) };
}

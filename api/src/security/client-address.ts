/**
 * The address a rate limit counts. Koa gives the caller's address: the socket's, or with TRUST_PROXY=N the N-th
 * entry of X-Forwarded-For counted from the right (Koa's `proxy` + `maxIpsCount`): entries further left were
 * written by whoever sent the request and prove nothing. This module turns that address into the key a limit
 * counts, so that one caller cannot spread attempts over many keys:
 * - IPv6 is counted per /64: one household or one server is given a whole /64 and can rotate through 2^64
 *   addresses for free, while a /64 is never shared by unrelated people.
 * - IPv4-mapped IPv6 (`::ffff:1.2.3.4`, what a dual-stack socket reports) is the IPv4 address itself.
 * - Anything that does not parse (it should not happen once Koa picked the address) is one shared key, so garbage
 *   cannot mint fresh allowances.
 */
import ipaddr from 'ipaddr.js';

const UNPARSABLE = 'unparsable';

export function rateLimitAddressKey(address: string | undefined): string {
  if (!address) return UNPARSABLE;
  // A zone index (`fe80::1%eth0`) says which interface, not who.
  const bare = address.trim().replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return UNPARSABLE;
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  if (parsed.kind() === 'ipv4') return (parsed as ipaddr.IPv4).toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

/** TRUST_PROXY: the number of proxies in front of the API that append to X-Forwarded-For (0: none, use the socket). */
export function trustedProxyHops(value: string | undefined): number {
  if (value === undefined || value === '' || value === 'false') return 0;
  // `TRUST_PROXY=true` was never a number of hops; read it as the one proxy it meant rather than trusting every entry.
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) throw new Error(`TRUST_PROXY must be the number of trusted proxies (0–10), not '${value}'`);
  return hops;
}

/**
 * The caller's network as the access log keeps it: IPv4 per /24 ('192.0.2.0/24'), IPv6 per /48 ('2001:db8:1::/48'),
 * enough to tell the clinic's own network from a stranger's without keeping whose address it was. Empty when the
 * address does not parse.
 */
export function addressPrefix(address: string | undefined): string {
  if (!address) return '';
  const bare = address.trim().replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return '';
  let parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (parsed.kind() === 'ipv4') {
    const [a, b, c] = (parsed as ipaddr.IPv4).octets;
    return `${a}.${b}.${c}.0/24`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  return `${parts.map((part) => part.toString(16)).join(':')}::/48`;
}

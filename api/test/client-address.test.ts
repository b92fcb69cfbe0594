/**
 * The address rate limits count: spoofed X-Forwarded-For entries and rotating IPv6 addresses within one
 * /64 buy no new attempts; behind TRUST_PROXY=N proxies the N-th entry from the right is the caller.
 */
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { rateLimitAddressKey, trustedProxyHops } from '../src/security/client-address.js';
import { startTestApi, type TestApi } from './support/test-api.js';

const tight = { ...DEFAULT_RATE_LIMITS, checkUsername: { points: 3, durationSeconds: 60 } };

async function statuses(t: TestApi, forwardedFor: (attempt: number) => string, attempts = 4): Promise<number[]> {
  const seen: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const answer = await t.post({ action: 'checkUsername', name: `navn${attempt}@eksempel.dk` }, { headers: { 'X-Forwarded-For': forwardedFor(attempt) } });
    seen.push(answer.status);
  }
  return seen;
}

describe('the rate-limit key of an address', () => {
  it('counts IPv6 per /64, IPv4-mapped IPv6 as IPv4, and garbage as one key', () => {
    expect(rateLimitAddressKey('2001:db8:1:2::1')).toBe(rateLimitAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff'));
    expect(rateLimitAddressKey('2001:db8:1:2::1')).not.toBe(rateLimitAddressKey('2001:db8:1:3::1'));
    expect(rateLimitAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitAddressKey('fe80::1%eth0')).toBe(rateLimitAddressKey('fe80::2'));
    expect(rateLimitAddressKey('ikke en adresse')).toBe(rateLimitAddressKey(undefined));
  });

  it('reads TRUST_PROXY as a number of hops and refuses anything else', () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops('0')).toBe(0);
    expect(trustedProxyHops('2')).toBe(2);
    expect(() => trustedProxyHops('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trustedProxyHops('-1')).toThrow(/TRUST_PROXY/);
  });
});

describe('without a trusted proxy', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ rateLimits: tight });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.startFreshRateLimitWindows());

  it('ignores X-Forwarded-For: a new spoofed address on every call still gets 429', async () => {
    expect(await statuses(t, (attempt) => `198.51.100.${attempt + 1}`)).toEqual([200, 200, 200, 429]);
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ rateLimits: tight, trustProxyHops: 1 });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.startFreshRateLimitWindows());

  it('uses the right-most hop: entries the sender wrote to the left do not matter', async () => {
    expect(await statuses(t, (attempt) => `10.0.0.${attempt + 1}, 203.0.113.7`)).toEqual([200, 200, 200, 429]);
    // Another caller behind the same proxy has an allowance of its own.
    expect(await statuses(t, () => '203.0.113.8', 1)).toEqual([200]);
  });

  it('counts rotating IPv6 addresses within one /64 together', async () => {
    expect(await statuses(t, (attempt) => `2001:db8:aa:bb:${attempt + 1}::${attempt + 7}`)).toEqual([200, 200, 200, 429]);
    expect(await statuses(t, () => '2001:db8:aa:cc::1', 1)).toEqual([200]);
  });

  it('counts IPv4-mapped IPv6 as the IPv4 address', async () => {
    expect(await statuses(t, (attempt) => (attempt % 2 ? '::ffff:192.0.2.44' : '192.0.2.44'))).toEqual([200, 200, 200, 429]);
  });
});

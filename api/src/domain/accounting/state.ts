/**
 * The `state` of a connection url: which clinic and owner started it, with which integration settings, until when.
 * HMAC-SHA256 signed with a key derived from the API's secret, so the return page cannot be pointed at another
 * clinic, replayed after 30 minutes, or given settings the owner did not choose. Not a secret: it holds ids and dates.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IntegrationSettings } from '@klinik/core';

export const STATE_TTL_MS = 30 * 60_000;

export interface ConnectionState {
  companyId: string;
  therapistId: string;
  settings: { allDataFlag: boolean; fromDate: string | null; toDate: string | null };
  expiresAt: number;
}

function key(secret: string): Buffer {
  return createHmac('sha256', secret).update('accounting-state').digest();
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', key(secret)).update(payload).digest('base64url');
}

export function signState(secret: string, input: Omit<ConnectionState, 'settings'> & { settings: IntegrationSettings }): string {
  const body = {
    c: input.companyId,
    t: input.therapistId,
    a: input.settings.allDataFlag,
    f: input.settings.allDataFlag ? null : (input.settings.fromDate ?? null),
    u: input.settings.allDataFlag ? null : (input.settings.toDate ?? null),
    e: input.expiresAt,
    n: randomBytes(8).toString('base64url'),
  };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The state's content when its signature holds and it has not expired; null otherwise. */
export function readState(secret: string, state: string, now: number): ConnectionState | null {
  const [payload, signature, extra] = state.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let body: { c?: unknown; t?: unknown; a?: unknown; f?: unknown; u?: unknown; e?: unknown };
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof body;
  } catch {
    return null;
  }
  if (typeof body.c !== 'string' || typeof body.t !== 'string' || typeof body.a !== 'boolean' || typeof body.e !== 'number' || body.e < now) return null;
  const day = (value: unknown) => (typeof value === 'string' ? value : null);
  return { companyId: body.c, therapistId: body.t, settings: { allDataFlag: body.a, fromDate: day(body.f), toDate: day(body.u) }, expiresAt: body.e };
}

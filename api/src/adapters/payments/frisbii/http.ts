/**
 * The wire to a Frisbii (formerly Reepay) account: JSON over HTTPS with the account's private API key as the basic-auth
 * user name (empty password), a time limit on every call, and the provider's error body kept so the adapter can tell
 * a declined card from a broken request. Two hosts: the REST API and the checkout API (hosted payment sessions).
 */
import { commerceMessages } from '@klinik/core';
import { ServiceUnavailableError } from '../../../errors.js';
import { fetchJson } from '../../http-json.js';
import { PaymentDeclinedError } from '../provider.js';

export interface FrisbiiHttpOptions {
  /** The account's private API key (`priv_…`). */
  privateKey: string;
  /** e.g. https://api.reepay.com */
  apiUrl: string;
  /** e.g. https://checkout-api.reepay.com */
  checkoutUrl: string;
  /** Milliseconds before a call is given up (the caller answers 503; the provider's idempotency makes a retry safe). */
  timeoutMs?: number;
}

/** An answer other than 2xx, with the provider's error fields (`code`, `error`, `transaction_error`) when it sent them. */
export class FrisbiiHttpError extends Error {
  override name = 'FrisbiiHttpError';
  constructor(
    readonly status: number,
    readonly body: { code?: number; error?: string; message?: string; transaction_error?: string } | null,
  ) {
    super(`Frisbii answered ${status}${body?.error ? `: ${body.error}` : ''}`);
  }

  /** The card was refused (the request itself was fine): the customer is told, nothing is retried. */
  get declined(): boolean {
    return Boolean(this.body?.transaction_error);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface FrisbiiHttp {
  api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Query): Promise<T>;
  checkout<T>(path: string, body: unknown): Promise<T>;
}

export function createFrisbiiHttp(options: FrisbiiHttpOptions): FrisbiiHttp {
  const authorization = `Basic ${Buffer.from(`${options.privateKey}:`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call<T>(base: string, method: string, path: string, body: unknown, query: Query | undefined): Promise<T> {
    const url = new URL(path, base.endsWith('/') ? base : `${base}/`);
    for (const [name, value] of Object.entries(query ?? {})) if (value !== null && value !== undefined) url.searchParams.set(name, String(value));
    const answer = await fetchJson(
      url,
      {
        method,
        headers: { authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      timeoutMs,
      // No answer at all: fetch's own error, which the payment adapter tells from an answer.
      (error) => error,
    );
    if (!answer.ok) throw new FrisbiiHttpError(answer.status, answer.body && typeof answer.body === 'object' ? answer.body : null);
    return answer.body as T;
  }

  return {
    api: (method, path, body, query) => call(options.apiUrl, method, path.replace(/^\//, ''), body, query),
    checkout: (path, body) => call(options.checkoutUrl, 'POST', path.replace(/^\//, ''), body, undefined),
  };
}

/** A read whose 404 means 'not there' (a charge or customer not made yet), answered as null; other errors go on. */
export async function notFoundAsNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FrisbiiHttpError && error.status === 404) return null;
    throw error;
  }
}

/**
 * A call as the product sees it: the adapter's own refusals (`isOwn`) pass, a refused card becomes
 * `PaymentDeclinedError`, and anything else (no answer, a broken request) the Danish 'payments unavailable' (503).
 */
export async function guardedCall<T>(work: () => Promise<T>, isOwn: (error: unknown) => boolean): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentDeclinedError || isOwn(error)) throw error;
    if (error instanceof FrisbiiHttpError && error.declined) throw new PaymentDeclinedError(error.body?.transaction_error ?? 'declined');
    throw new ServiceUnavailableError(commerceMessages.providerUnavailable);
  }
}

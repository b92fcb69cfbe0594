/**
 * Typed domain errors. Handlers throw these; the endpoint maps them to status codes in one place, so no
 * handler sets a status itself and nothing unexpected leaks as a stack trace.
 */
import type { FieldErrors } from '@klinik/core/rules';

export abstract class ApiError extends Error {
  abstract readonly status: number;
  constructor(
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: the input breaks a rule. */
export class ValidationError extends ApiError {
  readonly status = 400;
}

/** 401: no valid session. The message is one of the session-ending texts the clients log out on. */
export class UnauthorizedError extends ApiError {
  readonly status = 401;
}

/** 403: signed in, but not allowed (wrong role, another clinic, plan gate, deactivated). */
export class ForbiddenError extends ApiError {
  readonly status = 403;
}

/** 404: nothing of the caller's own by that reference. */
export class NotFoundError extends ApiError {
  readonly status = 404;
}

/** 409: a lost race or a taken unique value; nothing was changed. */
export class ConflictError extends ApiError {
  readonly status = 409;
}

/** 413: the body or an upload is larger than allowed. */
export class PayloadTooLargeError extends ApiError {
  readonly status = 413;
}

/** 503: a service the action needs (the payment provider) is not available. */
export class ServiceUnavailableError extends ApiError {
  readonly status = 503;
}

/** 429: too many attempts. */
export class TooManyRequestsError extends ApiError {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** MongoDB's duplicate-key error, as raised by the driver on every MongoDB-protocol server. */
/** A unique-index violation (E11000), from a single write or from any write of a bulk insert. */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, writeErrors } = error as { code?: unknown; writeErrors?: { code?: unknown }[] };
  return code === 11000 || (Array.isArray(writeErrors) && writeErrors.some((write) => write.code === 11000));
}

/**
 * Whether `error` says the database cannot be reached right now (it is down, restarting or cut off), as opposed to
 * a fault of the request or of our code: the driver's server-selection, network and closed-pool errors, and
 * mongoose's buffering timeout. Such a call answers 503 and changed nothing the caller must know about.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message, code, stack } = error as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown };
  if (typeof name === 'string' && /^Mongo(ose)?(ServerSelection|Network|NetworkTimeout|NotConnected|TopologyClosed|PoolClosed|PoolCleared)Error$/.test(name)) return true;
  if (typeof message === 'string' && /buffering timed out after \d+ms/.test(message)) return true;
  // A socket cut while the driver writes a command can surface as the bare socket error (EPIPE) rather than the
  // driver's MongoNetworkError; only one raised inside the driver counts, not a mail server's or a provider's.
  return typeof code === 'string' && ['EPIPE', 'ECONNRESET', 'ECONNREFUSED'].includes(code) && typeof stack === 'string' && stack.includes('/mongodb/');
}

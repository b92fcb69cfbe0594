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

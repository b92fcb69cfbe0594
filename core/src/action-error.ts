/**
 * How an action call fails, for the JSON calls (client.ts) and the uploads loaded with the first upload
 * (upload-progress.ts) alike: both answer an error the same way, and neither imports the other for it.
 */
import { isSessionEndingMessage, type FieldErrors } from './errors.js';

export class ActionError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly errors: FieldErrors = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ActionError';
  }
}

export const CONNECTION_FAILED_MESSAGE = 'Cannot connect to the server. Please try again.';

export interface ActionClientOptions {
  /** e.g. http://localhost:4000/api */
  apiUrl: string;
  /** The token sent in the body: the therapist token, else the admin token, else the team token. */
  getToken: () => string | null | undefined;
  /** Called once when the server answers that the session is over (spec 1 §8). */
  onSessionEnded?: (message: string) => void;
  timeoutMs?: number;
  /** How long a prefetched answer waits for its call (PREFETCH_KEEP_MS). */
  prefetchKeepMs?: number;
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

/**
 * An error answer (its status, its body as read, its status text) as an ActionError; ends the session if it says so.
 * Also used by the upload with progress (upload-progress.ts), so both paths answer alike.
 */
export function answerError(status: number, data: unknown, statusText: string, onSessionEnded?: (message: string) => void): ActionError {
  const body = (data && typeof data === 'object' ? data : {}) as ErrorBody;
  const message = typeof body.message === 'string' ? body.message : statusText || 'Ukendt fejl';
  const errors = body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : {};
  if (status === 401 && isSessionEndingMessage(message)) onSessionEnded?.(message);
  return new ActionError(message, status, errors);
}

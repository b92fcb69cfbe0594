/**
 * The typed action client used by the shell and every remote: one POST per call to the single endpoint, with
 * the action name and the token in the JSON body (spec 1 §7). Types come from the contracts, so a call with a
 * wrong payload does not compile.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { ActionInput, ActionName, ActionOutput } from './actions/index.js';
import { isSessionEndingMessage, type FieldErrors } from './errors.js';

export class ActionError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the server could not be reached. */
    readonly status: number,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
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
}

export interface ActionClient {
  call<A extends ActionName>(action: A, input: ActionInput<A>): Promise<ActionOutput<A>>;
  /** Multipart upload to the same endpoint: `action` and `token` travel as form fields. */
  upload<A extends ActionName>(action: A, form: FormData): Promise<ActionOutput<A>>;
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

async function toActionError(error: unknown, onSessionEnded?: (message: string) => void): Promise<ActionError> {
  if (isHTTPError(error)) {
    let body: ErrorBody = {};
    try {
      body = (await error.response.json()) as ErrorBody;
    } catch {
      // A proxy's HTML error page or an empty body: fall back to the status text below.
    }
    const message = typeof body.message === 'string' ? body.message : error.response.statusText || 'Ukendt fejl';
    const errors = body.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : {};
    if (error.response.status === 401 && isSessionEndingMessage(message)) onSessionEnded?.(message);
    return new ActionError(message, error.response.status, errors);
  }
  if (isNetworkError(error) || isTimeoutError(error) || error instanceof TypeError) {
    return new ActionError(CONNECTION_FAILED_MESSAGE, 0);
  }
  return new ActionError(error instanceof Error ? error.message : String(error), 0);
}

export function createActionClient(options: ActionClientOptions): ActionClient {
  const http = ky.create({ retry: 0, timeout: options.timeoutMs ?? 30_000 });
  const tokenField = () => options.getToken() ?? undefined;
  async function call<A extends ActionName>(action: A, input: ActionInput<A>): Promise<ActionOutput<A>> {
    try {
      return await http.post(options.apiUrl, { json: { ...input, action, token: tokenField() } }).json<ActionOutput<A>>();
    } catch (error) {
      throw await toActionError(error, options.onSessionEnded);
    }
  }
  async function upload<A extends ActionName>(action: A, form: FormData): Promise<ActionOutput<A>> {
    form.set('action', action);
    const token = tokenField();
    if (token) form.set('token', token);
    try {
      return await http.post(options.apiUrl, { body: form }).json<ActionOutput<A>>();
    } catch (error) {
      throw await toActionError(error, options.onSessionEnded);
    }
  }
  return { call, upload };
}
